// A small fixed-window limiter for visitor cart and checkout calls (per site and client address). Floods answer
// 429 with the spec's text 'Please try again in a few seconds.' and Retry-After.
import { AppError } from '../../../platform/errors.js'
import { MSG } from './messages.js'

export interface RateLimitOptions {
  /** Requests allowed per window and key. */
  max: number
  windowMs: number
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 60, windowMs: 10_000 }
const MAX_KEYS = 50_000

export function createLimiter(opts: RateLimitOptions, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    hit(key: string): void {
      const t = now()
      let w = windows.get(key)
      if (!w || t - w.start >= opts.windowMs) {
        if (windows.size >= MAX_KEYS) {
          for (const [k, x] of windows) if (t - x.start >= opts.windowMs) windows.delete(k)
          if (windows.size >= MAX_KEYS) windows.clear()
        }
        w = { start: t, count: 0 }
        windows.set(key, w)
      }
      w.count++
      if (w.count > opts.max) {
        throw new AppError('rate_limited', 'rate_limited', MSG.tooManyRequests, { retryAfter: (w.start + opts.windowMs - t) / 1000 })
      }
    },
  }
}
export type Limiter = ReturnType<typeof createLimiter>
