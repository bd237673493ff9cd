// Cart maths, pure and in integer minor units: line totals, promotions, coupons, shipping, tax, grand total.
import type { AppliedPromotion } from '@sitewright/contracts'
import { goodsPromotions, shippingPromotion, type PromotionContext, type PromotionRule } from './promotions.js'

export interface PricedLine {
  unitPriceCents: number
  quantity: number
  /** Physical goods need shipping; digital goods, services and gift cards do not. */
  requiresShipping: boolean
  /** What promotions target (products, collections). */
  productId?: string | undefined
  collectionId?: string | undefined
}

export interface CouponRule {
  code: string
  kind: 'percentage' | 'fixed' | 'free_shipping'
  /** percentage: whole percent 1..100; fixed: cents; free_shipping: unused. */
  amount: number
  minSubtotalCents: number
  startsAt: Date | null
  endsAt: Date | null
  active: boolean
}

export interface ShippingRule {
  id: string
  name: string
  kind: 'flat' | 'free_over'
  costCents: number
  minSubtotalCents: number
}

export interface TaxRule {
  name: string
  country: string
  region: string
  rateBp: number
}

export interface Location {
  country: string
  region?: string | undefined
}

export interface InvalidCoupon {
  code: string
  reason: string
}

export interface Totals {
  subtotalCents: number
  /** What the applied promotions take off, and each of them (goods promotions first, free shipping last). */
  promotionCents: number
  promotions: AppliedPromotion[]
  discountCents: number
  shippingCostCents: number
  taxCents: number
  grandTotalCents: number
  validCoupons: string[]
  invalidCoupons: InvalidCoupon[]
  shippingOptions: { id: string; name: string; costCents: number }[]
  selectedShippingOption: { id: string; name: string; costCents: number } | null
  /** Free-over options the cart does not reach yet (not offered): what is missing, for an explanation. */
  unavailableShippingOptions: UnavailableShipping[]
  applicableTaxRules: { name: string; country: string; region: string; rate: string }[]
  requiresShipping: boolean
}

export interface UnavailableShipping {
  id: string
  name: string
  minSubtotalCents: number
  /** How much more the goods (after discounts) must be worth. */
  remainingCents: number
}

/** Round half away from zero of a non-negative rational `num / den`. */
function roundDiv(num: number, den: number): number {
  return Math.floor((2 * num + den) / (2 * den))
}

export function lineTotal(line: PricedLine): number {
  return line.unitPriceCents * line.quantity
}

/** Why a coupon does not apply now, or null when it does. */
export function couponProblem(c: CouponRule, subtotalCents: number, now: Date): string | null {
  if (!c.active) return 'This coupon is not active.'
  if (c.startsAt && now < c.startsAt) return 'This coupon is not valid yet.'
  if (c.endsAt && now >= c.endsAt) return 'This coupon has expired.'
  if (subtotalCents < c.minSubtotalCents) return 'The order total is below the minimum for this coupon.'
  return null
}

/** Discount of the valid coupons: percentages of the subtotal, then fixed amounts; never above the subtotal. */
export function discountOf(valid: readonly CouponRule[], subtotalCents: number): number {
  let discount = 0
  for (const c of valid) if (c.kind === 'percentage') discount += roundDiv(subtotalCents * Math.min(100, Math.max(0, c.amount)), 100)
  for (const c of valid) if (c.kind === 'fixed') discount += Math.max(0, c.amount)
  return Math.min(discount, subtotalCents)
}

/** Cost of a shipping option for goods worth `goodsCents` (after discounts). */
export function shippingCost(rule: ShippingRule, goodsCents: number, freeShipping: boolean): number {
  if (freeShipping) return 0
  if (rule.kind === 'free_over' && goodsCents >= rule.minSubtotalCents) return 0
  return rule.costCents
}

/**
 * The options a cart can choose and the free-over ones it does not reach yet. Below its threshold a free-over
 * option is not offered while a flat rate exists (it would only repeat, or exceed, the standard rate); a site
 * with free-over options only offers them at their own cost.
 */
export function offeredShipping(
  rules: readonly ShippingRule[],
  goodsCents: number,
  freeShipping: boolean,
): { offered: Totals['shippingOptions']; unavailable: UnavailableShipping[] } {
  const hasFlat = rules.some((r) => r.kind === 'flat')
  const offered: Totals['shippingOptions'] = []
  const unavailable: UnavailableShipping[] = []
  for (const r of rules) {
    const reached = freeShipping || r.kind !== 'free_over' || goodsCents >= r.minSubtotalCents
    if (reached || !hasFlat) offered.push({ id: r.id, name: r.name, costCents: shippingCost(r, goodsCents, freeShipping) })
    else unavailable.push({ id: r.id, name: r.name, minSubtotalCents: r.minSubtotalCents, remainingCents: r.minSubtotalCents - goodsCents })
  }
  return { offered, unavailable }
}

/** The option the visitor chose when it is still offered, else the cheapest (the first of equals): free shipping is preselected. */
export function selectShipping<T extends { id: string; costCents: number }>(offered: readonly T[], chosenId: string | null): T | null {
  const chosen = chosenId ? offered.find((o) => o.id === chosenId) : undefined
  if (chosen) return chosen
  return offered.reduce<T | null>((best, o) => (best === null || o.costCents < best.costCents ? o : best), null)
}

/** The tax rule for a location: the region's own rule, else the country-wide one (region ''). */
export function taxRuleFor(rules: readonly TaxRule[], location: Location | null): TaxRule | undefined {
  if (!location) return undefined
  const country = location.country.toUpperCase()
  const region = (location.region ?? '').toUpperCase()
  return (
    (region ? rules.find((r) => r.country === country && r.region === region) : undefined) ??
    rules.find((r) => r.country === country && r.region === '')
  )
}

/** Basis points as a percent text: 825 -> '8.25'. */
export function rateText(bp: number): string {
  return (bp / 100).toFixed(2).replace(/\.?0+$/, '')
}

export function computeTotals(input: {
  lines: readonly PricedLine[]
  coupons: readonly CouponRule[]
  /** Codes the visitor applied, in order; unknown codes become invalid coupons. */
  appliedCodes: readonly string[]
  shipping: readonly ShippingRule[]
  selectedShippingId: string | null
  location: Location | null
  taxRules: readonly TaxRule[]
  now: Date
  /** The site's promotions (in its order) and what else is in the checkout (a gift card, the shopper's past uses). */
  promotions?: readonly PromotionRule[] | undefined
  giftCard?: boolean | undefined
  usedByCustomer?: PromotionContext['usedByCustomer']
}): Totals {
  const subtotalCents = input.lines.reduce((s, l) => s + lineTotal(l), 0)
  const requiresShipping = input.lines.some((l) => l.requiresShipping)
  const valid: CouponRule[] = []
  const invalidCoupons: InvalidCoupon[] = []
  for (const code of input.appliedCodes) {
    const c = input.coupons.find((x) => x.code === code)
    const problem = c ? couponProblem(c, subtotalCents, input.now) : 'This coupon does not exist.'
    if (c && !problem) valid.push(c)
    else invalidCoupons.push({ code, reason: problem ?? '' })
  }
  const rules = input.promotions ?? []
  const ctx: PromotionContext = { now: input.now, codes: valid.length > 0, giftCard: !!input.giftCard, usedByCustomer: input.usedByCustomer }
  const promotions = rules.length ? goodsPromotions(rules, input.lines, ctx) : []
  const afterPromotions = subtotalCents - promotions.reduce((s, p) => s + p.amountCents, 0)
  const discountCents = discountOf(valid, afterPromotions)
  const goods = afterPromotions - discountCents
  const freeShipping = valid.some((c) => c.kind === 'free_shipping')
  const { offered: shippingOptions, unavailable: unavailableShippingOptions } = requiresShipping
    ? offeredShipping(input.shipping, goods, freeShipping)
    : { offered: [], unavailable: [] }
  const selectedShippingOption = selectShipping(shippingOptions, input.selectedShippingId)
  const shippingCostCents = selectedShippingOption?.costCents ?? 0
  const shippingFree = rules.length ? shippingPromotion(rules, goods, shippingCostCents, ctx) : null
  if (shippingFree) promotions.push(shippingFree)
  const rule = taxRuleFor(input.taxRules, input.location)
  const taxCents = rule ? roundDiv(goods * rule.rateBp, 10000) : 0
  return {
    subtotalCents,
    promotionCents: promotions.reduce((s, p) => s + p.amountCents, 0),
    promotions,
    discountCents,
    shippingCostCents,
    taxCents,
    grandTotalCents: goods + shippingCostCents - (shippingFree?.amountCents ?? 0) + taxCents,
    validCoupons: valid.map((c) => c.code),
    invalidCoupons,
    shippingOptions,
    selectedShippingOption,
    unavailableShippingOptions,
    applicableTaxRules: rule ? [{ name: rule.name, country: rule.country, region: rule.region, rate: rateText(rule.rateBp) }] : [],
    requiresShipping,
  }
}
