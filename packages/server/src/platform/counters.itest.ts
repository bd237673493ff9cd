// Shared rate-limit windows: two counters (two nodes) on one PostgreSQL database, or one Redis, count together;
// a window ends after windowMs.
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { freshPostgresDatabase } from '../../test/harness.js'
import { createCounters, type Counters } from './counters.js'
import { migrate, openPostgres, type Db } from './db/index.js'

const adminUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL ?? null
const closers: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const c of closers.reverse()) await c()
})

async function db(): Promise<Db> {
  const fresh = await freshPostgresDatabase(adminUrl!)
  const d = await openPostgres(fresh.url)
  await migrate(d)
  closers.push(() => fresh.drop(), () => d.close())
  return d
}

const kinds = (['postgres', 'redis'] as const).filter((k) => k === 'postgres' || redisUrl)

describe.skipIf(!adminUrl).each(kinds)('shared counters over %s', (kind) => {
  it('two nodes count one window together, and a new window starts after it ends', async () => {
    const d = await db()
    const prefix = `scale_c${randomBytes(4).toString('hex')}_` // its own keys: parallel runs share one Redis
    const make = (): Counters => {
      const c = createCounters({ redisUrl: kind === 'redis' ? redisUrl : null, db: d, prefix })
      closers.push(() => c.close())
      return c
    }
    const [a, b] = [make(), make()]
    expect(a.kind).toBe(kind)
    const counts: number[] = []
    for (let i = 0; i < 3; i++) counts.push((await a.hit('site1:cart:1.2.3.4', 600)).count, (await b.hit('site1:cart:1.2.3.4', 600)).count)
    expect(counts).toEqual([1, 2, 3, 4, 5, 6])
    const other = await b.hit('site1:cart:5.6.7.8', 600)
    expect(other.count).toBe(1)
    expect(other.resetMs).toBeGreaterThan(0)
    expect(other.resetMs).toBeLessThanOrEqual(600)
    // the window ends 600 ms after its first hit: hits go on counting it until then, and the first after it is 1
    const seen: number[] = []
    await vi.waitFor(async () => {
      const { count } = await a.hit('site1:cart:1.2.3.4', 600)
      seen.push(count)
      expect(count).toBe(1)
    }, { timeout: 5000, interval: 50 })
    expect(seen.slice(0, -1)).toEqual(Array.from({ length: seen.length - 1 }, (_, i) => 7 + i))
  })

  it('hits arriving together on two nodes each get their own count, every one of them counted', async () => {
    const d = await db()
    const prefix = `scale_b${randomBytes(4).toString('hex')}_`
    const [a, b] = [0, 1].map(() => {
      const c = createCounters({ redisUrl: kind === 'redis' ? redisUrl : null, db: d, prefix })
      closers.push(() => c.close())
      return c
    })
    const keys = ['site1:cart:1.1.1.1', 'site1:cart:2.2.2.2', 'site1:cart:3.3.3.3']
    const hits = Array.from({ length: 120 }, (_, i) => (i % 2 ? a! : b!).hit(keys[i % 3]!, 60_000).then((h) => ({ key: keys[i % 3]!, ...h })))
    const results = await Promise.all(hits)
    for (const key of keys) {
      const counts = results.filter((r) => r.key === key).map((r) => r.count).sort((x, y) => x - y)
      expect(counts).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
    }
    for (const r of results) expect(r.resetMs).toBeGreaterThan(50_000)
    // a window of another length is its own statement, and counts on
    expect((await a!.hit(keys[0]!, 1_000)).count).toBe(41)
  })
})
