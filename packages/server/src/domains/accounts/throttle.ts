// Throttling of password guesses (owner sign-in, page-lock passwords) and of sign-ups, kept in the database so
// every app node shares it.
//
// A guess is counted *before* the password is checked (a reservation: the check-and-count is one transaction holding
// the keys' row locks), so a burst of parallel guesses cannot all pass a check that none of them has counted yet.
// A successful guess gives its count back. Each key allows MAX_FAILURES failures within WINDOW_MS; then it is
// locked for WINDOW_MS after the last failure, and each further failure (one is let through when a lock ends)
// doubles the lock, up to MAX_LOCK_MS. A key is forgotten FORGET_MS after its lock ended.
import { and, inArray, lt, or, sql } from 'drizzle-orm'
import { AppError } from '../../platform/errors.js'
import type { Orm } from '../../platform/db/index.js'
import { loginThrottle } from './schema.js'

export const MAX_FAILURES = 8
export const WINDOW_MS = 15 * 60 * 1000
export const MAX_LOCK_MS = 24 * 60 * 60 * 1000
export const FORGET_MS = 24 * 60 * 60 * 1000
/** How much of a shared key (an account, a locked page) one source (address) can use up: half, so one address alone cannot lock everyone else out. */
export const SHARE_PER_SOURCE = MAX_FAILURES / 2

export interface ThrottleState {
  failures: number
  windowStartedAt: Date
  lastFailureAt: Date
}

/** The lock after `failures` failures: none below the limit, WINDOW_MS at it, doubling for each failure beyond. */
export function lockMs(failures: number): number {
  if (failures < MAX_FAILURES) return 0
  return Math.min(MAX_LOCK_MS, WINDOW_MS * 2 ** Math.min(failures - MAX_FAILURES, 20))
}

/** The key's state at `now`, or null when it has lapsed (its window ended below the limit, or it was forgotten). */
export function liveState(row: ThrottleState | undefined, now: number): ThrottleState | null {
  if (!row || row.failures <= 0) return null
  if (row.failures < MAX_FAILURES) return now - row.windowStartedAt.getTime() >= WINDOW_MS ? null : row
  return now >= row.lastFailureAt.getTime() + lockMs(row.failures) + FORGET_MS ? null : row
}

/** Milliseconds until the key lets an attempt through (0: now). */
export function waitMs(row: ThrottleState | null, now: number): number {
  if (!row || row.failures < MAX_FAILURES) return 0
  return Math.max(0, row.lastFailureAt.getTime() + lockMs(row.failures) - now)
}

/**
 * The keys an attempt is counted against: each of `keys` counts every attempt; `shared` (a key many sources use,
 * e.g. an account) counts an attempt only while its source's own key (`source`, one of `keys`) is within
 * SHARE_PER_SOURCE, and it only refuses — it never grows beyond what distinct sources put in.
 */
export interface ThrottlePlan {
  keys: string[]
  shared?: { key: string; source: string }
}

export type Reservation = { ok: true; counted: string[] } | { ok: false; retryAfter: number }

const RETRYABLE = new Set(['40P01', '40001']) // deadlock, serialization failure
function isRetryable(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 4; cur = (cur as { cause?: unknown }).cause, depth++) {
    if (RETRYABLE.has(String((cur as { code?: unknown }).code))) return true
  }
  return false
}

async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn()
    } catch (e) {
      if (attempt >= 3 || !isRetryable(e)) throw e
    }
  }
}

/** Locks the rows of `keys` (created when missing) in key order inside `tx`; returns their stored states. */
async function lockRows(tx: Orm, keys: string[], now: Date): Promise<Map<string, ThrottleState>> {
  const sorted = [...new Set(keys)].sort()
  await tx
    .insert(loginThrottle)
    .values(sorted.map((key) => ({ key, failures: 0, windowStartedAt: now, lastFailureAt: now })))
    .onConflictDoNothing()
  const rows = await tx
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, sorted))
    .orderBy(loginThrottle.key)
    .for('update')
  return new Map(rows.map((r) => [r.key, r]))
}

async function store(tx: Orm, key: string, s: ThrottleState): Promise<void> {
  await tx
    .update(loginThrottle)
    .set({ failures: s.failures, windowStartedAt: s.windowStartedAt, lastFailureAt: s.lastFailureAt })
    .where(inArray(loginThrottle.key, [key]))
}

const counted = (prev: ThrottleState | null, now: Date): ThrottleState =>
  prev
    ? { failures: prev.failures + 1, windowStartedAt: prev.windowStartedAt, lastFailureAt: now }
    : { failures: 1, windowStartedAt: now, lastFailureAt: now }

/** Checks and counts one attempt atomically: refused (nothing counted) while any key is locked. */
export function reserveAttempt(orm: Orm, plan: ThrottlePlan, at = new Date()): Promise<Reservation> {
  const now = at.getTime()
  const all = plan.shared ? [...plan.keys, plan.shared.key] : plan.keys
  return withRetry(() =>
    orm.transaction(async (tx) => {
      const rows = await lockRows(tx, all, at)
      const state = new Map(all.map((k) => [k, liveState(rows.get(k), now)]))
      const wait = Math.max(...all.map((k) => waitMs(state.get(k) ?? null, now)))
      if (wait > 0) return { ok: false as const, retryAfter: Math.ceil(wait / 1000) }
      const done: string[] = []
      for (const key of plan.keys) {
        await store(tx, key, counted(state.get(key) ?? null, at))
        done.push(key)
      }
      if (plan.shared) {
        const source = state.get(plan.shared.source) ?? null
        if ((source?.failures ?? 0) + 1 <= SHARE_PER_SOURCE) {
          await store(tx, plan.shared.key, counted(state.get(plan.shared.key) ?? null, at))
          done.push(plan.shared.key)
        }
      }
      return { ok: true as const, counted: done }
    }),
  )
}

/** After a successful attempt: forgets the `clear` keys and gives the attempt's count back to the other counted keys. */
export async function settleSuccess(
  orm: Orm,
  reservation: { counted: string[] },
  clear: string[],
): Promise<void> {
  if (clear.length) await orm.delete(loginThrottle).where(inArray(loginThrottle.key, clear))
  const refund = reservation.counted.filter((k) => !clear.includes(k))
  if (refund.length) {
    await orm
      .update(loginThrottle)
      .set({ failures: sql`GREATEST(${loginThrottle.failures} - 1, 0)` })
      .where(inArray(loginThrottle.key, refund))
  }
}

/**
 * Fixed-window counters (sign-ups): counts one hit against every key unless one of them already has `max` hits in
 * its window (then nothing is counted); returns the seconds to wait, 0 when the hit was counted.
 */
export function hitWindows(
  orm: Orm,
  limits: { key: string; max: number }[],
  windowMs: number,
  at = new Date(),
): Promise<number> {
  const now = at.getTime()
  return withRetry(() =>
    orm.transaction(async (tx) => {
      const rows = await lockRows(
        tx,
        limits.map((l) => l.key),
        at,
      )
      const live = (key: string) => {
        const r = rows.get(key)
        return r && r.failures > 0 && now - r.windowStartedAt.getTime() < windowMs ? r : null
      }
      let wait = 0
      for (const l of limits) {
        const r = live(l.key)
        if (r && r.failures >= l.max) wait = Math.max(wait, r.windowStartedAt.getTime() + windowMs - now)
      }
      if (wait > 0) return Math.ceil(wait / 1000)
      for (const l of limits) await store(tx, l.key, counted(live(l.key), at))
      return 0
    }),
  )
}

export function tooManyAttempts(retryAfter: number, message: string): AppError {
  return new AppError('rate_limited', 'too_many_attempts', message, { retryAfter })
}

/** Deletes keys that have lapsed for sure (below the limit with an ended window, or forgotten even at the longest lock). */
export async function sweepThrottle(orm: Orm, now = new Date()): Promise<void> {
  const t = now.getTime()
  await orm
    .delete(loginThrottle)
    .where(
      or(
        and(
          lt(loginThrottle.failures, MAX_FAILURES),
          lt(loginThrottle.windowStartedAt, new Date(t - Math.max(WINDOW_MS, SIGNUP_WINDOW_MS))),
        ),
        lt(loginThrottle.lastFailureAt, new Date(t - MAX_LOCK_MS - FORGET_MS)),
      ),
    )
}

/** Sign-ups: per address and per browser (its crumb) within an hour. */
export const SIGNUP_WINDOW_MS = 60 * 60 * 1000
export const SIGNUPS_PER_ADDRESS = 20
export const SIGNUPS_PER_CLIENT = 5
