// Automatic promotions, pure and in integer minor units: which of a site's promotions a cart gets and what each
// takes off. Goods promotions (percentage, amount, buy X get Y) apply first, in the order the site lists them, each
// at most what is left of the goods; coupon codes then apply to what the promotions left; a free-shipping promotion
// takes the chosen shipping's cost off as its own line. A promotion that does not combine with codes gives way to a
// valid code in the cart; one that does not combine with gift cards is not applied when a gift card pays.
import type { AppliedPromotion, PromotionKind, PromotionTarget } from '@sitewright/contracts'

export interface PromotionRule {
  id: string
  name: string
  kind: PromotionKind
  appliesTo: PromotionTarget
  targetIds: string[]
  amount: number
  buyQuantity: number
  getQuantity: number
  minSubtotalCents: number
  startsAt: Date | null
  endsAt: Date | null
  active: boolean
  usageLimit: number | null
  usedCount: number
  perCustomerLimit: number | null
  combinesWithCodes: boolean
  combinesWithGiftCards: boolean
}

/** A cart line as promotions read it: what it is (product, collection) and what it costs. */
export interface PromotionLine {
  unitPriceCents: number
  quantity: number
  productId?: string | undefined
  collectionId?: string | undefined
}

/** What else is in the checkout: a valid coupon code, a gift card paying, and how often this shopper used each promotion. */
export interface PromotionContext {
  now: Date
  codes: boolean
  giftCard: boolean
  /** Orders of this shopper's email per promotion id (known at checkout). */
  usedByCustomer?: ReadonlyMap<string, number> | undefined
}

/** Round half away from zero of a non-negative rational `num / den`. */
const roundDiv = (num: number, den: number) => Math.floor((2 * num + den) / (2 * den))

/** Whether a promotion is on at `now`: switched on, within its dates and not used up. */
export function promotionLive(p: PromotionRule, now: Date): boolean {
  if (!p.active) return false
  if (p.startsAt && now < p.startsAt) return false
  if (p.endsAt && now >= p.endsAt) return false
  return p.usageLimit === null || p.usedCount < p.usageLimit
}

/** Whether the promotion targets a line (order-wide promotions target every line). */
export function targets(p: Pick<PromotionRule, 'appliesTo' | 'targetIds'>, line: Pick<PromotionLine, 'productId' | 'collectionId'>): boolean {
  if (p.appliesTo === 'order') return true
  const id = p.appliesTo === 'products' ? line.productId : line.collectionId
  return id !== undefined && p.targetIds.includes(id)
}

/** Whether the promotion may apply in this checkout (stacking and the shopper's own limit). */
function allowed(p: PromotionRule, ctx: PromotionContext): boolean {
  if (!promotionLive(p, ctx.now)) return false
  if (ctx.codes && !p.combinesWithCodes) return false
  if (ctx.giftCard && !p.combinesWithGiftCards) return false
  const used = ctx.usedByCustomer?.get(p.id) ?? 0
  return p.perCustomerLimit === null || used < p.perCustomerLimit
}

/** What a goods promotion takes off the lines it targets, before the cap. */
function goodsAmount(p: PromotionRule, lines: readonly PromotionLine[]): number {
  const hit = lines.filter((l) => targets(p, l))
  const value = hit.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0)
  if (value === 0 || value < p.minSubtotalCents) return 0
  if (p.kind === 'percentage') return roundDiv(value * Math.min(100, Math.max(0, p.amount)), 100)
  if (p.kind === 'amount') return Math.min(value, Math.max(0, p.amount))
  if (p.kind === 'buy_x_get_y') {
    const set = p.buyQuantity + p.getQuantity
    if (p.buyQuantity < 1 || p.getQuantity < 1) return 0
    const units = hit.flatMap((l) => Array.from({ length: l.quantity }, () => l.unitPriceCents)).sort((a, b) => a - b)
    const free = Math.floor(units.length / set) * p.getQuantity
    const cheapest = units.slice(0, free).reduce((s, u) => s + u, 0)
    return roundDiv(cheapest * Math.min(100, Math.max(0, p.amount)), 100)
  }
  return 0
}

/** The goods promotions a cart gets, in the site's order; together never more than the subtotal. */
export function goodsPromotions(rules: readonly PromotionRule[], lines: readonly PromotionLine[], ctx: PromotionContext): AppliedPromotion[] {
  let left = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0)
  const applied: AppliedPromotion[] = []
  for (const p of rules) {
    if (p.kind === 'free_shipping' || left === 0 || !allowed(p, ctx)) continue
    const amountCents = Math.min(left, goodsAmount(p, lines))
    if (amountCents <= 0) continue
    left -= amountCents
    applied.push({ id: p.id, name: p.name, kind: p.kind, amountCents })
  }
  return applied
}

/** The free-shipping promotion a cart gets for goods worth `goodsCents` (after discounts) and a chosen shipping cost, or null. */
export function shippingPromotion(rules: readonly PromotionRule[], goodsCents: number, shippingCents: number, ctx: PromotionContext): AppliedPromotion | null {
  if (shippingCents <= 0) return null
  const p = rules.find((r) => r.kind === 'free_shipping' && goodsCents >= r.minSubtotalCents && allowed(r, ctx))
  return p ? { id: p.id, name: p.name, kind: p.kind, amountCents: shippingCents } : null
}

/** The live promotion (percentage, amount or buy X get Y) that puts a product on sale, or null (what the storefront labels). */
export function saleOf(rules: readonly PromotionRule[], product: { productId: string; collectionId: string }, now: Date): PromotionRule | null {
  return rules.find((p) => p.kind !== 'free_shipping' && p.appliesTo !== 'order' && promotionLive(p, now) && targets(p, product)) ?? null
}
