// Money: exact decimal amounts, the legacy (non-CLDR) money format of SPEC.md section 9, and CLDR formatting.
import { Decimal, type CLDR, type CurrencyType } from '@phensley/cldr'
import { fractionDigits } from '@sitewright/contracts/money'
import { dig, escapeHtml, isRecord, isTrue, type Lookup } from './values.js'

export const DEFAULT_CURRENCY = 'USD'

export { fractionDigits }

/** Legacy money format: at most this many integer places (higher digits are dropped, as a fixed-width formatter does). */
export const MAX_INTEGER_PLACES = 15

export const ZERO = new Decimal(0)
const HUNDRED = new Decimal(100)

/** An amount with its currency. */
export interface Money {
  readonly amount: Decimal
  readonly currency: string
}

/** Parse a decimal number from a JSON number or string; undefined when it is not one. */
export function parseDecimal(v: unknown): Decimal | undefined {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return undefined
    v = String(v)
  }
  if (typeof v !== 'string') return undefined
  const s = v.trim()
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return undefined
  try {
    const d = new Decimal(s)
    return d.isFinite() ? d : undefined
  } catch {
    return undefined
  }
}

function currencyOf(v: unknown): string {
  return typeof v === 'string' && /^[A-Za-z]{3}$/.test(v) ? v.toUpperCase() : DEFAULT_CURRENCY
}

/** Minor units (cents) to a Money: minor units / 100, default currency USD. Non-numbers count as 0. */
export function fromMinorUnits(v: unknown, currency: unknown = DEFAULT_CURRENCY): Money {
  const cents = parseDecimal(v) ?? ZERO
  return { amount: cents.divide(HUNDRED), currency: currencyOf(currency) }
}

/**
 * A Money from template data: `{ value, currency }` (value a decimal string, as product data carries it) or
 * `{ decimalValue, currencyCode }`. Undefined when there is no readable amount.
 */
export function readMoney(v: unknown): Money | undefined {
  if (!isRecord(v)) return undefined
  if (v.value !== undefined) {
    const amount = parseDecimal(v.value)
    return amount ? { amount, currency: currencyOf(v.currency ?? v.currencyCode) } : undefined
  }
  if (v.decimalValue !== undefined) {
    const amount = parseDecimal(v.decimalValue)
    return amount ? { amount, currency: currencyOf(v.currencyCode ?? v.currency) } : undefined
  }
  return undefined
}

/** Money to whole minor units (amount * 100, rounded half-even), as a number. */
export function toMinorUnits(m: Money): number {
  return Number(m.amount.multiply(HUNDRED).setScale(0, 'half-even').toString())
}

/** Legacy format: currency fraction digits, ',' grouping, '.' decimal point, at most 15 integer places, '-' in front. */
export function formatLegacyMoney(m: Money): string {
  const digits = fractionDigits(m.currency)
  const rounded = m.amount.setScale(digits, 'half-even')
  const negative = rounded.isNegative() && !rounded.isZero()
  const plain = rounded.abs().toString()
  const dot = plain.indexOf('.')
  let int = dot < 0 ? plain : plain.slice(0, dot)
  const frac = dot < 0 ? '' : plain.slice(dot + 1)
  if (int.length > MAX_INTEGER_PLACES) int = int.slice(int.length - MAX_INTEGER_PLACES)
  let grouped = ''
  for (let i = 0; i < int.length; i++) {
    if (i > 0 && (int.length - i) % 3 === 0) grouped += ','
    grouped += int[i]
  }
  const fracPart = digits > 0 ? `.${frac.padEnd(digits, '0').slice(0, digits)}` : ''
  return `${negative ? '-' : ''}${grouped}${fracPart}`
}

/** CLDR currency format in the render's locale; '' without locale data. */
export function formatCldrMoney(cldr: CLDR | undefined, m: Money): string {
  if (!cldr) return ''
  return cldr.Numbers.formatCurrency(m.amount, m.currency as CurrencyType)
}

/** Whether the site asked for CLDR money formatting (website settings or feature flag in the page context). */
export function usesCldrMoney(resolve: Lookup): boolean {
  return (
    isTrue(resolve(['websiteSettings', 'useCLDRMoneyFormat'])) ||
    isTrue(resolve(['website', 'useCLDRMoneyFormat'])) ||
    isTrue(resolve(['featureFlags', 'useCLDRMoneyFormat']))
  )
}

/** Money as page markup: CLDR text, or the legacy amount in its native-money span. */
export function moneyMarkup(m: Money, cldr: CLDR | undefined, useCldr: boolean): string {
  if (useCldr) return escapeHtml(formatCldrMoney(cldr, m))
  return `<span class="sqs-money-native">${formatLegacyMoney(m)}</span>`
}

/** Amount of a variant's or product's price field: the Money object when present, else legacy minor units. */
export function priceField(holder: unknown, moneyKey: string, centsKey: string): Money | undefined {
  const money = readMoney(dig(holder, moneyKey))
  if (money) return money
  const cents = dig(holder, centsKey)
  return typeof cents === 'number' || (typeof cents === 'string' && parseDecimal(cents))
    ? fromMinorUnits(cents)
    : undefined
}
