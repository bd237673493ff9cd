// An album block's tracks (pure): the ordered list, at most ALBUM_MAX_TRACKS (60) of them. Each function answers the
// patch of the block value to set.
import { ALBUM_FULL_MESSAGE, ALBUM_MAX_TRACKS, formatTrackDuration, type AlbumTrack } from '@sitewright/contracts'
import type { BlockValue } from '../core/document.js'

export { ALBUM_FULL_MESSAGE, ALBUM_MAX_TRACKS, formatTrackDuration }

export function albumTracks(value: BlockValue): AlbumTrack[] {
  return Array.isArray(value.tracks) ? value.tracks.filter((t): t is AlbumTrack => !!t && typeof t === 'object' && typeof (t as AlbumTrack).audioAssetUrl === 'string') : []
}

/** A track title from a file name: no extension, dashes and underscores as spaces. */
export function trackTitleOf(filename: string): string {
  const base = filename.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim()
  return (base || 'Untitled track').slice(0, 200)
}

/** Tracks appended up to the limit; `refused` counts those past it. */
export function addTracks(value: BlockValue, added: readonly AlbumTrack[]): { patch: BlockValue; refused: number } {
  const tracks = albumTracks(value)
  const room = Math.max(0, ALBUM_MAX_TRACKS - tracks.length)
  return { patch: { tracks: [...tracks, ...added.slice(0, room)] }, refused: Math.max(0, added.length - room) }
}

export function removeTrack(value: BlockValue, index: number): BlockValue {
  return { tracks: albumTracks(value).filter((_, i) => i !== index) }
}

/** The track at `from` moved to `to` (clamped to the list). */
export function moveTrack(value: BlockValue, from: number, to: number): BlockValue {
  const tracks = albumTracks(value)
  if (from < 0 || from >= tracks.length) return { tracks }
  const [t] = tracks.splice(from, 1)
  tracks.splice(Math.max(0, Math.min(tracks.length, to)), 0, t!)
  return { tracks }
}

export function editTrack(value: BlockValue, index: number, patch: Partial<AlbumTrack>): BlockValue {
  return { tracks: albumTracks(value).map((t, i) => (i === index ? { ...t, ...patch } : t)) }
}

/** The duration (whole seconds) of every track playing `url` that has none yet. */
export function withDuration(value: BlockValue, url: string, seconds: number): BlockValue {
  return { tracks: albumTracks(value).map((t) => (t.audioAssetUrl === url && t.duration === undefined ? { ...t, duration: Math.round(seconds) } : t)) }
}

export function albumMissing(value: BlockValue): string | null {
  return albumTracks(value).length ? null : 'Add at least one track.'
}
