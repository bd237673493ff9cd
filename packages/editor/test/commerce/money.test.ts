import { describe, expect, it } from 'vitest'
import { formatMoney, fractionDigits, STORE_CURRENCIES, toMajor, toMinor } from '../../src/commerce/money.js'

describe('fraction digits', () => {
  it('is 0 for JPY and 2 for the 26 other listed currencies', () => {
    expect(fractionDigits('JPY')).toBe(0)
    expect(fractionDigits('jpy')).toBe(0)
    const others = STORE_CURRENCIES.filter((c) => c !== 'JPY')
    expect(others).toHaveLength(26)
    for (const c of others) expect(fractionDigits(c)).toBe(2)
  })
})

describe('major -> minor units', () => {
  it('converts two-digit currencies', () => {
    expect(toMinor('12.50', 'USD')).toEqual({ ok: true, minor: 1250 })
    expect(toMinor('12.5', 'EUR')).toEqual({ ok: true, minor: 1250 })
    expect(toMinor('12', 'GBP')).toEqual({ ok: true, minor: 1200 })
    expect(toMinor('.05', 'USD')).toEqual({ ok: true, minor: 5 })
    expect(toMinor(' 1,250.99 ', 'USD')).toEqual({ ok: true, minor: 125099 })
    expect(toMinor('0', 'USD')).toEqual({ ok: true, minor: 0 })
  })

  it('converts JPY without decimals', () => {
    expect(toMinor('1200', 'JPY')).toEqual({ ok: true, minor: 1200 })
    expect(toMinor('1,200', 'JPY')).toEqual({ ok: true, minor: 1200 })
    expect(toMinor('12.5', 'JPY')).toEqual({ ok: false, message: 'JPY amounts have no decimals.' })
  })

  it('does not lose cents to floating point', () => {
    expect(toMinor('0.29', 'USD')).toEqual({ ok: true, minor: 29 })
    expect(toMinor('1.15', 'USD')).toEqual({ ok: true, minor: 115 })
    expect(toMinor('19.99', 'USD')).toEqual({ ok: true, minor: 1999 })
  })

  it('rejects bad input with a message', () => {
    expect(toMinor('', 'USD')).toEqual({ ok: false, message: 'Enter an amount.' })
    expect(toMinor('-1', 'USD')).toEqual({ ok: false, message: 'The amount cannot be negative.' })
    expect(toMinor('1.234', 'USD')).toEqual({ ok: false, message: 'Use at most 2 decimals.' })
    expect(toMinor('abc', 'USD')).toEqual({ ok: false, message: 'Enter an amount such as 12.50.' })
    expect(toMinor('1,5', 'USD').ok).toBe(false)
    expect(toMinor('.', 'USD').ok).toBe(false)
    expect(toMinor('1000001', 'USD').ok).toBe(false)
  })
})

describe('minor -> major text', () => {
  it('round-trips per currency', () => {
    expect(toMajor(1250, 'USD')).toBe('12.50')
    expect(toMajor(5, 'USD')).toBe('0.05')
    expect(toMajor(0, 'USD')).toBe('0.00')
    expect(toMajor(1200, 'JPY')).toBe('1200')
    expect(toMajor(-105, 'EUR')).toBe('-1.05')
    for (const n of [0, 1, 99, 100, 12345, 99999999]) {
      expect(toMinor(toMajor(n, 'USD'), 'USD')).toEqual({ ok: true, minor: n })
      expect(toMinor(toMajor(n, 'JPY'), 'JPY')).toEqual({ ok: true, minor: n })
    }
  })

  it('formats for display with the currency digits', () => {
    expect(formatMoney(1250, 'USD')).toBe('$12.50')
    expect(formatMoney(1200, 'JPY')).toBe('¥1,200')
    expect(formatMoney(123456, 'EUR')).toBe('€1,234.56')
  })
})
