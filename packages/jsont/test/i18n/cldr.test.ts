import { describe, expect, it } from 'vitest'
import { getCldr, hasLocaleData, normalizeLocale } from '../../src/plugins/i18n/cldr.js'
import { formatLegacyMoney, formatMoney, readMoney } from '../../src/plugins/i18n/index.js'

describe('getCldr', () => {
  it('gives no CLDR for the locale none', () => {
    expect(getCldr('none')).toBeUndefined()
  })
  it('loads a locale lazily and caches it', () => {
    const de = getCldr('de-DE')
    expect(de?.Numbers.formatDecimal('1234.5')).toBe('1.234,5')
    expect(getCldr('de-DE')).toBe(de)
  })
  it('accepts underscores and the UK region alias', () => {
    expect(normalizeLocale('fr_FR')).toBe('fr-FR')
    expect(normalizeLocale('en-UK')).toBe('en-GB')
    expect(getCldr('en-UK')?.General.locale().id).toBe('en-GB')
  })
  it('falls back to en-US for a locale without data and never throws', () => {
    for (const bad of ['xx-YY', '', '!!', 'zz', '../../etc']) {
      expect(getCldr(bad)?.Numbers.formatDecimal('1234.5')).toBe('1,234.5')
    }
  })
})

describe('money helpers', () => {
  it('reads both money shapes and rejects others', () => {
    const read = (v: unknown) => {
      const m = readMoney(v, { requireCurrency: true })
      return m && { amount: m.amount.toString(), currency: m.currency }
    }
    expect(read({ decimalValue: '1.50', currencyCode: 'usd' })).toEqual({
      amount: '1.50',
      currency: 'USD',
    })
    expect(read({ value: 2, currency: 'EUR' })).toEqual({ amount: '2', currency: 'EUR' })
    expect(read({ value: 'x', currency: 'EUR' })).toBeUndefined()
    expect(read({ value: '1', currency: 'EURO' })).toBeUndefined()
    expect(read('1')).toBeUndefined()
  })
  it('formats CLDR money per locale and style', () => {
    expect(formatMoney('en-US', '2500', 'USD')).toBe('$2,500.00')
    expect(formatMoney('de-DE', '2500', 'EUR')).toBe('2.500,00\u00a0€')
    expect(formatMoney('en-US', '123456.789', 'EUR', { style: 'short' })).toBe('€123K')
    expect(formatMoney(undefined, 1, 'JPY')).toBe('¥1')
  })
  it('prints nothing for no locale data, bad amounts or codes', () => {
    expect(formatMoney('none', '1', 'USD')).toBe('')
    expect(formatMoney('en-US', 'abc', 'USD')).toBe('')
    expect(formatMoney('en-US', '1', 'US')).toBe('')
  })
  it('lays out the legacy i18n money format', () => {
    const m = (amount: string, currency: string) => readMoney({ value: amount, currency })!
    const en = getCldr('en-US')!
    const de = getCldr('de-DE')!
    const fr = getCldr('fr-FR')!
    const sv = getCldr('sv-SE')!
    expect(formatLegacyMoney(m('-1234.56', 'AUD'), en)).toBe('-A$1,234.56')
    expect(formatLegacyMoney(m('-1234.56', 'SEK'), en)).toBe('kr -1,234.56')
    expect(formatLegacyMoney(m('1234.56', 'CAD'), de)).toBe('1.234,56 C$')
    expect(formatLegacyMoney(m('1234.56', 'EUR'), de)).toBe('1.234,56€')
    expect(formatLegacyMoney(m('-1234.56', 'JPY'), fr)).toBe('-1\u00a0235¥')
    expect(formatLegacyMoney(m('-1234.56', 'GBP'), sv)).toBe('-1\u00a0234,56£')
  })
})

describe('hasLocaleData', () => {
  it('is true for languages with a shipped pack, false for unknown or malformed tags', () => {
    expect(['fr-FR', 'de', 'es_ES', 'en-GB'].map(hasLocaleData)).toEqual([true, true, true, true])
    expect(['qq-QQ', '', 'not a tag', '../x'].map(hasLocaleData)).toEqual([false, false, false, false])
  })
})
