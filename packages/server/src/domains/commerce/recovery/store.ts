// Abandoned checkouts: the site's recovery settings, the contact a shopper gives at checkout (one row per cart),
// the order that ends a checkout (recovered when a reminder had gone out), unsubscribing, and the owner's list
// with its figures. A checkout is abandoned once its shopper's last step is `delayHours` old without an order.
import { and, count, desc, eq, ne, or, sql } from 'drizzle-orm'
import { RECOVERY_DELAY_HOURS, type AbandonedCheckout, type AbandonedCheckoutPage, type RecoverySettings } from '@sitewright/contracts'
import type { Orm } from '../../../platform/db/index.js'
import { sqlRows } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { newId } from '../../../platform/ids.js'
import { moneyText } from '../orders/summary.js'
import { abandonedCheckouts, coupons, orders, recoverySettings, type AbandonedCheckoutRow, type CartRow } from '../schema.js'
import { cartView } from '../cart/view.js'

export const DEFAULT_RECOVERY: RecoverySettings = { enabled: false, delayHours: RECOVERY_DELAY_HOURS.default, reminders: 1, couponCode: null }

export async function getRecoverySettings(orm: Orm, siteId: string): Promise<RecoverySettings> {
  const [r] = await orm.select().from(recoverySettings).where(eq(recoverySettings.siteId, siteId))
  return r ? { enabled: r.enabled, delayHours: r.delayHours, reminders: r.reminders, couponCode: r.couponCode } : { ...DEFAULT_RECOVERY }
}

/** Replaces the settings; a coupon code must name one of the store's coupons (400 with the field otherwise). */
export async function putRecoverySettings(orm: Orm, siteId: string, input: RecoverySettings): Promise<RecoverySettings> {
  const code = input.couponCode?.trim().toUpperCase() || null
  if (code) {
    const [c] = await orm.select({ id: coupons.id }).from(coupons).where(and(eq(coupons.siteId, siteId), eq(coupons.code, code)))
    if (!c) throw new AppError('invalid_data', 'coupon_not_found', 'This coupon does not exist.', { fields: { couponCode: 'This coupon does not exist.' } })
  }
  const values = { enabled: input.enabled, delayHours: input.delayHours, reminders: input.reminders, couponCode: code, updatedAt: new Date() }
  await orm.insert(recoverySettings).values({ siteId, ...values }).onConflictDoUpdate({ target: recoverySettings.siteId, set: values })
  return getRecoverySettings(orm, siteId)
}

const normal = (email: string) => email.trim().toLowerCase()

/**
 * The shopper gave an email at checkout (typed, or a signed-in member's): the cart's checkout row is made or brought
 * up to date (email, consent, value, last step). Nothing is kept while the site has recovery off.
 */
export async function captureContact(orm: Orm, siteId: string, cart: CartRow | null, email: string, consent: boolean, now: Date): Promise<boolean> {
  if (!cart || cart.isPurchased || cart.kind !== 'cart') return false
  if (!(await getRecoverySettings(orm, siteId)).enabled) return false
  const view = await cartView(orm, siteId, cart)
  if (view.entries.length === 0) return false
  const values = { email: normal(email), consent, valueCents: view.grandTotalCents, currency: view.currency, lastActivityAt: now, updatedAt: now }
  // a restored cart belongs to the checkout it was restored for
  const [restored] = await orm.select({ id: abandonedCheckouts.id }).from(abandonedCheckouts).where(and(eq(abandonedCheckouts.siteId, siteId), eq(abandonedCheckouts.restoredCartId, cart.id)))
  if (restored) {
    await orm.update(abandonedCheckouts).set(values).where(and(eq(abandonedCheckouts.id, restored.id), eq(abandonedCheckouts.status, 'open')))
    return true
  }
  await orm
    .insert(abandonedCheckouts)
    .values({ id: newId(), siteId, cartId: cart.id, createdAt: now, ...values })
    .onConflictDoUpdate({ target: [abandonedCheckouts.siteId, abandonedCheckouts.cartId], set: values, where: eq(abandonedCheckouts.status, 'open') })
  return true
}

/**
 * An order was placed from a cart: the checkout it belongs to (its own cart or the one a link restored) ends,
 * recovered when a reminder had gone out (with the order's charged total), else completed; the shopper's other open
 * checkouts on the site end too (never mail an address that paid since).
 */
export async function orderPlaced(orm: Orm, siteId: string, orderId: string, cartId: string): Promise<void> {
  const [o] = await orm.select({ email: orders.email, number: orders.number, chargedCents: orders.chargedCents }).from(orders).where(and(eq(orders.siteId, siteId), eq(orders.id, orderId)))
  if (!o) return
  const now = new Date()
  await orm
    .update(abandonedCheckouts)
    .set({
      status: sql`CASE WHEN ${abandonedCheckouts.remindersSent} > 0 THEN 'recovered' ELSE 'completed' END`,
      orderId,
      orderNumber: o.number,
      recoveredCents: sql`CASE WHEN ${abandonedCheckouts.remindersSent} > 0 THEN ${o.chargedCents}::int ELSE 0 END`,
      updatedAt: now,
    })
    .where(and(eq(abandonedCheckouts.siteId, siteId), eq(abandonedCheckouts.status, 'open'), or(eq(abandonedCheckouts.cartId, cartId), eq(abandonedCheckouts.restoredCartId, cartId))))
  await orm
    .update(abandonedCheckouts)
    .set({ status: 'completed', updatedAt: now })
    .where(and(eq(abandonedCheckouts.siteId, siteId), eq(abandonedCheckouts.status, 'open'), eq(abandonedCheckouts.email, normal(o.email))))
}

export async function unsubscribeCheckout(orm: Orm, siteId: string, id: string): Promise<void> {
  await orm.update(abandonedCheckouts).set({ unsubscribed: true, updatedAt: new Date() }).where(and(eq(abandonedCheckouts.siteId, siteId), eq(abandonedCheckouts.id, id)))
}

export async function checkoutById(orm: Orm, siteId: string, id: string): Promise<AbandonedCheckoutRow | null> {
  const [row] = await orm.select().from(abandonedCheckouts).where(and(eq(abandonedCheckouts.siteId, siteId), eq(abandonedCheckouts.id, id)))
  return row ?? null
}

function view(r: AbandonedCheckoutRow, abandonedBefore: Date): AbandonedCheckout {
  const status = r.status === 'recovered' ? 'recovered' : r.lastActivityAt <= abandonedBefore || r.remindersSent > 0 ? 'abandoned' : 'in_progress'
  return {
    id: r.id,
    email: r.email,
    status,
    valueCents: r.valueCents,
    value: moneyText(r.valueCents, r.currency),
    remindersSent: r.remindersSent,
    lastReminderOn: r.lastReminderAt?.getTime() ?? null,
    mailable: r.consent && !r.unsubscribed,
    createdOn: r.createdAt.getTime(),
    orderNumber: r.status === 'recovered' ? r.orderNumber : null,
    recoveredCents: r.recoveredCents,
  }
}

/**
 * The owner's list, newest first: open checkouts (in progress or abandoned) and recovered ones; a checkout paid
 * before any reminder was never abandoned and is left out. Figures over the whole site.
 */
export async function listAbandoned(orm: Orm, siteId: string, q: { page: number; pageSize: number }, now: Date, hourMs: number): Promise<AbandonedCheckoutPage> {
  const { delayHours } = await getRecoverySettings(orm, siteId)
  const abandonedBefore = new Date(now.getTime() - delayHours * hourMs)
  const where = and(eq(abandonedCheckouts.siteId, siteId), ne(abandonedCheckouts.status, 'completed'))
  const [rows, [n], [m]] = await Promise.all([
    orm.select().from(abandonedCheckouts).where(where).orderBy(desc(abandonedCheckouts.createdAt), desc(abandonedCheckouts.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    orm.select({ n: count() }).from(abandonedCheckouts).where(where),
    sqlRows<{ abandoned: number; recovered: number; revenue: string | number | null; currency: string | null }>(
      orm,
      sql`SELECT count(*) FILTER (WHERE status = 'open' AND (last_activity_at <= ${abandonedBefore} OR reminders_sent > 0))::int AS abandoned,
                 count(*) FILTER (WHERE status = 'recovered')::int AS recovered,
                 coalesce(sum(recovered_cents) FILTER (WHERE status = 'recovered'), 0)::bigint AS revenue,
                 (SELECT currency FROM commerce_store_settings WHERE site_id = ${siteId}) AS currency
          FROM commerce_abandoned_checkouts WHERE site_id = ${siteId}`,
    ),
  ])
  const revenue = Number(m?.revenue ?? 0)
  return {
    checkouts: rows.map((r) => view(r, abandonedBefore)),
    total: Number(n?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
    metrics: { abandoned: Number(m?.abandoned ?? 0), recovered: Number(m?.recovered ?? 0), recoveredRevenueCents: revenue, recoveredRevenue: moneyText(revenue, m?.currency ?? 'USD') },
  }
}
