// Money through CLDR: the CLDR currency formatting helper shared with the commerce formatters and the server. Money
// objects are read and laid out by the one implementation in commerce/money.ts.
import type { CLDR, CurrencyFormatOptions, CurrencyType, Part } from '@phensley/cldr'
import { getCldr } from './cldr.js'

const CURRENCY_RE = /^[A-Z]{3}$/

function isAmount(v: unknown): v is string | number {
  if (typeof v === 'number') return Number.isFinite(v)
  return typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
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
