// Pure rules: money, messages, quantity, variant resolution, button label, instalment offers.
import { describe, expect, it } from 'vitest'
import { buttonLabel, stockAllows } from '../../src/commerce/add-to-cart.js'
import {
  ENABLE_COOKIES, SESSION_EXPIRED, VARIANT_UNAVAILABLE, crumbFailureMessage, selectOptionsMessage,
} from '../../src/commerce/messages.js'
import { formatMoney, moneyText, toCents } from '../../src/commerce/money.js'
import { QUANTITY, readQuantity } from '../../src/commerce/quantity.js'
import { effectiveCents, isSoldOutVariant, resolveVariant } from '../../src/commerce/variants.js'
import { instalmentOffer, normalizeLocale, providerFor } from '../../src/commerce/instalments.js'
import { pillView } from '../../src/commerce/cart-pill.js'
import { TEE_VARIANTS, money } from './fixtures.js'

describe('money (legacy format)', () => {
  it('divides minor units by 100, groups with commas, keeps the sign in front', () => {
    expect(formatMoney(0)).toBe('0.00')
    expect(formatMoney(5)).toBe('0.05')
    expect(formatMoney(123456789)).toBe('1,234,567.89')
    expect(formatMoney(-1050)).toBe('-10.50')
    expect(formatMoney(-0.4)).toBe('0.00')
    expect(formatMoney(1234, 'JPY')).toBe('1,234')
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('90,071,992,547,409.91')
  })
  it('reads cents, numeric strings and Money objects (decimal value)', () => {
    expect(toCents(2500)).toBe(2500)
    expect(toCents('2500')).toBe(2500)
    expect(toCents(money(1999))).toBe(1999)
    expect(toCents({ value: '1234', currency: 'JPY' })).toBe(1234)
    expect(toCents(undefined)).toBe(0)
    expect(toCents({ value: 'x' })).toBe(0)
  })
  it('writes plain text with a symbol for unambiguous currencies', () => {
    expect(moneyText(625)).toBe('$6.25')
    expect(moneyText(-625, 'GBP')).toBe('-£6.25')
    expect(moneyText(625, 'SEK')).toBe('6.25 SEK')
  })
})

describe('messages', () => {
  it('names the unselected options in the three forms', () => {
    expect(selectOptionsMessage(['Size'])).toBe('Please select the Size option.')
    expect(selectOptionsMessage(['Size', 'Color'])).toBe('Please select the Size and Color options.')
    expect(selectOptionsMessage(['Size', 'Color', 'Fit'])).toBe('Please select the Size, Color and Fit options.')
  })
  it('picks the crumb-failure text by whether cookies are on', () => {
    expect(crumbFailureMessage(true)).toBe('Your session has expired. Please reload the page and try again.')
    expect(crumbFailureMessage(false)).toBe('Please enable cookies in your browser, reload the page, and try again.')
    expect([SESSION_EXPIRED, ENABLE_COOKIES]).toHaveLength(2)
  })
})

describe('quantity input rules', () => {
  it('number, min 1, max 9999, step 1, default 1', () => {
    expect(QUANTITY).toEqual({ min: 1, max: 9999, step: 1, default: 1 })
    expect(readQuantity(null)).toEqual({ ok: true, quantity: 1 })
    expect(readQuantity('3')).toEqual({ ok: true, quantity: 3 })
    expect(readQuantity('0')).toEqual({ ok: true, quantity: 1 })
    expect(readQuantity('12000')).toEqual({ ok: true, quantity: 9999 })
  })
  it("says 'Quantity must be a number.' and 'Quantity must be a whole number'", () => {
    expect(readQuantity('')).toEqual({ ok: false, message: 'Quantity must be a number.' })
    expect(readQuantity('abc')).toEqual({ ok: false, message: 'Quantity must be a number.' })
    expect(readQuantity('1.5')).toEqual({ ok: false, message: 'Quantity must be a whole number' })
  })
})

describe('variant resolution', () => {
  const options = ['Size', 'Color']
  it('lists the unselected options in order', () => {
    expect(resolveVariant(TEE_VARIANTS, options, { Size: '', Color: '' })).toMatchObject({
      kind: 'unselected', missing: ['Size', 'Color'], message: 'Please select the Size and Color options.',
    })
    expect(resolveVariant(TEE_VARIANTS, options, { Size: 'S', Color: '' })).toMatchObject({ message: 'Please select the Color option.' })
  })
  it('finds the variant of the chosen attributes, or says it is unavailable', () => {
    const r = resolveVariant(TEE_VARIANTS, options, { Size: 'M', Color: 'Red' })
    expect(r.kind === 'variant' && r.variant.sku).toBe('TEE-M-RED')
    expect(resolveVariant(TEE_VARIANTS, options, { Size: 'M', Color: 'Blue' })).toEqual({ kind: 'unavailable', message: VARIANT_UNAVAILABLE })
  })
  it('resolves a product without options to its only variant; matches optionValues too', () => {
    const r = resolveVariant([{ sku: 'ONE' }], [], {})
    expect(r.kind === 'variant' && r.variant.sku).toBe('ONE')
    const byValues = [{ sku: 'X', optionValues: [{ optionName: 'Size', value: 'L' }] }]
    const r2 = resolveVariant(byValues, ['Size'], { Size: 'L' })
    expect(r2.kind === 'variant' && r2.variant.sku).toBe('X')
  })
  it('knows sold-out variants and sale prices', () => {
    expect(isSoldOutVariant(TEE_VARIANTS[1]!)).toBe(true)
    expect(isSoldOutVariant({ sku: 'U', unlimited: true, qtyInStock: 0 })).toBe(false)
    expect(effectiveCents(TEE_VARIANTS[1]!)).toBe(2000)
    expect(effectiveCents(TEE_VARIANTS[0]!)).toBe(2500)
  })
})

describe('add-to-cart label', () => {
  it('custom text if enabled and present; else Subscribe or the localized text; express Purchase', () => {
    expect(buttonLabel({ useCustomText: true, customText: 'Pre-order' })).toBe('Pre-order')
    expect(buttonLabel({ useCustomText: true, customText: '  ' })).toBe('Add To Cart')
    expect(buttonLabel({ useCustomText: false, customText: 'Pre-order' })).toBe('Add To Cart')
    expect(buttonLabel({ subscribable: true })).toBe('Subscribe')
    expect(buttonLabel({ subscribable: true, localizedSubscribe: 'Abonnieren' })).toBe('Abonnieren')
    expect(buttonLabel({ localizedAddToCart: 'Ajouter au panier' })).toBe('Ajouter au panier')
    expect(buttonLabel({ express: true, useCustomText: true, customText: 'X' })).toBe('Purchase')
  })
})

describe('form items: stock first', () => {
  it('is in stock if any result is unlimited or has more than the cart holds', () => {
    expect(stockAllows([{ qtyInStock: 2 }], 1)).toBe(true)
    expect(stockAllows([{ qtyInStock: 2 }], 2)).toBe(false)
    expect(stockAllows([{ qtyInStock: 0 }, { unlimited: true }], 5)).toBe(true)
    expect(stockAllows([], 0)).toBe(false)
  })
})

describe('cart pill view', () => {
  it("shows the count (100+ above 100), 'item' or 'items', and hides at 0", () => {
    expect(pillView(0)).toMatchObject({ count: '0', word: 'items', visible: false })
    expect(pillView(1)).toMatchObject({ count: '1', word: 'item', visible: true, aria: '1 item in cart' })
    expect(pillView(100)).toMatchObject({ count: '100', word: 'items' })
    expect(pillView(101)).toMatchObject({ count: '100+', aria: 'More than 100 items in cart' })
  })
})

describe('instalments', () => {
  it('picks the provider by locale', () => {
    for (const l of ['en_US', 'en-US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ']) expect(providerFor(l)).toBe('Afterpay')
    expect(providerFor('en_GB')).toBe('Clearpay')
    expect(providerFor('de_DE')).toBeNull()
    expect(providerFor('fr_FR')).toBeNull()
    expect(normalizeLocale('en-us')).toBe('en_US')
  })
  it('needs the merchant country and its currency: US USD, CA CAD, AU AUD, NZ NZD, GB GBP; a US-territory locale is not in the spec\'s table', () => {
    expect([['en_US', 'USD'], ['en_CA', 'CAD'], ['fr_CA', 'CAD'], ['en_AU', 'AUD'], ['en_NZ', 'NZD']].map(([l, c]) => providerFor(l!, c))).toEqual(Array(5).fill('Afterpay'))
    expect(providerFor('en_GB', 'GBP')).toBe('Clearpay')
    for (const t of ['PR', 'GU', 'VI', 'MP', 'AS', 'UM']) expect(providerFor(`en-${t}`, 'USD'), t).toBeNull()
    expect(providerFor('en_GB', 'USD')).toBeNull()
    expect(providerFor('en_US', 'EUR')).toBeNull()
    expect(providerFor('es_US', 'USD')).toBeNull() // US: en only
    expect(providerFor('fr_PR', 'USD')).toBeNull()
  })
  it('is in range above the minimum and up to the maximum (4 payments)', () => {
    const base = { minCents: 3500, maxCents: 200000, currency: 'USD' }
    expect(instalmentOffer({ ...base, priceCents: 10000, oneLine: true })).toEqual({ inRange: true, text: 'or 4 interest-free payments of $25.00 with' })
    expect(instalmentOffer({ ...base, priceCents: 10001, oneLine: false })).toEqual({ inRange: true, text: '4 interest-free payments of $25.01' })
    expect(instalmentOffer({ ...base, priceCents: 200000, oneLine: false }).inRange).toBe(true)
    expect(instalmentOffer({ ...base, priceCents: 200001, oneLine: true })).toEqual({ inRange: false, text: 'available for orders up to $2,000.00' })
    expect(instalmentOffer({ ...base, priceCents: 3500, oneLine: true })).toEqual({ inRange: false, text: 'available for orders over $35.00' })
  })
})
