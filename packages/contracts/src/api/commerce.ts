// The store's HTTP contract: what the owner API (/api/sites/:siteId/commerce/...) answers and accepts. The server's
import type { ContextItem } from './page.js'
import type { OrderKind } from '../donations.js'
// view builders are typed with these shapes and the editor reads them as they are, so a renamed field fails to
// type-check on both sides. Money fields named `...Cents` are integer minor units of the store currency.

import { PRODUCT_TYPES, type ProductType } from '../enums.js'
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

/** An amount as the template context and the API carry it: decimal text under both pairs of names. */
export interface MoneyShape {
  value: string
  currency: string
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

/** A postal address as checkout takes it. */
export interface Address {
  firstName: string
  lastName: string
  line1: string
  line2?: string | undefined
  city: string
  region?: string | undefined
  postalCode: string
  country: string
  phone?: string | undefined
}

/** An address as an order keeps it (the checkout address's fields as given). */
export type OrderAddress = Record<string, string>

export interface OrderEntryView {
  id: string
  itemId: string
  sku: string
  title: string
  productType: number
  attributes: Record<string, string>
  quantity: number
  unitPriceCents: number
  subTotalCents: number
  unitPrice: MoneyShape
  subTotal: MoneyShape
  additionalFields: Record<string, unknown> | null
  variantText: string
  /** A digital product's download link once the order is paid, else null. */
  downloadUrl: string | null
}

export type SummaryKey = 'subtotal' | 'discount' | 'shipping' | 'tax' | 'giftCard' | 'total'

/** A money line of an order (subtotal ... total charged) as the confirmation page, the mail and the editor print it. */
export interface SummaryLine {
  key: SummaryKey
  label: string
  /** Signed minor units: the discount and the gift card are negative. */
  amountCents: number
  /** The amount as CLDR prints it in the site's locale. */
  text: string
}

/**
 * An order's money, stored with the order (its subtotal, discount, shipping, tax, gift card and charged columns):
 * the one breakdown every reader prints (order list and page, the owner's and the shopper's mails, the
 * confirmation page, analytics revenue). `totalCents` is what the order charged: subtotal - discount + shipping +
 * tax - gift card.
 */
export interface OrderBreakdown {
  currency: string
  subtotalCents: number
  discountCents: number
  shippingCents: number
  taxCents: number
  /** What gift cards paid (positive). */
  giftCardCents: number
  /** What the order charged (after gift cards). */
  totalCents: number
  /** The same as CLDR text, e.g. '$17.00'. */
  total: string
  /** What was given back (the whole charge once refunded), so revenue is totalCents - refundedCents. */
  refundedCents: number
  /** The lines as printed: subtotal ... total charged. */
  lines: SummaryLine[]
}

/** One payment of an instalment plan as the shopper reads it. */
export interface ScheduledPayment {
  number: number
  /** YYYY-MM-DD (UTC). */
  dueOn: string
  /** The date as the site prints it, e.g. 'Dec 1, 2026'. */
  date: string
  amountCents: number
  amount: string
  status: 'captured' | 'scheduled' | 'cancelled'
}

/** GET /api/commerce/checkout/summary: the order's money lines with the gift card the visitor entered, if any. */
export interface CheckoutSummary {
  lines: SummaryLine[]
  totalCents: number
  total: string
  paymentRequired: boolean
  giftCard: { code: string; balanceCents: number; appliedCents: number } | null
  /**
   * The instalment choice for the total still to pay (recomputed with every change of it: a gift card, shipping, a
   * coupon), or null when the cart cannot be paid in instalments at all.
   */
  instalments: SummaryInstalments | null
}

/** The instalment choice of a checkout total: offered only while it is within the store's bounds. */
export interface SummaryInstalments {
  provider: string
  numInstallments: number
  available: boolean
  /** Why not, when not available ('Afterpay is available for orders over 35.00 USD.'). */
  reason: string
  installmentCents: number
  /** Each payment as CLDR prints it. */
  installment: string
}

export interface OrderSubscriptionView {
  id: string
  sku: string
  itemId: string
  billingPeriod: { value: number; unit: BillingUnit }
  numBillingCycles: number
  priceCents: number
  price: MoneyShape
  status: string
  /** Cancelled by the buyer: in force until this time (epoch ms), else null. */
  endsOn: number | null
}

/** An order as visitors, mail and the owner see it (times are epoch milliseconds). */
export interface OrderView {
  id: string
  number: number
  websiteId: string
  purchasedCartId: string
  email: string
  status: OrderStatus
  testMode: boolean
  created: number
  fulfilledOn: number | null
  refundedOn: number | null
  currency: string
  entries: OrderEntryView[]
  shippingAddress: OrderAddress | null
  billingAddress: OrderAddress | null
  shippingOption: { id: string; name: string; costCents: number; cost: MoneyShape } | null
  coupons: string[]
  subtotalCents: number
  discountCents: number
  shippingCostCents: number
  taxCents: number
  giftCardCents: number
  grandTotalCents: number
  chargedCents: number
  /** 'card', 'afterpay' or 'clearpay' (an instalment plan). */
  paymentMethod: string
  subtotal: MoneyShape
  discountTotal: MoneyShape
  shippingTotal: MoneyShape
  taxTotal: MoneyShape
  giftCardTotal: MoneyShape
  grandTotal: MoneyShape
  chargedTotal: MoneyShape
  summary: SummaryLine[]
  /** The stored breakdown (read this for any total: `breakdown.totalCents` is what was charged). */
  breakdown: OrderBreakdown
  /** An instalment plan (Afterpay / Clearpay): the method's name and its dated payments; null for a card payment. */
  paymentPlan: { method: string; provider: string; payments: ScheduledPayment[] } | null
  /** Gift cards this order bought. */
  giftCards: { code: string; amountCents: number; amount: MoneyShape }[]
  subscriptions: OrderSubscriptionView[]
  /** 'order' (products) or 'donation' (one line, no product). */
  kind: OrderKind
}

export interface Instalment {
  number: number
  /** YYYY-MM-DD (UTC). */
  dueOn: string
  amountCents: number
  status: 'captured' | 'scheduled' | 'cancelled'
}

export type PaymentMethod = 'card' | 'afterpay' | 'clearpay'

/** A payment as the provider keeps it. */
export interface PaymentState {
  ref: string
  method: PaymentMethod
  state: 'authorized' | 'captured' | 'partially_refunded' | 'refunded' | 'voided'
  currency: string
  authorizedCents: number
  capturedCents: number
  voidedCents: number
  refundedCents: number
  /** An instalment plan's schedule (the first is captured with the payment), else null. */
  instalments: Instalment[] | null
}

/** GET orders/:id and the order actions answer `{ order }`: the order with its payment. */
export interface OwnerOrder extends OrderView {
  payment: PaymentState | null
  /** Shipments so far, oldest first. */
  fulfilments: FulfilmentView[]
  /** Per order line (entry id): the quantity not yet shipped. */
  unfulfilled: Record<string, number>
}

/** One shipment of an order. */
export interface FulfilmentView {
  id: string
  carrier: string
  trackingNumber: string
  trackingUrl: string | null
  lines: { entryId: string; quantity: number }[]
  created: number
}

/** POST .../orders/:rowId/fulfil body (all optional; no lines: every line not yet shipped). */
export interface FulfilInput {
  carrier?: string
  trackingNumber?: string
  trackingUrl?: string
  lines?: { entryId: string; quantity: number }[]
  /** Mail the buyer the shipping notification (default true). */
  notifyCustomer?: boolean
}

/** GET orders query: `q` an order number ('#12' or '12') or part of an email. */
export interface OrderQuery {
  page: number
  pageSize: number
  q?: string | undefined
  status?: OrderStatus | '' | undefined
}

/** A row of GET orders. */
export interface OrderListRow {
  id: string
  number: number
  email: string
  status: OrderStatus
  testMode: boolean
  created: number
  currency: string
  /** What the order charged (the breakdown's total, after gift cards). */
  totalCents: number
  total: MoneyShape
  breakdown: OrderBreakdown
  totalQuantity: number
  /** 'donation' rows are marked as donations in the owner's list. */
  kind: OrderKind
}

export interface OrderPage {
  orders: OrderListRow[]
  total: number
  page: number
  pageSize: number
}

export interface GiftCard {
  id: string
  siteId: string
  code: string
  initialCents: number
  balanceCents: number
  currency: string
  orderId: string | null
  /** The order entry the card was bought through; null for cards the owner issued. */
  entryId: string | null
  /** ISO 8601. */
  createdAt: string
}

export interface GiftCardLedgerEntry {
  id: string
  siteId: string
  giftCardId: string
  orderId: string | null
  deltaCents: number
  reason: string
  /** ISO 8601. */
  createdAt: string
}

/** One variant's stock, as `GET /api/commerce/inventory/:itemId` answers it (`{ results: StockResult[] }`). */
export interface StockResult {
  sku: string
  variantId: string
  unlimited: boolean
  qtyInStock: number
}
