// Reads the slim owner lists (product summaries, inventory rows) into the editor's shapes, tolerant of missing
// fields like normalize.ts.
import { isProductType, PRODUCT_TYPES } from './productTypes.js'
import type { InventoryRow, ProductStatus, ProductSummary } from './types.js'
import { isObject } from './normalize.js'

const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : d)
const num = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d)
const bool = (v: unknown): boolean => v === true
const status = (v: unknown): ProductStatus => (v === 'draft' || v === 'hidden' ? v : 'published')

function stringRecord(v: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (isObject(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x
  return out
}

export function readSummary(raw: unknown): ProductSummary {
  const o = isObject(raw) ? raw : {}
  const range = isObject(o.priceRange) ? { minCents: num(o.priceRange.minCents), maxCents: num(o.priceRange.maxCents) } : null
  return {
    id: str(o.id),
    collectionId: str(o.collectionId),
    urlId: str(o.urlId),
    title: str(o.title),
    productType: isProductType(o.productType) ? o.productType : PRODUCT_TYPES.PHYSICAL,
    status: status(o.status),
    fullUrl: typeof o.fullUrl === 'string' && o.fullUrl ? o.fullUrl : null,
    variantCount: num(o.variantCount),
    stockTotal: num(o.stockTotal),
    unlimitedVariants: num(o.unlimitedVariants),
    outOfStockVariants: num(o.outOfStockVariants),
    priceRange: range,
    variedPrices: bool(o.variedPrices),
    soldOut: bool(o.soldOut),
    onSale: bool(o.onSale),
  }
}

export function readInventoryRow(raw: unknown): InventoryRow {
  const o = isObject(raw) ? raw : {}
  return {
    productId: str(o.productId),
    productTitle: str(o.productTitle),
    productType: isProductType(o.productType) ? o.productType : PRODUCT_TYPES.PHYSICAL,
    variantId: str(o.variantId),
    sku: str(o.sku),
    attributes: stringRecord(o.attributes),
    variantText: str(o.variantText),
    qtyInStock: num(o.qtyInStock),
    unlimited: bool(o.unlimited),
  }
}
