// Owner API shapes of product reviews (moderation, export, Etsy import) and restock sign-ups (groups, lists, sends).
// Types only.

export type ReviewStatus = 'approved' | 'pending' | 'hidden'

/** Where a review came from: written on this site, or imported (an Etsy export). */
export type ReviewSource = 'NATIVE' | 'ETSY'

/** A review as the storefront receives it (`GET /api/commerce/product/reviews`, the spec's field names). */
export interface PublicReview {
  id: string
  starRating: number
  reviewDate: string
  text: string
  userFirstName: string
  userLastName: string
  userLoginName: string
  userName: string
  productId: string | null
  importedProductName?: string
  importedProductImageUrls?: string[]
  etsyImageUrls?: string[]
  importedImageUrls?: string[]
  sourceType: ReviewSource
  verifiedPurchase: boolean
  reply?: string
}

/** A review as its owner moderates it. */
export interface OwnerReview extends PublicReview {
  status: ReviewStatus
  createdAt: string
}

export interface OwnerReviewQuery {
  status?: ReviewStatus
  /** '' = store reviews (no product). */
  productId?: string
  page?: number
  size?: number
}

export interface OwnerReviewPage {
  reviews: OwnerReview[]
  total: number
  nextPage: number | null
}

export interface ReviewImportResult {
  imported: number
  duplicates: number
  skipped: number
}

export interface RestockSignUp {
  id: string
  email: string
  productId: string
  variantId: string
  isJoinMailingList: boolean
  createdOn: number
  notifiedOn: number | null
}

export interface RestockSignUpGroup {
  productId: string
  variantId: string
  productTitle: string | null
  attributes: Record<string, string>
  qtyInStock: number
  unlimited: boolean
  waiting: number
  notified: number
  firstSignUpOn: number
}

export interface RestockSignUpPage {
  signUps: RestockSignUp[]
  hasNextPage: boolean
  nextPageCursor: string | null
}

export interface RestockGroupPage {
  signUpGroups: RestockSignUpGroup[]
  hasNextPage: boolean
  nextPageCursor: string | null
}

export interface RestockSendResult {
  productId: string
  variantId: string
  notified: number
}

/** The scarcity part of the restock settings (`GET|PATCH /api/sites/:siteId/restock-settings`): the product page
 * says `scarcityText` (which must contain `{qtyInStock}`) for variants with at most `scarcityThreshold` in stock. */
export interface ScarcitySettings {
  scarcityEnabled: boolean
  scarcityThreshold: number
  scarcityText: string
  scarcityShownByDefault: boolean
}
/** The placeholder the scarcity text must contain. */
export const SCARCITY_QTY_PLACEHOLDER = '{qtyInStock}'
