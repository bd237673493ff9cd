// Donations and paid memberships: what the donation block (52) stores, the amount limits the DONATE page (203)
// and the server check alike, and the answers of the donation and membership calls. Import-free.

/** The order kinds: a purchase of products, or a donation. */
export type OrderKind = 'order' | 'donation'

/** The donation block's value (block type 52) as the editor saves it. Amounts are whole currency units. */
export interface DonationBlockValue {
  title?: string
  description?: string
  /** Suggested amounts in whole units of the store currency (e.g. 10, 25, 50); at most DONATION_MAX_PRESETS. */
  presets?: number[]
  /** Offer a monthly recurring donation. */
  recurring?: boolean
  buttonText?: string
}

export const DONATION_DEFAULT_PRESETS: readonly number[] = [10, 25, 50, 100]
export const DONATION_MAX_PRESETS = 6
export const DONATION_DEFAULT_BUTTON = 'Donate'
/** A donation is at least 1 and at most 10,000 whole units of the store currency. */
export const DONATION_MIN_UNITS = 1
export const DONATION_MAX_UNITS = 10_000
/** The sku of a donation's order line (donations name no product). */
export const DONATION_SKU = 'DONATION'

/** POST /api/commerce/donations body. `amount` is decimal text in the store currency ('25' or '25.50'). */
export interface DonationInput {
  pageId: string
  blockId: string
  amount: string
  recurring?: boolean
  email: string
  name?: string
  card?: { number: string; expMonth: number; expYear: number; cvc: string }
}

/** POST /api/commerce/donations answer (201). */
export interface DonationPlaced {
  orderId: string
  confirmationUrl: string
  recurring: boolean
}

/** A subscription of the signed-in member (GET /api/site-users/account/subscriptions). */
export interface MemberSubscription {
  id: string
  title: string
  /** 'Every month', 'Every 2 weeks'. */
  every: string
  price: string
  status: 'active' | 'past_due' | 'cancelled' | 'ending' | 'paused'
  /** When a cancelled subscription stops, or a paused one's paid period ends (epoch ms), else null. */
  endsOn: number | null
  /** A donation rather than a product. */
  donation: boolean
}

/** The access rule of a member area as the owner sets it (PUT /api/sites/:siteId/member-areas/:collectionId). */
export interface MemberAreaRule {
  rule: 'members' | 'tag' | 'product'
  tag?: string
  /** The PAYWALL product (type 5) whose buyers may read the area (rule 'product'). */
  productId?: string | null
}

/** A member area (members-only page or `_memberareas` page) with its rule (GET .../member-areas). */
export interface MemberAreaView extends MemberAreaRule {
  collectionId: string
  title: string
  fullUrl: string
}
