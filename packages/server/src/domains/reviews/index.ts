// Public API of the reviews domain: product and store reviews (native and Etsy-imported), the storefront list,
// owner moderation, export and import, and the review request of a delivered order (request.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import type { DomainEvents } from '../../platform/events.js'
import type { ReviewsContext } from './context.js'
import { registerReviewRoutes } from './routes.js'
import * as svc from './service.js'
import { parseEtsyExport } from './etsy-import.js'
import { registerReviewRequestRoutes, reviewRequestTokens, type ReviewRequestDeps } from './request.js'

export { reviewsTables, type ReviewStatus, type ReviewSource } from './schema.js'
export type { PublicReview, OwnerReview, NewReview, ReviewSettings } from './service.js'
export { parseEtsyExport }
export { purchasedProducts, PAGE_TYPE_REVIEWS_REQUEST, REVIEW_PHOTO_MAX_BYTES } from './request.js'

export interface ReviewsDeps extends ReviewRequestDeps {
  /** The domain-event bus: a requested review raises reviews_review_posted in its insert's transaction. */
  events: DomainEvents
  /** The owner's site after the store-role check. */
  authorize(request: FastifyRequest, siteId: string): Promise<{ site: { id: string } }>
  productTitles(siteId: string): Promise<Map<string, string>>
  onChange?: (siteId: string) => void
}

export function createReviews(orm: Orm, deps: ReviewsDeps) {
  const ctx: ReviewsContext = {
    orm,
    authorize: deps.authorize,
    productTitles: deps.productTitles,
    changed: (siteId) => deps.onChange?.(siteId),
  }
  const tokens = reviewRequestTokens(deps.secret)
  return {
    routes(app: FastifyInstance): void {
      registerReviewRoutes(app, ctx)
      registerReviewRequestRoutes(app, deps, (siteId, review, about) =>
        deps.events.transaction(orm, async (tx, raise) => {
          const row = await svc.insertReview(tx, siteId, review)
          if (row) await raise('reviews_review_posted', { siteId, reviewId: row.id, stars: review.starRating, product: about.product, author: review.userName ?? '', text: review.text ?? '' })
          return row
        }),
      )
    },
    /** The signed link of an order's review request (the review-request mail's), from the site's address. */
    requestUrl: tokens.url,
    /** Adds a review without visitor checks (demo seed, verified purchases); null when an import key repeats. */
    add: async (siteId: string, review: svc.NewReview): Promise<svc.OwnerReview | null> => {
      const row = await svc.insertReview(orm, siteId, review)
      return row ? svc.toOwner(row) : null
    },
    countFor: (siteId: string, productId: string) => svc.countFor(orm, siteId, productId),
    importEtsy: async (siteId: string, format: 'csv' | 'json', data: string, productOf: (name: string) => string | null) => {
      const parsed = parseEtsyExport(format, data, productOf)
      let imported = 0
      for (const r of parsed.reviews) if (await svc.insertReview(orm, siteId, r)) imported++
      return { imported, skipped: parsed.skipped }
    },
    getSettings: (siteId: string) => svc.getSettings(orm, siteId),
    setSettings: (siteId: string, s: Partial<svc.ReviewSettings>) => svc.putSettings(orm, siteId, s),
  }
}

export type Reviews = ReturnType<typeof createReviews>
