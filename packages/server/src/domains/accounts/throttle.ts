// Login throttling: after MAX_FAILURES failed logins for an account or from an address within WINDOW_MS, further
// attempts answer 429 with Retry-After until the window (which starts at the first failure) ends.
import { inArray, sql } from 'drizzle-orm'
import { AppError } from '../../platform/errors.js'
import type { Orm } from '../../platform/db/index.js'
import { loginThrottle } from './schema.js'

export const MAX_FAILURES = 8
export const WINDOW_MS = 15 * 60 * 1000

export function throttleKeys(email: string, address: string): string[] {
  return [`account:${email}`, `address:${address}`]
}

/** Seconds until every over-limit key's window has ended; 0 when the attempt may proceed. Pure. */
export function retryAfterSeconds(rows: { failures: number; windowStartedAt: Date }[], now: number): number {
  let until = 0
  for (const r of rows) {
    const end = r.windowStartedAt.getTime() + WINDOW_MS
    if (r.failures >= MAX_FAILURES && end > now) until = Math.max(until, end)
  }
  return until === 0 ? 0 : Math.ceil((until - now) / 1000)
}

export async function assertNotThrottled(orm: Orm, keys: string[], now = Date.now()): Promise<void> {
  const rows = await orm.select().from(loginThrottle).where(inArray(loginThrottle.key, keys))
  const wait = retryAfterSeconds(rows, now)
  if (wait > 0) {
    throw new AppError('rate_limited', 'too_many_attempts', 'Too many failed sign-in attempts. Please try again later.', {
      retryAfter: wait,
    })
  }
}

/** Counts one failure against each key (atomically; a window that has ended restarts at 1). */
export async function recordFailure(orm: Orm, keys: string[], now = new Date()): Promise<void> {
  const expired = sql`${loginThrottle.windowStartedAt} <= ${new Date(now.getTime() - WINDOW_MS)}`
  for (const key of keys) {
    await orm
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${expired} THEN ${now} ELSE ${loginThrottle.windowStartedAt} END`,
        },
      })
  }
}

export async function clearFailures(orm: Orm, key: string): Promise<void> {
  await orm.delete(loginThrottle).where(inArray(loginThrottle.key, [key]))
}
