// Shapes of the commerce owner API (/api/sites/:siteId/commerce/...) as the editor uses them. Money fields are
// integer minor units of the store currency. `normalize.ts` reads answers into these shapes.
import type { ProductType } from './productTypes.js'
import type { SubscriptionPlan } from './subscription.js'

export type ProductStatus = 'published' | 'draft' | 'hidden'
export const PRODUCT_STATUSES: readonly ProductStatus[] = ['published', 'draft', 'hidden']

export interface VariantOption {
  name: string
  displayText?: string
  selectText?: string
  values: string[]
}

export interface Variant {
  id: string
  sku: string
  attributes: Record<string, string>
  priceCents: number
  salePriceCents: number
  onSale: boolean
  qtyInStock: number
  unlimited: boolean
  imageId: string | null
}

export interface Product {
  id: string
  collectionId: string
  urlId: string
  title: string
  description: string
  excerpt: string
  productType: ProductType
  status: ProductStatus
  imageIds: string[]
  variantOptions: VariantOption[]
  variants: Variant[]
  isSubscribable: boolean
  subscriptionPlan: SubscriptionPlan | null
  additionalFieldsFormId: string | null
  useCustomAddButtonText: boolean
  customAddButtonText: string
  digitalAssetUrl: string | null
  fullUrl: string | null
}

/** The fields the editor writes (create and patch); variants go with create or through the matrix PUT. */
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
}

/** A product in the slim owner list (GET products?view=summary): no variants, their counts and summaries. */
export interface ProductSummary {
  id: string
  collectionId: string
  urlId: string
  title: string
  productType: ProductType
  status: ProductStatus
  fullUrl: string | null
  variantCount: number
  stockTotal: number
  unlimitedVariants: number
  outOfStockVariants: number
  priceRange: { minCents: number; maxCents: number } | null
  variedPrices: boolean
  soldOut: boolean
  onSale: boolean
}

/** One stock-tracked variant of the inventory (GET inventory). */
export interface InventoryRow {
  productId: string
  productTitle: string
  productType: ProductType
  variantId: string
  sku: string
  attributes: Record<string, string>
  variantText: string
  qtyInStock: number
  unlimited: boolean
}

export interface InventoryPage {
  variants: InventoryRow[]
  nextCursor: string | null
  total: number
}

export interface VariantInput {
  sku?: string
  attributes: Record<string, string>
  priceCents: number
  salePriceCents: number
  onSale: boolean
  qtyInStock: number
  unlimited: boolean
  imageId?: string | null
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

export interface ProductCollection {
  id: string
  title: string
  fullUrl: string | null
}

export type OrderStatus = 'pending' | 'paid' | 'fulfilled' | 'refunded'
export const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'fulfilled', 'refunded']

export interface OrderEntry {
  sku: string
  title: string
  productType: number
  attributes: Record<string, string>
  quantity: number
  unitPriceCents: number
  subTotalCents: number
  additionalFields: Record<string, unknown> | null
  downloadUrl: string | null
}

export type Address = Record<string, string>

export interface Order {
  id: string
  number: number
  email: string
  status: OrderStatus
  testMode: boolean
  currency: string
  createdAt: string
  fulfilledAt: string | null
  refundedAt: string | null
  entries: OrderEntry[]
  totalQuantity: number
  /** Gift cards this order bought. */
  giftCardsIssued: { code: string; amountCents: number }[]
  shippingAddress: Address | null
  billingAddress: Address | null
  shippingOption: { name: string; costCents: number } | null
  coupons: string[]
  subtotalCents: number
  discountCents: number
  shippingCents: number
  taxCents: number
  giftCardCents: number
  grandTotalCents: number
  chargedCents: number
  paymentProvider: string
  /** The money lines the confirmation page and mail print (subtotal … gift card, total charged), CLDR text. */
  summary: OrderSummaryLine[]
  /** 'card', 'afterpay' or 'clearpay'. */
  paymentMethod: string
  /** The payment as the provider keeps it (owner order detail only). */
  payment: Payment | null
}

export interface OrderSummaryLine {
  key: string
  label: string
  text: string
}

export interface Instalment {
  number: number
  dueOn: string
  amountCents: number
  status: 'captured' | 'scheduled' | 'cancelled'
}

export interface Payment {
  method: string
  state: string
  authorizedCents: number
  capturedCents: number
  voidedCents: number
  refundedCents: number
  instalments: Instalment[]
}

export interface OrderPage {
  orders: Order[]
  total: number
  page: number
  pageSize: number
}

export interface GiftCard {
  id: string
  code: string
  initialCents: number
  balanceCents: number
  currency: string
  orderId: string | null
  createdAt: string
}

export interface LedgerEntry {
  id: string
  orderId: string | null
  deltaCents: number
  reason: string
  createdAt: string
}

export interface FileSummary {
  id: string
  filename: string
  assetUrl: string
  kind: string
  altText: string
}

export interface FormSummary {
  id: string
  name: string
}
