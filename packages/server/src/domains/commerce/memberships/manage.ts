// The subscriptions of a buyer (a signed-in member's email) as their account page lists them, and cancelling one:
// a cancelled subscription bills no further cycle and stays in force until the end of the period already paid
// (a membership keeps its access until then); a past-due one ends at once.
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { MemberSubscription } from '@sitewright/contracts'
import type { Orm } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { newId } from '../../../platform/ids.js'
import { moneyText } from '../orders/summary.js'
import { addPeriods } from '../subscriptions/renew.js'
import { orders, products, subscriptionRenewals, subscriptions } from '../schema.js'
import { DONATION_SKU } from '@sitewright/contracts'

type SubRow = typeof subscriptions.$inferSelect
const UNIT = { WEEK: ['week', 'weeks'], MONTH: ['month', 'months'], YEAR: ['year', 'years'] } as const

export function everyText(value: number, unit: SubRow['billingPeriodUnit']): string {
  const [one, many] = UNIT[unit]
  return value === 1 ? `Every ${one}` : `Every ${value} ${many}`
}

/** The end of the last period paid: the end of the latest paid cycle (cycle 1 is the checkout's). */
export async function paidUntil(orm: Orm, sub: SubRow): Promise<Date> {
  const [n] = await orm
    .select({ last: sql<number | null>`max(${subscriptionRenewals.cycle})` })
    .from(subscriptionRenewals)
    .where(and(eq(subscriptionRenewals.subscriptionId, sub.id), eq(subscriptionRenewals.status, 'paid')))
  return addPeriods(sub.createdAt, sub.billingPeriodUnit, sub.billingPeriodValue, Number(n?.last ?? 1))
}

export async function buyerSubscriptions(orm: Orm, siteId: string, email: string, now: Date): Promise<MemberSubscription[]> {
  const subs = await orm
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.siteId, siteId), eq(sql`lower(${subscriptions.email})`, email.toLowerCase())))
    .orderBy(desc(subscriptions.createdAt))
  if (!subs.length) return []
  const ids = [...new Set(subs.map((s) => s.productId).filter(Boolean))]
  const titles = new Map((ids.length ? await orm.select({ id: products.id, title: products.title }).from(products).where(and(eq(products.siteId, siteId), inArray(products.id, ids))) : []).map((p) => [p.id, p.title]))
  const currencies = new Map((await orm.select({ id: orders.id, currency: orders.currency }).from(orders).where(and(eq(orders.siteId, siteId), inArray(orders.id, subs.map((s) => s.orderId))))).map((o) => [o.id, o.currency]))
  return subs
    .filter((s) => s.status !== 'cancelled' || (s.endsAt && s.endsAt > now))
    .map((s) => {
      const donation = s.sku === DONATION_SKU && !s.productId
      return {
        id: s.id,
        title: donation ? 'Monthly donation' : (titles.get(s.productId) ?? 'Subscription'),
        every: everyText(s.billingPeriodValue, s.billingPeriodUnit),
        price: moneyText(s.priceCents, currencies.get(s.orderId) ?? 'USD'),
        status: s.status === 'cancelled' ? 'ending' : s.status === 'past_due' ? 'past_due' : s.status === 'paused' ? 'paused' : 'active',
        endsOn: s.endsAt?.getTime() ?? null,
        donation,
      }
    })
}

/** Cancels a buyer's subscription; answers when it ends. Cancelling one already cancelled answers the same. */
export async function cancelSubscription(orm: Orm, siteId: string, email: string, subscriptionId: string, now: Date): Promise<{ endsOn: number }> {
  return orm.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.siteId, siteId), eq(subscriptions.id, subscriptionId), eq(sql`lower(${subscriptions.email})`, email.toLowerCase())))
      .for('update')
    if (!sub) throw new AppError('not_found', 'subscription_not_found', 'No such subscription.')
    if (sub.status === 'cancelled') return { endsOn: (sub.endsAt ?? now).getTime() }
    const endsAt = sub.status === 'active' ? await paidUntil(tx, sub) : now
    await tx.update(subscriptions).set({ status: 'cancelled', endsAt }).where(eq(subscriptions.id, sub.id))
    return { endsOn: endsAt.getTime() }
  })
}

async function lockedOwn(tx: Orm, siteId: string, email: string, subscriptionId: string): Promise<SubRow> {
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.siteId, siteId), eq(subscriptions.id, subscriptionId), eq(sql`lower(${subscriptions.email})`, email.toLowerCase())))
    .for('update')
  if (!sub) throw new AppError('not_found', 'subscription_not_found', 'No such subscription.')
  return sub
}

/**
 * Pauses an active subscription: the renewal runner bills it no more until it is resumed; it stays in force (a
 * membership keeps its access) until the end of the period already paid. Pausing a paused one answers the same.
 */
export async function pauseSubscription(orm: Orm, siteId: string, email: string, subscriptionId: string): Promise<{ endsOn: number }> {
  return orm.transaction(async (tx) => {
    const sub = await lockedOwn(tx, siteId, email, subscriptionId)
    if (sub.status === 'paused') return { endsOn: (sub.endsAt ?? new Date()).getTime() }
    if (sub.status !== 'active') throw new AppError('conflict', 'subscription_not_active', 'Only an active subscription can be paused.')
    const endsAt = await paidUntil(tx, sub)
    await tx.update(subscriptions).set({ status: 'paused', endsAt }).where(eq(subscriptions.id, sub.id))
    return { endsOn: endsAt.getTime() }
  })
}

/**
 * Resumes a paused subscription: it is active again. Cycles whose whole period went by while it was paused are
 * recorded as skipped (never billed); the current period's cycle is billed by the renewal runner when due.
 */
export async function resumeSubscription(orm: Orm, siteId: string, email: string, subscriptionId: string, now: Date): Promise<{ status: 'active' }> {
  return orm.transaction(async (tx) => {
    const sub = await lockedOwn(tx, siteId, email, subscriptionId)
    if (sub.status === 'active') return { status: 'active' as const }
    if (sub.status !== 'paused') throw new AppError('conflict', 'subscription_not_paused', 'Only a paused subscription can be resumed.')
    const [last] = await tx.select({ cycle: sql<number | null>`max(${subscriptionRenewals.cycle})` }).from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, sub.id))
    const skipped: (typeof subscriptionRenewals.$inferInsert)[] = []
    const end = (cycle: number) => addPeriods(sub.createdAt, sub.billingPeriodUnit, sub.billingPeriodValue, cycle)
    for (let c = Number(last?.cycle ?? 1) + 1; end(c) <= now && (sub.numBillingCycles === 0 || c <= sub.numBillingCycles) && skipped.length < 1000; c++) {
      skipped.push({ id: newId(), siteId, subscriptionId: sub.id, cycle: c, status: 'skipped', updatedAt: now })
    }
    if (skipped.length) await tx.insert(subscriptionRenewals).values(skipped).onConflictDoNothing()
    await tx.update(subscriptions).set({ status: 'active', endsAt: null }).where(eq(subscriptions.id, sub.id))
    return { status: 'active' as const }
  })
}
