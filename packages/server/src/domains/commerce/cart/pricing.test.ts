import { describe, expect, it } from 'vitest'
import { computeTotals, couponProblem, discountOf, rateText, shippingCost, taxRuleFor, type CouponRule, type ShippingRule, type TaxRule } from './pricing.js'

const coupon = (over: Partial<CouponRule>): CouponRule => ({ code: 'C', kind: 'percentage', amount: 10, minSubtotalCents: 0, startsAt: null, endsAt: null, active: true, ...over })
const now = new Date('2025-06-01T12:00:00Z')
const flat: ShippingRule = { id: 's1', name: 'Flat rate', kind: 'flat', costCents: 500, minSubtotalCents: 0 }
const freeOver: ShippingRule = { id: 's2', name: 'Free over $50', kind: 'free_over', costCents: 800, minSubtotalCents: 5000 }
const taxes: TaxRule[] = [
  { name: 'US', country: 'US', region: '', rateBp: 500 },
  { name: 'NY', country: 'US', region: 'NY', rateBp: 888 },
  { name: 'DE', country: 'DE', region: '', rateBp: 1900 },
]

describe('coupons', () => {
  it('percentage rounds half up on the subtotal; fixed never exceeds it', () => {
    expect(discountOf([coupon({ amount: 15 })], 999)).toBe(150) // 149.85 -> 150
    expect(discountOf([coupon({ amount: 10 })], 1005)).toBe(101) // 100.5 -> 101
    expect(discountOf([coupon({ kind: 'fixed', amount: 2000 })], 1500)).toBe(1500)
    expect(discountOf([coupon({ amount: 50 }), coupon({ kind: 'fixed', amount: 300 })], 1000)).toBe(800)
  })
  it('validity: inactive, not yet, expired, below minimum', () => {
    expect(couponProblem(coupon({ active: false }), 100, now)).toMatch(/not active/)
    expect(couponProblem(coupon({ startsAt: new Date('2025-07-01') }), 100, now)).toMatch(/not valid yet/)
    expect(couponProblem(coupon({ endsAt: new Date('2025-06-01T12:00:00Z') }), 100, now)).toMatch(/expired/)
    expect(couponProblem(coupon({ minSubtotalCents: 101 }), 100, now)).toMatch(/minimum/)
    expect(couponProblem(coupon({ startsAt: new Date('2025-01-01'), endsAt: new Date('2026-01-01') }), 100, now)).toBeNull()
  })
})

describe('shipping and tax', () => {
  it('free-over-threshold is free from the threshold, else its cost; free-shipping coupons zero every option', () => {
    expect(shippingCost(freeOver, 4999, false)).toBe(800)
    expect(shippingCost(freeOver, 5000, false)).toBe(0)
    expect(shippingCost(flat, 100000, false)).toBe(500)
    expect(shippingCost(flat, 1, true)).toBe(0)
  })
  it('the region rule beats the country rule; unknown places pay none', () => {
    expect(taxRuleFor(taxes, { country: 'us', region: 'ny' })?.name).toBe('NY')
    expect(taxRuleFor(taxes, { country: 'US', region: 'CA' })?.name).toBe('US')
    expect(taxRuleFor(taxes, { country: 'FR' })).toBeUndefined()
    expect(taxRuleFor(taxes, null)).toBeUndefined()
    expect(rateText(888)).toBe('8.88')
    expect(rateText(1900)).toBe('19')
    expect(rateText(825)).toBe('8.25')
  })
})

describe('computeTotals', () => {
  const base = { coupons: [coupon({ code: 'TEN', amount: 10 }), coupon({ code: 'OLD', endsAt: new Date('2020-01-01') })], shipping: [flat, freeOver], taxRules: taxes, now }

  it('subtotal, discount, shipping, tax (on goods after discount), grand total', () => {
    const t = computeTotals({ ...base, lines: [{ unitPriceCents: 2500, quantity: 2, requiresShipping: true }, { unitPriceCents: 1000, quantity: 1, requiresShipping: false }], appliedCodes: ['TEN'], selectedShippingId: 's2', location: { country: 'US', region: 'NY' } })
    expect(t.subtotalCents).toBe(6000)
    expect(t.discountCents).toBe(600)
    expect(t.shippingCostCents).toBe(0) // 5400 >= 5000
    expect(t.taxCents).toBe(480) // 5400 * 8.88 % = 479.52
    expect(t.grandTotalCents).toBe(5400 + 480)
    expect(t.validCoupons).toEqual(['TEN'])
    expect(t.applicableTaxRules).toEqual([{ name: 'NY', country: 'US', region: 'NY', rate: '8.88' }])
    expect(t.shippingOptions).toEqual([{ id: 's1', name: 'Flat rate', costCents: 500 }, { id: 's2', name: 'Free over $50', costCents: 0 }])
  })

  it('a free-over option below its threshold is not offered but explained; reached, it is preselected', () => {
    const line = (cents: number) => [{ unitPriceCents: cents, quantity: 1, requiresShipping: true }]
    const below = computeTotals({ ...base, lines: line(2900), appliedCodes: [], selectedShippingId: null, location: null })
    expect(below.shippingOptions).toEqual([{ id: 's1', name: 'Flat rate', costCents: 500 }])
    expect(below.unavailableShippingOptions).toEqual([{ id: 's2', name: 'Free over $50', minSubtotalCents: 5000, remainingCents: 2100 }])
    const chosenBelow = computeTotals({ ...base, lines: line(2900), appliedCodes: [], selectedShippingId: 's2', location: null })
    expect(chosenBelow.selectedShippingOption?.id).toBe('s1')
    expect(chosenBelow.shippingCostCents).toBe(500)
    const over = computeTotals({ ...base, lines: line(6000), appliedCodes: [], selectedShippingId: null, location: null })
    expect(over.selectedShippingOption).toEqual({ id: 's2', name: 'Free over $50', costCents: 0 })
    expect(over.unavailableShippingOptions).toEqual([])
    const onlyFreeOver = computeTotals({ ...base, shipping: [freeOver], lines: line(2900), appliedCodes: [], selectedShippingId: null, location: null })
    expect(onlyFreeOver.shippingOptions).toEqual([{ id: 's2', name: 'Free over $50', costCents: 800 }])
  })

  it('defaults to the first shipping option; unknown and expired coupons are invalid and give nothing', () => {
    const t = computeTotals({ ...base, lines: [{ unitPriceCents: 1000, quantity: 1, requiresShipping: true }], appliedCodes: ['NOPE', 'OLD'], selectedShippingId: null, location: null })
    expect(t.selectedShippingOption?.id).toBe('s1')
    expect(t.shippingCostCents).toBe(500)
    expect(t.discountCents).toBe(0)
    expect(t.invalidCoupons.map((c) => c.code)).toEqual(['NOPE', 'OLD'])
    expect(t.grandTotalCents).toBe(1500)
  })

  it('nothing to ship: no options, no shipping cost', () => {
    const t = computeTotals({ ...base, lines: [{ unitPriceCents: 1000, quantity: 3, requiresShipping: false }], appliedCodes: [], selectedShippingId: 's1', location: { country: 'DE' } })
    expect(t.requiresShipping).toBe(false)
    expect(t.shippingOptions).toEqual([])
    expect(t.selectedShippingOption).toBeNull()
    expect(t.taxCents).toBe(570)
    expect(t.grandTotalCents).toBe(3570)
  })
})
