// The album block (34) on save: at most ALBUM_MAX_TRACKS (60) tracks, each with a title and a safe audio link.
import { ALBUM_FULL_MESSAGE, ALBUM_MAX_TRACKS, formatTrackDuration } from '@sitewright/contracts'
import { describe, expect, it } from 'vitest'
import type { AppError } from '../../../platform/errors.js'
import { prepareLayout } from '../shared.js'

const tracks = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Track ${i + 1}`, audioAssetUrl: `/files/a${i}/track-${i + 1}.mp3`, duration: 180 + i }))
const layout = (value: unknown) => ({ sections: [{ blocks: [{ type: 34, value }] }] }) as Parameters<typeof prepareLayout>[0]
const refusal = (value: unknown): AppError => {
  try {
    prepareLayout(layout(value))
  } catch (e) {
    return e as AppError
  }
  throw new Error('accepted')
}

describe('album block validation', () => {
  it('takes 60 tracks with a title, artist and cover', () => {
    expect(ALBUM_MAX_TRACKS).toBe(60)
    const saved = prepareLayout(layout({ title: 'Night Drive', artist: 'The Lanterns', coverImageId: 'img1', tracks: tracks(60) }))
    const block = saved.sections[0]!.blocks[0]!
    expect(block.type).toBe(34)
    expect((block.value.tracks as unknown[]).length).toBe(60)
  })

  it('refuses a 61st track with the limit in the message, on the tracks field', () => {
    const e = refusal({ title: 'Too long', tracks: tracks(61) })
    expect(e.type).toBe('invalid_data')
    expect(e.message).toBe(ALBUM_FULL_MESSAGE)
    expect(e.message).toBe('An album holds at most 60 tracks.')
    expect(Object.keys((e.details as { fields: Record<string, string> }).fields)).toEqual(['layout.sections.0.blocks.0.value.tracks'])
  })

  it('refuses an untitled track, an unsafe link, a fractional duration and unknown fields', () => {
    expect(refusal({ tracks: [{ title: ' ', audioAssetUrl: '/files/a/x.mp3' }] }).message).toBe('Enter the track title.')
    expect(refusal({ tracks: [{ title: 'x', audioAssetUrl: 'javascript:alert(1)' }] }).type).toBe('invalid_data')
    expect(refusal({ tracks: [{ title: 'x', audioAssetUrl: '/files/a/x.mp3', duration: 1.5 }] }).message).toBe('Use whole seconds.')
    expect(refusal({ tracks: [], autoplay: true }).type).toBe('invalid_data')
  })

  it('prints durations as m:ss, and h:mm:ss from an hour', () => {
    expect(formatTrackDuration(0)).toBe('0:00')
    expect(formatTrackDuration(185)).toBe('3:05')
    expect(formatTrackDuration(3725)).toBe('1:02:05')
  })
})
