import { describe, expect, it } from 'vitest'
import { createRefreshingCache } from './cache.js'

const tick = () => new Promise((r) => setTimeout(r, 0))

/** A read per call, each held until released, answering `value` of the moment it is released. */
function reads() {
  const held: { key: string; release: (v: string) => void; fail: (e: Error) => void }[] = []
  const read = (key: string) => new Promise<string>((release, fail) => held.push({ key, release, fail }))
  return { held, read }
}

describe('createRefreshingCache', () => {
  it('joins concurrent asks into one read, answers synchronously while fresh, and reads again in the last fifth', async () => {
    let clock = 0
    const r = reads()
    const cache = createRefreshingCache({ read: r.read, ttlMs: 100, now: () => clock })
    const a = cache.get('k')
    const b = cache.get('k')
    expect(r.held).toHaveLength(1)
    r.held[0]!.release('v1')
    expect([await a, await b]).toEqual(['v1', 'v1'])
    expect(cache.get('k')).toBe('v1')
    clock = 85
    expect(cache.peek('k')).toBe('v1')
    expect(cache.peek('k')).toBe('v1')
    expect(r.held).toHaveLength(2) // one background read
    r.held[1]!.release('v2')
    await tick()
    clock = 180
    expect(cache.peek('k')).toBe('v2') // lives 100 from its read
    clock = 185
    expect(cache.peek('k')).toBeUndefined()
  })

  it('a read that a reload or a drop overtook keeps nothing; a value not to keep drops the entry', async () => {
    const r = reads()
    const cache = createRefreshingCache({ read: r.read, ttlMs: 100, now: () => 0, keep: (v: string) => v !== 'gone' })
    const older = cache.get('k')
    const newer = cache.reload('k')
    r.held[1]!.release('new')
    r.held[0]!.release('old')
    expect([await older, await newer]).toEqual(['old', 'new'])
    expect(cache.peek('k')).toBe('new')

    const late = cache.reload('k')
    cache.drop()
    r.held[2]!.release('late')
    await late
    expect(cache.size).toBe(0)

    await Promise.all([cache.get('a'), cache.get('b'), tick().then(() => { r.held[3]!.release('a1'); r.held[4]!.release('b1') })])
    cache.drop((v) => v === 'a1')
    expect([cache.has('a'), cache.has('b')]).toEqual([false, true])
    const gone = cache.reload('b')
    r.held[5]!.release('gone')
    expect(await gone).toBe('gone')
    expect(cache.has('b')).toBe(false)
  })

  it('a failed read is not kept and the next ask reads again; maxEntries drops the oldest', async () => {
    const r = reads()
    const cache = createRefreshingCache({ read: r.read, ttlMs: 100, now: () => 0, maxEntries: 1 })
    const failed = cache.get('k')
    r.held[0]!.fail(new Error('down'))
    await expect(failed).rejects.toThrow('down')
    const again = cache.get('k')
    expect(r.held).toHaveLength(2)
    r.held[1]!.release('v')
    await again
    const other = cache.get('j')
    r.held[2]!.release('w')
    await other
    expect([cache.has('k'), cache.has('j'), cache.size]).toEqual([false, true, 1])
  })
})
