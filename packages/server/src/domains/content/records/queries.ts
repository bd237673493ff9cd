// Read side for published pages: only what a visitor may see (published, or scheduled with publishOn passed).
// With `all` (the owner's preview), every item of every status and publication time.
import { and, asc, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import { sqlRows, type Orm } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { LIMITS } from '../constants.js'
import { contentCollections, contentItems, contentRedirects, type CollectionRow, type ItemRow } from '../schema.js'
import { htmlToText } from '../text/index.js'

const LIVE = ['published', 'scheduled']

/** True when a row is visible to visitors at `now` (status published/scheduled and publishOn reached). */
export function isLive(row: { status: string; publishOn: Date }, now: number): boolean {
  return LIVE.includes(row.status) && row.publishOn.getTime() <= now
}

const liveItem = (now: Date, all = false): SQL | undefined => (all ? undefined : and(inArray(contentItems.status, LIVE), lte(contentItems.publishOn, now)))
/** The same condition in raw SQL over `content_items` (alias-free). */
const liveItemRaw = (now: Date, all: boolean, alias = ''): SQL =>
  all ? sql`true` : sql`${sql.raw(alias)}status in ('published', 'scheduled') and ${sql.raw(alias)}publish_on <= ${now}`

export async function siteCollections(orm: Orm, siteId: string): Promise<CollectionRow[]> {
  return orm.select().from(contentCollections).where(eq(contentCollections.siteId, siteId)).orderBy(asc(contentCollections.ordering), asc(contentCollections.createdAt))
}

export type ItemOrder = 'manual' | 'recent' | 'start'

export interface ItemQuery {
  now: Date
  limit: number
  offset?: number
  tag?: string | undefined
  category?: string | undefined
  order: ItemOrder
  /** Events: only those not yet ended at this time. */
  endingAfter?: Date | undefined
  /** Every status and publication time (owner preview). */
  all?: boolean | undefined
}

function orderOf(order: ItemOrder) {
  if (order === 'manual') return [asc(contentItems.ordering), asc(contentItems.createdAt)]
  if (order === 'start') return [asc(contentItems.startDate), asc(contentItems.id)]
  return [desc(contentItems.publishOn), desc(contentItems.id)]
}

export async function liveItems(orm: Orm, siteId: string, collectionId: string, q: ItemQuery): Promise<{ rows: ItemRow[]; total: number }> {
  const conds: SQL[] = [eq(contentItems.siteId, siteId), eq(contentItems.collectionId, collectionId)]
  const live = liveItem(q.now, q.all)
  if (live) conds.push(live)
  if (q.tag) conds.push(sql`${contentItems.tags} @> ${JSON.stringify([q.tag])}::jsonb`)
  if (q.category) conds.push(sql`${contentItems.categories} @> ${JSON.stringify([q.category])}::jsonb`)
  if (q.endingAfter) conds.push(sql`coalesce(${contentItems.endDate}, ${contentItems.startDate}) >= ${q.endingAfter}`)
  const where = and(...conds)
  const rows = await orm.select().from(contentItems).where(where).orderBy(...orderOf(q.order)).limit(q.limit).offset(q.offset ?? 0)
  const [n] = await orm.select({ n: sql<number>`count(*)::int` }).from(contentItems).where(where)
  return { rows, total: Number(n?.n ?? 0) }
}

export async function liveItemBySlug(orm: Orm, siteId: string, collectionId: string, urlId: string, now: Date, all = false): Promise<ItemRow | null> {
  const [row] = await orm
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.siteId, siteId), eq(contentItems.collectionId, collectionId), eq(contentItems.urlId, urlId), liveItem(now, all)))
  return row ?? null
}

export async function liveItemsByIds(orm: Orm, siteId: string, ids: string[], now: Date, all = false): Promise<ItemRow[]> {
  if (ids.length === 0) return []
  return orm.select().from(contentItems).where(and(eq(contentItems.siteId, siteId), inArray(contentItems.id, ids), liveItem(now, all)))
}

/** The neighbours of an item in its collection's order: previous = newer (or earlier by hand), next = older. */
export async function adjacentItems(orm: Orm, siteId: string, item: ItemRow, order: ItemOrder, now: Date, all = false): Promise<{ prev: ItemRow | null; next: ItemRow | null }> {
  const base = and(eq(contentItems.siteId, siteId), eq(contentItems.collectionId, item.collectionId), liveItem(now, all))
  const key = order === 'manual' ? contentItems.ordering : order === 'start' ? contentItems.startDate : contentItems.publishOn
  const value = order === 'manual' ? item.ordering : order === 'start' ? item.startDate : item.publishOn
  if (value === null) return { prev: null, next: null }
  const before = or(sql`${key} < ${value}`, and(eq(key, value as never), sql`${contentItems.id} < ${item.id}`))
  const after = or(sql`${key} > ${value}`, and(eq(key, value as never), sql`${contentItems.id} > ${item.id}`))
  const ascending = order !== 'recent'
  const [p] = await orm.select().from(contentItems).where(and(base, ascending ? before : after)).orderBy(ascending ? desc(key) : asc(key), ascending ? desc(contentItems.id) : asc(contentItems.id)).limit(1)
  const [n] = await orm.select().from(contentItems).where(and(base, ascending ? after : before)).orderBy(ascending ? asc(key) : desc(key), ascending ? asc(contentItems.id) : desc(contentItems.id)).limit(1)
  return { prev: p ?? null, next: n ?? null }
}

/** Distinct tags and categories of the live items of a collection. */
export async function tagsAndCategories(orm: Orm, siteId: string, collectionId: string, now: Date, all = false): Promise<{ tags: string[]; categories: string[] }> {
  const rows = await sqlRows<{ kind: string; value: string }>(
    orm,
    sql`select distinct 't' as kind, jsonb_array_elements_text(tags) as value from content_items
        where site_id = ${siteId} and collection_id = ${collectionId} and ${liveItemRaw(now, all)}
        union
        select distinct 'c' as kind, jsonb_array_elements_text(categories) as value from content_items
        where site_id = ${siteId} and collection_id = ${collectionId} and ${liveItemRaw(now, all)}`,
  )
  const pick = (k: string) => rows.filter((r) => r.kind === k).map((r) => r.value).sort((a, b) => a.localeCompare(b))
  return { tags: pick('t'), categories: pick('c').slice(0, LIMITS.nestedCategories) }
}

/** Refuses categories that would take a collection past LIMITS.nestedCategories distinct categories. */
export async function checkCategoryRoom(orm: Orm, siteId: string, collectionId: string, itemId: string | null, categories: readonly string[]): Promise<void> {
  if (categories.length === 0) return
  const rows = await sqlRows<{ value: string }>(
    orm,
    sql`select distinct jsonb_array_elements_text(categories) as value from content_items
        where site_id = ${siteId} and collection_id = ${collectionId} and id <> ${itemId ?? ''}`,
  )
  const all = new Set(rows.map((r) => r.value))
  for (const c of categories) all.add(c)
  if (all.size > LIMITS.nestedCategories) {
    throw new AppError('invalid_data', 'too_many_categories', `A collection holds at most ${LIMITS.nestedCategories} categories.`, { fields: { categories: `A collection holds at most ${LIMITS.nestedCategories} categories.` } })
  }
}

/** Live item counts per collection of a site. */
export async function itemCounts(orm: Orm, siteId: string, now: Date, all = false): Promise<Map<string, number>> {
  const rows = await orm
    .select({ id: contentItems.collectionId, n: sql<number>`count(*)::int` })
    .from(contentItems)
    .where(and(eq(contentItems.siteId, siteId), liveItem(now, all)))
    .groupBy(contentItems.collectionId)
  return new Map(rows.map((r) => [r.id, Number(r.n)]))
}

/** The redirect targets recorded for any of `paths` (from -> to). */
export async function redirectsFor(orm: Orm, siteId: string, paths: string[]): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map()
  const rows = await orm
    .select({ from: contentRedirects.fromPath, to: contentRedirects.toPath })
    .from(contentRedirects)
    .where(and(eq(contentRedirects.siteId, siteId), inArray(contentRedirects.fromPath, paths)))
  return new Map(rows.map((r) => [r.from, r.to]))
}

/** The next moment scheduled content of the site goes live (cache entries expire then), or null. */
export async function nextPublishOn(orm: Orm, siteId: string, now: Date): Promise<number | null> {
  const [a] = await orm.select({ t: sql<Date | string | null>`min(${contentItems.publishOn})` }).from(contentItems).where(and(eq(contentItems.siteId, siteId), gt(contentItems.publishOn, now), inArray(contentItems.status, LIVE)))
  const [b] = await orm.select({ t: sql<Date | string | null>`min(${contentCollections.publishOn})` }).from(contentCollections).where(and(eq(contentCollections.siteId, siteId), gt(contentCollections.publishOn, now), inArray(contentCollections.status, LIVE)))
  const times = [a?.t, b?.t].filter((t) => t != null).map((t) => new Date(t as string).getTime())
  return times.length ? Math.min(...times) : null
}

/** Live items of the given collections (sitemap), newest first. */
export async function liveItemsOf(orm: Orm, siteId: string, collectionIds: string[], now: Date, limit = 5000, all = false): Promise<ItemRow[]> {
  if (collectionIds.length === 0) return []
  return orm
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.siteId, siteId), inArray(contentItems.collectionId, collectionIds), liveItem(now, all)))
    .orderBy(desc(contentItems.publishOn))
    .limit(limit)
}

export interface SearchHit {
  kind: 'collection' | 'item'
  id: string
  title: string
  collectionId: string
  recordType: number
  excerpt: string
  /** An item's URL id within its collection (null for a collection). */
  urlId: string | null
  /** The item's (or page's) main image, if any. */
  mainImageId: string | null
  /** ts_rank of the match (title A, tags B, text C): comparable with the products' search rank. */
  rank: number
}

/**
 * Full-text search (PostgreSQL tsvector + GIN) over the live collections and items of `collectionIds` (the ones a
 * visitor may see: the caller excludes locked, hidden and unpublished collections).
 */
export async function searchContent(orm: Orm, siteId: string, query: string, collectionIds: string[], now: Date, limit: number, offset: number, all = false): Promise<{ hits: SearchHit[]; total: number }> {
  if (collectionIds.length === 0 || query.trim() === '') return { hits: [], total: 0 }
  const ids = sql.join(collectionIds.map((id) => sql`${id}`), sql`, `)
  const matches = sql`
    select 'collection' as kind, c.id, c.title, c.id as collection_id, 0 as record_type, null::text as url_id, c.main_image_id,
           coalesce(nullif(c.seo_description, ''), c.description) as text, ts_rank(c.search, q) as rank
      from content_collections c, websearch_to_tsquery('english', ${query}) q
     where c.site_id = ${siteId} and c.id in (${ids}) and c.search @@ q
    union all
    select 'item' as kind, i.id, i.title, i.collection_id, i.record_type, i.url_id, i.main_image_id,
           coalesce(nullif(i.excerpt, ''), i.body) as text, ts_rank(i.search, q) as rank
      from content_items i, websearch_to_tsquery('english', ${query}) q
     where i.site_id = ${siteId} and i.collection_id in (${ids}) and i.search @@ q
       and ${liveItemRaw(now, all, 'i.')}`
  // the page and the number of all matches in one statement (the window counts before limit and offset apply); a page
  // past the end has no row to carry the number, so only then is it counted on its own
  const rows = await sqlRows<{ kind: 'collection' | 'item'; id: string; title: string; collection_id: string; record_type: number; url_id: string | null; main_image_id: string | null; text: string; rank: number; total: number }>(
    orm,
    sql`select m.*, count(*) over ()::int as total from (${matches}) m order by rank desc, title asc limit ${limit} offset ${offset}`,
  )
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0
  if (rows.length === 0 && offset > 0) total = (await sqlRows<{ n: number }>(orm, sql`select count(*)::int as n from (${matches}) m`))[0]?.n ?? 0
  const hits = rows.map((r) => {
    const text = htmlToText(r.text ?? '')
    return { kind: r.kind, id: r.id, title: r.title, collectionId: r.collection_id, recordType: Number(r.record_type), urlId: r.url_id, mainImageId: r.main_image_id, rank: Number(r.rank), excerpt: text.length > 200 ? `${text.slice(0, 197).trimEnd()}...` : text }
  })
  return { hits, total }
}
