// In-process sliding-window rate limits (per visitor and per address). A refused hit is not counted.

export interface RateLimit {
  /** Allowed hits per window. */
  limit: number
  windowMs: number
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number }

export interface RateLimiter {
  /** Counts one hit for every key when all of them are under their limit; otherwise refuses (and counts none). */
  hit(keys: readonly string[]): RateDecision
  readonly size: number
}

export function createRateLimiter(rule: RateLimit, now: () => number = Date.now, maxKeys = 100_000): RateLimiter {
  const hits = new Map<string, number[]>()
  const recent = (key: string, t: number) => {
    const list = hits.get(key)
    if (!list) return []
    const kept = list.filter((at) => at > t - rule.windowMs)
    if (kept.length === 0) hits.delete(key)
    else hits.set(key, kept)
    return kept
  }
  const sweep = (t: number) => {
    for (const key of [...hits.keys()]) recent(key, t)
    // Still too many keys (a flood of addresses): forget the oldest ones.
    for (const key of hits.keys()) {
      if (hits.size <= maxKeys) break
      hits.delete(key)
    }
  }
  return {
    hit(keys) {
      const t = now()
      let wait = 0
      for (const key of keys) {
        const list = recent(key, t)
        if (list.length >= rule.limit) wait = Math.max(wait, list[list.length - rule.limit]! + rule.windowMs - t)
      }
      if (wait > 0) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) }
      for (const key of keys) hits.set(key, [...(hits.get(key) ?? []), t])
      if (hits.size > maxKeys) sweep(t)
      return { ok: true }
    },
    get size() {
      return hits.size
    },
  }
}

/** The visitor API's limits. */
export const COMMENT_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60 * 1000 }
export const LIKE_LIMIT: RateLimit = { limit: 30, windowMs: 60 * 1000 }
