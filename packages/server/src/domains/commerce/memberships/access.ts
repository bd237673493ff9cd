// Paid memberships: which PAYWALL products (type 5) an email has bought and still holds. A one-off purchase holds
// while its order stays paid (a refund ends it); a recurring one while its subscription is active, or, once its
// buyer cancelled it, until the end of the period already paid (ends_at). Renewal orders grant nothing of their
// own: they keep the subscription of the checkout order running.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Orm } from '../../../platform/db/index.js'
import { orders, subscriptions } from '../schema.js'
import { PRODUCT_TYPES } from '../validators.js'

/** The PAYWALL product ids `email` holds at `now` on the site. */
export async function heldMemberships(orm: Orm, siteId: string, email: string, now: Date): Promise<Set<string>> {
  const rows = await orm
    .select({ id: orders.id, entries: orders.entries })
    .from(orders)
    .where(
      and(
        eq(orders.siteId, siteId),
        eq(sql`lower(${orders.email})`, email.toLowerCase()),
        inArray(orders.status, ['paid', 'fulfilled']),
        eq(orders.kind, 'order'),
        sql`${orders.cartId} NOT LIKE 'renewal:%'`,
      ),
    )
  const bought = rows.filter((r) => r.entries.some((e) => e.productType === PRODUCT_TYPES.PAYWALL))
  const held = new Set<string>()
  if (!bought.length) return held
  const subs = await orm.select().from(subscriptions).where(and(eq(subscriptions.siteId, siteId), inArray(subscriptions.orderId, bought.map((r) => r.id))))
  for (const r of bought) {
    const mine = subs.filter((s) => s.orderId === r.id)
    for (const e of r.entries) {
      if (e.productType !== PRODUCT_TYPES.PAYWALL) continue
      const sub = mine.find((s) => s.productId === e.productId)
      if (!sub || sub.status === 'active' || (sub.endsAt && sub.endsAt > now)) held.add(e.productId)
    }
  }
  return held
}
