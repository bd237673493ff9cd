// Guesses at page-lock passwords are throttled like owner sign-ins: per page and address (backing off
// exponentially), per address (guessing many pages) and per page (many addresses; one address can use up at most
// half of it), counted before the password is checked.
import type { Orm } from '../../platform/db/index.js'
import { reserveAttempt, settleSuccess } from './throttle.js'

export type LockAttempt = { ok: true; succeeded(): Promise<void> } | { ok: false; retryAfter: number }

export interface LockThrottle {
  /** Counts one guess at a page's password from an address; call `succeeded` when it was right. */
  attempt(pageId: string, address: string): Promise<LockAttempt>
}

export function createLockThrottle(orm: Orm): LockThrottle {
  return {
    async attempt(pageId, address) {
      const pair = `lock:${pageId}|${address}`
      const r = await reserveAttempt(orm, {
        keys: [pair, `lock-address:${address}`],
        shared: { key: `lock-page:${pageId}`, source: pair },
      })
      if (!r.ok) return r
      return { ok: true, succeeded: () => settleSuccess(orm, r, [pair]) }
    },
  }
}
