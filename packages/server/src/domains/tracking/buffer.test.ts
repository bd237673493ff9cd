import { describe, expect, it } from 'vitest'
import { aggregate, type VisitSession } from './aggregate.js'
import { createWriteBehind } from './buffer.js'
import { quantile, bucketOf } from './buckets.js'
import type { TrackedEvent } from './types.js'

describe('write-behind buffer', () => {
  it('writes in batches of maxRows, keeps a failed batch in order and writes everything on stop', async () => {
    const written: number[][] = []
    let fail = 1
    const b = createWriteBehind<number>({
      maxRows: 3,
      intervalMs: 60_000,
      write: async (batch) => {
        if (fail-- > 0) throw new Error('database down')
        written.push(batch)
      },
    })
    b.start()
    for (let i = 1; i <= 7; i++) expect(b.push(i)).toBe(true)
    await b.stop()
    expect(written.flat()).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(written.every((w) => w.length <= 3)).toBe(true)
    expect(b.pending).toBe(0)
  })

  it('refuses new items when full instead of dropping accepted ones', () => {
    const b = createWriteBehind<number>({ maxPending: 2, maxRows: 100, write: async () => {} })
    expect([b.push(1), b.push(2), b.push(3)]).toEqual([true, true, false])
  })
})

const ev = (at: number, path: string, session = 's1'): TrackedEvent => ({
  kind: 'pageview', siteId: 'w', at: new Date(at), visitor: 'v', session, path, source: 'Direct', campaign: '', device: 'Desktop', browser: 'Chrome', os: 'Linux', country: 'FR', data: null,
})

describe('rollup aggregation', () => {
  it('a one-page visit is a bounce; a second page removes it, moves the exit and times the first page', () => {
    const sessions = new Map<string, VisitSession>()
    const t0 = Date.UTC(2026, 0, 5, 10)
    const first = aggregate([ev(t0, '/')], sessions)
    expect(first.rollups.get('w\u00002026-01-05\u0000site\u0000')).toMatchObject({ views: 1, visits: 1, bounces: 1 })
    const second = aggregate([ev(t0 + 40_000, '/about')], sessions)
    expect(second.rollups.get('w\u00002026-01-05\u0000site\u0000')).toMatchObject({ views: 1, visits: 0, bounces: -1 })
    expect(second.rollups.get('w\u00002026-01-05\u0000page\u0000/')).toMatchObject({ durationMs: 40_000, durations: 1, exits: -1 })
    // the day's site row carries the time on page too (traffic totals read it instead of every page row)
    expect(second.rollups.get('w\u00002026-01-05\u0000site\u0000')).toMatchObject({ durationMs: 40_000, durations: 1 })
    expect(second.rollups.get('w\u00002026-01-05\u0000page\u0000/about')).toMatchObject({ views: 1, exits: 1, entries: 0 })
    const later = aggregate([ev(t0 + 40_000 + 31 * 60_000, '/')], sessions)
    expect(later.rollups.get('w\u00002026-01-05\u0000site\u0000')).toMatchObject({ visits: 1, bounces: 1 })
  })

  it('p75 from log buckets is within 10% of the true value', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 + i * 30)
    const hist = new Map<number, number>()
    for (const v of values) hist.set(bucketOf(v), (hist.get(bucketOf(v)) ?? 0) + 1)
    const p75 = quantile([...hist].map(([bucket, count]) => ({ bucket, count })), 0.75)!
    expect(Math.abs(p75 - values[74]!) / values[74]!).toBeLessThan(0.1)
    expect(quantile([], 0.75)).toBeNull()
  })
})
