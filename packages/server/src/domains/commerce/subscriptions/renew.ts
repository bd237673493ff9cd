// Subscription renewals: an active subscription is billed again once a billing period has passed since its last
// billed cycle (cycle 1 is the checkout order; cycle n falls due at createdAt + (n - 1) periods; numBillingCycles
// 0 bills indefinitely). The cycle is claimed first by a row with a unique (subscription_id, cycle) key, so with
// several nodes exactly one charges it: the card of the checkout payment is charged again through the provider,
// a paid renewal order is placed (the subscribed entry at the subscribed price, with the checkout order's
// shipping and tax), and the shopper is mailed; a declined charge marks the subscription past_due and mails that.
import { and, asc, eq, max, sql } from 'drizzle-orm'
import type { OrderView } from '@sitewright/contracts'
import { sqlRows } from '../../../platform/db/index.js'
import { newId, newToken, sha256Hex } from '../../../platform/ids.js'
import type { CommerceContext } from '../context.js'
import { orderView } from '../orders/service.js'
import { moneyText } from '../orders/summary.js'
import { orders, subscriptionRenewals, subscriptions, type BillingUnit, type OrderRow } from '../schema.js'
import { nextOrderNumber } from '../settings.js'

export interface RenewalRun {
  renewed: number
  failed: number
}

/** `start` plus k billing periods (months keep the day, clamped to the month's last day). */
export function addPeriods(start: Date, unit: BillingUnit, value: number, k: number): Date {
  const d = new Date(start.getTime())
  if (unit === 'WEEK') return new Date(d.getTime() + k * value * 7 * 24 * 60 * 60 * 1000)
  const months = (unit === 'YEAR' ? 12 : 1) * value * k
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + months)
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, last))
  return d
}

type SubscriptionRow = typeof subscriptions.$inferSelect

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * When cycle `cycle` of `sub` falls due: `cycle - 1` billing periods after its checkout. With a shortened day
 * (`dayMs` below a day: browser tests) each period lasts its calendar length scaled by `dayMs / DAY`.
 */
export function cycleDueAt(sub: Pick<SubscriptionRow, 'createdAt' | 'billingPeriodUnit' | 'billingPeriodValue'>, cycle: number, dayMs = DAY_MS): Date {
  const due = addPeriods(sub.createdAt, sub.billingPeriodUnit, sub.billingPeriodValue, cycle - 1)
  if (dayMs === DAY_MS) return due
  const start = sub.createdAt.getTime()
  return new Date(start + Math.round(((due.getTime() - start) * dayMs) / DAY_MS))
}

/** Bills every active subscription whose next cycle is due at `now` (one cycle per subscription per run). */
export async function runRenewals(ctx: CommerceContext, now: Date, dayMs = DAY_MS): Promise<RenewalRun> {
  const { orm } = ctx
  const run: RenewalRun = { renewed: 0, failed: 0 }
  const active = await orm.select().from(subscriptions).where(eq(subscriptions.status, 'active')).orderBy(asc(subscriptions.createdAt))
  for (const sub of active) {
    const [last] = await orm.select({ cycle: max(subscriptionRenewals.cycle) }).from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, sub.id))
    const cycle = (last?.cycle ?? 1) + 1
    if (sub.numBillingCycles > 0 && cycle > sub.numBillingCycles) continue
    if (cycleDueAt(sub, cycle, dayMs) > now) continue
    const renewalId = newId()
    const claimed = await sqlRows<{ id: string }>(
      orm,
      sql`INSERT INTO commerce_subscription_renewals (id, site_id, subscription_id, cycle) VALUES (${renewalId}, ${sub.siteId}, ${sub.id}, ${cycle})
          ON CONFLICT (subscription_id, cycle) DO NOTHING RETURNING id`,
    )
    if (claimed.length === 0) continue // another node bills this cycle
    try {
      if (await renewOne(ctx, sub, cycle, renewalId, now)) run.renewed++
      else run.failed++
    } catch (e) {
      ctx.deps.log?.warn({ err: e, subscriptionId: sub.id, cycle }, 'subscription renewal failed')
    }
  }
  return run
}

async function renewOne(ctx: CommerceContext, sub: SubscriptionRow, cycle: number, renewalId: string, now: Date): Promise<boolean> {
  const { orm, provider, deps } = ctx
  const [first] = await orm.select().from(orders).where(and(eq(orders.siteId, sub.siteId), eq(orders.id, sub.orderId)))
  if (!first) throw new Error(`subscription ${sub.id}: its checkout order is missing`)
  const entry = first.entries.find((e) => e.sku === sub.sku) ?? first.entries[0]!
  const subtotalCents = sub.priceCents * entry.quantity
  const amountCents = subtotalCents + first.shippingCents + first.taxCents
  const orderId = newId()
  const result = provider.chargeAgain && first.paymentRef
    ? await provider.chargeAgain({ siteId: sub.siteId, amountCents, currency: first.currency, previousRef: first.paymentRef, reference: orderId })
    : ({ ok: false, code: 'repeat_charge_unsupported', message: 'The payment provider cannot charge the card again.' } as const)
  const item = entry.variantText ? `${entry.title} (${entry.variantText})` : entry.title
  if (!result.ok) {
    await orm.transaction(async (tx) => {
      await tx.update(subscriptionRenewals).set({ status: 'failed', failureCode: result.code, updatedAt: now }).where(eq(subscriptionRenewals.id, renewalId))
      await tx.update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.id, sub.id))
    })
    await deps.notify
      ?.subscriptionPaymentFailed({ siteId: sub.siteId, renewalId, email: sub.email, item, amount: moneyText(amountCents, first.currency), cycle, orderNumber: first.number })
      .catch((e: unknown) => deps.log?.warn({ err: e, subscriptionId: sub.id }, 'subscription mail failed'))
    return false
  }
  const order: OrderRow = await orm.transaction(async (tx) => {
    const number = await nextOrderNumber(tx, sub.siteId)
    const [row] = await tx
      .insert(orders)
      .values({
        id: orderId,
        siteId: sub.siteId,
        number,
        cartId: `renewal:${renewalId}`,
        accessTokenHash: sha256Hex(newToken()),
        email: sub.email,
        shippingAddress: first.shippingAddress,
        billingAddress: first.billingAddress,
        entries: [{ ...entry, entryId: newId(), unitPriceCents: sub.priceCents, subTotalCents: subtotalCents }],
        shippingOption: first.shippingOption,
        coupons: [],
        currency: first.currency,
        subtotalCents,
        discountCents: 0,
        shippingCents: first.shippingCents,
        taxCents: first.taxCents,
        giftCardCents: 0,
        grandTotalCents: amountCents,
        chargedCents: amountCents,
        paymentProvider: provider.id,
        paymentRef: result.ref,
        paymentMethod: 'card',
        testMode: provider.testMode,
        status: 'paid',
        kind: first.kind,
        createdAt: now,
      })
      .returning()
    await tx.update(subscriptionRenewals).set({ status: 'paid', orderId, paymentRef: result.ref, updatedAt: now }).where(eq(subscriptionRenewals.id, renewalId))
    return row!
  })
  const more = sub.numBillingCycles === 0 || cycle < sub.numBillingCycles
  const nextBillingOn = more ? addPeriods(sub.createdAt, sub.billingPeriodUnit, sub.billingPeriodValue, cycle).toISOString().slice(0, 10) : null
  const view: OrderView = await orderView(orm, order, ctx.downloadSecret)
  await deps.notify
    ?.subscriptionRenewed({ siteId: sub.siteId, renewalId, order: view, item, cycle, nextBillingOn })
    .catch((e: unknown) => deps.log?.warn({ err: e, subscriptionId: sub.id }, 'subscription mail failed'))
  return true
}
