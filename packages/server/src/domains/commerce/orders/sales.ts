// What the store sold over a range of UTC days, straight from the orders table: analytics reads its revenue and
// purchases here (not from visitor beacons), so the report equals the sum of the paid orders. Each order counts
// with its stored breakdown (orders/summary.ts `orderBreakdown`): its total is `charged_cents` (after gift cards)
// and a refunded order gives back the whole charge, so revenue = charged - refunded. Revenue by product is what
// was charged, not list prices: each order's charged total (after discounts and gift cards, with its shipping and
// tax) is shared among its lines by their value, in whole minor units that add up to the charge exactly (line i
// gets floor(charged x cum_i / total) - floor(charged x cum_(i-1) / total)), so the products add up to the revenue.
import { sql } from 'drizzle-orm'
import { sqlRows, type Orm } from '../../../platform/db/index.js'

export interface Sales {
  /** Orders paid in the range (pending payments are not sales; refunded ones were). */
  orders: number
  /** Charged minus refunded, minor units of the store currency. */
  revenueCents: number
  /** Of the revenue, the orders that recovered an abandoned checkout (refunded ones left out). */
  recoveredCents: number
  /** Per product title: its lines' shares of their orders' charged totals, refunded orders left out. */
  products: { product: string; revenueCents: number }[]
}

/**
 * Sales of orders placed from `from` to `to` (YYYY-MM-DD, both included, UTC). Only orders of the payment
 * provider's current mode count (`testMode`): a store in test mode sees its test orders, a live one its real ones.
 */
export async function salesIn(orm: Orm, siteId: string, from: string, to: string, testMode: boolean): Promise<Sales> {
  const range = sql`site_id = ${siteId} AND test_mode = ${testMode} AND status <> 'pending'
    AND created_at >= ${from}::date AND created_at < (${to}::date + 1)`
  const [totals] = await sqlRows<{ n: number; charged: string | number | null; refunded: string | number | null }>(
    orm,
    sql`SELECT count(*)::int AS n, sum(charged_cents)::bigint AS charged,
               sum(CASE WHEN status = 'refunded' THEN charged_cents ELSE 0 END)::bigint AS refunded
        FROM commerce_orders WHERE ${range}`,
  )
  const products = await sqlRows<{ product: string; cents: string | number }>(
    orm,
    sql`WITH lines AS (
          SELECT x.e->>'title' AS product, o.charged_cents::bigint AS charged,
                 -- a line's weight is its value; an order of free lines shares its charge evenly
                 sum(CASE WHEN o.sub > 0 THEN (x.e->>'subTotalCents')::bigint ELSE 1 END) OVER w AS cum,
                 CASE WHEN o.sub > 0 THEN (x.e->>'subTotalCents')::bigint ELSE 1 END AS weight,
                 CASE WHEN o.sub > 0 THEN o.sub ELSE jsonb_array_length(o.entries) END AS total
          FROM (SELECT id, entries, charged_cents,
                       (SELECT coalesce(sum((l->>'subTotalCents')::bigint), 0) FROM jsonb_array_elements(entries) AS l) AS sub
                FROM commerce_orders WHERE ${range} AND status <> 'refunded') AS o,
               jsonb_array_elements(o.entries) WITH ORDINALITY AS x(e, n)
          WINDOW w AS (PARTITION BY o.id ORDER BY x.n)
        )
        SELECT product, sum((charged * cum) / total - (charged * (cum - weight)) / total)::bigint AS cents
        FROM lines GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 100`,
  )
  const [recovered] = await sqlRows<{ cents: string | number | null }>(
    orm,
    sql`SELECT sum(charged_cents)::bigint AS cents FROM commerce_orders
        WHERE ${range} AND status <> 'refunded'
          AND id IN (SELECT order_id FROM commerce_abandoned_checkouts WHERE site_id = ${siteId} AND status = 'recovered')`,
  )
  return {
    orders: Number(totals?.n ?? 0),
    recoveredCents: Number(recovered?.cents ?? 0),
    revenueCents: Number(totals?.charged ?? 0) - Number(totals?.refunded ?? 0),
    products: products.map((p) => ({ product: p.product ?? '', revenueCents: Number(p.cents) })),
  }
}
