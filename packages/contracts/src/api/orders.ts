// The store's HTTP contract, its second half: checkout, orders, payments and gift cards, as the owner API, the
// confirmation page and the mails carry them (the catalogue half is ./commerce.ts). Money fields named `...Cents` are
// integer minor units of the store currency.
import type { BillingUnit } from '../product-types.js'
import type { OrderKind } from '../donations.js'
import type { AppliedPromotion } from './promotions.js'
import type { MoneyShape, OrderStatus } from './commerce.js'
import type { GiftCardReminderStatus } from './giftcard-reminders.js'

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

export type SummaryKey = 'subtotal' | 'promotion' | 'discount' | 'shipping' | 'tax' | 'giftCard' | 'total'

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
 * confirmation page, analytics revenue). `totalCents` is what the order charged: subtotal - promotions - discount +
 * shipping + tax - gift card.
 */
export interface OrderBreakdown {
  currency: string
  subtotalCents: number
  discountCents: number
  shippingCents: number
  taxCents: number
  /** What gift cards paid (positive). */
  giftCardCents: number
  /** What automatic promotions took off (positive), and each of them (a line each in `lines`). */
  promotionCents: number
  promotions: AppliedPromotion[]
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
  /** The shopper's locale at checkout (BCP 47); null: the site's default. */
  locale: string | null
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
  /** When the card stops paying (ISO 8601), or null: it never expires (gift-card reminder settings). */
  expiresAt: string | null
  /** Its balance reminder and expiry notice: consent, unsubscribed, when each went. */
  reminders: GiftCardReminderStatus
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
