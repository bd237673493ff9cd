// The store's HTTP contract: what the owner API (/api/sites/:siteId/commerce/...) answers and accepts. The server's
// view builders are typed with these shapes and the editor reads them as they are, so a renamed field fails to
// type-check on both sides. Money fields named `...Cents` are integer minor units of the store currency.

import { PRODUCT_TYPES, type ProductType } from '../enums.js'
import type { ContextItem } from './page.js'
import type { PromotionKind } from './promotions.js'
export { PRODUCT_TYPES, type ProductType }

export const PRODUCT_STATUSES = ['published', 'draft', 'hidden'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'refunded'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

import type { BillingUnit } from '../product-types.js'
export interface SubscriptionPlan {
  billingPeriod: { value: number; unit: BillingUnit }
  /** 0 = indefinite. */
  numBillingCycles: number
}

/** An amount as the template context and the API carry it (the specification's Money). */
export interface MoneyShape {
  /** Minor units as a string ("10000" for 100.00). */
  value: string
  currency: string
  /** The decimal amount as text ("100.00"). */
  decimalValue: string
  currencyCode: string
}

export interface VariantOption {
  name: string
  displayText?: string
  selectText?: string
  values: string[]
}

/** An image of the files domain in the context's Image shape (opaque to the store). */
export interface ImageShape {
  assetUrl?: string
}

/** A variant as a product item carries it; `price`/`salePrice` are minor units, `priceMoney`/`salePriceMoney` Money. */
export interface VariantShape {
  id: string
  sku: string
  attributes: Record<string, string>
  optionValues: { optionName: string; value: string }[]
  price: number
  salePrice: number
  onSale: boolean
  priceMoney: MoneyShape
  salePriceMoney: MoneyShape
  qtyInStock: number
  unlimited: boolean
  mainImageId?: string
  mainImage?: ImageShape
}

export interface ProductStructuredContent {
  productType: ProductType
  variants: VariantShape[]
  variantOptionOrdering: string[]
  variantOptions: VariantOption[]
  priceMoney: MoneyShape
  salePriceMoney: MoneyShape
  onSale: boolean
  isSubscribable: boolean
  subscriptionPlan: SubscriptionPlan | null
  additionalFieldsFormId: string | null
  additionalFieldsForm: Record<string, unknown> | null
  useCustomAddButtonText: boolean
  customAddButtonText: string
  /** Single-variant kinds (digital, paywall): the one price, minor units. */
  price?: number
  salePrice?: number
  audioAssetUrl?: string
  /** The automatic promotion that puts this product on sale now (the storefront shows 'On sale'), when there is one. */
  promotion?: { id: string; name: string; kind: PromotionKind }
}

/** A product as a template-context Item (record type 11). */
export interface ProductItem extends ContextItem {
  mainImage?: ImageShape
  items: ImageShape[]
  structuredContent: ProductStructuredContent
  /** The product page's <title>, meta description and og:image when the owner set them. */
  seoData?: { seoTitle?: string; seoDescription?: string; socialImage?: ImageShape }
  /** Shipping weight and dimensions when set. */
  weight?: ProductWeight
  dimensions?: ProductDimensions
}

export interface ProductWeight {
  value: number
  unit: 'g' | 'kg' | 'oz' | 'lb'
}

export interface ProductDimensions {
  length: number
  width: number
  height: number
  unit: 'cm' | 'in'
}

/** GET/POST/PATCH products: `{ product }`, the item plus what only the owner sees. */
export interface OwnerProduct extends ProductItem {
  status: ProductStatus
  ordering: number
  /** As typed: plain text ('text') or the rich text editor's sanitized HTML ('html'); the item's `body` is its HTML. */
  description: string
  descriptionFormat: 'text' | 'html'
  seoTitle: string
  seoDescription: string
  socialImageId: string | null
  digitalAssetUrl: string | null
  variantOptions: VariantOption[]
  imageIds: string[]
}

/** A variant of a create, patch or matrix PUT. */
export interface VariantInput {
  sku?: string | undefined
  attributes: Record<string, string>
  priceCents: number
  salePriceCents: number
  onSale: boolean
  qtyInStock: number
  unlimited: boolean
  imageId?: string | null | undefined
}

/** The product fields the editor writes (create and patch); variants go with them or through the matrix PUT. */
export interface ProductInput {
  productType: ProductType
  title: string
  description: string
  urlId?: string
  status: ProductStatus
  imageIds: string[]
  variantOptions: VariantOption[]
  isSubscribable: boolean
  subscriptionPlan: SubscriptionPlan | null
  additionalFieldsFormId: string | null
  useCustomAddButtonText: boolean
  customAddButtonText: string
  digitalAssetUrl: string | null
  descriptionFormat?: 'text' | 'html'
  seoTitle?: string
  seoDescription?: string
  socialImageId?: string | null
  weight?: ProductWeight | null
  dimensions?: ProductDimensions | null
  tags?: string[]
  categories?: string[]
}

/** A row of GET products?view=summary (no variants: their counts and summaries). */
export interface ProductSummary {
  id: string
  collectionId: string
  urlId: string
  title: string
  productType: ProductType
  status: ProductStatus
  imageIds: string[]
  fullUrl: string
  variantCount: number
  /** Units in stock over the variants that are not unlimited. */
  stockTotal: number
  unlimitedVariants: number
  outOfStockVariants: number
  onSaleVariants: number
  /** Lowest and highest current price (the sale price when on sale), minor units; null without variants. */
  priceRange: { minCents: number; maxCents: number } | null
  /** Price, sale price or on-sale differ between variants. */
  variedPrices: boolean
  soldOut: boolean
  onSale: boolean
}

export interface ProductSummaryPage {
  products: ProductSummary[]
  total: number
}

/** GET inventory query: a page of stock-tracked variants; `lowStock`: not unlimited, at most that many units. */
export interface InventoryQuery {
  cursor?: string | undefined
  q?: string | undefined
  lowStock?: number | undefined
  limit: number
}

/** One stock-tracked variant of GET inventory. */
export interface InventoryRow {
  productId: string
  productTitle: string
  productType: ProductType
  variantId: string
  sku: string
  attributes: Record<string, string>
  /** Option values in option order ('M / Red'). */
  variantText: string
  qtyInStock: number
  unlimited: boolean
}

export interface InventoryPage {
  variants: InventoryRow[]
  nextCursor: string | null
  total: number
}

/** PATCH .../variants/:variantId/stock answers `{ stock }`. */
export interface StockLevel {
  sku: string
  variantId: string
  qtyInStock: number
  unlimited: boolean
}

export interface StoreSettings {
  currency: string
  instalmentsEnabled: boolean
  instalmentMinCents: number
  instalmentMaxCents: number
  multipleQuantityAllowedForServices: boolean
  /** Add-to-cart reads 'Purchase' and goes straight to checkout. */
  expressCheckout: boolean
}
