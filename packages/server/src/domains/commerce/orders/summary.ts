// The money lines of a checkout and of an order: subtotal, discount, shipping, tax, gift card and the total to pay
// (what the order charges once the gift card has paid its part). The checkout summary, the confirmation page, the
// confirmation mail and the editor's order view all print these same lines; the amounts are formatted by CLDR, so
// the sign sits where the locale puts it ('-$35.00', '-35,00 €').
import { DEFAULT_LOCALE, formatMoney, getCldr } from '@sitewright/jsont/i18n'
import { messagesFor, type MessageKey } from '../../../platform/messages.js'
import { decimalText } from '../shared/money.js'
import type { AppliedPromotion, OrderBreakdown, SummaryKey, SummaryLine } from '@sitewright/contracts'
import type { OrderRow } from '../schema.js'

export type { OrderBreakdown, SummaryKey, SummaryLine }

export interface SummaryAmounts {
  currency: string
  subtotalCents: number
  discountCents: number
  shippingCents: number
  /** Whether the shipping line shows although it costs nothing (the order ships). */
  ships: boolean
  taxCents: number
  /** What the gift card pays (positive). */
  giftCardCents: number
  /** Each applied promotion (what it takes off, positive): a line each, after the subtotal. */
  promotions?: readonly Pick<AppliedPromotion, 'name' | 'amountCents'>[] | undefined
  /** What is left to pay (the amount charged). */
  totalCents: number
}

/** An amount in minor units as CLDR formats it, e.g. -3500 USD -> '-$35.00'. */
export function moneyText(minor: number, currency: string, locale: string = DEFAULT_LOCALE): string {
  const decimal = decimalText(minor, currency)
  return formatMoney(locale, decimal, currency) || formatMoney(DEFAULT_LOCALE, decimal, currency) || `${decimal} ${currency}`
}

export const SUMMARY_LABELS: Readonly<Record<SummaryKey, string>> = {
  subtotal: 'Subtotal',
  promotion: 'Promotion',
  discount: 'Discount',
  shipping: 'Shipping',
  tax: 'Tax',
  giftCard: 'Gift card',
  total: 'Total',
}

export function summaryLines(a: SummaryAmounts, locale: string = DEFAULT_LOCALE): SummaryLine[] {
  const line = (key: SummaryKey, amountCents: number, label = SUMMARY_LABELS[key]): SummaryLine => ({ key, label, amountCents, text: moneyText(amountCents, a.currency, locale) })
  return [
    line('subtotal', a.subtotalCents),
    ...(a.promotions ?? []).filter((p) => p.amountCents).map((p) => line('promotion', -p.amountCents, p.name)),
    ...(a.discountCents ? [line('discount', -a.discountCents)] : []),
    ...(a.ships || a.shippingCents ? [line('shipping', a.shippingCents)] : []),
    line('tax', a.taxCents),
    ...(a.giftCardCents ? [line('giftCard', -a.giftCardCents)] : []),
    line('total', a.totalCents),
  ]
}

/**
 * The order's stored money as the one breakdown every reader uses (list, page, mails, confirmation, analytics):
 * the total is what was charged, after gift cards, never the amount before them.
 */
export function orderBreakdown(o: OrderRow, locale: string = DEFAULT_LOCALE): OrderBreakdown {
  const amounts: SummaryAmounts = {
    currency: o.currency,
    subtotalCents: o.subtotalCents,
    discountCents: o.discountCents,
    shippingCents: o.shippingCents,
    ships: !!o.shippingOption || !!o.shippingAddress,
    taxCents: o.taxCents,
    giftCardCents: o.giftCardCents,
    promotions: o.promotions,
    totalCents: o.chargedCents,
  }
  return {
    currency: o.currency,
    subtotalCents: o.subtotalCents,
    discountCents: o.discountCents,
    shippingCents: o.shippingCents,
    taxCents: o.taxCents,
    giftCardCents: o.giftCardCents,
    promotionCents: o.promotionCents,
    promotions: o.promotions,
    totalCents: o.chargedCents,
    total: moneyText(o.chargedCents, o.currency, locale),
    refundedCents: o.status === 'refunded' ? o.chargedCents : 0,
    lines: summaryLines(amounts, locale),
  }
}

const LABEL_KEYS: Partial<Record<SummaryKey, MessageKey>> = { subtotal: 'totals.subtotal', discount: 'totals.discount', shipping: 'totals.shipping', tax: 'totals.tax', giftCard: 'totals.giftCard', total: 'totals.total' }

/** The summary lines in the shopper's language: labels from the catalogue (a promotion keeps its name), amounts as
 * CLDR formats them in `locale` (fr-FR: '61,53 $US'). English reads exactly as `summaryLines`. */
export function localizedSummary(lines: readonly SummaryLine[], currency: string, locale: string): SummaryLine[] {
  const t = messagesFor(locale)
  return lines.map((l) => {
    const key = LABEL_KEYS[l.key]
    return { ...l, label: key ? t(key) : l.label, text: moneyText(l.amountCents, currency, locale) }
  })
}

/** A day as CLDR writes it in `locale`, long form ('2 décembre 2026', 'December 2, 2026'), in `zoneId`. */
export function dateText(ms: number, locale: string, zoneId = 'Etc/UTC'): string {
  const cldr = getCldr(locale) ?? getCldr(DEFAULT_LOCALE)
  if (!cldr) return new Date(ms).toISOString().slice(0, 10)
  return cldr.Calendars.formatDate(cldr.Calendars.toGregorianDate({ date: ms, zoneId }), { date: 'long' })
}
