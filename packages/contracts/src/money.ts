// Money's fraction-digits rule, once for the server, the theme engine, the editor and the storefront: amounts are
// integer minor units; JPY has no fraction digits, every other store currency has two.

/** The store currencies: JPY plus the 26 with two fraction digits. */
export const STORE_CURRENCIES = [
  'USD', 'EUR', 'GBP', 'AUD', 'CAD', 'NZD', 'JPY', 'CHF', 'DKK', 'NOK', 'SEK', 'CZK', 'PLN', 'HKD', 'SGD', 'MXN',
  'ILS', 'PHP', 'RUB', 'THB', 'MYR', 'ARS', 'BRL', 'COP', 'IDR', 'INR', 'ZAR',
] as const

const ZERO_DIGIT_CURRENCIES: ReadonlySet<string> = new Set(['JPY'])

/** Fraction digits of a currency's minor unit (an unlisted currency has two). */
export function fractionDigits(currency: string): number {
  return ZERO_DIGIT_CURRENCIES.has(currency.toUpperCase()) ? 0 : 2
}

/** Integer minor units -> exact decimal text with the currency's fraction digits ("-12.05", "1200" for JPY). */
export function decimalText(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a whole amount of minor units: ${minor}`)
  const digits = fractionDigits(currency)
  const negative = minor < 0
  const abs = String(Math.abs(minor))
  if (digits === 0) return (negative ? '-' : '') + abs
  const padded = abs.padStart(digits + 1, '0')
  return `${negative ? '-' : ''}${padded.slice(0, -digits)}.${padded.slice(-digits)}`
}
