// Restock sign-ups and sending. Fairness: alerts go out in sign-up order, and a send alerts only as many sign-ups
// as there are units for: the variant's stock minus the alerts already out within ALERT_HOLD_HOURS (people who
// were told and may be buying). Senders of one variant take turns on its state row (SELECT ... FOR UPDATE), and a
// sign-up is taken only while notified_at is null, so each sign-up is alerted exactly once even under concurrent
// sends; its mail is queued in the same transaction under the event id `restock:<signup id>`.
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { sqlRows } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newId } from '../../platform/ids.js'
import { restockSignups, restockVariantState, type SignupRow } from './schema.js'
import type { RestockSignUp } from '@sitewright/contracts'

export const ALERT_HOLD_HOURS = 48
export const PAGE = 50

export interface VariantInfo {
  productId: string
  productTitle: string
  productUrl: string
  variantId: string
  attributes: Record<string, string>
  qtyInStock: number
  unlimited: boolean
}

/** A restock sign-up as the owner API answers it. */
export type SignUp = RestockSignUp

const view = (r: SignupRow): SignUp => ({
  id: r.id,
  email: r.email,
  productId: r.productId,
  variantId: r.variantId,
  isJoinMailingList: r.joinMailingList,
  createdOn: r.createdAt.getTime(),
  notifiedOn: r.notifiedAt?.getTime() ?? null,
})

/** Records a sign-up; a repeated email for the same variant keeps the first (answers false). */
export async function signUp(orm: Orm, siteId: string, v: VariantInfo, email: string, joinMailingList: boolean): Promise<boolean> {
  if (v.unlimited || v.qtyInStock > 0) throw new AppError('conflict', 'in_stock', 'This item is in stock. Add it to your cart instead.')
  const rows = await orm
    .insert(restockSignups)
    .values({ id: newId(), siteId, productId: v.productId, variantId: v.variantId, email: email.trim(), joinMailingList })
    .onConflictDoNothing()
    .returning({ id: restockSignups.id })
  return rows.length > 0
}

const decodeCursor = (c: string | undefined): number => (c && /^\d{1,18}$/.test(c) ? Number(c) : 0)

/** One variant's sign-ups in sign-up order, a page after `cursor`. */
export async function listSignUps(orm: Orm, siteId: string, q: { productId: string; variantId: string; cursor?: string | undefined }) {
  const rows = await orm
    .select()
    .from(restockSignups)
    .where(and(eq(restockSignups.siteId, siteId), eq(restockSignups.productId, q.productId), eq(restockSignups.variantId, q.variantId), gt(restockSignups.seq, decodeCursor(q.cursor))))
    .orderBy(asc(restockSignups.seq))
    .limit(PAGE + 1)
  const page = rows.slice(0, PAGE)
  const hasNextPage = rows.length > PAGE
  return { signUps: page.map(view), hasNextPage, nextPageCursor: hasNextPage ? String(page.at(-1)!.seq) : null }
}

export interface GroupRow {
  productId: string
  variantId: string
  waiting: number
  notified: number
  firstSignUpOn: number
}

/** Sign-ups grouped by variant (most waiting first is the screen's order; the cursor is an offset). */
export async function listGroups(orm: Orm, siteId: string, cursor: string | undefined) {
  const offset = decodeCursor(cursor)
  const rows = await sqlRows<{ product_id: string; variant_id: string; waiting: number; notified: number; first: Date | string }>(
    orm,
    sql`SELECT product_id, variant_id, count(*) FILTER (WHERE notified_at IS NULL)::int AS waiting, count(notified_at)::int AS notified, min(created_at) AS first
        FROM restock_signups WHERE site_id = ${siteId} GROUP BY product_id, variant_id
        ORDER BY waiting DESC, min(seq) ASC, variant_id ASC LIMIT ${PAGE + 1} OFFSET ${offset}`,
  )
  const page = rows.slice(0, PAGE)
  const hasNextPage = rows.length > PAGE
  const groups: GroupRow[] = page.map((r) => ({ productId: r.product_id, variantId: r.variant_id, waiting: r.waiting, notified: r.notified, firstSignUpOn: new Date(r.first).getTime() }))
  return { groups, hasNextPage, nextPageCursor: hasNextPage ? String(offset + PAGE) : null }
}

/**
 * Alerts the next sign-ups of a variant, as many as its stock allows (every waiting one when unlimited), in
 * sign-up order; `queue` gets each alerted sign-up inside the same transaction.
 */
export async function send(
  orm: Orm,
  siteId: string,
  v: VariantInfo,
  queue: (tx: Orm, s: SignUp, batchId: string) => Promise<void>,
): Promise<{ notified: number; batchId: string | null }> {
  return orm.transaction(async (tx) => {
    await tx.insert(restockVariantState).values({ siteId, variantId: v.variantId }).onConflictDoNothing()
    await sqlRows(tx, sql`SELECT variant_id FROM restock_variant_state WHERE site_id = ${siteId} AND variant_id = ${v.variantId} FOR UPDATE`)
    let room: number | null = null
    if (!v.unlimited) {
      const [out] = await sqlRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM restock_signups WHERE site_id = ${siteId} AND variant_id = ${v.variantId}
            AND notified_at > now() - make_interval(hours => ${ALERT_HOLD_HOURS})`,
      )
      room = Math.max(0, v.qtyInStock - (out?.n ?? 0))
      if (room === 0) return { notified: 0, batchId: null }
    }
    const batchId = newId()
    const picked = tx
      .select({ id: restockSignups.id })
      .from(restockSignups)
      .where(and(eq(restockSignups.siteId, siteId), eq(restockSignups.variantId, v.variantId), isNull(restockSignups.notifiedAt)))
      .orderBy(asc(restockSignups.seq))
    const ids = (room === null ? await picked : await picked.limit(room)).map((r) => r.id)
    if (!ids.length) return { notified: 0, batchId: null }
    const rows = await tx
      .update(restockSignups)
      .set({ notifiedAt: new Date(), batchId })
      .where(and(eq(restockSignups.siteId, siteId), sql`${restockSignups.id} IN ${ids}`, isNull(restockSignups.notifiedAt)))
      .returning()
    rows.sort((a, b) => a.seq - b.seq)
    for (const r of rows) await queue(tx, view(r), batchId)
    await tx.update(restockVariantState).set({ lastSentAt: new Date() }).where(and(eq(restockVariantState.siteId, siteId), eq(restockVariantState.variantId, v.variantId)))
    return { notified: rows.length, batchId }
  })
}

export async function waitingCount(orm: Orm, siteId: string, variantId: string): Promise<number> {
  const [r] = await sqlRows<{ n: number }>(orm, sql`SELECT count(*)::int AS n FROM restock_signups WHERE site_id = ${siteId} AND variant_id = ${variantId} AND notified_at IS NULL`)
  return r?.n ?? 0
}

/** Waiting sign-ups per variant across every site (the owners' daily demand summary), most waiting first. */
export async function waitingDemand(orm: Orm, limitPerSite = 20): Promise<{ siteId: string; productId: string; variantId: string; waiting: number }[]> {
  const rows = await sqlRows<{ site_id: string; product_id: string; variant_id: string; waiting: number }>(
    orm,
    sql`SELECT site_id, product_id, variant_id, waiting FROM (
          SELECT site_id, product_id, variant_id, count(*)::int AS waiting,
                 row_number() OVER (PARTITION BY site_id ORDER BY count(*) DESC, variant_id) AS n
          FROM restock_signups WHERE notified_at IS NULL GROUP BY site_id, product_id, variant_id) d
        WHERE n <= ${limitPerSite} ORDER BY site_id, waiting DESC, variant_id`,
  )
  return rows.map((r) => ({ siteId: r.site_id, productId: r.product_id, variantId: r.variant_id, waiting: r.waiting }))
}
