// Product reviews: the visitor list (approved only, newest first, page/size), owner moderation and settings.
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newId } from '../../platform/ids.js'
import type { OwnerReview, PublicReview } from '@sitewright/contracts'
import { productReviewSettings, productReviews, type ReviewRow, type ReviewSource, type ReviewStatus } from './schema.js'

export type { OwnerReview, PublicReview }

export interface ReviewSettings {
  nativeEnabled: boolean
  importedEnabled: boolean
}

export function toPublic(r: ReviewRow): PublicReview {
  const out: PublicReview = {
    id: r.id,
    starRating: r.starRating,
    reviewDate: r.reviewDate.toISOString(),
    text: r.text,
    userFirstName: r.userFirstName,
    userLastName: r.userLastName,
    userLoginName: r.userLoginName,
    userName: r.userName,
    productId: r.productId,
    sourceType: r.sourceType,
    verifiedPurchase: r.verifiedPurchase,
  }
  if (r.importedProductName) out.importedProductName = r.importedProductName
  if (r.importedProductImageUrls.length) {
    out.importedProductImageUrls = r.importedProductImageUrls
    if (r.sourceType === 'ETSY') out.etsyImageUrls = r.importedProductImageUrls
  }
  if (r.importedImageUrls.length) out.importedImageUrls = r.importedImageUrls
  if (r.reply) out.reply = r.reply
  return out
}

export function toOwner(r: ReviewRow): OwnerReview {
  return { ...toPublic(r), status: r.status, createdAt: r.createdAt.toISOString() }
}

export async function getSettings(orm: Orm, siteId: string): Promise<ReviewSettings> {
  const [row] = await orm.select().from(productReviewSettings).where(eq(productReviewSettings.siteId, siteId))
  return { nativeEnabled: row?.nativeEnabled ?? true, importedEnabled: row?.importedEnabled ?? true }
}

export async function putSettings(orm: Orm, siteId: string, patch: Partial<ReviewSettings>): Promise<ReviewSettings> {
  const next = { ...(await getSettings(orm, siteId)), ...patch }
  await orm
    .insert(productReviewSettings)
    .values({ siteId, ...next })
    .onConflictDoUpdate({ target: productReviewSettings.siteId, set: { ...next, updatedAt: new Date() } })
  return next
}

function sourcesOf(s: ReviewSettings): ReviewSource[] {
  return [...(s.nativeEnabled ? (['NATIVE'] as const) : []), ...(s.importedEnabled ? (['ETSY'] as const) : [])]
}

/**
 * Approved reviews shown to visitors, newest first: one product's when `productId` is given, else the whole
 * store's (every product's and the store's own). `nextPage` is the next page number, or null on the last page.
 */
export async function listPublic(
  orm: Orm,
  siteId: string,
  q: { productId?: string | undefined; page: number; size: number },
): Promise<{ productReviews: PublicReview[]; nextPage: number | null }> {
  const sources = sourcesOf(await getSettings(orm, siteId))
  if (!sources.length) return { productReviews: [], nextPage: null }
  const where: SQL[] = [eq(productReviews.siteId, siteId), eq(productReviews.status, 'approved'), inArray(productReviews.sourceType, sources)]
  if (q.productId) where.push(eq(productReviews.productId, q.productId))
  const rows = await orm
    .select()
    .from(productReviews)
    .where(and(...where))
    .orderBy(desc(productReviews.reviewDate), desc(productReviews.id))
    .limit(q.size + 1)
    .offset(q.page * q.size)
  const more = rows.length > q.size
  return { productReviews: rows.slice(0, q.size).map(toPublic), nextPage: more ? q.page + 1 : null }
}

export async function listForOwner(
  orm: Orm,
  siteId: string,
  q: { status?: ReviewStatus | undefined; productId?: string | undefined; page: number; size: number },
): Promise<{ reviews: OwnerReview[]; total: number; nextPage: number | null }> {
  const where: SQL[] = [eq(productReviews.siteId, siteId)]
  if (q.status) where.push(eq(productReviews.status, q.status))
  if (q.productId === '') where.push(isNull(productReviews.productId))
  else if (q.productId) where.push(eq(productReviews.productId, q.productId))
  const [rows, [counted]] = await Promise.all([
    orm
      .select()
      .from(productReviews)
      .where(and(...where))
      .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
      .limit(q.size + 1)
      .offset(q.page * q.size),
    orm.select({ n: sql<number>`count(*)::int` }).from(productReviews).where(and(...where)),
  ])
  return { reviews: rows.slice(0, q.size).map(toOwner), total: counted?.n ?? 0, nextPage: rows.length > q.size ? q.page + 1 : null }
}

export async function allForExport(orm: Orm, siteId: string): Promise<ReviewRow[]> {
  return orm.select().from(productReviews).where(eq(productReviews.siteId, siteId)).orderBy(desc(productReviews.createdAt), desc(productReviews.id))
}

export async function moderate(orm: Orm, siteId: string, id: string, patch: { status?: ReviewStatus | undefined; reply?: string | null | undefined }): Promise<OwnerReview> {
  const set: Partial<ReviewRow> = {}
  if (patch.status) set.status = patch.status
  if (patch.reply !== undefined) set.reply = patch.reply === null || patch.reply.trim() === '' ? null : patch.reply.trim()
  const [row] = Object.keys(set).length
    ? await orm.update(productReviews).set(set).where(and(eq(productReviews.siteId, siteId), eq(productReviews.id, id))).returning()
    : await orm.select().from(productReviews).where(and(eq(productReviews.siteId, siteId), eq(productReviews.id, id)))
  if (!row) throw new AppError('not_found', 'review_not_found', 'This review does not exist.')
  return toOwner(row)
}

export async function deleteReview(orm: Orm, siteId: string, id: string): Promise<void> {
  const rows = await orm.delete(productReviews).where(and(eq(productReviews.siteId, siteId), eq(productReviews.id, id))).returning({ id: productReviews.id })
  if (!rows.length) throw new AppError('not_found', 'review_not_found', 'This review does not exist.')
}

export interface NewReview {
  productId: string | null
  starRating: number
  text: string
  userFirstName?: string
  userLastName?: string
  userLoginName?: string
  userName?: string
  sourceType?: ReviewSource
  sourceKey?: string
  importedProductName?: string
  importedProductImageUrls?: string[]
  importedImageUrls?: string[]
  status?: ReviewStatus
  verifiedPurchase?: boolean
  orderId?: string
  reviewDate?: Date
}

/** Inserts a review; an imported review already present (same source key) is left alone and answers null. */
export async function insertReview(orm: Orm, siteId: string, r: NewReview): Promise<ReviewRow | null> {
  const rows = await orm
    .insert(productReviews)
    .values({ id: newId(), siteId, ...r, ...(r.reviewDate ? {} : { reviewDate: new Date() }) })
    .onConflictDoNothing()
    .returning()
  return rows[0] ?? null
}

export async function countFor(orm: Orm, siteId: string, productId: string): Promise<number> {
  const [r] = await orm
    .select({ n: sql<number>`count(*)::int` })
    .from(productReviews)
    .where(and(eq(productReviews.siteId, siteId), eq(productReviews.productId, productId)))
  return r?.n ?? 0
}
