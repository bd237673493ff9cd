// Money: exact decimal amounts, the one reader of template money objects, the legacy storefront money layout (plain
// and per locale), and CLDR formatting. The i18n plugin family reads and lays out money through this file too.
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

/** How a money object of the template data is read: `requireCurrency` (the CLDR formatters) refuses one without a
 * valid currency code instead of assuming USD. */
export interface ReadMoneyOptions {
  readonly requireCurrency?: boolean
}

/**
 * The one reader of money objects in template data, in both shapes it meets: the specification's
 * `{ value, currency, decimalValue, currencyCode }` (value minor units as a string, decimalValue the decimal text:
 * what the server serves) and the public corpus's `{ value, currency }` (value a decimal string) or
 * `{ decimalValue, currencyCode }`. So decimalValue, when present, is the amount; else value as decimal text. Each
 * amount field reads its own currency field first. The currency is a 3-letter code (trimmed, upper-cased), else
 * USD (or nothing with `requireCurrency`). Undefined when there is no readable amount.
 */
export function readMoney(v: unknown, options: ReadMoneyOptions = {}): Money | undefined {
  if (!isRecord(v)) return undefined
  const byValue = v.decimalValue === undefined
  if (byValue && v.value === undefined) return undefined
  const amount = parseDecimal(byValue ? v.value : v.decimalValue)
  if (!amount) return undefined
  const given = byValue ? (v.currency ?? v.currencyCode) : (v.currencyCode ?? v.currency)
  const code = typeof given === 'string' ? given.trim() : undefined
  if (code !== undefined && /^[A-Za-z]{3}$/.test(code)) return { amount, currency: code.toUpperCase() }
  return options.requireCurrency ? undefined : { amount, currency: DEFAULT_CURRENCY }
}

/** Money to whole minor units (amount * 100, rounded half-even), as a number. */
export function toMinorUnits(m: Money): number {
  return Number(m.amount.multiply(HUNDRED).setScale(0, 'half-even').toString())
}

/**
 * The legacy storefront money layout, one entry for both of its formatters: the currency's fraction digits, digit
 * grouping, '-' in front of the amount. Without a locale (`money-format`): ',' grouping, '.' decimal point, no symbol,
 * at most 15 integer places. With one (`i18n-money-format`): see `localLegacyMoney`.
 */
export function formatLegacyMoney(m: Money, cldr?: CLDR): string {
  if (cldr) return localLegacyMoney(cldr, m)
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

// Legacy storefront symbols that differ from CLDR's narrow symbols (which would print a bare '$' for both).
const LEGACY_SYMBOLS: Readonly<Record<string, string>> = { AUD: 'A$', CAD: 'C$' }
const LETTER = /\p{L}/u

function legacySymbol(cldr: CLDR, code: CurrencyType): string {
  return LEGACY_SYMBOLS[code] ?? cldr.Numbers.getCurrencySymbol(code, 'narrow')
}

/** True when the locale's currency pattern puts the symbol before the digits. */
function symbolFirst(cldr: CLDR, code: CurrencyType): boolean {
  const parts = cldr.Numbers.formatCurrencyToParts('1', code)
  const sym = parts.findIndex((p) => p.type === 'currency')
  const num = parts.findIndex((p) => p.type === 'integer')
  return sym >= 0 && sym < num
}

/**
 * The layout in a locale: the locale's digits, separators and symbol side; the currency's CLDR fraction digits; a
 * short symbol, set off by a space only where a letter of it touches the digits ('kr -1,234.56', '-A$1,234.56',
 * '-1.234,56 €'). '' when CLDR cannot format it.
 */
function localLegacyMoney(cldr: CLDR, money: Money): string {
  const code = money.currency as CurrencyType
  try {
    const fractions = cldr.Numbers.getCurrencyFractions(code).digits
    const value = money.amount
    const negative = value.isNegative() && !value.isZero()
    const digitsText = cldr.Numbers.formatDecimal(value.abs(), {
      group: true,
      minimumFractionDigits: fractions,
      maximumFractionDigits: fractions,
    }).replace(/\u202f/g, '\u00a0')
    const sign = negative ? '-' : ''
    const symbol = legacySymbol(cldr, code)
    if (symbolFirst(cldr, code)) {
      const spaced = LETTER.test(symbol.slice(-1))
      return spaced ? `${symbol} ${sign}${digitsText}` : `${sign}${symbol}${digitsText}`
    }
    const spaced = LETTER.test(symbol.charAt(0))
    return `${sign}${digitsText}${spaced ? ' ' : ''}${symbol}`
  } catch {
    return ''
  }
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
