import { describe, expect, it } from 'vitest'
import { decimalText, money, parseMinor } from './money.js'
import { MSG, readQuantity, selectOptionsMessage } from './messages.js'
import { INSTALMENT_COUNTRIES, INSTALMENT_LOCALES, instalmentShipsTo, US_TERRITORIES } from '@sitewright/contracts'
import { instalmentAmount, instalmentCheck, instalmentDialogHtml, instalmentRange, NUM_INSTALMENTS, providerForLocale } from '../checkout/instalments.js'
import { canonicalJson } from './idempotency.js'
import { luhnValid } from '../checkout/payments.js'

const fail = (m: string): never => {
  throw new Error(m)
}

describe('add-to-cart messages', () => {
  it('option selection texts', () => {
    expect(selectOptionsMessage(['Size'])).toBe('Please select the Size option.')
    expect(selectOptionsMessage(['Size', 'Color'])).toBe('Please select the Size and Color options.')
    expect(selectOptionsMessage(['Size', 'Color', 'Fit'])).toBe('Please select the Size, Color and Fit options.')
  })
  it('quantity: numbers and numeric text; spec messages otherwise', () => {
    expect(readQuantity(3, fail)).toBe(3)
    expect(readQuantity(' 7 ', fail)).toBe(7)
    expect(readQuantity(undefined, fail)).toBe(1)
    expect(() => readQuantity('abc', fail)).toThrow(MSG.quantityNotNumber)
    expect(() => readQuantity(true, fail)).toThrow('Quantity must be a number.')
    expect(() => readQuantity(1.5, fail)).toThrow('Quantity must be a whole number')
    expect(() => readQuantity('2.5', fail)).toThrow('Quantity must be a whole number')
  })
})

describe('money', () => {
  it('minor units to decimal text by currency fraction digits', () => {
    expect(decimalText(1000, 'USD')).toBe('10.00')
    expect(decimalText(5, 'EUR')).toBe('0.05')
    expect(decimalText(-1205, 'USD')).toBe('-12.05')
    expect(decimalText(1000, 'JPY')).toBe('1000')
    expect(money(12345, 'GBP')).toEqual({ value: '12345', currency: 'GBP', decimalValue: '123.45', currencyCode: 'GBP' })
  })
  it('parses decimal amounts back to minor units', () => {
    expect(parseMinor('12.5', 'USD')).toBe(1250)
    expect(parseMinor('12', 'USD')).toBe(1200)
    expect(parseMinor('12.345', 'USD')).toBeUndefined()
    expect(parseMinor('-1', 'USD')).toBeUndefined()
    expect(parseMinor('1500', 'JPY')).toBe(1500)
  })
})

describe('instalments', () => {
  it('provider by locale', () => {
    for (const l of ['en_US', 'en-US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ']) expect(providerForLocale(l)).toBe('AFTERPAY')
    expect(providerForLocale('en_GB')).toBe('CLEARPAY')
    expect(providerForLocale('de_DE')).toBeNull()
    expect(providerForLocale('fr_FR')).toBeNull()
    expect(providerForLocale(undefined)).toBeNull()
  })
  it('"locales en_US, en_CA, fr_CA, en_AU, en_NZ use Afterpay; en_GB Clearpay; others none": a US territory locale (en-PR, en-GU) has none', () => {
    expect(INSTALMENT_LOCALES).toEqual({ en_US: 'Afterpay', en_CA: 'Afterpay', fr_CA: 'Afterpay', en_AU: 'Afterpay', en_NZ: 'Afterpay', en_GB: 'Clearpay' })
    for (const l of ['en-PR', 'en_GU', 'en_VI', 'es_US', 'en_IE']) expect(providerForLocale(l, 'USD')).toBeNull()
  })
  it('"US territories US, PR, GU, VI, MP, AS, UM": where a US merchant\'s instalment order may ship', () => {
    for (const to of US_TERRITORIES) expect(instalmentShipsTo('US', to)).toBe(true)
    expect(instalmentShipsTo('US', 'CA')).toBe(false)
    expect(instalmentShipsTo('GB', 'GB')).toBe(true)
    expect(instalmentShipsTo('GB', 'IE')).toBe(false)
    const base = { enabled: true, allPhysical: true, subscription: false, amountCents: 10000, minCents: 3500, maxCents: 200000, currency: 'USD' }
    expect(instalmentCheck({ ...base, locale: 'en_US', shipTo: 'PR' })).toEqual({ ok: true, provider: 'AFTERPAY' })
    expect(instalmentCheck({ ...base, locale: 'en_US', shipTo: 'MX' })).toMatchObject({ ok: false, reason: "Afterpay is available only for orders shipped within the store's country." })
  })
  it('provider by merchant country and its currency, as SPEC.md lists them', () => {
    expect(Object.fromEntries(Object.entries(INSTALMENT_COUNTRIES).map(([c, e]) => [c, e.languages]))).toEqual({ US: ['en'], CA: ['en', 'fr'], AU: ['en'], NZ: ['en'], GB: ['en'] })
    expect(US_TERRITORIES).toEqual(['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM'])
    expect(NUM_INSTALMENTS).toBe(4)
    expect(providerForLocale('fr_CA', 'CAD')).toBe('AFTERPAY')
    expect(providerForLocale('fr_CA', 'USD')).toBeNull()
    expect(providerForLocale('en_GB', 'GBP')).toBe('CLEARPAY')
    expect(providerForLocale('en_GB', 'EUR')).toBeNull()
    expect(providerForLocale('en_IE', 'EUR')).toBeNull()
  })
  it('in range above the minimum and up to the maximum', () => {
    expect(instalmentRange(3500, 3500, 200000)).toBe('below')
    expect(instalmentRange(3501, 3500, 200000)).toBe('in')
    expect(instalmentRange(200000, 3500, 200000)).toBe('in')
    expect(instalmentRange(200001, 3500, 200000)).toBe('above')
    expect(instalmentAmount(10001)).toBe(2501)
  })
  it('dialog per locale with en_US fallback, escaped text', () => {
    expect(instalmentDialogHtml('en_GB')).toMatchObject({ locale: 'en_GB' })
    expect(instalmentDialogHtml('en_GB').html).toContain('Clearpay')
    expect(instalmentDialogHtml('fr_CA').html).toContain('lang="fr"')
    expect(instalmentDialogHtml('xx_YY').locale).toBe('en_US')
    expect(instalmentDialogHtml(undefined).html).toContain('Afterpay')
    expect(instalmentDialogHtml('en_US').html).not.toMatch(/<script/i)
  })
})

describe('helpers', () => {
  it('canonical JSON ignores key order', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(canonicalJson({ a: [{ x: 1, y: 2 }], b: 1 }))
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: 2 }))
  })
  it('luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true)
    expect(luhnValid('4242424242424241')).toBe(false)
  })
})
