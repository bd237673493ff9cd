// Automatic promotions (discounts without a code) as the owner API carries them, and a promotion as a cart and an
// order apply it. Money fields named `...Cents` are integer minor units of the store currency.

/**
 * percentage: `amount` whole percent off the goods it targets; amount: `amount` minor units off them; buy_x_get_y:
 * for every `buyQuantity` units of the targets bought, `getQuantity` more of them at `amount` percent off (100 =
 * free; the cheapest units); free_shipping: the chosen shipping costs nothing.
 */
export type PromotionKind = 'percentage' | 'amount' | 'buy_x_get_y' | 'free_shipping'
/** order: every line; products / collections: the lines of the products or collections in `targetIds`. */
export type PromotionTarget = 'order' | 'products' | 'collections'

/** What the owner sends to create or replace a promotion (POST, PUT). */
export interface PromotionInput {
  name: string
  kind: PromotionKind
  appliesTo?: PromotionTarget
  targetIds?: string[]
  amount?: number
  buyQuantity?: number
  getQuantity?: number
  /** The goods (after other promotions on them) must be worth at least this much. */
  minSubtotalCents?: number
  /** ISO date-times; null: no bound. */
  startsAt?: string | null
  endsAt?: string | null
  active?: boolean
  /** Orders that may use it in all; null: no limit. */
  usageLimit?: number | null
  /** Orders one email address may use it for; null: no limit. */
  perCustomerLimit?: number | null
  /** Whether it applies together with a coupon code (false: a valid code in the cart takes its place). */
  combinesWithCodes?: boolean
  /** Whether it applies when a gift card pays (false: it is not applied to a checkout a gift card pays part of). */
  combinesWithGiftCards?: boolean
}

/** A promotion as the owner API answers it. */
export interface Promotion {
  id: string
  name: string
  kind: PromotionKind
  appliesTo: PromotionTarget
  targetIds: string[]
  amount: number
  buyQuantity: number
  getQuantity: number
  minSubtotalCents: number
  startsAt: string | null
  endsAt: string | null
  active: boolean
  usageLimit: number | null
  perCustomerLimit: number | null
  /** Orders that used it. */
  usedCount: number
  combinesWithCodes: boolean
  combinesWithGiftCards: boolean
  /** 'scheduled' (starts later), 'active', 'ended' (ended or used up) or 'off'. */
  status: 'scheduled' | 'active' | 'ended' | 'off'
  createdAt: string
  updatedAt: string
}

/** A promotion a cart or an order got: its own line in the totals. */
export interface AppliedPromotion {
  id: string
  name: string
  kind: PromotionKind
  /** What it takes off (positive minor units). */
  amountCents: number
}
