// Owner-side item service: create, update, delete, reorder items of a collection.
import { and, asc, count, desc, eq, max, ne, notInArray } from 'drizzle-orm'
import type { Orm } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { newId } from '../../../platform/ids.js'
import { COMMENT_STATE, LIMITS, RECORD_TYPES, type ContentStatus } from '../constants.js'
import { getCollection } from './collections.js'
import { contentItems, type CollectionRow, type ItemRow } from '../schema.js'
import { freeSlug, invalid, layoutOf, ms, prepareLayout, recordRedirect } from '../shared.js'
import { checkCategoryRoom } from './queries.js'
import { sanitizeHtml } from '../text/index.js'
import { urlSlug } from '@sitewright/contracts'
import type { CreateItem, UpdateItem } from '../validators.js'
import { atVersion, nextUpdatedAt, VersionConflict } from './versioning.js'

/** Collections whose items are ordered by hand (and limited to 250). */
export const isOrderable = (c: CollectionRow) => c.typeName === 'gallery'

const DEFAULT_RECORD: Record<string, number> = { blog: RECORD_TYPES.TEXT, events: RECORD_TYPES.EVENT, gallery: RECORD_TYPES.IMAGE }

export interface ItemData {
  image?: { assetUrl?: string; originalSize?: string; altText?: string; title?: string; body?: string; filename?: string; mediaFocalPoint?: { x: number; y: number } }
  audioAssetUrl?: string
  videoUrl?: string
  /** The post page's <title>, meta description and og:image when the owner set them. */
  seoTitle?: string
  seoDescription?: string
  socialImageId?: string
}
export const itemDataOf = (i: ItemRow): ItemData => (i.data && typeof i.data === 'object' ? (i.data as ItemData) : {})

export function itemDto(i: ItemRow, c: Pick<CollectionRow, 'urlId'>) {
  const data = itemDataOf(i)
  return {
    id: i.id,
    collectionId: i.collectionId,
    recordType: i.recordType,
    title: i.title,
    urlId: i.urlId,
    fullUrl: `/${c.urlId}/${i.urlId}`,
    excerpt: i.excerpt,
    body: i.body,
    authorName: i.authorName,
    status: i.status,
    publishOn: ms(i.publishOn),
    ordering: i.ordering,
    tags: i.tags,
    categories: i.categories,
    mainImageId: i.mainImageId,
    externalLink: i.externalLink,
    sourceUrl: i.sourceUrl,
    promotedBlockType: i.promotedBlockType,
    commentState: i.commentState,
    startDate: ms(i.startDate),
    endDate: ms(i.endDate),
    location: i.location ?? null,
    layout: layoutOf(i.layout),
    image: data.image ?? null,
    audioAssetUrl: data.audioAssetUrl ?? null,
    videoUrl: data.videoUrl ?? null,
    seoTitle: data.seoTitle ?? '',
    seoDescription: data.seoDescription ?? '',
    socialImageId: data.socialImageId ?? null,
    addedOn: ms(i.createdAt),
    updatedOn: ms(i.updatedAt),
  }
}
export type ItemDto = ReturnType<typeof itemDto>

export async function getItem(orm: Orm, siteId: string, itemId: string): Promise<ItemRow> {
  const [row] = await orm.select().from(contentItems).where(and(eq(contentItems.siteId, siteId), eq(contentItems.id, itemId)))
  if (!row) throw new AppError('not_found', 'item_not_found', 'No such item.')
  return row
}

export async function listItems(orm: Orm, siteId: string, collectionId: string, opts: { page: number; pageSize: number; status?: ContentStatus | undefined }) {
  const c = await getCollection(orm, siteId, collectionId)
  const where = and(eq(contentItems.siteId, siteId), eq(contentItems.collectionId, collectionId), opts.status ? eq(contentItems.status, opts.status) : undefined)
  const order = isOrderable(c) ? [asc(contentItems.ordering), asc(contentItems.createdAt)] : [desc(contentItems.publishOn), desc(contentItems.createdAt)]
  const rows = await orm.select().from(contentItems).where(where).orderBy(...order).limit(opts.pageSize).offset((opts.page - 1) * opts.pageSize)
  const [total] = await orm.select({ n: count() }).from(contentItems).where(where)
  return { collection: c, items: rows, total: Number(total?.n ?? 0) }
}

const slugTaken = (tx: Orm, collectionId: string, exceptId?: string) => async (slug: string) => {
  const conds = [eq(contentItems.collectionId, collectionId), eq(contentItems.urlId, slug)]
  if (exceptId) conds.push(ne(contentItems.id, exceptId))
  const [row] = await tx.select({ id: contentItems.id }).from(contentItems).where(and(...conds))
  return row !== undefined
}

function values(input: UpdateItem, existing: ItemRow | null): Partial<typeof contentItems.$inferInsert> {
  const v: Partial<typeof contentItems.$inferInsert> = {}
  if (input.recordType !== undefined) v.recordType = input.recordType
  if (input.title !== undefined) v.title = input.title
  if (input.excerpt !== undefined) v.excerpt = sanitizeHtml(input.excerpt, { iframes: false })
  if (input.body !== undefined) v.body = sanitizeHtml(input.body)
  if (input.authorName !== undefined) v.authorName = input.authorName
  if (input.status !== undefined) v.status = input.status
  if (input.publishOn !== undefined) v.publishOn = input.publishOn
  if (input.tags !== undefined) v.tags = input.tags
  if (input.categories !== undefined) v.categories = input.categories
  if (input.mainImageId !== undefined) v.mainImageId = input.mainImageId
  if (input.externalLink !== undefined) v.externalLink = input.externalLink
  if (input.sourceUrl !== undefined) v.sourceUrl = input.sourceUrl
  if (input.promotedBlockType !== undefined) v.promotedBlockType = input.promotedBlockType
  if (input.commentState !== undefined) v.commentState = input.commentState
  if (input.startDate !== undefined) v.startDate = input.startDate
  if (input.endDate !== undefined) v.endDate = input.endDate
  if (input.location !== undefined) v.location = input.location
  if (input.layout !== undefined) v.layout = input.layout === null ? null : prepareLayout(input.layout)
  const seo = input.seoTitle !== undefined || input.seoDescription !== undefined || input.socialImageId !== undefined
  if (input.image !== undefined || input.audioAssetUrl !== undefined || input.videoUrl !== undefined || seo) {
    const data: ItemData = { ...(existing ? itemDataOf(existing) : {}) }
    if (input.image !== undefined) {
      if (input.image === null) delete data.image
      else data.image = input.image
    }
    if (input.audioAssetUrl !== undefined) {
      if (input.audioAssetUrl === null) delete data.audioAssetUrl
      else data.audioAssetUrl = input.audioAssetUrl
    }
    if (input.videoUrl !== undefined) {
      if (input.videoUrl === null) delete data.videoUrl
      else data.videoUrl = input.videoUrl
    }
    for (const key of ['seoTitle', 'seoDescription', 'socialImageId'] as const) {
      const value = input[key]
      if (value === undefined) continue
      if (value === null || value === '') delete data[key]
      else data[key] = value
    }
    v.data = data
  }
  const status = input.status ?? existing?.status
  const publishOn = input.publishOn ?? existing?.publishOn
  if (status === 'scheduled' && (!publishOn || (input.status !== undefined && input.publishOn === undefined && publishOn.getTime() <= Date.now()))) {
    throw invalid('publishOn', 'Choose when to publish a scheduled item.')
  }
  const start = input.startDate !== undefined ? input.startDate : existing?.startDate
  const end = input.endDate !== undefined ? input.endDate : existing?.endDate
  if (start && end && end.getTime() < start.getTime()) throw invalid('endDate', 'The end must not be before the start.')
  return v
}

export async function createItem(orm: Orm, siteId: string, collectionId: string, input: CreateItem): Promise<{ item: ItemRow; collection: CollectionRow }> {
  const c = await getCollection(orm, siteId, collectionId)
  if (c.typeName === 'products') throw new AppError('conflict', 'products_in_store', 'Products are added in the store.')
  if (c.typeName === 'page' || c.typeName === 'splash-page' || c.folder) throw new AppError('conflict', 'not_a_collection', 'This page does not hold items.')
  const v = values(input, null)
  const recordType = input.recordType ?? DEFAULT_RECORD[c.typeName] ?? RECORD_TYPES.TEXT
  if (recordType === RECORD_TYPES.EVENT && !input.startDate) throw invalid('startDate', 'Enter when the event starts.')
  const item = await orm.transaction(async (tx) => {
    if (input.categories) await checkCategoryRoom(tx, siteId, collectionId, null, input.categories)
    const given = input.urlId !== undefined && input.urlId.trim() !== ''
    const base = urlSlug(given ? input.urlId! : input.title) || 'item'
    const urlId = await freeSlug(base, slugTaken(tx, collectionId), given)
    let ordering = 0
    if (isOrderable(c)) {
      const [n] = await tx.select({ n: count(), last: max(contentItems.ordering) }).from(contentItems).where(eq(contentItems.collectionId, collectionId))
      if (Number(n?.n ?? 0) >= LIMITS.orderableItems) {
        throw new AppError('conflict', 'collection_full', `A collection holds at most ${LIMITS.orderableItems} items.`)
      }
      ordering = (n?.last ?? 0) + 1
    }
    const endDate = v.endDate ?? (recordType === RECORD_TYPES.EVENT && input.startDate ? new Date(input.startDate.getTime() + 60 * 60 * 1000) : null)
    const [row] = await tx
      .insert(contentItems)
      .values({
        commentState: c.typeName === 'blog' ? COMMENT_STATE.OPEN : COMMENT_STATE.CLOSED,
        ...v,
        endDate,
        id: newId(),
        siteId,
        collectionId,
        recordType,
        title: input.title,
        urlId,
        ordering,
      })
      .returning()
    return row!
  })
  return { item, collection: c }
}

/** Changes an item; with `ifVersion`, only if it is still at that version (else VersionConflict). */
export async function updateItem(orm: Orm, siteId: string, itemId: string, input: UpdateItem, ifVersion?: number): Promise<{ item: ItemRow; collection: CollectionRow }> {
  const existing = await getItem(orm, siteId, itemId)
  if (ifVersion !== undefined && ms(existing.updatedAt) !== ifVersion) throw new VersionConflict(ms(existing.updatedAt)!)
  const c = await getCollection(orm, siteId, existing.collectionId)
  const v = values(input, existing)
  const item = await orm.transaction(async (tx) => {
    if (input.categories) await checkCategoryRoom(tx, siteId, c.id, itemId, input.categories)
    if (input.urlId !== undefined && input.urlId.trim() !== '' && urlSlug(input.urlId) !== existing.urlId) {
      const slug = urlSlug(input.urlId)
      if (!slug) throw invalid('urlId', 'Enter a URL with letters or digits.')
      v.urlId = await freeSlug(slug, slugTaken(tx, c.id, itemId), true)
      await recordRedirect(tx, siteId, `/${c.urlId}/${existing.urlId}`, `/${c.urlId}/${v.urlId}`)
    }
    const [row] = await tx
      .update(contentItems)
      .set({ ...v, updatedAt: nextUpdatedAt() })
      .where(and(eq(contentItems.siteId, siteId), eq(contentItems.id, itemId), ifVersion === undefined ? undefined : atVersion(contentItems.updatedAt, ifVersion)))
      .returning()
    if (row) return row
    const [now] = await tx.select({ updatedAt: contentItems.updatedAt }).from(contentItems).where(and(eq(contentItems.siteId, siteId), eq(contentItems.id, itemId)))
    if (now && ifVersion !== undefined) throw new VersionConflict(ms(now.updatedAt)!)
    throw new AppError('not_found', 'item_not_found', 'No such item.')
  })
  return { item, collection: c }
}

export async function deleteItem(orm: Orm, siteId: string, itemId: string): Promise<void> {
  const rows = await orm.delete(contentItems).where(and(eq(contentItems.siteId, siteId), eq(contentItems.id, itemId))).returning({ id: contentItems.id })
  if (rows.length === 0) throw new AppError('not_found', 'item_not_found', 'No such item.')
}

/** `ids` first, in that order; the collection's other items follow in their order. */
export async function reorderItems(orm: Orm, siteId: string, collectionId: string, ids: string[]): Promise<void> {
  await getCollection(orm, siteId, collectionId)
  await orm.transaction(async (tx) => {
    for (const [i, id] of ids.entries()) {
      const rows = await tx
        .update(contentItems)
        .set({ ordering: i + 1 })
        .where(and(eq(contentItems.siteId, siteId), eq(contentItems.collectionId, collectionId), eq(contentItems.id, id)))
        .returning({ id: contentItems.id })
      if (rows.length === 0) throw new AppError('not_found', 'item_not_found', 'No such item in this collection.')
    }
    const rest = await tx
      .select({ id: contentItems.id, ordering: contentItems.ordering })
      .from(contentItems)
      .where(and(eq(contentItems.siteId, siteId), eq(contentItems.collectionId, collectionId), notInArray(contentItems.id, ids)))
      .orderBy(asc(contentItems.ordering), asc(contentItems.createdAt))
    for (const [j, r] of rest.entries()) {
      const ordering = ids.length + j + 1
      if (r.ordering !== ordering) await tx.update(contentItems).set({ ordering }).where(and(eq(contentItems.siteId, siteId), eq(contentItems.id, r.id)))
    }
  })
}
