// Owner list views that stay fast however many variants a product has: product summaries (variant counts, stock
// and price summary computed in SQL, no variant rows) and the inventory, a page of stock-tracked variants at a time
// (keyset cursor).
import { sql, type SQL } from 'drizzle-orm'
import type { Orm } from '../../../platform/db/index.js'
import { sqlRows } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { variantText } from '../cart/view.js'
import type { VariantOptionRow } from '../schema.js'
import { PRODUCT_TYPES } from '../validators.js'
import type { InventoryRow, ProductStatus, ProductSummary, ProductType } from '@sitewright/contracts'

/** Product types whose stock the store keeps (physical goods and services). */
export const STOCK_TRACKED_TYPES = [PRODUCT_TYPES.PHYSICAL, PRODUCT_TYPES.SERVICE] as const

export type { InventoryRow, ProductSummary }

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

interface SummaryRow {
  id: string
  collection_id: string
  url_id: string
  title: string
  product_type: number
  status: string
  image_ids: string[]
  variant_count: number
  stock_total: number
  unlimited_variants: number
  out_of_stock_variants: number
  on_sale_variants: number
  min_cents: number | null
  max_cents: number | null
  price_kinds: number
}

/** Products (all statuses) in list order, with their variant aggregates; `q` matches a title or any variant SKU. */
export async function productSummaries(
  orm: Orm,
  siteId: string,
  o: { collectionId?: string | undefined; q?: string | undefined; page: number; pageSize: number },
  collectionPath: (collectionId: string) => Promise<string>,
): Promise<{ products: ProductSummary[]; total: number }> {
  const conds: SQL[] = [sql`p.site_id = ${siteId}`]
  if (o.collectionId) conds.push(sql`p.collection_id = ${o.collectionId}`)
  if (o.q) {
    const pattern = like(o.q)
    conds.push(sql`(p.title ILIKE ${pattern} OR EXISTS (SELECT 1 FROM commerce_variants s WHERE s.product_id = p.id AND s.sku ILIKE ${pattern}))`)
  }
  const where = sql.join(conds, sql` AND `)
  const [count] = await sqlRows<{ n: number }>(orm, sql`SELECT count(*)::int AS n FROM commerce_products p WHERE ${where}`)
  const rows = await sqlRows<SummaryRow>(
    orm,
    sql`SELECT p.id, p.collection_id, p.url_id, p.title, p.product_type, p.status, p.image_ids,
          count(v.id)::int AS variant_count,
          coalesce(sum(CASE WHEN v.unlimited THEN 0 ELSE v.qty_in_stock END), 0)::int AS stock_total,
          count(v.id) FILTER (WHERE v.unlimited)::int AS unlimited_variants,
          count(v.id) FILTER (WHERE NOT v.unlimited AND v.qty_in_stock <= 0)::int AS out_of_stock_variants,
          count(v.id) FILTER (WHERE v.on_sale)::int AS on_sale_variants,
          min(CASE WHEN v.on_sale THEN v.sale_price_cents ELSE v.price_cents END)::int AS min_cents,
          max(CASE WHEN v.on_sale THEN v.sale_price_cents ELSE v.price_cents END)::int AS max_cents,
          count(DISTINCT (v.price_cents, v.sale_price_cents, v.on_sale))::int AS price_kinds
        FROM commerce_products p LEFT JOIN commerce_variants v ON v.product_id = p.id
        WHERE ${where}
        GROUP BY p.id
        ORDER BY p.ordering, p.created_at, p.id
        LIMIT ${o.pageSize} OFFSET ${(o.page - 1) * o.pageSize}`,
  )
  const paths = new Map<string, string>()
  const products: ProductSummary[] = []
  for (const r of rows) {
    let path = paths.get(r.collection_id)
    if (path === undefined) paths.set(r.collection_id, (path = await collectionPath(r.collection_id)))
    const tracked = (STOCK_TRACKED_TYPES as readonly number[]).includes(r.product_type)
    const soldOut = tracked && r.variant_count > 0 && r.out_of_stock_variants === r.variant_count
    products.push({
      id: r.id,
      collectionId: r.collection_id,
      urlId: r.url_id,
      title: r.title,
      productType: r.product_type as ProductType,
      status: r.status as ProductStatus,
      imageIds: r.image_ids,
      fullUrl: `${path.replace(/\/+$/, '')}/${r.url_id}`,
      variantCount: r.variant_count,
      stockTotal: r.stock_total,
      unlimitedVariants: r.unlimited_variants,
      outOfStockVariants: r.out_of_stock_variants,
      onSaleVariants: r.on_sale_variants,
      priceRange: r.min_cents === null || r.max_cents === null ? null : { minCents: r.min_cents, maxCents: r.max_cents },
      variedPrices: r.price_kinds > 1,
      soldOut,
      onSale: !soldOut && r.on_sale_variants > 0,
    })
  }
  return { products, total: count?.n ?? 0 }
}


type Cursor = [title: string, productId: string, ordering: number, variantId: string]

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c), 'utf8').toString('base64url')
}

function decodeCursor(text: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown
    if (Array.isArray(c) && c.length === 4 && typeof c[0] === 'string' && typeof c[1] === 'string' && Number.isInteger(c[2]) && typeof c[3] === 'string') return c as Cursor
  } catch {
    // fall through
  }
  throw new AppError('invalid_data', 'validation_failed', 'The cursor is not valid.', { fields: { cursor: 'The cursor is not valid.' } })
}

interface InventorySqlRow {
  product_id: string
  title: string
  product_type: number
  variant_options: VariantOptionRow[]
  id: string
  sku: string
  attributes: Record<string, string>
  qty_in_stock: number
  unlimited: boolean
  ordering: number
}

/**
 * A page of the stock-tracked variants (physical products and services) ordered by product title, product and
 * variant order. `lowStock`: only variants that are not unlimited with at most that many units.
 */
export async function inventoryPage(
  orm: Orm,
  siteId: string,
  o: { cursor?: string | undefined; q?: string | undefined; lowStock?: number | undefined; limit: number },
): Promise<{ variants: InventoryRow[]; nextCursor: string | null; total: number }> {
  const types = sql.join(STOCK_TRACKED_TYPES.map((t) => sql`${t}`), sql`, `)
  const conds: SQL[] = [sql`v.site_id = ${siteId}`, sql`p.site_id = ${siteId}`, sql`p.product_type IN (${types})`]
  if (o.q) {
    const pattern = like(o.q)
    conds.push(sql`(p.title ILIKE ${pattern} OR v.sku ILIKE ${pattern})`)
  }
  if (o.lowStock !== undefined) conds.push(sql`NOT v.unlimited AND v.qty_in_stock <= ${o.lowStock}`)
  const filter = sql.join(conds, sql` AND `)
  const [count] = await sqlRows<{ n: number }>(orm, sql`SELECT count(*)::int AS n FROM commerce_variants v JOIN commerce_products p ON p.id = v.product_id WHERE ${filter}`)
  const after = o.cursor ? decodeCursor(o.cursor) : null
  const page = after ? sql`${filter} AND (p.title, p.id, v.ordering, v.id) > (${after[0]}, ${after[1]}, ${after[2]}, ${after[3]})` : filter
  const rows = await sqlRows<InventorySqlRow>(
    orm,
    sql`SELECT p.id AS product_id, p.title, p.product_type, p.variant_options, v.id, v.sku, v.attributes, v.qty_in_stock, v.unlimited, v.ordering
        FROM commerce_variants v JOIN commerce_products p ON p.id = v.product_id
        WHERE ${page}
        ORDER BY p.title, p.id, v.ordering, v.id
        LIMIT ${o.limit + 1}`,
  )
  const more = rows.length > o.limit
  const shown = more ? rows.slice(0, o.limit) : rows
  const last = shown[shown.length - 1]
  return {
    variants: shown.map((r) => ({
      productId: r.product_id,
      productTitle: r.title,
      productType: r.product_type as ProductType,
      variantId: r.id,
      sku: r.sku,
      attributes: r.attributes,
      variantText: variantText(r.variant_options, r.attributes),
      qtyInStock: r.qty_in_stock,
      unlimited: r.unlimited,
    })),
    nextCursor: more && last ? encodeCursor([last.title, last.product_id, last.ordering, last.id]) : null,
    total: count?.n ?? 0,
  }
}
