// Money shapes for the template context and the API, built from integer minor units, in the specification's shape:
// `value` is minor units as a string ("10000"), `decimalValue` the decimal text ("100.00"), `currency` and
// `currencyCode` the code. The template formatters read decimalValue first and a lone value as decimal text (the
// public corpus's shape), so both print 100.00 (ARCHITECTURE.md, "Three contradictions"). Legacy fields stay in cents.

import { decimalText, type MoneyShape } from '@sitewright/contracts'
import { DEFAULT_CURRENCY, fractionDigits } from '@sitewright/jsont/commerce'

export { DEFAULT_CURRENCY, decimalText, fractionDigits }

export type { MoneyShape }

export function money(minor: number, currency: string): MoneyShape {
  const text = decimalText(minor, currency)
  return { value: String(Math.round(minor)), currency, decimalValue: text, currencyCode: currency }
}

/**
 * Decimal text ("12.5", "12.50", 12.5) -> minor units, or undefined when it is not a non-negative amount with at
 * most the currency's fraction digits.
 */
export function parseMinor(input: unknown, currency: string): number | undefined {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : ''
  const m = /^(\d{1,13})(?:\.(\d*))?$/.exec(text)
  if (!m) return undefined
  const digits = fractionDigits(currency)
  const frac = m[2] ?? ''
  if (frac.length > digits) return undefined
  return Number(m[1]) * 10 ** digits + (frac === '' ? 0 : Number(frac.padEnd(digits, '0')))
}
