import { boolean, index, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

import type { ReviewSource, ReviewStatus } from '@sitewright/contracts'

export type { ReviewSource, ReviewStatus }

/** A product review (a store review when productId is null). Text is kept as written; it is escaped when shown. */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id').notNull(),
    productId: text('product_id'),
    starRating: smallint('star_rating').notNull(),
    text: text('text').notNull().default(''),
    userFirstName: text('user_first_name').notNull().default(''),
    userLastName: text('user_last_name').notNull().default(''),
    userLoginName: text('user_login_name').notNull().default(''),
    userName: text('user_name').notNull().default(''),
    sourceType: text('source_type').$type<ReviewSource>().notNull().default('NATIVE'),
    /** Identity of an imported review in its source (re-imports are no-ops). */
    sourceKey: text('source_key'),
    importedProductName: text('imported_product_name'),
    importedProductImageUrls: jsonb('imported_product_image_urls').$type<string[]>().notNull().default([]),
    importedImageUrls: jsonb('imported_image_urls').$type<string[]>().notNull().default([]),
    status: text('status').$type<ReviewStatus>().notNull().default('approved'),
    reply: text('reply'),
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    orderId: text('order_id'),
    reviewDate: tz('review_date').notNull().defaultNow(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('product_reviews_list_idx').on(t.siteId, t.productId, t.status, t.reviewDate)],
)

/** Per-site switches for native (flag 66) and imported (flag 67) reviews. */
export const productReviewSettings = pgTable('product_review_settings', {
  siteId: text('site_id').primaryKey(),
  nativeEnabled: boolean('native_enabled').notNull().default(true),
  importedEnabled: boolean('imported_enabled').notNull().default(true),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

export type ReviewRow = typeof productReviews.$inferSelect
export const reviewsTables = { productReviews, productReviewSettings }
