import { describe, expect, it } from 'vitest'
import {
  addToCartLabel, findVariantByAttributes, findVariantBySku, fromPrice, isOnSale, isSoldOut, normalPrice,
  productPriceDisplay, salePrice, showsQuantityInput, subscriptionPriceDisplay, toMinorUnits,
} from '../../src/plugins/commerce/index.js'

const product = (sc: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ structuredContent: sc, ...extra })
const physical = (variants: unknown[], more: Record<string, unknown> = {}) => product({ productType: 1, variants, ...more })
const noStrings = () => undefined

describe('product display status', () => {
  it('is sold out when no variant is unlimited or in stock; digital goods and gift cards never', () => {
    expect(isSoldOut(physical([{ qtyInStock: 0 }, { qtyInStock: '0' }]))).toBe(true)
    expect(isSoldOut(physical([{ qtyInStock: 0 }, { qtyInStock: 2 }]))).toBe(false)
    expect(isSoldOut(physical([{ unlimited: 'true' }]))).toBe(false)
    expect(isSoldOut(physical([]))).toBe(true)
    expect(isSoldOut(product({ productType: '2' }))).toBe(false)
    expect(isSoldOut(product({ productType: 4, variants: [{ qtyInStock: 0 }] }))).toBe(false)
    expect(isSoldOut(product({ productType: 99 }))).toBe(true)
    expect(isSoldOut(null)).toBe(true)
  })

  it('is on sale when any variant is, or the digital product is', () => {
    expect(isOnSale(physical([{}, { onSale: true }]))).toBe(true)
    expect(isOnSale(physical([{ onSale: false }]))).toBe(false)
    expect(isOnSale(product({ productType: 2, onSale: true }))).toBe(true)
    expect(isOnSale(product({ productType: 2, onSale: false, variants: [{ onSale: true }] }))).toBe(false)
  })
})

describe('quantity input visibility', () => {
  it('shows for physical goods and (when allowed) services in stock above 1, never for subscriptions', () => {
    expect(showsQuantityInput(physical([{ qtyInStock: 2 }]), true)).toBe(true)
    expect(showsQuantityInput(physical([{ qtyInStock: 1 }]), true)).toBe(false)
    expect(showsQuantityInput(physical([{ unlimited: true }], { isSubscribable: true }), true)).toBe(false)
    expect(showsQuantityInput(product({ productType: 3, variants: [{ qtyInStock: 5 }] }), true)).toBe(true)
    expect(showsQuantityInput(product({ productType: 3, variants: [{ qtyInStock: 5 }] }), false)).toBe(false)
    expect(showsQuantityInput(product({ productType: 2 }), true)).toBe(false)
    expect(showsQuantityInput(product({ productType: 4, variants: [{ unlimited: true }] }), true)).toBe(false)
  })
})

describe('variant lookup', () => {
  it('finds variants by sku through an index, and by a full attribute choice', () => {
    const variants = Array.from({ length: 10_000 }, (_, i) => ({ sku: `SKU${i}`, attributes: { n: String(i) } }))
    const item = physical(variants)
    expect(findVariantBySku(item, 'SKU9999')).toBe(variants[9999])
    expect(findVariantBySku(item, 'nope')).toBeUndefined()
    expect(findVariantBySku({}, 'SKU1')).toBeUndefined()
    expect(findVariantByAttributes(item, { n: '42' })).toBe(variants[42])
    expect(findVariantByAttributes(item, { n: '42', extra: 'x' })).toBeUndefined()
  })
})

describe('prices', () => {
  const item = physical([
    { priceMoney: { value: '10.00' } },
    { priceMoney: { value: '20' }, onSale: true, salePriceMoney: { value: '7.5' } },
    { price: 1500 },
  ])

  it('computes from, normal and sale prices', () => {
    expect(toMinorUnits(fromPrice(item))).toBe(750)
    expect(toMinorUnits(normalPrice(item))).toBe(2000)
    expect(toMinorUnits(salePrice(item))).toBe(750)
    expect(toMinorUnits(salePrice(physical([{ priceMoney: { value: '1' } }])))).toBe(0)
  })

  it('chooses the display: from when prices vary, else the sale pair or the single price', () => {
    expect(productPriceDisplay(item).kind).toBe('from')
    expect(productPriceDisplay(product({ productType: -1 })).kind).toBe('none')
    const sale = productPriceDisplay(product({ productType: 2, onSale: true, priceMoney: { value: '4' }, salePriceMoney: { value: '3' } }))
    expect(sale.kind === 'sale' && [sale.price.amount.toString(), sale.original.amount.toString()]).toEqual(['3', '4'])
  })

  it('reads subscription prices from the first pricing option of each variant', () => {
    const sub = physical([
      { pricingOptions: [{ priceMoney: { value: '9' } }, { priceMoney: { value: '1' } }] },
      { pricingOptions: [{ priceMoney: { value: '9' } }] },
    ])
    const d = subscriptionPriceDisplay(sub)
    expect(d.kind === 'single' && d.price.amount.toString()).toBe('9')
    expect(subscriptionPriceDisplay(physical([{}])).kind).toBe('none')
  })
})

describe('add-to-cart label', () => {
  const strings = (map: Record<string, string>) => (path: readonly (string | number)[]) =>
    path[0] === 'localizedStrings' ? map[String(path[1])] : undefined

  it('uses the custom text only when enabled and present', () => {
    expect(addToCartLabel(product({ useCustomAddButtonText: true, customAddButtonText: 'Buy' }), noStrings)).toBe('Buy')
    expect(addToCartLabel(product({ useCustomAddButtonText: true, customAddButtonText: '' }), noStrings)).toBe('Add To Cart')
    expect(addToCartLabel(product({ useCustomAddButtonText: false, customAddButtonText: 'Buy' }), noStrings)).toBe('Add To Cart')
  })

  it("says 'Subscribe' for subscriptions, else the localized add-to-cart text", () => {
    expect(addToCartLabel(product({ isSubscribable: 'true' }), noStrings)).toBe('Subscribe')
    expect(addToCartLabel(product({ isSubscribable: true }), strings({ productSubscribeText: 'Abonnieren' }))).toBe('Abonnieren')
    expect(addToCartLabel(product({}), strings({ productAddToCartText: 'In den Warenkorb' }))).toBe('In den Warenkorb')
  })
})
