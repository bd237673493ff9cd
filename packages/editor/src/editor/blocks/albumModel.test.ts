import { describe, expect, it } from 'vitest'
import { addTracks, albumMissing, albumTracks, ALBUM_MAX_TRACKS, editTrack, moveTrack, removeTrack, trackTitleOf, withDuration } from './albumModel.js'

const track = (i: number) => ({ title: `T${i}`, audioAssetUrl: `/files/a${i}/t${i}.mp3` })
const tracks = (n: number) => Array.from({ length: n }, (_, i) => track(i))

describe('album tracks', () => {
  it('adds up to 60 tracks and counts the ones refused past the limit', () => {
    expect(ALBUM_MAX_TRACKS).toBe(60)
    const a = addTracks({ tracks: tracks(58) }, [track(58), track(59), track(60), track(61)])
    expect(albumTracks(a.patch)).toHaveLength(60)
    expect(a.refused).toBe(2)
    expect(addTracks(a.patch, [track(99)])).toEqual({ patch: a.patch, refused: 1 })
    expect(addTracks({}, [track(1)]).refused).toBe(0)
  })

  it('moves, removes and renames tracks, and fills a probed duration only where none is set', () => {
    const v = { tracks: tracks(3) }
    expect(albumTracks(moveTrack(v, 0, 2)).map((t) => t.title)).toEqual(['T1', 'T2', 'T0'])
    expect(albumTracks(moveTrack(v, 2, -5)).map((t) => t.title)).toEqual(['T2', 'T0', 'T1'])
    expect(albumTracks(removeTrack(v, 1)).map((t) => t.title)).toEqual(['T0', 'T2'])
    expect(albumTracks(editTrack(v, 1, { title: 'New' }))[1]!.title).toBe('New')
    const timed = withDuration(editTrack(v, 2, { duration: 10 }), track(2).audioAssetUrl, 99.6)
    expect(albumTracks(withDuration(timed, track(0).audioAssetUrl, 184.6))[0]!.duration).toBe(185)
    expect(albumTracks(timed)[2]!.duration).toBe(10)
  })

  it('titles a track from its file name and needs one track before saving', () => {
    expect(trackTitleOf('02_night-drive.mp3')).toBe('02 night drive')
    expect(trackTitleOf('.wav')).toBe('Untitled track')
    expect(albumMissing({ tracks: [] })).toBe('Add at least one track.')
    expect(albumMissing({ tracks: tracks(1) })).toBeNull()
  })
})
