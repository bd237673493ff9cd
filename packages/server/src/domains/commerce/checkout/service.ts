// Checkout: turns a cart into an order. Payment is authorised first; then one short transaction claims the cart,
// takes the stock (conditional UPDATEs in variant-id order), spends gift-card balance, numbers and stores the
// order; then the payment is captured (or voided when the transaction failed).
import { and, eq } from 'drizzle-orm'
import type { Orm } from '../../../platform/db/index.js'
import { sqlRows } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { newId, newToken, sha256Hex } from '../../../platform/ids.js'
import { sql } from 'drizzle-orm'
import { cartLines, pricingRules, requiresShipping, totalsOf, type CartLine } from '../cart/view.js'
import { giftCardToApply, issueOrderGiftCards, redeem, type IssuedGiftCard } from '../giftcards/service.js'
import { takeStock } from '../catalogue/inventory.js'
import { instalmentCheck, methodOf } from './instalments.js'
import { claimPromotions, usesByEmail } from './promotion-uses.js'
import type { CardInput, PaymentProvider } from './payments.js'
import { orders, subscriptions, type CartRow, type OrderEntrySnapshot, type OrderRow, type PaymentMethod } from '../schema.js'
import { getSettings, nextOrderNumber } from '../settings.js'
import { PRODUCT_TYPES, recurringKindOf } from '../validators.js'
import { canonicalLocaleTag, type Address } from '@sitewright/contracts'

export type { Address }

export interface CheckoutInput {
  email: string
  shippingAddress?: Address | undefined
  billingAddress?: Address | undefined
  shippingOptionId?: string | undefined
  giftCardCode?: string | undefined
  card?: CardInput | undefined
  /** 'instalments': an Afterpay / Clearpay plan (provider by the site's locale) instead of the card. */
  paymentMethod?: 'card' | 'instalments' | undefined
  /** The shopper's locale (the page's language, else the remembered choice); absent: the site's default. */
  locale?: string | undefined
}

const invalid = (message: string, code: string, field?: string): never => {
  throw new AppError('invalid_data', code, message, field ? { fields: { [field]: message } } : {})
}

function snapshot(l: CartLine): OrderEntrySnapshot {
  return {
    entryId: l.entryId,
    productId: l.productId,
    variantId: l.variantId,
    sku: l.sku,
    title: l.title,
    productType: l.productType,
    attributes: l.attributes,
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
    subTotalCents: l.unitPriceCents * l.quantity,
    additionalFields: l.additionalFields,
    unlimited: l.unlimited,
    variantText: l.variantText,
  }
}

export type { IssuedGiftCard } from '../giftcards/service.js'

export interface PlacedOrder {
  order: OrderRow
  confirmationToken: string
  giftCards: IssuedGiftCard[]
}

export async function placeOrder(
  orm: Orm,
  siteId: string,
  cart: CartRow | null,
  input: CheckoutInput,
  provider: PaymentProvider,
  site: { locale?: string | undefined } = {},
  /** Runs last in the order's transaction (the order-confirmed event is raised there). */
  inTransaction?: (tx: Orm, placed: PlacedOrder) => Promise<void>,
): Promise<PlacedOrder> {
  if (!cart) return invalid('Your cart is empty.', 'cart_empty')
  if (cart.isPurchased) throw new AppError('conflict', 'cart_purchased', 'This cart has already been checked out.')
  const lines = await cartLines(orm, siteId, cart.id)
  if (lines.length === 0) return invalid('Your cart is empty.', 'cart_empty')
  const ships = lines.some((l) => requiresShipping(l.productType))
  if (ships && !input.shippingAddress) invalid('Enter a shipping address.', 'shipping_address_required', 'shippingAddress')
  if (cart.kind === 'subscription') {
    const l = lines[0]!
    if (lines.length !== 1 || !l.isSubscribable || !l.subscriptionPlan || recurringKindOf(l.productType) === null) {
      invalid('Subscriptions are available only for physical products and services (and memberships, as membership plans).', 'subscription_invalid')
    }
  }
  for (const l of lines) {
    if (!l.unlimited && l.quantity > l.qtyInStock) throw new AppError('conflict', 'insufficient_stock', 'Sorry, we do not have enough of that item available.')
  }
  const settings = await getSettings(orm, siteId)
  const { currency } = settings
  const addr = input.shippingAddress
  const location = ships && addr ? { country: addr.country, region: addr.region } : (cart.shippingLocation ?? null)
  const rules = await pricingRules(orm, siteId)
  const totals = totalsOf(
    { couponCodes: cart.couponCodes, selectedShippingOption: input.shippingOptionId ?? cart.selectedShippingOption, shippingLocation: location },
    lines,
    rules,
    new Date(),
    { giftCard: !!input.giftCardCode, usedByCustomer: await usesByEmail(orm, siteId, rules.promotions, input.email) },
  )
  if (input.shippingOptionId && totals.selectedShippingOption?.id !== input.shippingOptionId) invalid('Choose one of the shipping options offered.', 'shipping_option_invalid', 'shippingOptionId')
  const badCoupon = totals.invalidCoupons[0]
  if (badCoupon) invalid(`Coupon ${badCoupon.code}: ${badCoupon.reason} Remove it to continue.`, 'coupon_invalid')

  // Gift card: what it is expected to cover; the transaction re-checks the balance under a row lock.
  const giftCard = input.giftCardCode ? await giftCardToApply(orm, siteId, input.giftCardCode, totals.grandTotalCents) : null
  const chargeCents = totals.grandTotalCents - (giftCard?.applied ?? 0)
  let method: PaymentMethod = 'card'
  if (input.paymentMethod === 'instalments') {
    const check = instalmentCheck({
      enabled: settings.instalmentsEnabled,
      locale: site.locale,
      allPhysical: lines.every((l) => l.productType === PRODUCT_TYPES.PHYSICAL),
      subscription: cart.kind === 'subscription',
      amountCents: chargeCents,
      minCents: settings.instalmentMinCents,
      maxCents: settings.instalmentMaxCents,
      currency,
      shipTo: addr?.country,
    })
    if (!check.ok) invalid(check.reason, 'instalments_unavailable', 'paymentMethod')
    else method = methodOf(check.provider)
  }
  const orderId = newId()
  const auth = await provider.authorize({ siteId, amountCents: chargeCents, currency, method, card: method === 'card' ? input.card : undefined, reference: orderId })
  if (!auth.ok) throw new AppError('unprocessable', `payment_${auth.code}`, auth.message)

  const token = newToken()
  let order: OrderRow
  const issued: IssuedGiftCard[] = []
  try {
    order = await orm.transaction(async (tx) => {
      issued.length = 0
      const claimed = await sqlRows<{ id: string }>(
        tx,
        sql`UPDATE commerce_carts SET is_purchased = true, order_id = ${orderId}, updated_at = now()
            WHERE site_id = ${siteId} AND id = ${cart.id} AND NOT is_purchased RETURNING id`,
      )
      if (claimed.length === 0) throw new AppError('conflict', 'cart_purchased', 'This cart has already been checked out.')
      for (const l of [...lines].sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0))) {
        await takeStock(tx, siteId, l.variantId, l.quantity)
      }
      if (giftCard) await redeem(tx, siteId, giftCard.id, giftCard.applied, orderId)
      await claimPromotions(tx, siteId, totals.promotions, orderId, input.email, rules.promotions)
      const number = await nextOrderNumber(tx, siteId)
      const [row] = await tx
        .insert(orders)
        .values({
          id: orderId,
          siteId,
          number,
          cartId: cart.id,
          accessTokenHash: sha256Hex(token),
          email: input.email,
          locale: input.locale ? canonicalLocaleTag(input.locale) : null,
          shippingAddress: ships && addr ? { ...addr } as Record<string, string> : null,
          billingAddress: input.billingAddress ? ({ ...input.billingAddress } as Record<string, string>) : null,
          entries: lines.map(snapshot),
          shippingOption: totals.selectedShippingOption,
          coupons: totals.validCoupons,
          currency,
          subtotalCents: totals.subtotalCents,
          discountCents: totals.discountCents,
          shippingCents: totals.shippingCostCents,
          taxCents: totals.taxCents,
          giftCardCents: giftCard?.applied ?? 0,
          promotionCents: totals.promotionCents,
          promotions: totals.promotions,
          grandTotalCents: totals.grandTotalCents,
          chargedCents: chargeCents,
          paymentProvider: provider.id,
          paymentRef: auth.ref,
          paymentMethod: method,
          testMode: provider.testMode,
          status: auth.pending ? 'pending' : 'paid',
        })
        .returning()
      // The cards bought exist once the order is paid: a pending payment issues them when it is confirmed.
      if (!auth.pending) issued.push(...(await issueOrderGiftCards(tx, row!)))
      if (cart.kind === 'subscription') {
        const l = lines[0]!
        const plan = l.subscriptionPlan!
        await tx.insert(subscriptions).values({
          id: newId(),
          siteId,
          orderId,
          productId: l.productId,
          sku: l.sku,
          email: input.email,
          billingPeriodValue: plan.billingPeriod.value,
          billingPeriodUnit: plan.billingPeriod.unit,
          numBillingCycles: plan.numBillingCycles,
          priceCents: l.unitPriceCents,
        })
      }
      await inTransaction?.(tx, { order: row!, confirmationToken: token, giftCards: [...issued] })
      return row!
    })
  } catch (e) {
    await provider.void(auth.ref).catch(() => undefined) // the order's own error is the answer
    throw e
  }
  if (!auth.pending) await provider.capture(auth.ref) // a pending payment is captured once it is confirmed
  return { order, confirmationToken: token, giftCards: issued }
}

export async function orderOfCart(orm: Orm, siteId: string, cartId: string): Promise<OrderRow | undefined> {
  const [o] = await orm.select().from(orders).where(and(eq(orders.siteId, siteId), eq(orders.cartId, cartId)))
  return o
}
