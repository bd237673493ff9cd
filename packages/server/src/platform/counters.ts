// Fixed-window hit counters shared by every app node (rate limits): Redis (INCR + PEXPIRE) when REDIS_URL is set,
// else a PostgreSQL row per key (one upsert per hit), else, on embedded PGlite (one process), memory.
import { sql } from 'drizzle-orm'
import { pgTable, integer, text, timestamp } from 'drizzle-orm/pg-core'
import type { Redis } from 'ioredis'
import { namedRows, type Db } from './db/index.js'

/** One fixed window per key (keys name their site: `<siteId>:<scope>:<address>`). */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
})

/** Counts one hit of a key in its fixed window; answers the count so far and the ms until the window ends. */
export type HitCounter = (key: string, windowMs: number) => Promise<{ count: number; resetMs: number }>

const MAX_MEMORY_KEYS = 50_000

/** Windows in this process's memory: embedded PGlite (one process) and unit tests; never with several nodes. */
export function memoryHitCounter(now: () => number = Date.now, maxKeys = MAX_MEMORY_KEYS): HitCounter {
  const windows = new Map<string, { start: number; count: number }>()
  return async (key, windowMs) => {
    const t = now()
    let w = windows.get(key)
    if (!w || t - w.start >= windowMs) {
      if (windows.size >= maxKeys) {
        for (const [k, x] of windows) if (t - x.start >= windowMs) windows.delete(k)
        if (windows.size >= maxKeys) windows.clear()
      }
      w = { start: t, count: 0 }
      windows.set(key, w)
    }
    w.count++
    return { count: w.count, resetMs: w.start + windowMs - t }
  }
}

type Hit = { count: number; resetMs: number }
type Upsert = (keys: string[], counts: number[], windowMs: number) => Promise<{ key: string; count: number; reset_ms: number }[]>

/**
 * Hits counted in the database together: one statement at a time per window length, carrying every hit that arrived
 * while the previous one ran (each key once, with its number of hits; keys in order, so two nodes lock rows in the
 * same order). Every hit is in the database before it is answered, and each of a key's hits gets its own count, as
 * if they had come one by one. Under load this turns a statement per request into one per round trip.
 */
export function batchedHits(upsert: Upsert): (key: string, windowMs: number) => Promise<Hit> {
  type Waiter = { resolve(h: Hit): void; reject(e: unknown): void }
  const pending = new Map<number, Map<string, Waiter[]>>()
  const running = new Set<number>()

  async function run(windowMs: number): Promise<void> {
    running.add(windowMs)
    try {
      for (let byKey = pending.get(windowMs); byKey; byKey = pending.get(windowMs)) {
        pending.delete(windowMs)
        const keys = [...byKey.keys()].sort()
        try {
          const rows = await upsert(keys, keys.map((k) => byKey.get(k)!.length), windowMs)
          const got = new Map(rows.map((r) => [r.key, r]))
          for (const k of keys) {
            const waiters = byKey.get(k)!
            const row = got.get(k)
            waiters.forEach((w, i) => (row ? w.resolve({ count: row.count - (waiters.length - 1 - i), resetMs: row.reset_ms }) : w.reject(new Error(`rate counter ${k} not returned`))))
          }
        } catch (e) {
          for (const waiters of byKey.values()) for (const w of waiters) w.reject(e)
        }
      }
    } finally {
      running.delete(windowMs)
    }
  }

  return (key, windowMs) =>
    new Promise<Hit>((resolve, reject) => {
      let byKey = pending.get(windowMs)
      if (!byKey) pending.set(windowMs, (byKey = new Map()))
      const waiters = byKey.get(key)
      if (waiters) waiters.push({ resolve, reject })
      else byKey.set(key, [{ resolve, reject }])
      if (!running.has(windowMs)) void run(windowMs)
    })
}

export interface Counters {
  readonly kind: 'redis' | 'postgres' | 'memory'
  /** Counts one hit of `key` in its current window; answers the count so far and the ms until the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>
  close(): Promise<void>
}

export function createCounters(opts: { redisUrl: string | null; db: Db; prefix?: string; now?: () => number }): Counters {
  const prefix = `${opts.prefix ?? ''}rl:`
  if (opts.redisUrl) {
    const url = opts.redisUrl
    // the driver is loaded when Redis is configured, not by every start
    const client: Promise<Redis> = import('ioredis').then(({ Redis }) => {
      const r = new Redis(url, { maxRetriesPerRequest: 2 })
      r.on('error', () => undefined) // reported by the failing hit
      return r
    })
    return {
      kind: 'redis',
      async hit(key, windowMs) {
        const k = prefix + key
        const redis = await client
        const res = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec()
        const count = Number(res?.[0]?.[1] ?? 1)
        const ttl = Number(res?.[2]?.[1] ?? windowMs)
        return { count, resetMs: ttl > 0 ? ttl : windowMs }
      },
      close: async () => void (await (await client).quit().catch(() => undefined)),
    }
  }
  if (opts.db.kind === 'postgres') {
    const orm = opts.db.orm
    const batch = batchedHits(async (keys, counts, windowMs) =>
      namedRows<{ key: string; count: number; reset_ms: number }>(
        orm,
        'rate_counters_hits',
        sql`INSERT INTO rate_counters AS r (key, window_start, count)
              SELECT k, now(), n FROM unnest(${sql.param(keys)}::text[], ${sql.param(counts)}::int[]) AS h(k, n) ORDER BY k
              ON CONFLICT (key) DO UPDATE SET
                count = CASE WHEN r.window_start <= now() - make_interval(secs => ${windowMs / 1000}) THEN EXCLUDED.count ELSE r.count + EXCLUDED.count END,
                window_start = CASE WHEN r.window_start <= now() - make_interval(secs => ${windowMs / 1000}) THEN now() ELSE r.window_start END
              RETURNING key, count::int AS count,
                GREATEST(0, ${windowMs} - EXTRACT(EPOCH FROM (now() - window_start)) * 1000)::int AS reset_ms`,
      ),
    )
    let hits = 0
    return {
      kind: 'postgres',
      async hit(key, windowMs) {
        // every 1000th hit of a node drops the windows that ended over an hour ago (the longest window is minutes)
        if (++hits % 1000 === 0) await orm.execute(sql`DELETE FROM rate_counters WHERE window_start < now() - interval '1 hour'`)
        return batch(key, windowMs)
      },
      close: async () => undefined,
    }
  }
  const hit = memoryHitCounter(opts.now)
  return { kind: 'memory', hit, close: async () => undefined }
}
