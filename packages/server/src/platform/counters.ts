// Fixed-window hit counters shared by every app node (rate limits): Redis (INCR + PEXPIRE) when REDIS_URL is set,
// else a PostgreSQL row per key (one upsert per hit), else, on embedded PGlite (one process), memory.
import { sql } from 'drizzle-orm'
import { pgTable, integer, text, timestamp } from 'drizzle-orm/pg-core'
import { Redis } from 'ioredis'
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

export interface Counters {
  readonly kind: 'redis' | 'postgres' | 'memory'
  /** Counts one hit of `key` in its current window; answers the count so far and the ms until the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>
  close(): Promise<void>
}

export function createCounters(opts: { redisUrl: string | null; db: Db; prefix?: string; now?: () => number }): Counters {
  const prefix = `${opts.prefix ?? ''}rl:`
  if (opts.redisUrl) {
    const redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2 })
    redis.on('error', () => undefined) // reported by the failing hit
    return {
      kind: 'redis',
      async hit(key, windowMs) {
        const k = prefix + key
        const res = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec()
        const count = Number(res?.[0]?.[1] ?? 1)
        const ttl = Number(res?.[2]?.[1] ?? windowMs)
        return { count, resetMs: ttl > 0 ? ttl : windowMs }
      },
      close: async () => void (await redis.quit().catch(() => undefined)),
    }
  }
  if (opts.db.kind === 'postgres') {
    const orm = opts.db.orm
    let hits = 0
    return {
      kind: 'postgres',
      async hit(key, windowMs) {
        // every 1000th hit of a node drops the windows that ended over an hour ago (the longest window is minutes)
        if (++hits % 1000 === 0) await orm.execute(sql`DELETE FROM rate_counters WHERE window_start < now() - interval '1 hour'`)
        const rows = await namedRows<{ count: number; reset_ms: number }>(
          orm,
          'rate_counters_hit',
          sql`INSERT INTO rate_counters AS r (key, window_start, count) VALUES (${key}, now(), 1)
              ON CONFLICT (key) DO UPDATE SET
                count = CASE WHEN r.window_start <= now() - make_interval(secs => ${windowMs / 1000}) THEN 1 ELSE r.count + 1 END,
                window_start = CASE WHEN r.window_start <= now() - make_interval(secs => ${windowMs / 1000}) THEN now() ELSE r.window_start END
              RETURNING count::int AS count,
                GREATEST(0, ${windowMs} - EXTRACT(EPOCH FROM (now() - window_start)) * 1000)::int AS reset_ms`,
        )
        return { count: rows[0]!.count, resetMs: rows[0]!.reset_ms }
      },
      close: async () => undefined,
    }
  }
  const hit = memoryHitCounter(opts.now)
  return { kind: 'memory', hit, close: async () => undefined }
}
