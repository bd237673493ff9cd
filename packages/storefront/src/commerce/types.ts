// Shapes the commerce runtime reads: the shopping cart the store calls answer and product variants as the theme embeds them.

/** An amount: minor units as a number, or a Money object ({ value, currency } / { decimalValue, currencyCode }). */
export type Amount = number | string | { value?: string | number; currency?: string; decimalValue?: string | number; currencyCode?: string }

export interface CartEntry {
  id: string
  itemId: string
  chosenVariant?: { sku?: string; attributes?: Record<string, string> }
  quantity: number
  title?: string
  subTotal?: Amount
  purchasePriceCents?: number
  productType?: number
  imageUrl?: string
  fullUrl?: string
  /** The answers by field id (the server stores an object; older carts may hold the JSON text). */
  additionalFields?: Record<string, unknown> | string | null
  /** The product asks for additional fields: the cart page lets the shopper edit them. */
  hasAdditionalFields?: boolean
  /** 'M / Red'. */
  variantText?: string
  /** The titles of the product's form fields, in form order (answers are stored by field id). */
  additionalFieldLabels?: { id: string; label: string }[]
}

export interface Coupon {
  code?: string
  couponCode?: string
  name?: string
}

export interface ShippingOption {
  id?: string
  key?: string
  name?: string
  title?: string
  costCents?: number
  cost?: Amount
}

export interface ShoppingCart {
  id: string
  websiteId?: string
  orderId?: string | null
  created?: number | string
  isPurchased?: boolean
  entries: CartEntry[]
  shippingOptions?: ShippingOption[]
  selectedShippingOption?: ShippingOption | string | null
  /** Free-over options the cart does not reach yet (not offered). */
  unavailableShippingOptions?: { id?: string; name?: string; remainingCents: number; minSubtotalCents?: number }[]
  shippingLocation?: Record<string, unknown> | null
  applicableTaxRules?: unknown[]
  coupons?: (Coupon | string)[]
  validCoupons?: (Coupon | string)[]
  invalidCoupons?: (Coupon | string)[]
  subtotalCents: number
  taxCents?: number
  shippingCostCents?: number
  discountCents?: number
  /** Automatic promotions the cart gets, a totals line each. */
  promotions?: { id?: string; name?: string; amountCents: number }[]
  promotionCents?: number
  grandTotalCents?: number
  totalQuantity: number
  hasDigital?: boolean
  purelyDigital?: boolean
  requiresShipping?: boolean
  currency?: string
  currencyCode?: string
}

export interface Variant {
  id?: string
  sku: string
  price?: Amount
  salePrice?: Amount
  onSale?: boolean
  priceMoney?: Amount
  salePriceMoney?: Amount
  qtyInStock?: number
  unlimited?: boolean
  attributes?: Record<string, string>
  optionValues?: { optionName?: string; value?: string }[]
  mainImage?: { assetUrl?: string; altText?: string } | null
  mainImageId?: string
  imageUrl?: string
}

/** Product types (packages/contracts). */
export { PRODUCT_TYPES as ProductType } from '@sitewright/contracts/product-types'
