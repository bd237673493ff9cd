import { describe, expect, it } from 'vitest'
import { formatBytes, megabytes, MEGABYTE, MESSAGES } from './format.js'
import { DEFAULT_LIMITS_MB, largestLimit } from './ingest.js'

describe('formatBytes (1024 units, Bytes to YB)', () => {
  it('keeps bytes below 1024 in Bytes', () => {
    expect(formatBytes(0)).toBe('0 Bytes')
    expect(formatBytes(1)).toBe('1 Bytes')
    expect(formatBytes(1023)).toBe('1023 Bytes')
  })

  it('steps by 1024 through every unit up to YB', () => {
    const units = ['KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB']
    units.forEach((u, i) => expect(formatBytes(1024 ** (i + 1))).toBe(`1 ${u}`))
    expect(formatBytes(1024 ** 9)).toBe('1024 YB')
  })

  it('shows at most two decimals without trailing zeros', () => {
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(1024 + 10)).toBe('1.01 KB')
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB')
    expect(formatBytes(1234567, 0)).toBe('1 MB')
  })

  it('moves up a unit when rounding reaches 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB')
  })

  it('treats invalid sizes as 0 Bytes', () => {
    expect(formatBytes(-5)).toBe('0 Bytes')
    expect(formatBytes(Number.NaN)).toBe('0 Bytes')
  })
})

describe('limits in megabytes of 1,000,000 bytes', () => {
  it('converts megabytes with the decimal megabyte', () => {
    expect(MEGABYTE).toBe(1_000_000)
    expect(megabytes(20)).toBe(20_000_000)
    expect(megabytes(0.5)).toBe(500_000)
  })

  it('shows a 20 MB limit in 1024 units', () => {
    expect(formatBytes(megabytes(20))).toBe('19.07 MB')
    expect(MESSAGES.tooLarge('a.png', formatBytes(megabytes(20)))).toBe(
      'The file a.png is too large. The maximum allowed file size is 19.07 MB.',
    )
  })

  it('reads an upload stream at most up to the largest limit of any kind', () => {
    expect(largestLimit(DEFAULT_LIMITS_MB)).toBe(Math.max(...Object.values(DEFAULT_LIMITS_MB)) * 1_000_000)
    expect(largestLimit({ ...DEFAULT_LIMITS_MB, archive: 1000 })).toBe(1_000_000_000)
  })
})
