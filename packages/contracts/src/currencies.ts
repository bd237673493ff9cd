// The store currencies as SPEC.md's Currency record has them: code, name (English display name), fractionDigits and
// numericCode (ISO 4217).
import { STORE_CURRENCIES, fractionDigits } from './money.js'

export interface Currency {
  code: string
  name: string
  fractionDigits: number
  numericCode: string
}

type StoreCurrency = (typeof STORE_CURRENCIES)[number]

const NAMES_AND_NUMBERS: Record<StoreCurrency, readonly [name: string, numericCode: string]> = {
  USD: ['US Dollar', '840'], EUR: ['Euro', '978'], GBP: ['British Pound', '826'], AUD: ['Australian Dollar', '036'],
  CAD: ['Canadian Dollar', '124'], NZD: ['New Zealand Dollar', '554'], JPY: ['Japanese Yen', '392'], CHF: ['Swiss Franc', '756'],
  DKK: ['Danish Krone', '208'], NOK: ['Norwegian Krone', '578'], SEK: ['Swedish Krona', '752'], CZK: ['Czech Koruna', '203'],
  PLN: ['Polish Zloty', '985'], HKD: ['Hong Kong Dollar', '344'], SGD: ['Singapore Dollar', '702'], MXN: ['Mexican Peso', '484'],
  ILS: ['Israeli New Shekel', '376'], PHP: ['Philippine Peso', '608'], RUB: ['Russian Ruble', '643'], THB: ['Thai Baht', '764'],
  MYR: ['Malaysian Ringgit', '458'], ARS: ['Argentine Peso', '032'], BRL: ['Brazilian Real', '986'], COP: ['Colombian Peso', '170'],
  IDR: ['Indonesian Rupiah', '360'], INR: ['Indian Rupee', '356'], ZAR: ['South African Rand', '710'],
}

/** The Currency record of a store currency code, or null for a code the store does not sell in. */
export function currencyOf(code: string): Currency | null {
  const c = code.toUpperCase()
  const entry = Object.prototype.hasOwnProperty.call(NAMES_AND_NUMBERS, c) ? NAMES_AND_NUMBERS[c as StoreCurrency] : undefined
  return entry ? { code: c, name: entry[0], fractionDigits: fractionDigits(c), numericCode: entry[1] } : null
}
