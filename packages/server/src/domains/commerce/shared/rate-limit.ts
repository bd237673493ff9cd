// A small fixed-window limiter for visitor cart and checkout calls (per site and client address). Floods answer
// 429 with the spec's text 'Please try again in a few seconds.' and Retry-After.
import { memoryHitCounter, type HitCounter } from '../../../platform/counters.js'
import { AppError } from '../../../platform/errors.js'
import { MSG } from './messages.js'

export interface RateLimitOptions {
  /** Requests allowed per window and key. */
  max: number
  windowMs: number
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 60, windowMs: 10_000 }
/** Counts one hit of a key in a fixed window shared by every node (platform/counters.ts). */
export type { HitCounter }

/** In-process windows: the counter of one node (tests; the app passes the shared one). */
export const memoryCounter = (now: () => number = Date.now): HitCounter => memoryHitCounter(now)

export function createLimiter(opts: RateLimitOptions, counter: HitCounter = memoryCounter()) {
  // a lifted limit (benchmarks, trusted set-ups) has nothing to count: no shared-window write per request
  const unlimited = !Number.isFinite(opts.max) || opts.max >= Number.MAX_SAFE_INTEGER
  return {
    async hit(key: string): Promise<void> {
      if (unlimited) return
      const { count, resetMs } = await counter(`commerce:${key}`, opts.windowMs)
      if (count > opts.max) {
        throw new AppError('rate_limited', 'rate_limited', MSG.tooManyRequests, { retryAfter: Math.max(1, Math.ceil(resetMs / 1000)) })
      }
    },
  }
}
export type Limiter = ReturnType<typeof createLimiter>
