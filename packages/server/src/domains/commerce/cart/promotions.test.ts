// Automatic promotions, worked examples in minor units: what each kind takes off, its dates and limits, stacking.
import { describe, expect, it } from 'vitest'
import { computeTotals, type PricedLine } from './pricing.js'
import { goodsPromotions, promotionLive, saleOf, type PromotionRule } from './promotions.js'

const now = new Date('2026-06-01T12:00:00Z')
const rule = (over: Partial<PromotionRule>): PromotionRule => ({
  id: 'p', name: 'Promo', kind: 'percentage', appliesTo: 'order', targetIds: [], amount: 10, buyQuantity: 0, getQuantity: 0, minSubtotalCents: 0,
  startsAt: null, endsAt: null, active: true, usageLimit: null, usedCount: 0, perCustomerLimit: null, combinesWithCodes: true, combinesWithGiftCards: true, ...over,
})
const mug: PricedLine = { unitPriceCents: 2400, quantity: 3, requiresShipping: true, productId: 'mug', collectionId: 'shop' }
const bowl: PricedLine = { unitPriceCents: 1800, quantity: 1, requiresShipping: true, productId: 'bowl', collectionId: 'kitchen' }
const ctx = { now, codes: false, giftCard: false }
const totals = (promotions: PromotionRule[], over: Partial<Parameters<typeof computeTotals>[0]> = {}) =>
  computeTotals({
    lines: [mug, bowl], coupons: [{ code: 'TEN', kind: 'fixed', amount: 1000, minSubtotalCents: 0, startsAt: null, endsAt: null, active: true }], appliedCodes: [],
    shipping: [{ id: 's', name: 'Standard', kind: 'flat', costCents: 600, minSubtotalCents: 0 }], selectedShippingId: 's', location: null, taxRules: [], now, promotions, ...over,
  })

describe('automatic promotions', () => {
  it('takes a percentage or an amount off the products or collections it targets, a line each, in the site order', () => {
    const got = goodsPromotions([rule({ id: 'a', appliesTo: 'products', targetIds: ['mug'], amount: 25 }), rule({ id: 'b', kind: 'amount', appliesTo: 'collections', targetIds: ['kitchen'], amount: 500 })], [mug, bowl], ctx)
    expect(got.map((p) => [p.id, p.amountCents])).toEqual([['a', 1800], ['b', 500]]) // 25% of 7200; 500 off the bowl
  })

  it('buy 2 get 1 free gives the cheapest unit of every set of 3; a set short gets nothing', () => {
    const b2g1 = rule({ kind: 'buy_x_get_y', appliesTo: 'collections', targetIds: ['shop', 'kitchen'], buyQuantity: 2, getQuantity: 1, amount: 100 })
    expect(goodsPromotions([b2g1], [mug, bowl], ctx)[0]?.amountCents).toBe(1800) // 4 units: one set, the bowl is cheapest
    expect(goodsPromotions([b2g1], [{ ...mug, quantity: 2 }], ctx)).toEqual([])
    expect(goodsPromotions([{ ...b2g1, amount: 50 }], [{ ...mug, quantity: 6 }], ctx)[0]?.amountCents).toBe(2400) // two units at half price
  })

  it('free shipping over a threshold takes the chosen shipping off as its own line; below it the shopper pays shipping', () => {
    const free = rule({ id: 'f', name: 'Free shipping over $100', kind: 'free_shipping', minSubtotalCents: 10000 })
    expect(totals([free]).promotions).toEqual([]) // 9000 of goods
    const over = totals([free], { lines: [{ ...mug, quantity: 5 }] }) // 12000
    expect(over.promotions).toEqual([{ id: 'f', name: 'Free shipping over $100', kind: 'free_shipping', amountCents: 600 }])
    expect(over.shippingCostCents).toBe(600)
    expect(over.grandTotalCents).toBe(12000)
  })

  it('is on only between its start and end, while switched on and not used up', () => {
    expect(promotionLive(rule({ startsAt: new Date('2026-06-02T00:00:00Z') }), now)).toBe(false)
    expect(promotionLive(rule({ endsAt: now }), now)).toBe(false)
    expect(promotionLive(rule({ active: false }), now)).toBe(false)
    expect(promotionLive(rule({ usageLimit: 5, usedCount: 5 }), now)).toBe(false)
    expect(promotionLive(rule({ usageLimit: 5, usedCount: 4, startsAt: new Date('2026-05-01T00:00:00Z'), endsAt: new Date('2026-07-01T00:00:00Z') }), now)).toBe(true)
    expect(goodsPromotions([rule({ perCustomerLimit: 1 })], [mug], { ...ctx, usedByCustomer: new Map([['p', 1]]) })).toEqual([])
  })

  it('stacks with a code and a gift card unless it says not to; codes apply to what promotions left', () => {
    const p = rule({ amount: 10 })
    const both = totals([p], { appliedCodes: ['TEN'] })
    expect([both.promotionCents, both.discountCents, both.grandTotalCents]).toEqual([900, 1000, 9000 - 900 - 1000 + 600])
    const alone = totals([{ ...p, combinesWithCodes: false }], { appliedCodes: ['TEN'] })
    expect([alone.promotionCents, alone.discountCents]).toEqual([0, 1000])
    expect(totals([{ ...p, combinesWithGiftCards: false }], { giftCard: true }).promotions).toEqual([])
  })

  it('labels a product on sale when a live product or collection promotion targets it (an order-wide one does not)', () => {
    expect(saleOf([rule({ appliesTo: 'order' })], { productId: 'mug', collectionId: 'shop' }, now)).toBeNull()
    expect(saleOf([rule({ id: 'c', appliesTo: 'collections', targetIds: ['shop'] })], { productId: 'mug', collectionId: 'shop' }, now)?.id).toBe('c')
  })
})
