// A donation as one domain operation: the amount is checked against the store currency's limits (and the block's
// monthly choice), the card is authorised, then one transaction numbers and stores the donation order (kind
// 'donation', one line naming no product) and, for a monthly donation, its subscription (renewed like any other);
// the payment is captured after the commit. Like an order, it is told to analytics (revenue) and mailed: the
// donor's receipt.
import {
  DONATION_DEFAULT_PRESETS, DONATION_MAX_PRESETS, DONATION_MAX_UNITS, DONATION_MIN_UNITS, DONATION_SKU,
  type DonationBlockValue, type DonationPlaced, type MoneyShape,
} from '@sitewright/contracts'
import { AppError } from '../../../platform/errors.js'
import { newId, newToken, sha256Hex } from '../../../platform/ids.js'
import type { CardInput } from '../checkout/payments.js'
import type { CommerceContext } from '../context.js'
import { confirmationPath } from '../checkout/place.js'
import { moneyText } from '../orders/summary.js'
import { orders, subscriptions } from '../schema.js'
import { fractionDigits, money, parseMinor } from '../shared/money.js'
import { getSettings, nextOrderNumber } from '../settings.js'

export interface DonationRequest {
  siteId: string
  block: DonationBlockValue
  amount: string
  recurring: boolean
  email: string
  name?: string | undefined
  card?: CardInput | undefined
  site: { baseUrl: string }
}

/** The limits of a donation in minor units of `currency`. */
export function donationLimits(currency: string): { minCents: number; maxCents: number } {
  const unit = 10 ** fractionDigits(currency)
  return { minCents: DONATION_MIN_UNITS * unit, maxCents: DONATION_MAX_UNITS * unit }
}

/** The amount in minor units, or the message saying what is wrong with it. */
export function checkAmount(amount: string, currency: string): { ok: true; cents: number } | { ok: false; message: string } {
  if (!amount.trim()) return { ok: false, message: 'Enter an amount to donate.' }
  const cents = parseMinor(amount.replace(/,/g, ''), currency)
  const example = fractionDigits(currency) ? '25 or 25.50' : '2500'
  if (cents === undefined) return { ok: false, message: `Enter the amount as a number, for example ${example}.` }
  const { minCents, maxCents } = donationLimits(currency)
  if (cents < minCents) return { ok: false, message: `The smallest donation is ${moneyText(minCents, currency)}.` }
  if (cents > maxCents) return { ok: false, message: `The largest donation is ${moneyText(maxCents, currency)}.` }
  return { ok: true, cents }
}

/** What the DONATE page (203) shows of a donation block: its texts, presets as money, limits and the monthly choice. */
export function donationForm(block: DonationBlockValue, currency: string) {
  const unit = 10 ** fractionDigits(currency)
  const { minCents, maxCents } = donationLimits(currency)
  const presets = (block.presets?.length ? block.presets : DONATION_DEFAULT_PRESETS).slice(0, DONATION_MAX_PRESETS)
  const preset = (units: number): { units: number; amount: MoneyShape; text: string } => ({ units, amount: money(units * unit, currency), text: moneyText(units * unit, currency) })
  return {
    title: block.title || 'Make a donation',
    description: block.description ?? '',
    presets: presets.map(preset),
    recurring: block.recurring === true,
    buttonText: block.buttonText || 'Donate',
    currency,
    minimum: moneyText(minCents, currency),
    maximum: moneyText(maxCents, currency),
    step: fractionDigits(currency) ? '0.01' : '1',
  }
}

const invalid = (message: string, code: string, field: string): never => {
  throw new AppError('invalid_data', code, message, { fields: { [field]: message } })
}

export async function placeDonation(ctx: CommerceContext, r: DonationRequest): Promise<DonationPlaced> {
  const { orm, provider } = ctx
  const { currency } = await getSettings(orm, r.siteId)
  const checked = checkAmount(r.amount, currency)
  if (!checked.ok) return invalid(checked.message, 'donation_amount_invalid', 'amount')
  if (r.recurring && r.block.recurring !== true) invalid('Monthly donations are not offered here.', 'donation_recurring_unavailable', 'recurring')
  const cents = checked.cents
  const orderId = newId()
  const auth = await provider.authorize({ siteId: r.siteId, amountCents: cents, currency, method: 'card', card: r.card, reference: orderId })
  if (!auth.ok) throw new AppError('unprocessable', `payment_${auth.code}`, auth.message)
  const token = newToken()
  try {
    await ctx.events.transaction(orm, async (tx, raise) => {
      const number = await nextOrderNumber(tx, r.siteId)
      const title = r.recurring ? 'Monthly donation' : 'Donation'
      const [row] = await tx
        .insert(orders)
        .values({
          id: orderId, siteId: r.siteId, number, cartId: `donation:${orderId}`, accessTokenHash: sha256Hex(token), email: r.email,
          shippingAddress: null, billingAddress: r.name ? { firstName: r.name } : null,
          entries: [{ entryId: newId(), productId: '', variantId: '', sku: DONATION_SKU, title, productType: 0, attributes: {}, quantity: 1, unitPriceCents: cents, subTotalCents: cents, additionalFields: null, unlimited: true }],
          shippingOption: null, coupons: [], currency, subtotalCents: cents, discountCents: 0, shippingCents: 0, taxCents: 0, giftCardCents: 0,
          grandTotalCents: cents, chargedCents: cents, paymentProvider: provider.id, paymentRef: auth.ref, paymentMethod: 'card',
          testMode: provider.testMode, status: auth.pending ? 'pending' : 'paid', kind: 'donation',
        })
        .returning()
      if (r.recurring) {
        await tx.insert(subscriptions).values({ id: newId(), siteId: r.siteId, orderId, productId: '', sku: DONATION_SKU, email: r.email, billingPeriodValue: 1, billingPeriodUnit: 'MONTH', numBillingCycles: 0, priceCents: cents })
      }
      // the receipt and the owners' mail come by this event (notify), written with the donation
      await raise('commerce_checkout_order_confirmed', {
        orderId, cartId: row!.cartId, testMode: row!.testMode, websiteId: r.siteId,
        confirmationUrl: r.site.baseUrl + confirmationPath(orderId, token), giftCards: [], donation: { name: r.name ?? '', recurring: r.recurring },
      })
    })
  } catch (e) {
    await provider.void(auth.ref).catch(() => undefined)
    throw e
  }
  if (!auth.pending) await provider.capture(auth.ref)
  const confirmationUrl = confirmationPath(orderId, token)
  return { orderId, confirmationUrl, recurring: r.recurring }
}
