import { describe, expect, it } from 'vitest'
import { canSubscribe, PRODUCT_TYPES } from '../../src/commerce/productTypes.js'
import { displayStatus, stockSummary, type StockVariant } from '../../src/commerce/status.js'
import { subscriptionWording, UNAVAILABLE } from '../../src/commerce/subscription.js'

const v = (patch: Partial<StockVariant>): StockVariant => ({
  priceCents: 1000,
  salePriceCents: 0,
  onSale: false,
  qtyInStock: 0,
  unlimited: false,
  ...patch,
})

describe('display status (storefront rules)', () => {
  it('is sold out when no variant is unlimited or has stock', () => {
    expect(displayStatus(PRODUCT_TYPES.PHYSICAL, [v({}), v({})]).soldOut).toBe(true)
    expect(displayStatus(PRODUCT_TYPES.PHYSICAL, [v({}), v({ qtyInStock: 1 })]).soldOut).toBe(false)
    expect(displayStatus(PRODUCT_TYPES.SERVICE, [v({ unlimited: true })]).soldOut).toBe(false)
    expect(displayStatus(PRODUCT_TYPES.SERVICE, [v({})]).soldOut).toBe(true)
  })

  it('never marks digital products and gift cards sold out', () => {
    expect(displayStatus(PRODUCT_TYPES.DIGITAL, [v({})]).soldOut).toBe(false)
    expect(displayStatus(PRODUCT_TYPES.GIFT_CARD, [v({}), v({ priceCents: 5000 })]).soldOut).toBe(false)
  })

  it('is on sale when any variant (or a digital product) is, unless sold out', () => {
    expect(displayStatus(PRODUCT_TYPES.PHYSICAL, [v({ qtyInStock: 1 }), v({ onSale: true })]).onSale).toBe(true)
    expect(displayStatus(PRODUCT_TYPES.PHYSICAL, [v({ onSale: true })]).onSale).toBe(false)
    expect(displayStatus(PRODUCT_TYPES.DIGITAL, [v({})], true).onSale).toBe(true)
    expect(displayStatus(PRODUCT_TYPES.PHYSICAL, [v({ qtyInStock: 1 })], true).onSale).toBe(false)
  })

  it('reports varied prices when price, sale price or on-sale differ', () => {
    expect(displayStatus(PRODUCT_TYPES.PHYSICAL, [v({}), v({})]).variedPrices).toBe(false)
    expect(displayStatus(PRODUCT_TYPES.PHYSICAL, [v({}), v({ priceCents: 1200 })]).variedPrices).toBe(true)
    expect(displayStatus(PRODUCT_TYPES.PHYSICAL, [v({}), v({ salePriceCents: 1 })]).variedPrices).toBe(true)
    expect(displayStatus(PRODUCT_TYPES.PHYSICAL, [v({}), v({ onSale: true })]).variedPrices).toBe(true)
  })

  it('summarises stock', () => {
    expect(stockSummary(PRODUCT_TYPES.PHYSICAL, [v({ qtyInStock: 3 }), v({ qtyInStock: 0 })]).text).toBe(
      '3 in stock · 1 of 2 variants sold out',
    )
    expect(stockSummary(PRODUCT_TYPES.PHYSICAL, [v({ unlimited: true })]).text).toBe('Unlimited')
    expect(stockSummary(PRODUCT_TYPES.PHYSICAL, [v({})]).text).toBe('Sold out')
    expect(stockSummary(PRODUCT_TYPES.DIGITAL, [v({})]).text).toBe('Not tracked')
  })
})

describe('subscriptions', () => {
  it('are available only for PHYSICAL and SERVICE products', () => {
    expect(canSubscribe(PRODUCT_TYPES.PHYSICAL)).toBe(true)
    expect(canSubscribe(PRODUCT_TYPES.SERVICE)).toBe(true)
    expect(canSubscribe(PRODUCT_TYPES.DIGITAL)).toBe(false)
    expect(canSubscribe(PRODUCT_TYPES.GIFT_CARD)).toBe(false)
    expect(canSubscribe(PRODUCT_TYPES.PAYWALL)).toBe(false)
  })

  it('words the price like the storefront', () => {
    const plan = (value: number, unit: 'WEEK' | 'MONTH' | 'YEAR', cycles: number) => ({
      billingPeriod: { value, unit },
      numBillingCycles: cycles,
    })
    expect(subscriptionWording(plan(1, 'MONTH', 0), '$10.00')).toBe('$10.00 every month')
    expect(subscriptionWording(plan(2, 'WEEK', 0), '$10.00')).toBe('$10.00 every 2 weeks')
    expect(subscriptionWording(plan(2, 'WEEK', 6), '$10.00')).toBe('$10.00 every 2 weeks for 12 weeks')
    expect(subscriptionWording(plan(2, 'WEEK', 26), '$10.00')).toBe('$10.00 every 2 weeks for 1 year')
    expect(subscriptionWording(plan(1, 'MONTH', 24), '$10.00')).toBe('$10.00 every month for 2 years')
    expect(subscriptionWording(plan(3, 'MONTH', 3), '$10.00')).toBe('$10.00 every 3 months for 9 months')
    expect(subscriptionWording(plan(1, 'YEAR', 1), '$10.00')).toBe('$10.00 every year for 1 year')
    expect(subscriptionWording(plan(0, 'MONTH', 1), '$10.00')).toBe(UNAVAILABLE)
    expect(subscriptionWording(plan(1, 'MONTH', -1), '$10.00')).toBe(UNAVAILABLE)
  })
})
