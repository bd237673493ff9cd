// The reviews section's rules, free of the DOM: rating parsing, star variants, count labels, text escaping and
// what each review shows (name, product image, photo, 'Posted on Etsy').

/** Reviews per page; counts are fetched with one page of COUNT_LIMIT. */
export const PAGE_SIZE = 10
export const COUNT_LIMIT = 1000
export const SEE_MORE = 'See More Reviews'
export const POSTED_ON_ETSY = 'Posted on Etsy'
export const VERIFIED_PURCHASE = 'Verified purchase'

export interface Review {
  id?: string
  starRating: number | string
  reviewDate?: string | number
  text?: string
  userFirstName?: string
  userLastName?: string
  userLoginName?: string
  userName?: string
  productId?: string | null
  importedProductName?: string
  importedProductImageUrls?: string[]
  etsyImageUrls?: string[]
  importedImageUrls?: string[]
  sourceType?: string
  verifiedPurchase?: boolean
  reply?: string
}

export interface ReviewPage {
  productReviews: Review[]
  nextPage: number | null
}

/** A star rating from a number or numeric string, 1 to 5; anything else is null. */
export function parseRating(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
  if (!Number.isFinite(n)) return null
  return Math.min(5, Math.max(1, n))
}

export type StarKind = 'full' | 'half' | 'quarter' | 'empty'

/** Five stars for a (possibly averaged) rating: each star full, half, quarter or empty, to the nearest quarter. */
export function stars(rating: number): StarKind[] {
  const quarters = Math.round(Math.min(5, Math.max(0, rating)) * 4)
  return Array.from({ length: 5 }, (_, i) => {
    const q = Math.min(4, Math.max(0, quarters - i * 4))
    return q === 4 ? 'full' : q >= 2 ? 'half' : q === 1 ? 'quarter' : 'empty'
  })
}

export function average(reviews: readonly Review[]): number | null {
  const ratings = reviews.map((r) => parseRating(r.starRating)).filter((n): n is number => n !== null)
  return ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : null
}

/** SPEC.md's labels word for word: '{n} Review(s)' and '{n} Store Review(s)' (the reference prints the '(s)' whatever
 * the count, so 1 reads '1 Review(s)'), and '1000+ Store Reviews' above 999. Counts are fetched up to 1000, so a
 * product's count above 999 reads '1000+ Reviews' too (the spec gives that form for the store's count only). */
export function countLabel(n: number, store: boolean): string {
  if (store) return n > 999 ? '1000+ Store Reviews' : `${n} Store Review(s)`
  return n > 999 ? '1000+ Reviews' : `${n} Review(s)`
}

/** The count a one-page fetch of COUNT_LIMIT answers: the page's length, and above 999 when more exist. */
export function countOf(page: ReviewPage): number {
  return page.nextPage !== null && page.productReviews.length >= COUNT_LIMIT ? COUNT_LIMIT : page.productReviews.length
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '/': '&#x2F;' }

/** Review text made safe for HTML: & < > " ' / escaped. */
export function escapeReviewText(s: string): string {
  return s.replace(/[&<>"'/]/g, (c) => ESCAPES[c]!)
}

export function reviewerName(r: Review): string {
  const full = [r.userFirstName, r.userLastName].filter((x) => x && x.trim()).join(' ')
  return r.userName?.trim() || full || r.userLoginName?.trim() || 'Anonymous'
}

const firstUrl = (list: unknown): string | undefined =>
  Array.isArray(list) ? list.find((u): u is string => typeof u === 'string' && /^https?:\/\/|^\//i.test(u)) : undefined

/** The imported product's image (importedProductImageUrls, else etsyImageUrls): the first one. */
export const productImageOf = (r: Review) => firstUrl(r.importedProductImageUrls) ?? firstUrl(r.etsyImageUrls)
/** The reviewer's photo: the first of importedImageUrls. */
export const photoOf = (r: Review) => firstUrl(r.importedImageUrls)
export const sourceNote = (r: Review) => (r.sourceType === 'ETSY' ? POSTED_ON_ETSY : null)

export function reviewDateText(r: Review, locale?: string): string {
  if (r.reviewDate === undefined) return ''
  const d = new Date(r.reviewDate)
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' })
}

/** Store reviews without the ones already listed among the product's. */
export function withoutShown(list: readonly Review[], shown: ReadonlySet<string>): Review[] {
  return list.filter((r) => !r.id || !shown.has(r.id))
}
