// Submission keys (single-use, expiring, bound to the site and to the visitor's crumb) and the per-address
// submission rate window.
import { and, eq, lt, or, isNotNull, sql } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newToken, sha256Hex } from '../../platform/ids.js'
import { captchaSpent, formRateWindows, formSubmissionKeys } from './schema.js'

export type KeyRow = typeof formSubmissionKeys.$inferSelect

export const RATE_LIMIT_MESSAGE = 'Unable to submit form. Submission rate limit exceeded. Please try again later.'
export const KEY_REJECTED_MESSAGE = 'Unable to submit form. Please try again later.'

export async function issueKey(orm: Orm, siteId: string, crumb: string, ttlSeconds: number): Promise<string> {
  const key = newToken()
  await orm.insert(formSubmissionKeys).values({
    keyHash: sha256Hex(key),
    siteId,
    clientHash: sha256Hex(crumb),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  })
  return key
}

/**
 * The key row of a submission attempt. A used key is returned whatever its age (its first answer is replayed);
 * an unknown key, another site's or another client's key, or an expired unused key is 401.
 */
export async function requireKey(orm: Orm, siteId: string, crumb: string, key: string, lock = false): Promise<KeyRow> {
  const q = orm
    .select()
    .from(formSubmissionKeys)
    .where(and(eq(formSubmissionKeys.keyHash, sha256Hex(key)), eq(formSubmissionKeys.siteId, siteId)))
  const [row] = lock ? await q.for('update') : await q
  if (!row || row.clientHash !== sha256Hex(crumb)) throw new AppError('unauthorized', 'submission_key_invalid', KEY_REJECTED_MESSAGE)
  if (!row.answer && row.expiresAt.getTime() <= Date.now())
    throw new AppError('unauthorized', 'submission_key_expired', KEY_REJECTED_MESSAGE)
  return row
}

/** Counts one submission attempt from `address`; 429 once the window holds more than `limit`. */
export async function hitRate(orm: Orm, siteId: string, address: string, limit: number, windowSeconds: number): Promise<void> {
  if (limit <= 0) return
  const now = new Date()
  const ended = sql`${formRateWindows.windowStartedAt} <= ${new Date(now.getTime() - windowSeconds * 1000)}`
  const [row] = await orm
    .insert(formRateWindows)
    .values({ siteId, address, hits: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: [formRateWindows.siteId, formRateWindows.address],
      set: {
        hits: sql`CASE WHEN ${ended} THEN 1 ELSE ${formRateWindows.hits} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${ended} THEN ${now} ELSE ${formRateWindows.windowStartedAt} END`,
      },
    })
    .returning()
  if (row && row.hits > limit) {
    const retryAfter = Math.max(1, Math.ceil((row.windowStartedAt.getTime() + windowSeconds * 1000 - now.getTime()) / 1000))
    throw new AppError('rate_limited', 'submission_rate_limited', RATE_LIMIT_MESSAGE, { retryAfter })
  }
}

/** Deletes expired unused keys, used keys older than a day, spent captchas past expiry and ended rate windows. */
export async function sweepKeys(orm: Orm, rateWindowSeconds: number): Promise<void> {
  const now = new Date()
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000)
  await orm
    .delete(formSubmissionKeys)
    .where(or(and(lt(formSubmissionKeys.expiresAt, now), sql`${formSubmissionKeys.usedAt} IS NULL`), and(isNotNull(formSubmissionKeys.usedAt), lt(formSubmissionKeys.usedAt, dayAgo))))
  await orm.delete(captchaSpent).where(lt(captchaSpent.expiresAt, now))
  await orm.delete(formRateWindows).where(lt(formRateWindows.windowStartedAt, new Date(now.getTime() - rateWindowSeconds * 1000)))
}
