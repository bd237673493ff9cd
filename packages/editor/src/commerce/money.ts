// Money in the owner's screens: amounts are typed in major units ("12.50") and sent to the server in integer
// minor units per the currency's fraction digits (the rule of @sitewright/contracts/money).
import { fractionDigits, STORE_CURRENCIES } from '@sitewright/contracts/money'

export const DEFAULT_CURRENCY = 'USD'

export { fractionDigits, STORE_CURRENCIES }

/** Largest amount the server accepts in one money field (minor units). */
export const MAX_MINOR = 100_000_000

export type MinorResult = { ok: true; minor: number } | { ok: false; message: string }

/**
 * Major-unit text -> integer minor units. Accepts "12", "12.5", "12.50", ".5" and thousands commas ("1,250.00");
 * rejects negative amounts, more decimals than the currency has, and anything else.
 */
export function toMinor(input: string, currency: string): MinorResult {
  const digits = fractionDigits(currency)
  const text = input.trim().replace(/,(?=\d{3}(\D|$))/g, '')
  if (text === '') return { ok: false, message: 'Enter an amount.' }
  if (text.startsWith('-')) return { ok: false, message: 'The amount cannot be negative.' }
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text)
  if (!m || (m[1] === '' && !m[2])) return { ok: false, message: 'Enter an amount such as ' + example(currency) + '.' }
  const frac = m[2] ?? ''
  if (frac.length > digits)
    return {
      ok: false,
      message: digits === 0 ? `${currency} amounts have no decimals.` : `Use at most ${digits} decimals.`,
    }
  const whole = m[1] === '' ? 0 : Number(m[1])
  const minor = whole * 10 ** digits + (frac === '' ? 0 : Number(frac.padEnd(digits, '0')))
  if (!Number.isSafeInteger(minor) || minor > MAX_MINOR)
    return { ok: false, message: `The amount is too large (at most ${toMajor(MAX_MINOR, currency)}).` }
  return { ok: true, minor }
}

/** Integer minor units -> major-unit text for an input ("12.50", "1200" for JPY), no grouping. */
export function toMajor(minor: number, currency: string): string {
  const digits = fractionDigits(currency)
  const negative = minor < 0
  const abs = String(Math.abs(Math.trunc(minor)))
  if (digits === 0) return (negative ? '-' : '') + abs
  const padded = abs.padStart(digits + 1, '0')
  return `${negative ? '-' : ''}${padded.slice(0, -digits)}.${padded.slice(-digits)}`
}

function example(currency: string): string {
  return fractionDigits(currency) === 0 ? '1200' : '12.50'
}

/** Display text of an amount, e.g. "$12.50", "¥1,200". */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const digits = fractionDigits(currency)
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(minor / 10 ** digits)
  } catch {
    return `${toMajor(minor, currency)} ${currency}`
  }
}
