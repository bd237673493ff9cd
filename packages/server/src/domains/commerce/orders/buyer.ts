// A buyer's own orders (a signed-in member's verified email): the account page's order history, newest first, and
// one order's detail with its money lines, items, shipments and download links. Another buyer's order is not found.
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Orm } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { orders } from '../schema.js'
import { fulfilmentsOf, orderView, type OrderView } from './service.js'
import { moneyText } from './summary.js'

export interface BuyerOrderRow {
  id: string
  number: number
  created: number
  dateText: string
  total: string
  status: string
  statusText: string
}

export interface BuyerOrderDetail {
  order: OrderView
  /** Epoch ms, as `created` of a row; the theme prints both with CLDR in the site's time zone (`dateText` is the UTC day, for data readers). */
  created: number
  dateText: string
  statusText: string
  shipments: { carrier: string; trackingNumber: string; trackingUrl: string | null; created: number; dateText: string }[]
  downloads: { title: string; url: string }[]
}

const STATUS_TEXT: Record<string, string> = { pending: 'Awaiting payment', paid: 'Paid', fulfilled: 'Shipped', refunded: 'Refunded' }
const dateText = (d: Date) => d.toISOString().slice(0, 10)
const mine = (siteId: string, email: string) =>
  and(eq(orders.siteId, siteId), eq(sql`lower(${orders.email})`, email.toLowerCase()), inArray(orders.kind, ['order', 'donation']))

export function statusText(status: string): string {
  return STATUS_TEXT[status] ?? status
}

/** The buyer's orders, newest first (at most `limit`). */
export async function buyerOrders(orm: Orm, siteId: string, email: string, limit = 100): Promise<BuyerOrderRow[]> {
  const rows = await orm.select().from(orders).where(mine(siteId, email)).orderBy(desc(orders.createdAt), desc(orders.number)).limit(limit)
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    created: r.createdAt.getTime(),
    dateText: dateText(r.createdAt),
    total: moneyText(r.chargedCents, r.currency),
    status: r.status,
    statusText: statusText(r.status),
  }))
}

/** One of the buyer's orders; an order of another email (or site) is not found. */
export async function buyerOrder(orm: Orm, siteId: string, email: string, orderId: string, downloadSecret: string): Promise<BuyerOrderDetail> {
  const [row] = await orm.select().from(orders).where(and(mine(siteId, email), eq(orders.id, orderId)))
  if (!row) throw new AppError('not_found', 'order_not_found', 'No such order.')
  const order = await orderView(orm, row, downloadSecret)
  const { fulfilments } = await fulfilmentsOf(orm, row)
  return {
    order,
    created: row.createdAt.getTime(),
    dateText: dateText(row.createdAt),
    statusText: statusText(row.status),
    shipments: fulfilments.map((f) => ({ carrier: f.carrier, trackingNumber: f.trackingNumber, trackingUrl: f.trackingUrl, created: new Date(f.created).getTime(), dateText: dateText(new Date(f.created)) })),
    downloads: order.entries.filter((e) => e.downloadUrl).map((e) => ({ title: e.title, url: e.downloadUrl! })),
  }
}
