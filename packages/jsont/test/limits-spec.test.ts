// SPEC.md section 9 limits the engine owns: LRU caches default 100 (least recently used dropped first), the
// message cache 100, the variable index bound 2147483647, week numbering Monday first with minimum 4 days (ISO).
import { describe, expect, it } from 'vitest'
import { Lru, LRU_DEFAULT_CAPACITY, VARIABLE_INDEX_MAX } from '../src/index.js'
import { DATE_FORMATTERS } from '../src/plugins/formatters.date.js'
import { apply, testCtx } from './i18n/ctx.js'
import { MESSAGE_CACHE_SIZE } from '../src/plugins/i18n/message.js'

describe('engine limits', () => {
  it('LRU caches hold 100 by default and drop the least recently used', () => {
    expect(LRU_DEFAULT_CAPACITY).toBe(100)
    const lru = new Lru<number, string>()
    expect(lru.capacity).toBe(100)
    for (let i = 0; i < 100; i++) lru.set(i, `v${i}`)
    expect(lru.get(0)).toBe('v0') // 0 becomes the newest
    lru.set(100, 'v100')
    expect(lru.size).toBe(100)
    expect(lru.has(1)).toBe(false) // the least recently used went
    expect(lru.has(0)).toBe(true)
    expect(() => new Lru(0)).toThrow(RangeError)
  })

  it('the message cache is 100 and the variable index bound 2147483647', () => {
    expect(MESSAGE_CACHE_SIZE).toBe(100)
    expect(VARIABLE_INDEX_MAX).toBe(2147483647)
  })

  it('week numbering is Monday first with at least 4 days in week 1 (ISO: %G-W%V)', () => {
    const week = (iso: string) => apply(DATE_FORMATTERS.date, [Date.parse(iso)], ['%G-W%V', '%a'], testCtx({ website: { timeZone: 'UTC' } }))
    expect(week('2021-01-03T12:00:00Z')).toBe('2020-W53 Sun') // Jan 1-3 2021 (Fri-Sun): 3 days, so last year's week
    expect(week('2021-01-04T12:00:00Z')).toBe('2021-W01 Mon') // weeks start on Monday
    expect(week('2020-01-01T12:00:00Z')).toBe('2020-W01 Wed') // Jan 1-5 2020 (Wed-Sun): 5 days, week 1
    expect(week('2019-12-30T12:00:00Z')).toBe('2020-W01 Mon')
  })
})
