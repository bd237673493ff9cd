// Money through CLDR: the money value shapes of the template data, the CLDR currency formatting helper shared with
// the commerce formatters and the server, and the legacy `i18n-money-format` layout.
import type { CLDR, CurrencyFormatOptions, CurrencyType, Part } from '@phensley/cldr'
import { getCldr } from './cldr.js'

export interface Money {
  /** Decimal amount in major units, as text (kept exact) or a number. */
  amount: string | number
  /** ISO 4217 code, upper case. */
  currency: string
}

const CURRENCY_RE = /^[A-Z]{3}$/

function isAmount(v: unknown): v is string | number {
  if (typeof v === 'number') return Number.isFinite(v)
  return typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
}

/**
 * Reads a money value from template data: `{decimalValue, currencyCode}` (legacy) or `{value, currency}`.
 * Undefined when the node is not money.
 */
export function readMoney(node: unknown): Money | undefined {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined
  const o = node as Record<string, unknown>
  const amount = o.decimalValue ?? o.value
  const currency = o.currencyCode ?? o.currency
  if (!isAmount(amount) || typeof currency !== 'string') return undefined
  const code = currency.trim().toUpperCase()
  if (!CURRENCY_RE.test(code)) return undefined
  return { amount: typeof amount === 'string' ? amount.trim() : amount, currency: code }
}

function resolveCldr(locale: string | CLDR | undefined): CLDR | undefined {
  if (locale === undefined) return getCldr('en-US')
  return typeof locale === 'string' ? getCldr(locale) : locale
}

/**
 * Formats an amount (major units) in a currency with CLDR, e.g. formatMoney('de-DE', '2500', 'EUR') -> '2.500,00 €'.
 * `locale` is a BCP 47 tag (or a CLDR instance); 'none' or a bad amount or currency code gives ''. Never throws.
 */
export function formatMoney(
  locale: string | CLDR | undefined,
  amount: string | number,
  currency: string,
  options: CurrencyFormatOptions = {},
): string {
  const cldr = resolveCldr(locale)
  const code = currency.trim().toUpperCase()
  if (!cldr || !isAmount(amount) || !CURRENCY_RE.test(code)) return ''
  try {
    return cldr.Numbers.formatCurrency(amount, code as CurrencyType, options)
  } catch {
    return ''
  }
}

/** Parts variant of formatMoney (for markup around the symbol, digits, etc.). */
export function formatMoneyToParts(
  locale: string | CLDR | undefined,
  amount: string | number,
  currency: string,
  options: CurrencyFormatOptions = {},
): Part[] {
  const cldr = resolveCldr(locale)
  const code = currency.trim().toUpperCase()
  if (!cldr || !isAmount(amount) || !CURRENCY_RE.test(code)) return []
  try {
    return cldr.Numbers.formatCurrencyToParts(amount, code as CurrencyType, options)
  } catch {
    return []
  }
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
 * The `i18n-money-format` layout: the locale's digits, separators and symbol side from CLDR; the currency's
 * fraction digits; a short symbol, set off by a space only where a letter of it touches the digits; '-' in front of
 * the amount ('kr -1,234.56', '-A$1,234.56', '-1.234,56 €').
 */
export function formatLegacyMoney(cldr: CLDR, money: Money): string {
  const code = money.currency as CurrencyType
  try {
    const fractions = cldr.Numbers.getCurrencyFractions(code).digits
    const value = cldr.Numbers.parseDecimal(money.amount)
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
