// The usage limits of promotions: how often a shopper (by email) used each, and the claim an order makes of the
// promotions it got, inside the order's transaction. The claim is one conditional UPDATE per promotion (the row lock
// it takes also orders two checkouts of the same promotion), so two nodes never sell past the overall limit; the
// per-customer count is read again under that lock. A refused claim rolls the order back with a typed 409: the
// shopper's next look at the cart shows it without the promotion.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Orm } from '../../../platform/db/index.js'
import { sqlRows } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import type { AppliedPromotion } from '@sitewright/contracts'
import type { PromotionRule } from '../cart/promotions.js'
import { promotionUses } from '../schema.js'

const normal = (email: string) => email.trim().toLowerCase()

/** Orders of `email` per promotion, for the promotions with a per-customer limit. */
export async function usesByEmail(orm: Orm, siteId: string, rules: readonly PromotionRule[], email: string): Promise<Map<string, number>> {
  const limited = rules.filter((p) => p.perCustomerLimit !== null).map((p) => p.id)
  if (limited.length === 0 || !email) return new Map()
  const rows = await orm
    .select({ id: promotionUses.promotionId, n: sql<number>`count(*)::int` })
    .from(promotionUses)
    .where(and(eq(promotionUses.siteId, siteId), eq(promotionUses.email, normal(email)), inArray(promotionUses.promotionId, limited)))
    .groupBy(promotionUses.promotionId)
  return new Map(rows.map((r) => [r.id, Number(r.n)]))
}

export async function claimPromotions(tx: Orm, siteId: string, applied: readonly AppliedPromotion[], orderId: string, email: string, rules: readonly PromotionRule[]): Promise<void> {
  for (const a of [...applied].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))) {
    const claimed = await sqlRows<{ id: string }>(
      tx,
      sql`UPDATE commerce_promotions SET used_count = used_count + 1
          WHERE site_id = ${siteId} AND id = ${a.id} AND active AND (usage_limit IS NULL OR used_count < usage_limit) RETURNING id`,
    )
    if (claimed.length === 0) throw new AppError('conflict', 'promotion_unavailable', `The promotion "${a.name}" has ended. Review your cart and try again.`)
    const limit = rules.find((r) => r.id === a.id)?.perCustomerLimit ?? null
    if (limit !== null) {
      const [row] = await sqlRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM commerce_promotion_uses WHERE site_id = ${siteId} AND promotion_id = ${a.id} AND email = ${normal(email)}`)
      if (Number(row?.n ?? 0) >= limit) throw new AppError('conflict', 'promotion_limit_reached', `The promotion "${a.name}" has already been used with this email address. Review your cart and try again.`)
    }
    await tx.insert(promotionUses).values({ promotionId: a.id, siteId, orderId, email: normal(email) })
  }
}

/**
 * A refunded order gives its promotions back: its use rows go and each promotion's overall count drops by one, in
 * the refund's transaction, so the shopper's per-email limit and the overall limit count it no more.
 */
export async function releasePromotions(tx: Orm, siteId: string, orderId: string): Promise<void> {
  const released = await sqlRows<{ promotion_id: string }>(
    tx,
    sql`DELETE FROM commerce_promotion_uses WHERE site_id = ${siteId} AND order_id = ${orderId} RETURNING promotion_id`,
  )
  for (const id of released.map((r) => r.promotion_id).sort()) {
    await tx.execute(sql`UPDATE commerce_promotions SET used_count = greatest(used_count - 1, 0) WHERE site_id = ${siteId} AND id = ${id}`)
  }
}
