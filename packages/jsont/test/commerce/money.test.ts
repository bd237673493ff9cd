import { describe, expect, it } from 'vitest'
import {
  formatCldrMoney, formatLegacyMoney, fractionDigits, fromMinorUnits, parseDecimal, readMoney, toMinorUnits,
  moneyMarkup,
} from '../../src/plugins/commerce/index.js'
import { getCldr } from '../../src/plugins/i18n/cldr.js'

const usd = (value: string) => ({ amount: parseDecimal(value)!, currency: 'USD' })

describe('money', () => {
  it('reads minor units as units / 100 with USD by default', () => {
    const m = fromMinorUnits(12345)
    expect(m.currency).toBe('USD')
    expect(m.amount.toString()).toBe('123.45')
    expect(fromMinorUnits('A').amount.isZero()).toBe(true)
    expect(fromMinorUnits(5, 'eur').currency).toBe('EUR')
  })

  it('reads Money objects in both shapes and rejects non-numbers', () => {
    expect(readMoney({ value: '.50', currency: 'EUR' })).toMatchObject({ currency: 'EUR' })
    expect(readMoney({ value: '.50' })!.amount.toString()).toBe('0.50')
    expect(readMoney({ decimalValue: '1.5', currencyCode: 'JPY' })!.currency).toBe('JPY')
    expect(readMoney({ value: 'abc' })).toBeUndefined()
    expect(readMoney('12')).toBeUndefined()
    expect(parseDecimal('1e3')!.toString()).toBe('1000')
    expect(parseDecimal('')).toBeUndefined()
    expect(parseDecimal(Infinity)).toBeUndefined()
  })

  it('the specification\'s Money ("value (string in minor units) and currency; also decimalValue and currencyCode") reads as the decimal, the corpus\'s lone decimal value too', () => {
    const spec = readMoney({ value: '10000', currency: 'USD', decimalValue: '100.00', currencyCode: 'USD' })!
    expect(spec.amount.toString()).toBe('100.00')
    expect(toMinorUnits(spec)).toBe(10000)
    expect(readMoney({ value: '100.00', currency: 'USD' })!.amount.toString()).toBe('100.00')
    expect(formatLegacyMoney(spec)).toBe('100.00')
  })

  it('converts back to minor units exactly', () => {
    expect(toMinorUnits(usd('0.1'))).toBe(10)
    expect(toMinorUnits(usd('100.00'))).toBe(10000)
    expect(toMinorUnits(usd('.25'))).toBe(25)
  })

  it('knows the listed fraction digits', () => {
    expect(fractionDigits('JPY')).toBe(0)
    for (const c of ['USD', 'EUR', 'ZAR', 'INR', 'IDR']) expect(fractionDigits(c)).toBe(2)
  })

  it('formats legacy money: grouping, fraction digits, sign in front, at most 15 integer places', () => {
    expect(formatLegacyMoney(fromMinorUnits(12345))).toBe('123.45')
    expect(formatLegacyMoney(usd('2500'))).toBe('2,500.00')
    expect(formatLegacyMoney(usd('-1234567.891'))).toBe('-1,234,567.89')
    expect(formatLegacyMoney(usd('0.125'))).toBe('0.12')
    expect(formatLegacyMoney(usd('-0.001'))).toBe('0.00')
    expect(formatLegacyMoney({ amount: parseDecimal('1234.56')!, currency: 'JPY' })).toBe('1,235')
    expect(formatLegacyMoney(usd('1234567890123456789'))).toBe('567,890,123,456,789.00')
  })

  it('formats through CLDR in the render locale, and prints nothing without locale data', () => {
    const m = { amount: parseDecimal('2500')!, currency: 'EUR' }
    expect(formatCldrMoney(getCldr('en-US'), m)).toBe('€2,500.00')
    expect(formatCldrMoney(getCldr('de-DE'), m)).toBe('2.500,00\u00a0€')
    expect(formatCldrMoney(undefined, m)).toBe('')
  })

  it('renders native-money markup unless CLDR is asked for', () => {
    expect(moneyMarkup(usd('5'), getCldr('en-US'), false)).toBe('<span class="sqs-money-native">5.00</span>')
    expect(moneyMarkup(usd('5'), getCldr('en-US'), true)).toBe('$5.00')
  })
})
