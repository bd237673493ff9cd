import { describe, expect, it } from 'vitest'
import { batchedHits, memoryHitCounter } from './counters.js'

/** A stand-in table for the upsert: counts per key, recording each statement's keys. */
function table() {
  const counts = new Map<string, number>()
  const statements: { keys: string[]; counts: number[]; windowMs: number }[] = []
  let gate: Promise<void> = Promise.resolve()
  let open: () => void = () => undefined
  return {
    statements,
    hold() {
      gate = new Promise((r) => (open = r))
    },
    release: () => open(),
    upsert: async (keys: string[], n: number[], windowMs: number) => {
      statements.push({ keys, counts: n, windowMs })
      await gate
      return keys.map((key, i) => {
        counts.set(key, (counts.get(key) ?? 0) + n[i]!)
        return { key, count: counts.get(key)!, reset_ms: windowMs }
      })
    },
  }
}

describe('hits counted together', () => {
  it('a lone hit goes at once; hits arriving meanwhile go in the next statement, each key once, keys in order', async () => {
    const t = table()
    const hit = batchedHits(t.upsert)
    t.hold()
    const first = hit('b', 1000)
    const later = [hit('b', 1000), hit('a', 1000), hit('b', 1000), hit('c', 1000)]
    t.release()
    expect((await first).count).toBe(1)
    expect((await Promise.all(later)).map((h) => h.count)).toEqual([2, 1, 3, 1])
    expect(t.statements.map((s) => [s.keys, s.counts])).toEqual([
      [['b'], [1]],
      [['a', 'b', 'c'], [1, 2, 1]],
    ])
  })

  it('window lengths do not share a statement; a failed statement fails its hits only', async () => {
    const t = table()
    let fail = true
    const hit = batchedHits(async (keys, counts, windowMs) => {
      if (fail && windowMs === 5) throw new Error('down')
      return t.upsert(keys, counts, windowMs)
    })
    const [a, b] = await Promise.allSettled([hit('k', 5), hit('k', 9)])
    expect(a.status).toBe('rejected')
    expect(b).toMatchObject({ status: 'fulfilled', value: { count: 1, resetMs: 9 } })
    fail = false
    expect((await hit('k', 5)).count).toBe(2)
  })
})

describe('memory counters', () => {
  it('count within a window and start again after it', async () => {
    let now = 0
    const hit = memoryHitCounter(() => now)
    expect((await hit('k', 100)).count).toBe(1)
    expect((await hit('k', 100)).count).toBe(2)
    now = 100
    expect(await hit('k', 100)).toEqual({ count: 1, resetMs: 100 })
  })
})
