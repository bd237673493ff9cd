// Property tests (fast-check) of the store's money in integer minor units, for every store currency's fraction
// digits: cart totals (promotions, coupons, shipping, tax), the gift card's part and the charged rest, the order summary's lines
// and an instalment plan's schedule always add up to the amount charged.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decimalText, fractionDigits, STORE_CURRENCIES } from '@sitewright/contracts'
import { computeTotals, type CouponRule, type PricedLine } from './cart/pricing.js'
import type { PromotionRule } from './cart/promotions.js'
import { NUM_INSTALMENTS } from './checkout/instalments.js'
import { instalmentSchedule } from './checkout/payments.js'
import { summaryLines } from './orders/summary.js'

const line: fc.Arbitrary<PricedLine> = fc.record({ unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }), quantity: fc.integer({ min: 1, max: 50 }), requiresShipping: fc.boolean(), productId: fc.constantFrom('p1', 'p2', 'p3'), collectionId: fc.constantFrom('c1', 'c2') }) as fc.Arbitrary<PricedLine>
/** Any promotion: every kind and target, with thresholds, stacking rules and limits that may or may not let it apply. */
const promotion: fc.Arbitrary<PromotionRule> = fc
  .record({
    kind: fc.constantFrom('percentage' as const, 'amount' as const, 'buy_x_get_y' as const, 'free_shipping' as const),
    appliesTo: fc.constantFrom('order' as const, 'products' as const, 'collections' as const),
    amount: fc.integer({ min: 1, max: 3_000_000 }), buy: fc.integer({ min: 1, max: 4 }), get: fc.integer({ min: 1, max: 3 }), min: fc.integer({ min: 0, max: 200_000 }),
    codes: fc.boolean(), cards: fc.boolean(), i: fc.nat(1000),
  })
  .map(({ kind, appliesTo, amount, buy, get, min, codes, cards, i }) => ({
    id: `P${i}`, name: `Promotion ${i}`, kind, appliesTo: kind === 'free_shipping' ? 'order' : appliesTo, targetIds: appliesTo === 'products' ? ['p1', 'p3'] : ['c2'],
    amount: kind === 'percentage' || kind === 'buy_x_get_y' ? 1 + (amount % 100) : amount, buyQuantity: buy, getQuantity: get, minSubtotalCents: min,
    startsAt: null, endsAt: null, active: true, usageLimit: null, usedCount: 0, perCustomerLimit: null, combinesWithCodes: codes, combinesWithGiftCards: cards,
  }))
const coupon: fc.Arbitrary<CouponRule> = fc
  .record({ kind: fc.constantFrom('percentage' as const, 'fixed' as const, 'free_shipping' as const), amount: fc.integer({ min: 0, max: 200_000 }), i: fc.nat(1000) })
  .map(({ kind, amount, i }) => ({ code: `C${i}`, kind, amount: kind === 'percentage' ? 1 + (amount % 100) : amount, minSubtotalCents: 0, startsAt: null, endsAt: null, active: true }))
/** Exact decimal text -> minor units (the text's digits, no floating point). */
const minorOf = (text: string, currency: string) => {
  const digits = fractionDigits(currency)
  const [whole = '0', frac = ''] = text.replace('-', '').split('.')
  expect(frac.length).toBe(digits)
  return (text.startsWith('-') ? -1 : 1) * Number(whole + frac)
}

describe('money splits add up to the charged total (fast-check)', () => {
  it('cart totals (promotions, codes, shipping, tax), the gift card and the summary lines, in every store currency', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.uniqueArray(coupon, { maxLength: 3, selector: (c) => c.code }),
        fc.uniqueArray(promotion, { maxLength: 4, selector: (p) => p.id }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.constantFrom(...STORE_CURRENCIES),
        (lines, coupons, promotions, shippingCents, rateBp, giftBalance, currency) => {
          const totals = computeTotals({
            lines, coupons, appliedCodes: coupons.map((c) => c.code), now: new Date('2026-06-01T00:00:00Z'), promotions, giftCard: giftBalance > 0,
            shipping: [{ id: 's', name: 'Flat', kind: 'flat', costCents: shippingCents, minSubtotalCents: 0 }], selectedShippingId: 's',
            location: { country: 'US', region: 'NY' }, taxRules: [{ name: 'NY', country: 'US', region: 'NY', rateBp }],
          })
          const subtotal = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0)
          for (const v of [totals.subtotalCents, totals.promotionCents, ...totals.promotions.map((p) => p.amountCents), totals.discountCents, totals.shippingCostCents, totals.taxCents, totals.grandTotalCents]) expect(Number.isSafeInteger(v) && v >= 0).toBe(true)
          expect(totals.subtotalCents).toBe(subtotal)
          const shippingOff = totals.promotions.filter((p) => p.kind === 'free_shipping').reduce((s, p) => s + p.amountCents, 0)
          expect(shippingOff).toBeLessThanOrEqual(totals.shippingCostCents)
          expect(totals.promotionCents - shippingOff + totals.discountCents).toBeLessThanOrEqual(subtotal)
          expect(totals.promotionCents).toBe(totals.promotions.reduce((s, p) => s + p.amountCents, 0))
          // stacking: a promotion that does not combine with codes (or gift cards) is never applied beside one
          const rule = (id: string) => promotions.find((p) => p.id === id)!
          if (totals.validCoupons.length) expect(totals.promotions.every((p) => rule(p.id).combinesWithCodes)).toBe(true)
          if (giftBalance > 0) expect(totals.promotions.every((p) => rule(p.id).combinesWithGiftCards)).toBe(true)
          expect(totals.grandTotalCents).toBe(subtotal - totals.promotionCents - totals.discountCents + totals.shippingCostCents + totals.taxCents)
          // the gift card pays up to its balance, the card the rest (giftcards/service.ts: min(balance, total))
          const giftCardCents = Math.min(giftBalance, totals.grandTotalCents)
          const charged = totals.grandTotalCents - giftCardCents
          expect(charged).toBeGreaterThanOrEqual(0)
          const lines_ = summaryLines({ currency, subtotalCents: totals.subtotalCents, promotions: totals.promotions, discountCents: totals.discountCents, shippingCents: totals.shippingCostCents, ships: totals.requiresShipping, taxCents: totals.taxCents, giftCardCents, totalCents: charged })
          const total = lines_.find((l) => l.key === 'total')!
          const parts = lines_.filter((l) => l.key !== 'total')
          expect(parts.reduce((s, l) => s + l.amountCents, 0)).toBe(total.amountCents)
          // the same sum read from the exact decimal texts with the currency's fraction digits
          expect(parts.reduce((s, l) => s + minorOf(decimalText(l.amountCents, currency), currency), 0)).toBe(minorOf(decimalText(charged, currency), currency))
        },
      ),
      { numRuns: 400, seed: 33 },
    )
  })

  it("an instalment plan's schedule sums to the amount, in whole minor units, the first ones rounded up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (amount) => {
        const plan = instalmentSchedule(amount, new Date('2026-06-01T00:00:00Z'))
        expect(plan).toHaveLength(NUM_INSTALMENTS)
        expect(plan.reduce((s, i) => s + i.amountCents, 0)).toBe(amount)
        expect(plan.every((i) => Number.isSafeInteger(i.amountCents) && i.amountCents >= 0)).toBe(true)
        expect(plan[0]!.amountCents).toBe(Math.ceil(amount / NUM_INSTALMENTS))
        expect(Math.max(...plan.map((i) => i.amountCents)) - Math.min(...plan.map((i) => i.amountCents))).toBeLessThanOrEqual(1)
      }),
      { numRuns: 500, seed: 33 },
    )
  })
})
