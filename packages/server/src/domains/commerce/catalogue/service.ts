// Catalogue: products of products collections and their variants (owner writes, visitor reads).
import { and, asc, count, eq, inArray, like, or, sql } from 'drizzle-orm'
import type { Orm } from '../../../platform/db/index.js'
import { isUniqueViolation, sqlRows } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { sanitizeHtml } from '../../content/index.js'
import { descriptionHtml } from './item.js'
import { newId } from '../../../platform/ids.js'
import { products, variants, type ProductRow, type VariantRow } from '../schema.js'
import { lockSite } from '../settings.js'
import {
  MAX_PRODUCTS_PER_COLLECTION, PRODUCT_TYPES, recurringKindOf, type ProductCreate, type ProductPatch, type VariantInput,
} from '../validators.js'

const CHUNK = 1000

export function slugify(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
  return s || 'product'
}

const bad = (message: string, field?: string): never => {
  throw new AppError('invalid_data', 'validation_failed', message, field ? { fields: { [field]: message } } : {})
}

/** Checks the rules that span fields: subscriptions, option/attribute agreement, single-variant types. */
function checkProduct(p: {
  productType: number
  isSubscribable?: boolean | undefined
  subscriptionPlan?: unknown
  variantOptions?: { name: string; values: string[] }[] | undefined
}, vs: readonly VariantInput[] | undefined): void {
  const t = p.productType
  if (p.isSubscribable) {
    if (recurringKindOf(t) === null) bad('Only physical products and services can be subscriptions (and memberships, as membership plans).', 'isSubscribable')
    if (!p.subscriptionPlan) bad('A subscription needs a billing period and a number of billing cycles.', 'subscriptionPlan')
  }
  if (!vs) return
  if ((t === PRODUCT_TYPES.DIGITAL || t === PRODUCT_TYPES.PAYWALL) && vs.length !== 1) bad('This product type has exactly one variant.', 'variants')
  const options = p.variantOptions ?? []
  const names = options.map((o) => o.name)
  const seen = new Set<string>()
  for (const [i, v] of vs.entries()) {
    const keys = Object.keys(v.attributes)
    if (options.length > 0 || keys.length > 0) {
      if (keys.length !== names.length || !names.every((n) => keys.includes(n))) bad(`Variant ${i + 1} must set exactly the options ${names.join(', ') || '(none)'}.`, 'variants')
      for (const o of options) if (!o.values.includes(v.attributes[o.name]!)) bad(`Variant ${i + 1}: "${v.attributes[o.name]}" is not a value of ${o.name}.`, 'variants')
    }
    const combo = names.map((n) => v.attributes[n]).join('\u0000')
    if (seen.has(combo)) bad(`Two variants have the same options (${names.map((n) => v.attributes[n]).join(', ')}).`, 'variants')
    seen.add(combo)
  }
}

function variantRows(siteId: string, productId: string, productType: number, vs: readonly VariantInput[]) {
  const neverOut = productType === PRODUCT_TYPES.DIGITAL || productType === PRODUCT_TYPES.GIFT_CARD || productType === PRODUCT_TYPES.PAYWALL
  return vs.map((v, i) => ({
    id: newId(),
    siteId,
    productId,
    sku: v.sku ?? `SKU-${newId().slice(0, 10).toUpperCase()}`,
    attributes: v.attributes,
    priceCents: v.priceCents,
    salePriceCents: v.salePriceCents,
    onSale: v.onSale,
    qtyInStock: v.qtyInStock,
    unlimited: neverOut ? true : v.unlimited,
    imageId: v.imageId ?? null,
    ordering: i,
  }))
}

/** Inserts variants in chunks, each one statement with one JSON parameter (10,000 variants in well under a second). */
async function insertVariants(tx: Orm, rows: ReturnType<typeof variantRows>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK * 5) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK * 5))
    await tx.execute(sql`
      INSERT INTO commerce_variants (id, site_id, product_id, sku, attributes, price_cents, sale_price_cents, on_sale, qty_in_stock, unlimited, image_id, ordering)
      SELECT x.id, x."siteId", x."productId", x.sku, x.attributes, x."priceCents", x."salePriceCents", x."onSale", x."qtyInStock", x.unlimited, x."imageId", x.ordering
      FROM jsonb_to_recordset(${json}::jsonb) AS x(id text, "siteId" text, "productId" text, sku text, attributes jsonb, "priceCents" integer,
        "salePriceCents" integer, "onSale" boolean, "qtyInStock" integer, unlimited boolean, "imageId" text, ordering integer)`)
  }
}

function skuTaken(e: unknown): never {
  if (isUniqueViolation(e, 'commerce_variants_sku_key')) throw new AppError('conflict', 'sku_taken', 'Another variant of this site already uses one of these SKUs.')
  if (isUniqueViolation(e, 'commerce_products_url_key')) throw new AppError('conflict', 'url_taken', 'Another product of this collection already uses this URL.')
  throw e
}

/** Rich-text descriptions are kept as sanitized HTML (no embeds), as text blocks are. */
function withSafeDescription<T extends { description?: string | undefined; descriptionFormat?: 'text' | 'html' | undefined }>(fields: T, format: 'text' | 'html' | undefined): T {
  return format === 'html' && typeof fields.description === 'string' ? { ...fields, description: sanitizeHtml(fields.description, { iframes: false }) } : fields
}

/** The title's slug, or on a real clash in the collection the first free `<slug>-2`, `<slug>-3`, ... (the site is locked). */
async function freeUrlId(tx: Orm, siteId: string, collectionId: string, base: string): Promise<string> {
  // a slug holds only [a-z0-9-], so it needs no escaping inside LIKE
  const rows = await tx
    .select({ urlId: products.urlId })
    .from(products)
    .where(and(eq(products.siteId, siteId), eq(products.collectionId, collectionId), or(eq(products.urlId, base), like(products.urlId, `${base}-%`))))
  const taken = new Set(rows.map((r) => r.urlId))
  if (!taken.has(base)) return base
  let n = 2
  while (taken.has(`${base}-${n}`)) n++
  return `${base}-${n}`
}

export async function createProduct(orm: Orm, siteId: string, raw: ProductCreate): Promise<ProductRow> {
  const input = withSafeDescription(raw, raw.descriptionFormat)
  checkProduct(input, input.variants)
  try {
    return await orm.transaction(async (tx) => {
      await lockSite(tx, siteId)
      const [n] = await tx.select({ n: count() }).from(products).where(and(eq(products.siteId, siteId), eq(products.collectionId, input.collectionId)))
      if ((n?.n ?? 0) >= MAX_PRODUCTS_PER_COLLECTION) {
        throw new AppError('conflict', 'collection_full', `A products collection holds at most ${MAX_PRODUCTS_PER_COLLECTION} products.`)
      }
      const id = newId()
      const first = input.variants[0]!
      const { variants: vs, ...fields } = input
      const [row] = await tx
        .insert(products)
        .values({
          ...fields,
          id,
          siteId,
          urlId: input.urlId ?? (await freeUrlId(tx, siteId, input.collectionId, slugify(input.title))),
          priceCents: first.priceCents,
          salePriceCents: first.salePriceCents,
          onSale: first.onSale,
          ordering: input.ordering ?? (n?.n ?? 0),
        })
        .returning()
      await insertVariants(tx, variantRows(siteId, id, input.productType, vs))
      return row!
    })
  } catch (e) {
    return skuTaken(e)
  }
}

export async function getProduct(orm: Orm, siteId: string, productId: string): Promise<ProductRow | undefined> {
  const [row] = await orm.select().from(products).where(and(eq(products.siteId, siteId), eq(products.id, productId)))
  return row
}

export async function requireProduct(orm: Orm, siteId: string, productId: string): Promise<ProductRow> {
  const row = await getProduct(orm, siteId, productId)
  if (!row) throw new AppError('not_found', 'product_not_found', 'No such product.')
  return row
}

/**
 * Changes product fields and, when `patch.variants` is given, replaces the variant matrix in the same transaction
 * (the option/attribute rules are checked against the product as patched).
 */
export async function updateProduct(orm: Orm, siteId: string, productId: string, patch: ProductPatch): Promise<ProductRow> {
  const current = await requireProduct(orm, siteId, productId)
  // switching a plain-text description to rich text without sending one: its paragraphs as escaped HTML
  const converted = patch.descriptionFormat === 'html' && current.descriptionFormat !== 'html' && patch.description === undefined ? { ...patch, description: descriptionHtml(current.description) } : patch
  const { variants: vs, ...fields } = withSafeDescription(converted, patch.descriptionFormat ?? current.descriptionFormat)
  const next = { ...current, ...fields }
  checkProduct(next, vs)
  try {
    return await orm.transaction(async (tx) => {
      const [row] = await tx
        .update(products)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(products.siteId, siteId), eq(products.id, productId)))
        .returning()
      if (!row) throw new AppError('not_found', 'product_not_found', 'No such product.')
      if (!vs) return row
      return replaceVariantsIn(tx, siteId, row, vs)
    })
  } catch (e) {
    return skuTaken(e)
  }
}

export async function deleteProduct(orm: Orm, siteId: string, productId: string): Promise<void> {
  const gone = await orm.delete(products).where(and(eq(products.siteId, siteId), eq(products.id, productId))).returning({ id: products.id })
  if (gone.length === 0) throw new AppError('not_found', 'product_not_found', 'No such product.')
}

/**
 * Replaces the variant matrix. Variants whose sku already exists keep their id (and carts keep them); the others
 * are created; the rest are deleted (with their cart entries).
 */
export async function replaceVariants(orm: Orm, siteId: string, productId: string, vs: readonly VariantInput[]): Promise<VariantRow[]> {
  const product = await requireProduct(orm, siteId, productId)
  checkProduct(product, vs)
  try {
    await orm.transaction((tx) => replaceVariantsIn(tx, siteId, product, vs))
  } catch (e) {
    return skuTaken(e)
  }
  return variantsOf(orm, siteId, [productId])
}

/** The matrix replacement inside a transaction `tx`; answers the product row with its new headline price. */
async function replaceVariantsIn(tx: Orm, siteId: string, product: ProductRow, vs: readonly VariantInput[]): Promise<ProductRow> {
  const productId = product.id
  const existing = await tx.select({ id: variants.id, sku: variants.sku }).from(variants).where(and(eq(variants.siteId, siteId), eq(variants.productId, productId)))
  const bySku = new Map(existing.map((e) => [e.sku, e.id]))
  const rows = variantRows(siteId, productId, product.productType, vs)
  const keep = new Set<string>()
  const fresh = []
  for (const r of rows) {
    const id = bySku.get(r.sku)
    if (id) {
      keep.add(id)
      const { id: _new, ...set } = r
      await tx.update(variants).set(set).where(eq(variants.id, id))
    } else fresh.push(r)
  }
  const drop = existing.filter((e) => !keep.has(e.id)).map((e) => e.id)
  for (let i = 0; i < drop.length; i += CHUNK) await tx.delete(variants).where(inArray(variants.id, drop.slice(i, i + CHUNK)))
  await insertVariants(tx, fresh)
  const first = rows[0]!
  const [row] = await tx
    .update(products)
    .set({ priceCents: first.priceCents, salePriceCents: first.salePriceCents, onSale: first.onSale, updatedAt: new Date() })
    .where(eq(products.id, productId))
    .returning()
  return row!
}

export async function variantsOf(orm: Orm, siteId: string, productIds: readonly string[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return []
  return orm
    .select()
    .from(variants)
    .where(and(eq(variants.siteId, siteId), inArray(variants.productId, [...productIds])))
    .orderBy(asc(variants.productId), asc(variants.ordering))
}

/** Products of a collection in order; `statuses` filters (visitors see only published ones in lists). */
export async function productsOf(
  orm: Orm,
  siteId: string,
  opts: { collectionId?: string | undefined; statuses: readonly string[]; page: number; pageSize: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  const where = and(
    eq(products.siteId, siteId),
    inArray(products.status, [...opts.statuses]),
    opts.collectionId ? eq(products.collectionId, opts.collectionId) : sql`true`,
  )
  const [total] = await orm.select({ n: count() }).from(products).where(where)
  const rows = await orm
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.ordering), asc(products.createdAt))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize)
  return { rows, total: total?.n ?? 0 }
}

export async function productByUrl(orm: Orm, siteId: string, collectionId: string, urlId: string): Promise<ProductRow | undefined> {
  const [row] = await orm
    .select()
    .from(products)
    .where(and(eq(products.siteId, siteId), eq(products.collectionId, collectionId), eq(products.urlId, urlId), inArray(products.status, ['published', 'hidden'])))
  return row
}

/** The variant with this sku on this site (one index probe on (site_id, sku), however many variants exist). */
export async function variantBySku(orm: Orm, siteId: string, sku: string): Promise<VariantRow | undefined> {
  const [row] = await orm.select().from(variants).where(and(eq(variants.siteId, siteId), eq(variants.sku, sku)))
  return row
}

/** Title -> id of every product of the site (any status). */
export async function productTitles(orm: Orm, siteId: string): Promise<Map<string, string>> {
  const rows = await orm.select({ id: products.id, title: products.title }).from(products).where(eq(products.siteId, siteId))
  return new Map(rows.map((r) => [r.title, r.id]))
}

/**
 * Full-text search over the published products of `collectionIds` (the products collections a visitor may see),
 * best first: at most `limit` rows with their rank (ts_rank over the same weights as content items) and the number
 * of all matches.
 */
export async function searchProducts(orm: Orm, siteId: string, query: string, collectionIds: readonly string[], limit: number): Promise<{ hits: { row: ProductRow; rank: number }[]; total: number }> {
  if (collectionIds.length === 0 || query.trim() === '' || limit <= 0) return { hits: [], total: 0 }
  const ids = sql.join(collectionIds.map((id) => sql`${id}`), sql`, `)
  const found = await sqlRows<{ id: string; rank: number; total: number }>(orm, sql`
    select p.id, ts_rank(p.search, q) as rank, count(*) over ()::int as total
      from commerce_products p, websearch_to_tsquery('english', ${query}) q
     where p.site_id = ${siteId} and p.collection_id in (${ids}) and p.status = 'published' and p.search @@ q
     order by rank desc, p.title asc
     limit ${limit}`)
  if (found.length === 0) return { hits: [], total: 0 }
  const rows = await orm.select().from(products).where(and(eq(products.siteId, siteId), inArray(products.id, found.map((f) => f.id))))
  const byId = new Map(rows.map((r) => [r.id, r]))
  const hits = found.flatMap((f) => {
    const row = byId.get(f.id)
    return row ? [{ row, rank: Number(f.rank) }] : []
  })
  return { hits, total: Number(found[0]!.total) }
}
