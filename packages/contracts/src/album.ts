// The album block (block type 34): an ordered list of uploaded audio tracks played by one player. What the editor
// saves, what the server checks (at most ALBUM_MAX_TRACKS tracks, SPEC.md "Limits: ... 60 album tracks") and what
// the theme renders. Import-free.

/** SPEC.md "Limits": an album holds at most 60 tracks. */
export const ALBUM_MAX_TRACKS = 60
/** The message the server and the editor give at the limit. */
export const ALBUM_FULL_MESSAGE = `An album holds at most ${ALBUM_MAX_TRACKS} tracks.`

export interface AlbumTrack {
  title: string
  /** The uploaded audio file's address (`/files/...`) or an https address. */
  audioAssetUrl: string
  /** Length in whole seconds, when known. */
  duration?: number
}

/** The album block's value as the editor saves it. */
export interface AlbumBlockValue {
  title?: string
  artist?: string
  /** An uploaded image shown as the cover. */
  coverImageId?: string
  tracks: AlbumTrack[]
}

/** A duration in seconds as m:ss (h:mm:ss from an hour). */
export function formatTrackDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}
