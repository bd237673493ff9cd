// Product display rules (sold out, on sale, varied prices), stock, variants and options.
import { priceField, type Money } from './money.js'
import { asArray, dig, isRecord, isTrue, toNumber, type Rec } from './values.js'

import { PRODUCT_TYPES, type ProductType as ProductTypeCode } from '@sitewright/contracts/enums'

export const ProductType = PRODUCT_TYPES
export type { ProductTypeCode }

/** The item's product type code (1..5), or undefined when missing or unknown. */
export function productType(item: unknown): ProductTypeCode | undefined {
  const raw = dig(item, 'structuredContent', 'productType')
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
  return n === 1 || n === 2 || n === 3 || n === 4 || n === 5 ? n : undefined
}

export function structuredContent(item: unknown): Rec {
  const sc = dig(item, 'structuredContent')
  return isRecord(sc) ? sc : {}
}

export function variants(item: unknown): Rec[] {
  return asArray(dig(item, 'structuredContent', 'variants')).filter(isRecord)
}

/** Whether the product's price lives on its variants (physical, service, gift card) rather than on the product. */
export function hasVariantPricing(item: unknown): boolean {
  const t = productType(item)
  return t === ProductType.PHYSICAL || t === ProductType.SERVICE || t === ProductType.GIFT_CARD
}

/** Digital goods and gift cards never sell out. */
function neverSoldOut(item: unknown): boolean {
  const t = productType(item)
  return t === ProductType.DIGITAL || t === ProductType.GIFT_CARD
}

function variantInStock(v: unknown): boolean {
  return isTrue(dig(v, 'unlimited')) || toNumber(dig(v, 'qtyInStock')) > 0
}

/** Sold out when no variant is unlimited or has stock above zero; digital and gift cards never are. */
export function isSoldOut(item: unknown): boolean {
  if (neverSoldOut(item)) return false
  return !variants(item).some(variantInStock)
}

/** On sale when any variant is (or, for a digital product, the product is). */
export function isOnSale(item: unknown): boolean {
  if (productType(item) === ProductType.DIGITAL) return isTrue(dig(item, 'structuredContent', 'onSale'))
  return variants(item).some((v) => isTrue(v.onSale))
}

/** More than one variant. */
export function hasVariants(item: unknown): boolean {
  return variants(item).length > 1
}

export function variantPrice(v: unknown): Money | undefined {
  return priceField(v, 'priceMoney', 'price')
}

export function variantSalePrice(v: unknown): Money | undefined {
  return priceField(v, 'salePriceMoney', 'salePrice')
}

/**
 * Units that can still be sold: Infinity for digital goods, gift cards and when any variant is unlimited; else the
 * sum of the variants' stock; 0 for unknown product types.
 */
export function totalStockRemaining(item: unknown): number {
  const t = productType(item)
  if (t === undefined) return 0
  if (neverSoldOut(item)) return Infinity
  let total = 0
  for (const v of variants(item)) {
    if (isTrue(v.unlimited)) return Infinity
    total += Math.max(0, toNumber(v.qtyInStock))
  }
  return total
}

/** storeSettings.multipleQuantityAllowedForServices, default true. `holder` has a `storeSettings` member. */
export function isMultipleQuantityAllowedForServices(holder: unknown): boolean {
  return dig(holder, 'storeSettings', 'multipleQuantityAllowedForServices') !== false
}

export function isSubscribable(item: unknown): boolean {
  return isTrue(dig(item, 'structuredContent', 'isSubscribable'))
}

/**
 * Quantity input visibility: physical products, or services when multiple quantities are allowed; never for
 * subscriptions; only when more than one unit is in stock.
 */
export function showsQuantityInput(item: unknown, multipleQuantityAllowedForServices: boolean): boolean {
  const t = productType(item)
  const kindAllows = t === ProductType.PHYSICAL || (t === ProductType.SERVICE && multipleQuantityAllowedForServices)
  return kindAllows && !isSubscribable(item) && totalStockRemaining(item) > 1
}

export interface VariantOption {
  name: string
  values: string[]
}

/**
 * The options a visitor chooses between, in variantOptionOrdering, each with its values in first-seen order.
 * Empty unless the product has more than one variant.
 */
export function getItemVariantOptions(item: unknown): VariantOption[] {
  const vs = variants(item)
  if (vs.length <= 1) return []
  const ordering = asArray(dig(item, 'structuredContent', 'variantOptionOrdering'))
  const options: VariantOption[] = []
  for (const name of ordering) {
    if (typeof name !== 'string') continue
    const seen = new Set<string>()
    for (const v of vs) {
      const value = dig(v, 'attributes', name)
      if (typeof value === 'string' || typeof value === 'number') seen.add(String(value))
    }
    options.push({ name, values: [...seen] })
  }
  return options
}

const skuIndexes = new WeakMap<readonly unknown[], Map<string, Rec>>()

/** The variant with this sku; the index is built once per variants array, so lookups stay O(1). */
export function findVariantBySku(item: unknown, sku: string): Rec | undefined {
  const list = dig(item, 'structuredContent', 'variants')
  if (!Array.isArray(list)) return undefined
  let index = skuIndexes.get(list)
  if (!index) {
    index = new Map()
    for (const v of list) {
      if (isRecord(v) && typeof v.sku === 'string' && !index.has(v.sku)) index.set(v.sku, v)
    }
    skuIndexes.set(list, index)
  }
  return index.get(sku)
}

/** The variant whose attributes equal `choice` exactly (every option chosen), if any. */
export function findVariantByAttributes(item: unknown, choice: Readonly<Record<string, string>>): Rec | undefined {
  const keys = Object.keys(choice)
  return variants(item).find((v) => {
    const attrs = v.attributes
    if (!isRecord(attrs) || Object.keys(attrs).length !== keys.length) return false
    return keys.every((k) => attrs[k] === choice[k])
  })
}
