import { describe, expect, it } from 'vitest'
import { dayOf } from './aggregate.js'

describe('dayOf (remembers the last day it made)', () => {
  it('answers the UTC day of each date, in any order, across day boundaries', () => {
    const dates = ['2026-11-28T23:59:59.999Z', '2026-11-29T00:00:00.000Z', '2026-11-28T00:00:00.000Z', '2026-11-27T23:59:59.999Z', '1969-12-31T12:00:00Z', '2026-11-29T13:14:15Z', '2026-11-28T12:00:00Z']
    for (const text of dates) expect(dayOf(new Date(text))).toBe(new Date(text).toISOString().slice(0, 10))
  })

  it('throws for an invalid date, as toISOString does, and goes on answering after it', () => {
    dayOf(new Date('2026-01-02T03:04:05Z'))
    expect(() => dayOf(new Date('nope'))).toThrow(RangeError)
    expect(dayOf(new Date('2026-01-02T23:00:00Z'))).toBe('2026-01-02')
  })
})
