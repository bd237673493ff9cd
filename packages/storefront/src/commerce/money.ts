// Money as the theme prints it without CLDR: minor units / 100 (JPY: no fraction digits, as the
// server stores it), ',' grouping, '.' decimal point, at most 15 integer places, '-' in front. Rendered in the
// theme's `sqs-money-native` span; the currency sits in data-currency (site.css shows its symbol).
import { fractionDigits } from '@sitewright/contracts/money'
import type { Amount } from './types.js'

export const DEFAULT_CURRENCY = 'USD'
const MAX_INTEGER_PLACES = 15

export { fractionDigits }

/**
 * Minor units of an amount. Numbers and numeric strings are minor units (the legacy cents fields); a Money
 * object carries the decimal amount in `value` / `decimalValue` (as the server and the theme print it).
 */
export function toCents(amount: Amount | null | undefined): number {
  if (amount === null || amount === undefined) return 0
  if (typeof amount === 'number') return Number.isFinite(amount) ? Math.round(amount) : 0
  if (typeof amount === 'string') return amount.trim() === '' ? 0 : toCents(Number(amount))
  const n = Number(amount.decimalValue ?? amount.value)
  return Number.isFinite(n) ? Math.round(n * 10 ** fractionDigits(currencyOf(amount))) : 0
}

export function currencyOf(amount: Amount | null | undefined, fallback = DEFAULT_CURRENCY): string {
  if (amount && typeof amount === 'object') {
    const c = amount.currency ?? amount.currencyCode
    if (typeof c === 'string' && /^[A-Za-z]{3}$/.test(c)) return c.toUpperCase()
  }
  return fallback
}

/** '1,234.50' for 123450 minor units, '-0.05' for -5; JPY has no fraction digits (1234 -> '1,234'). */
export function formatMoney(minor: number, currency: string = DEFAULT_CURRENCY): string {
  const digits = fractionDigits(currency)
  const negative = minor < 0
  const abs = Math.abs(Math.round(minor))
  const scale = 10 ** digits
  let int = String(Math.floor(abs / scale))
  if (int.length > MAX_INTEGER_PLACES) int = int.slice(int.length - MAX_INTEGER_PLACES)
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const frac = digits > 0 ? `.${String(abs % scale).padStart(digits, '0')}` : ''
  const text = `${grouped}${frac}`
  return negative && /[1-9]/.test(text) ? `-${text}` : text
}

/** The money span as the theme renders it (textContent safe: built with DOM calls). */
export function moneyElement(doc: Document, cents: number, currency: string = DEFAULT_CURRENCY): HTMLElement {
  const span = doc.createElement('span')
  span.className = 'sqs-money-native'
  span.dataset.currency = currency
  span.textContent = formatMoney(cents, currency)
  return span
}

const SYMBOLS: Record<string, string> = { USD: '$', CAD: '$', AUD: '$', NZD: '$', EUR: '€', GBP: '£', JPY: '¥' }

/** Plain text with a symbol for the few currencies that have an unambiguous one, else the code after. */
export function moneyText(cents: number, currency: string = DEFAULT_CURRENCY): string {
  const symbol = SYMBOLS[currency]
  const amount = formatMoney(cents, currency)
  if (!symbol) return `${amount} ${currency}`
  return amount.startsWith('-') ? `-${symbol}${amount.slice(1)}` : `${symbol}${amount}`
}
