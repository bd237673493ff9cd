// Product display status with the storefront's rules: sold out when no variant is unlimited
// or has stock above zero (digital products and gift cards are never sold out); otherwise on sale when any variant
// (or a digital product) is on sale; varied prices when price, sale price or on-sale differ between variants.
import { PRODUCT_TYPES, tracksStock, type ProductType } from './productTypes.js'

export interface StockVariant {
  priceCents: number
  salePriceCents: number
  onSale: boolean
  qtyInStock: number
  unlimited: boolean
}

export interface DisplayStatus {
  soldOut: boolean
  onSale: boolean
  variedPrices: boolean
}

export function displayStatus(
  productType: ProductType,
  variants: readonly StockVariant[],
  productOnSale = false,
): DisplayStatus {
  const soldOut = tracksStock(productType) && !variants.some((v) => v.unlimited || v.qtyInStock > 0)
  const onSale =
    !soldOut &&
    (variants.some((v) => v.onSale) || (productType === PRODUCT_TYPES.DIGITAL && productOnSale))
  const first = variants[0]
  const variedPrices =
    !!first &&
    variants.some(
      (v) => v.priceCents !== first.priceCents || v.salePriceCents !== first.salePriceCents || v.onSale !== first.onSale,
    )
  return { soldOut, onSale, variedPrices }
}

export interface StockSummary {
  /** "Unlimited", "Sold out", "12 in stock", "12 in stock · 2 of 5 variants sold out", "Not tracked". */
  text: string
  total: number
  unlimited: boolean
  outOfStockVariants: number
}

export function stockSummary(productType: ProductType, variants: readonly StockVariant[]): StockSummary {
  const total = variants.reduce((n, v) => n + (v.unlimited ? 0 : v.qtyInStock), 0)
  const unlimited = variants.some((v) => v.unlimited)
  const outOfStockVariants = variants.filter((v) => !v.unlimited && v.qtyInStock <= 0).length
  if (!tracksStock(productType)) return { text: 'Not tracked', total, unlimited, outOfStockVariants }
  let text: string
  if (variants.length > 0 && variants.every((v) => v.unlimited)) text = 'Unlimited'
  else if (!unlimited && total <= 0) text = 'Sold out'
  else {
    text = unlimited ? `${total} in stock + unlimited` : `${total} in stock`
    if (outOfStockVariants > 0)
      text += ` · ${outOfStockVariants} of ${variants.length} variants sold out`
  }
  return { text, total, unlimited, outOfStockVariants }
}

/** Lowest and highest current price (sale price when on sale). */
export function priceRange(variants: readonly StockVariant[]): { min: number; max: number } | null {
  if (variants.length === 0) return null
  const prices = variants.map((v) => (v.onSale ? v.salePriceCents : v.priceCents))
  return { min: Math.min(...prices), max: Math.max(...prices) }
}

/** The same stock text from a slim product row's counts (GET products?view=summary), without its variants. */
export function summaryStockText(
  productType: ProductType,
  s: { variantCount: number; stockTotal: number; unlimitedVariants: number; outOfStockVariants: number },
): string {
  if (!tracksStock(productType)) return 'Not tracked'
  if (s.variantCount > 0 && s.unlimitedVariants === s.variantCount) return 'Unlimited'
  if (s.unlimitedVariants === 0 && s.stockTotal <= 0) return 'Sold out'
  let text = s.unlimitedVariants > 0 ? `${s.stockTotal} in stock + unlimited` : `${s.stockTotal} in stock`
  if (s.outOfStockVariants > 0) text += ` · ${s.outOfStockVariants} of ${s.variantCount} variants sold out`
  return text
}
