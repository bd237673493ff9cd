// Visitor rate limits of comments and likes (per visitor and per address, per site), counted in fixed windows
// shared by every app node (platform/counters.ts: Redis, else a PostgreSQL row; memory only on embedded PGlite).

import type { HitCounter } from '../../platform/counters.js'

export interface RateLimit {
  /** Allowed hits per window. */
  limit: number
  windowMs: number
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number }

export interface RateLimiter {
  /**
   * Counts one hit for every key (each in its own window); refuses when any of them is over its limit, telling
   * how long until that window ends. Refused hits are counted too (a flood does not earn more hits).
   */
  hit(keys: readonly string[]): Promise<RateDecision>
}

export function createRateLimiter(scope: string, rule: RateLimit, counter: HitCounter): RateLimiter {
  return {
    async hit(keys) {
      let wait = 0
      for (const key of keys) {
        const { count, resetMs } = await counter(`social:${scope}:${key}`, rule.windowMs)
        if (count > rule.limit) wait = Math.max(wait, resetMs)
      }
      return wait > 0 ? { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) } : { ok: true }
    },
  }
}

/** The visitor API's limits. */
export const COMMENT_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60 * 1000 }
export const LIKE_LIMIT: RateLimit = { limit: 30, windowMs: 60 * 1000 }
