// Orders: the owner's list, detail, fulfil and refund, and the order views visitors and mail see.
import { and, asc, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm'
import type { DomainEvents } from '../../../platform/events.js'
import type { Orm } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { newId, sha256Hex } from '../../../platform/ids.js'
import { downloadPath } from './downloads.js'
import { issueOrderGiftCards, restore, type IssuedGiftCard } from '../giftcards/service.js'
import { returnStock } from '../catalogue/inventory.js'
import { money } from '../shared/money.js'
import { moneyText, orderBreakdown } from './summary.js'
import type { PaymentProvider } from '../checkout/payments.js'
import { releasePromotions } from '../checkout/promotion-uses.js'
import { fulfilments, giftCards, orders, subscriptions, type FulfilmentRow, type OrderRow } from '../schema.js'
import { PRODUCT_TYPES } from '../validators.js'
import type { FulfilInput, FulfilmentView, OrderPage, OrderQuery, OrderView } from '@sitewright/contracts'

/** The dated payments of an instalment plan as the shopper reads them ('Dec 1, 2026', '$13.09'). */
export async function paymentPlanOf(o: OrderRow, provider: PaymentProvider | undefined): Promise<OrderView['paymentPlan']> {
  if (o.paymentMethod === 'card' || !o.paymentRef || !provider) return null
  const state = await provider.status(o.paymentRef)
  if (!state?.instalments?.length) return null
  const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
  return {
    method: o.paymentMethod,
    provider: o.paymentMethod === 'clearpay' ? 'Clearpay' : 'Afterpay',
    payments: state.instalments.map((i) => ({
      number: i.number,
      dueOn: i.dueOn,
      date: date.format(new Date(`${i.dueOn}T00:00:00Z`)),
      amountCents: i.amountCents,
      amount: moneyText(i.amountCents, o.currency),
      status: i.status,
    })),
  }
}

/** An order as visitors, mail and the owner see it; with the payment provider, an instalment plan's schedule too. */
export async function orderView(orm: Orm, o: OrderRow, downloadSecret: string, provider?: PaymentProvider): Promise<OrderView> {
  const cards = await orm.select({ code: giftCards.code, amountCents: giftCards.initialCents }).from(giftCards).where(and(eq(giftCards.siteId, o.siteId), eq(giftCards.orderId, o.id)))
  const subs = await orm.select().from(subscriptions).where(and(eq(subscriptions.siteId, o.siteId), eq(subscriptions.orderId, o.id)))
  const paid = o.status !== 'refunded' && o.status !== 'pending'
  const breakdown = orderBreakdown(o)
  return {
    id: o.id,
    number: o.number,
    websiteId: o.siteId,
    purchasedCartId: o.cartId,
    email: o.email,
    status: o.status,
    testMode: o.testMode,
    created: o.createdAt.getTime(),
    fulfilledOn: o.fulfilledAt?.getTime() ?? null,
    refundedOn: o.refundedAt?.getTime() ?? null,
    currency: o.currency,
    entries: o.entries.map((e) => ({
      id: e.entryId,
      itemId: e.productId,
      sku: e.sku,
      title: e.title,
      productType: e.productType,
      attributes: e.attributes,
      quantity: e.quantity,
      unitPriceCents: e.unitPriceCents,
      subTotalCents: e.subTotalCents,
      unitPrice: money(e.unitPriceCents, o.currency),
      subTotal: money(e.subTotalCents, o.currency),
      additionalFields: e.additionalFields,
      variantText: e.variantText ?? '',
      downloadUrl: paid && e.productType === PRODUCT_TYPES.DIGITAL ? downloadPath(downloadSecret, o.id, e.entryId) : null,
    })),
    shippingAddress: o.shippingAddress,
    billingAddress: o.billingAddress,
    shippingOption: o.shippingOption ? { ...o.shippingOption, cost: money(o.shippingOption.costCents, o.currency) } : null,
    coupons: o.coupons,
    subtotalCents: o.subtotalCents,
    discountCents: o.discountCents,
    shippingCostCents: o.shippingCents,
    taxCents: o.taxCents,
    giftCardCents: o.giftCardCents,
    grandTotalCents: o.grandTotalCents,
    chargedCents: o.chargedCents,
    /** 'card', 'afterpay' or 'clearpay' (an instalment plan). */
    paymentMethod: o.paymentMethod,
    // The same amounts as Money (the theme prints these: right for every currency's fraction digits).
    subtotal: money(o.subtotalCents, o.currency),
    discountTotal: money(o.discountCents, o.currency),
    shippingTotal: money(o.shippingCents, o.currency),
    taxTotal: money(o.taxCents, o.currency),
    giftCardTotal: money(o.giftCardCents, o.currency),
    grandTotal: money(o.grandTotalCents, o.currency),
    chargedTotal: money(o.chargedCents, o.currency),
    /** The lines the confirmation page, the confirmation mail and the editor print (CLDR money text). */
    summary: breakdown.lines,
    breakdown,
    paymentPlan: await paymentPlanOf(o, provider),
    giftCards: cards.map((c) => ({ ...c, amount: money(c.amountCents, o.currency) })),
    subscriptions: subs.map((s) => ({
      id: s.id,
      sku: s.sku,
      itemId: s.productId,
      billingPeriod: { value: s.billingPeriodValue, unit: s.billingPeriodUnit },
      numBillingCycles: s.numBillingCycles,
      priceCents: s.priceCents,
      price: money(s.priceCents, o.currency),
      status: s.status,
      endsOn: s.endsAt?.getTime() ?? null,
    })),
    kind: o.kind,
    locale: o.locale ?? null,
  }
}
export type { OrderView }

/** The order for analytics. */
export function analyticsOrder(o: OrderRow) {
  return {
    id: o.id,
    purchasedCartId: o.cartId,
    testMode: o.testMode,
    websiteId: o.siteId,
    grandTotal: money(o.grandTotalCents, o.currency),
    shippingTotal: money(o.shippingCents, o.currency),
    taxTotal: money(o.taxCents, o.currency),
    items: o.entries.map((e) => ({ sku: e.sku, productName: e.title, quantity: e.quantity, unitPrice: money(e.unitPriceCents, o.currency) })),
  }
}

export async function getOrderRow(orm: Orm, siteId: string, orderId: string): Promise<OrderRow> {
  const [o] = await orm.select().from(orders).where(and(eq(orders.siteId, siteId), eq(orders.id, orderId)))
  if (!o) throw new AppError('not_found', 'order_not_found', 'No such order.')
  return o
}

/** The order a visitor may see with the confirmation token they received at checkout. */
export async function orderByToken(orm: Orm, siteId: string, orderId: string, token: string): Promise<OrderRow> {
  const [o] = await orm
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, siteId), eq(orders.id, orderId), eq(orders.accessTokenHash, sha256Hex(token))))
  if (!o) throw new AppError('not_found', 'order_not_found', 'No such order.')
  return o
}

/**
 * Orders newest first. `q`: an order number ('12' or '#12') matches that number or an email containing it; other
 * text matches part of the email (case-insensitive). `status` keeps one status.
 */
export async function listOrders(orm: Orm, siteId: string, o: OrderQuery): Promise<OrderPage> {
  const conds: SQL[] = [eq(orders.siteId, siteId)]
  if (o.status) conds.push(eq(orders.status, o.status))
  const q = o.q?.trim() ?? ''
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const num = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null
    conds.push(num === null ? ilike(orders.email, pattern) : or(eq(orders.number, num), ilike(orders.email, pattern))!)
  }
  const where = and(...conds)
  const [total] = await orm.select({ n: count() }).from(orders).where(where)
  const rows = await orm.select().from(orders).where(where).orderBy(desc(orders.number)).limit(o.pageSize).offset((o.page - 1) * o.pageSize)
  return {
    total: total?.n ?? 0,
    page: o.page,
    pageSize: o.pageSize,
    orders: rows.map((r) => {
      const breakdown = orderBreakdown(r)
      return {
      id: r.id,
      number: r.number,
      email: r.email,
      status: r.status,
      testMode: r.testMode,
      created: r.createdAt.getTime(),
      currency: r.currency,
      totalCents: breakdown.totalCents,
      total: money(breakdown.totalCents, r.currency),
      breakdown,
      totalQuantity: r.entries.reduce((s, e) => s + e.quantity, 0),
      kind: r.kind,
    }
    }),
  }
}

/** The order's shipments, oldest first, and what each line still has to ship. */
export async function fulfilmentsOf(orm: Orm, o: OrderRow): Promise<{ fulfilments: FulfilmentView[]; unfulfilled: Record<string, number> }> {
  const rows = await orm.select().from(fulfilments).where(and(eq(fulfilments.siteId, o.siteId), eq(fulfilments.orderId, o.id))).orderBy(asc(fulfilments.createdAt), asc(fulfilments.id))
  return { fulfilments: rows.map(fulfilmentView), unfulfilled: remaining(o, rows) }
}

export function fulfilmentView(r: FulfilmentRow): FulfilmentView {
  return { id: r.id, carrier: r.carrier, trackingNumber: r.trackingNumber, trackingUrl: r.trackingUrl, lines: r.lines, created: r.createdAt.getTime() }
}

function remaining(o: OrderRow, rows: readonly FulfilmentRow[]): Record<string, number> {
  const left: Record<string, number> = {}
  // an order fulfilled before shipments were recorded has nothing left to ship
  for (const e of o.entries) left[e.entryId] = o.status === 'fulfilled' && !rows.length ? 0 : e.quantity
  for (const r of rows) for (const l of r.lines) left[l.entryId] = Math.max(0, (left[l.entryId] ?? 0) - l.quantity)
  return left
}

export interface FulfilResult {
  order: OrderRow
  /** The shipment this call recorded; null when there was nothing left to ship (a repeated call). */
  fulfilment: FulfilmentView | null
  /** Every line has now shipped. */
  complete: boolean
}

/**
 * Records a shipment of a paid order: the given line quantities (default: everything not yet shipped) with the
 * carrier and tracking number. The order row is locked while it is checked, so two shipments never send the same
 * units; the order becomes fulfilled when nothing is left. A fulfilled order answers itself with no new shipment.
 */
export async function fulfilOrder(events: DomainEvents, orm: Orm, siteId: string, orderId: string, input: FulfilInput = {}): Promise<FulfilResult> {
  return events.transaction(orm, async (tx, raise) => {
    const [o] = await tx.select().from(orders).where(and(eq(orders.siteId, siteId), eq(orders.id, orderId))).for('update')
    if (!o) throw new AppError('not_found', 'order_not_found', 'No such order.')
    if (o.status === 'fulfilled') return { order: o, fulfilment: null, complete: true }
    if (o.status !== 'paid') throw new AppError('conflict', 'order_not_paid', `A ${o.status} order cannot be fulfilled.`)
    const done = await tx.select().from(fulfilments).where(and(eq(fulfilments.siteId, siteId), eq(fulfilments.orderId, o.id)))
    const left = remaining(o, done)
    const lines = (input.lines ?? Object.entries(left).map(([entryId, quantity]) => ({ entryId, quantity }))).filter((l) => l.quantity > 0)
    const fields: Record<string, string> = {}
    const seen = new Set<string>()
    for (const [i, l] of lines.entries()) {
      if (!(l.entryId in left)) fields[`lines.${i}.entryId`] = 'This order has no such line.'
      else if (seen.has(l.entryId)) fields[`lines.${i}.entryId`] = 'Each line once.'
      else if (l.quantity > left[l.entryId]!) fields[`lines.${i}.quantity`] = `At most ${left[l.entryId]} left to ship.`
      seen.add(l.entryId)
    }
    if (Object.keys(fields).length) throw new AppError('invalid_data', 'invalid_lines', 'Check the quantities to ship.', { fields })
    if (!lines.length) throw new AppError('invalid_data', 'nothing_to_ship', 'Choose at least one item to ship.')
    const [row] = await tx
      .insert(fulfilments)
      .values({ id: newId(), siteId, orderId: o.id, carrier: input.carrier?.trim() ?? '', trackingNumber: input.trackingNumber?.trim() ?? '', trackingUrl: input.trackingUrl?.trim() || null, lines })
      .returning()
    for (const l of lines) left[l.entryId] = left[l.entryId]! - l.quantity
    const complete = Object.values(left).every((q) => q === 0)
    let order = o
    if (complete) {
      const [u] = await tx.update(orders).set({ status: 'fulfilled', fulfilledAt: new Date() }).where(eq(orders.id, o.id)).returning()
      order = u ?? o
    }
    // the shipping mail (and the review request once complete) is queued by this event's subscriber (notify)
    await raise('commerce_order_fulfilled', { siteId, orderId: o.id, fulfilmentId: row!.id, complete, notifyCustomer: input.notifyCustomer ?? true })
    return { order, fulfilment: fulfilmentView(row!), complete }
  })
}

/**
 * Confirms the awaited payment of a pending test-mode order (a live provider confirms its own payments): the
 * authorisation is captured, the order becomes paid and the gift cards it bought are issued, in one transaction, so
 * they exist (and their recipients are mailed) exactly once. An order that is not pending is refused: confirming
 * twice changes nothing and issues nothing.
 */
export async function confirmPayment(events: DomainEvents, orm: Orm, siteId: string, orderId: string, provider: PaymentProvider): Promise<{ order: OrderRow; giftCards: IssuedGiftCard[] }> {
  const o = await getOrderRow(orm, siteId, orderId)
  if (o.status !== 'pending') throw new AppError('conflict', 'order_not_pending', `A ${o.status} order has no payment awaiting confirmation.`)
  if (!o.testMode) throw new AppError('conflict', 'confirm_not_supported', 'The payment provider confirms this payment.')
  // A payment from before the provider kept payments (0009) is unknown to it: nothing to capture.
  if (o.paymentRef && (await provider.status(o.paymentRef))) await provider.capture(o.paymentRef)
  return events.transaction(orm, async (tx, raise) => {
    const [row] = await tx.update(orders).set({ status: 'paid' }).where(and(eq(orders.id, o.id), eq(orders.status, 'pending'))).returning()
    if (!row) throw new AppError('conflict', 'order_not_pending', 'The order changed meanwhile. Reload it.')
    const giftCards = await issueOrderGiftCards(tx, row)
    if (giftCards.length) await raise('commerce_gift_cards_issued', { siteId, orderId: row.id, giftCards })
    return { order: row, giftCards }
  })
}

/**
 * Refunds a test-mode order in full: the payment first (what is authorised and not captured is released, what
 * was captured is refunded; the provider refuses an impossible move, and then nothing else changes), then stock
 * and gift-card balances come back, the order's promotion uses are given back and subscriptions end.
 */
export async function refundOrder(events: DomainEvents, orm: Orm, siteId: string, orderId: string, provider: PaymentProvider): Promise<OrderRow> {
  const o = await getOrderRow(orm, siteId, orderId)
  if (!o.testMode) throw new AppError('conflict', 'refund_not_supported', 'Only test-mode orders can be refunded here.')
  if (o.status === 'refunded') return o
  if (o.paymentRef) {
    const p = await provider.status(o.paymentRef)
    if (p) {
      const uncaptured = p.authorizedCents - p.capturedCents - p.voidedCents
      if (uncaptured > 0) await provider.void(o.paymentRef)
      const refundable = p.capturedCents - p.refundedCents
      if (refundable > 0) await provider.refund(o.paymentRef, refundable)
    }
    // Unknown to the provider: a test-mode payment from before payments were kept (0009); nothing to move.
  }
  const row = await events.transaction(orm, async (tx, raise) => {
    const [r] = await tx.update(orders).set({ status: 'refunded', refundedAt: new Date() }).where(and(eq(orders.id, o.id), ne(orders.status, 'refunded'))).returning()
    if (!r) throw new AppError('conflict', 'order_changed', 'The order was refunded meanwhile. Reload it.')
    for (const e of [...o.entries].sort((a, b) => (a.variantId < b.variantId ? -1 : 1))) {
      if (!e.unlimited) await returnStock(tx, siteId, e.variantId, e.quantity)
    }
    await restore(tx, siteId, o.id)
    await releasePromotions(tx, siteId, o.id)
    await tx.update(subscriptions).set({ status: 'cancelled' }).where(and(eq(subscriptions.siteId, siteId), eq(subscriptions.orderId, o.id)))
    await raise('commerce_order_refunded', { siteId, orderId: o.id }) // the buyer's refund mail (notify)
    return r
  })
  return row
}
