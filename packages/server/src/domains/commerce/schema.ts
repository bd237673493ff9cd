// Drizzle tables of the commerce domain (migrations/0004_commerce.sql, 0007_commerce_express.sql, 0009_commerce_payments.sql, 0050_fonts_product_details.sql). Money columns are integer minor units.
import { sql } from 'drizzle-orm'
import { boolean, customType, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import type { AppliedPromotion, BillingUnit, Instalment, OrderEntryView, OrderStatus, ProductDimensions, ProductWeight, PromotionKind, PromotionTarget, SubscriptionPlan } from '@sitewright/contracts'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const siteId = () => text('site_id').notNull()
/** Generated full-text search vector (read only; maintained by PostgreSQL). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })
/** The product search vector: the same expression as migrations/0035_search_products.sql. */
const PRODUCT_SEARCH = `setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(tags::text, '') || ' ' || coalesce(categories::text, '')), 'B') || setweight(to_tsvector('english', regexp_replace(coalesce(excerpt, '') || ' ' || coalesce(description, ''), '<[^>]*>', ' ', 'g')), 'C')`

export const storeSettings = pgTable('commerce_store_settings', {
  siteId: text('site_id').primaryKey(),
  currency: text('currency').notNull().default('USD'),
  instalmentsEnabled: boolean('instalments_enabled').notNull().default(true),
  instalmentMinCents: integer('instalment_min_cents').notNull().default(3500),
  instalmentMaxCents: integer('instalment_max_cents').notNull().default(200000),
  multipleQuantityAllowedForServices: boolean('multiple_quantity_allowed_for_services').notNull().default(true),
  expressCheckout: boolean('express_checkout').notNull().default(false),
  lastOrderNumber: integer('last_order_number').notNull().default(0),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

export const products = pgTable('commerce_products', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  collectionId: text('collection_id').notNull(),
  urlId: text('url_id').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  excerpt: text('excerpt').notNull().default(''),
  productType: smallint('product_type').notNull(),
  status: text('status').notNull().default('published'),
  imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
  variantOptions: jsonb('variant_options').$type<VariantOptionRow[]>().notNull().default([]),
  priceCents: integer('price_cents').notNull().default(0),
  salePriceCents: integer('sale_price_cents').notNull().default(0),
  onSale: boolean('on_sale').notNull().default(false),
  isSubscribable: boolean('is_subscribable').notNull().default(false),
  subscriptionPlan: jsonb('subscription_plan').$type<SubscriptionPlan | null>(),
  additionalFieldsFormId: text('additional_fields_form_id'),
  additionalFieldsForm: jsonb('additional_fields_form').$type<Record<string, unknown> | null>(),
  useCustomAddButtonText: boolean('use_custom_add_button_text').notNull().default(false),
  customAddButtonText: text('custom_add_button_text').notNull().default(''),
  audioAssetUrl: text('audio_asset_url'),
  digitalAssetUrl: text('digital_asset_url'),
  descriptionFormat: text('description_format').$type<'text' | 'html'>().notNull().default('text'),
  seoTitle: text('seo_title').notNull().default(''),
  seoDescription: text('seo_description').notNull().default(''),
  socialImageId: text('social_image_id'),
  weight: jsonb('weight').$type<ProductWeight | null>(),
  dimensions: jsonb('dimensions').$type<ProductDimensions | null>(),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  categories: jsonb('categories').$type<string[]>().notNull().default([]),
  ordering: integer('ordering').notNull().default(0),
  search: tsvector('search').generatedAlwaysAs(sql.raw(PRODUCT_SEARCH)),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

export const variants = pgTable('commerce_variants', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  productId: text('product_id').notNull(),
  sku: text('sku').notNull(),
  attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
  priceCents: integer('price_cents').notNull().default(0),
  salePriceCents: integer('sale_price_cents').notNull().default(0),
  onSale: boolean('on_sale').notNull().default(false),
  qtyInStock: integer('qty_in_stock').notNull().default(0),
  unlimited: boolean('unlimited').notNull().default(false),
  imageId: text('image_id'),
  ordering: integer('ordering').notNull().default(0),
})

export const carts = pgTable('commerce_carts', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  tokenHash: text('token_hash').notNull(),
  kind: text('kind').$type<'cart' | 'subscription'>().notNull().default('cart'),
  orderId: text('order_id'),
  isPurchased: boolean('is_purchased').notNull().default(false),
  shippingLocation: jsonb('shipping_location').$type<ShippingLocation | null>(),
  selectedShippingOption: text('selected_shipping_option'),
  couponCodes: jsonb('coupon_codes').$type<string[]>().notNull().default([]),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

export const cartEntries = pgTable('commerce_cart_entries', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  cartId: text('cart_id').notNull(),
  productId: text('product_id').notNull(),
  variantId: text('variant_id').notNull(),
  quantity: integer('quantity').notNull(),
  additionalFields: jsonb('additional_fields').$type<Record<string, unknown> | null>(),
  createdAt: tz('created_at').notNull().defaultNow(),
})

export const coupons = pgTable('commerce_coupons', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  code: text('code').notNull(),
  kind: text('kind').$type<'percentage' | 'fixed' | 'free_shipping'>().notNull(),
  amount: integer('amount').notNull().default(0),
  minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
  startsAt: tz('starts_at'),
  endsAt: tz('ends_at'),
  active: boolean('active').notNull().default(true),
  createdAt: tz('created_at').notNull().defaultNow(),
})

export const shippingOptions = pgTable('commerce_shipping_options', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  name: text('name').notNull(),
  kind: text('kind').$type<'flat' | 'free_over'>().notNull(),
  costCents: integer('cost_cents').notNull().default(0),
  minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
  ordering: integer('ordering').notNull().default(0),
})

export const taxRules = pgTable('commerce_tax_rules', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  region: text('region').notNull().default(''),
  rateBp: integer('rate_bp').notNull(),
})

export const orders = pgTable('commerce_orders', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  number: integer('number').notNull(),
  cartId: text('cart_id').notNull(),
  accessTokenHash: text('access_token_hash').notNull(),
  email: text('email').notNull(),
  /** The shopper's locale at checkout (its confirmation page and mails); null: the site's default. */
  locale: text('locale'),
  shippingAddress: jsonb('shipping_address').$type<Record<string, string> | null>(),
  billingAddress: jsonb('billing_address').$type<Record<string, string> | null>(),
  entries: jsonb('entries').$type<OrderEntrySnapshot[]>().notNull(),
  shippingOption: jsonb('shipping_option').$type<{ id: string; name: string; costCents: number } | null>(),
  coupons: jsonb('coupons').$type<string[]>().notNull().default([]),
  currency: text('currency').notNull(),
  subtotalCents: integer('subtotal_cents').notNull(),
  discountCents: integer('discount_cents').notNull(),
  shippingCents: integer('shipping_cents').notNull(),
  taxCents: integer('tax_cents').notNull(),
  giftCardCents: integer('gift_card_cents').notNull().default(0),
  /** What automatic promotions took off (migrations/0060_promotions.sql), and each one as its own line. */
  promotionCents: integer('promotion_cents').notNull().default(0),
  promotions: jsonb('promotions').$type<AppliedPromotion[]>().notNull().default([]),
  grandTotalCents: integer('grand_total_cents').notNull(),
  chargedCents: integer('charged_cents').notNull(),
  paymentProvider: text('payment_provider').notNull(),
  paymentRef: text('payment_ref'),
  paymentMethod: text('payment_method').$type<PaymentMethod>().notNull().default('card'),
  testMode: boolean('test_mode').notNull(),
  status: text('status').$type<OrderStatus>().notNull().default('paid'),
  /** A purchase of products, or a donation (one line naming no product). */
  kind: text('kind').$type<OrderKind>().notNull().default('order'),
  createdAt: tz('created_at').notNull().defaultNow(),
  fulfilledAt: tz('fulfilled_at'),
  refundedAt: tz('refunded_at'),
})

/** The test-mode provider's payments (checkout/payments.ts): amounts per move and the instalment schedule. */
export const testPayments = pgTable('commerce_test_payments', {
  ref: text('ref').primaryKey(),
  siteId: siteId(),
  reference: text('reference').notNull(),
  method: text('method').$type<PaymentMethod>().notNull().default('card'),
  currency: text('currency').notNull(),
  state: text('state').$type<'authorized' | 'captured' | 'voided'>().notNull().default('authorized'),
  authorizedCents: integer('authorized_cents').notNull(),
  capturedCents: integer('captured_cents').notNull().default(0),
  voidedCents: integer('voided_cents').notNull().default(0),
  refundedCents: integer('refunded_cents').notNull().default(0),
  instalments: jsonb('instalments').$type<Instalment[] | null>(),
  /** The card's last four digits (renewals charge the card of the first payment again). */
  cardLast4: text('card_last4'),
  version: integer('version').notNull().default(0),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

export const giftCards = pgTable('commerce_gift_cards', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  code: text('code').notNull(),
  initialCents: integer('initial_cents').notNull(),
  balanceCents: integer('balance_cents').notNull(),
  currency: text('currency').notNull(),
  orderId: text('order_id'),
  /** The order entry the card was bought through (its recipient fields); null for cards the owner issued. */
  entryId: text('entry_id'),
  createdAt: tz('created_at').notNull().defaultNow(),
  /** When the card stops paying (from the reminder settings at issue), or null. */
  expiresAt: tz('expires_at'),
  /** When the balance reminder and the expiry notice went out (each once). */
  balanceRemindedAt: tz('balance_reminded_at'),
  expiryNoticedAt: tz('expiry_noticed_at'),
  /** The holder unsubscribed from the card's reminders. */
  remindersOff: boolean('reminders_off').notNull().default(false),
  /** The buyer's answer to the gift-card page's reminder box (true, false: refused), or null: not asked. */
  reminderConsent: boolean('reminder_consent'),
})

export const giftCardLedger = pgTable('commerce_gift_card_ledger', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  giftCardId: text('gift_card_id').notNull(),
  orderId: text('order_id'),
  deltaCents: integer('delta_cents').notNull(),
  reason: text('reason').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
})

export const subscriptions = pgTable('commerce_subscriptions', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  orderId: text('order_id').notNull(),
  productId: text('product_id').notNull(),
  sku: text('sku').notNull(),
  email: text('email').notNull(),
  billingPeriodValue: integer('billing_period_value').notNull(),
  billingPeriodUnit: text('billing_period_unit').$type<BillingUnit>().notNull(),
  numBillingCycles: integer('num_billing_cycles').notNull(),
  priceCents: integer('price_cents').notNull(),
  status: text('status').notNull().default('active'),
  createdAt: tz('created_at').notNull().defaultNow(),
  /** Cancelled by the buyer: it stays in force until this end of the period already paid. */
  endsAt: tz('ends_at'),
})

/** A billed cycle of a subscription after the first; (subscriptionId, cycle) is unique: each cycle is billed once. */
export const subscriptionRenewals = pgTable('commerce_subscription_renewals', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  subscriptionId: text('subscription_id').notNull(),
  cycle: integer('cycle').notNull(),
  status: text('status').$type<'charging' | 'paid' | 'failed' | 'skipped'>().notNull().default('charging'),
  orderId: text('order_id'),
  paymentRef: text('payment_ref'),
  failureCode: text('failure_code'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

export const idempotency = pgTable(
  'commerce_idempotency',
  {
    siteId: siteId(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.scope, t.key] })],
)

/** How an order was paid: a card, or an instalment plan (its provider's name per locale). */
export type PaymentMethod = 'card' | 'afterpay' | 'clearpay'
export type OrderKind = 'order' | 'donation'
export type { BillingUnit, Instalment, OrderStatus, SubscriptionPlan }
export interface VariantOptionRow {
  name: string
  displayText?: string
  selectText?: string
  values: string[]
}
export interface ShippingLocation {
  country: string
  region?: string
  postalCode?: string
}
/** An order entry as stored: the fields its owner view shows (OrderEntryView) and what it was bought from. */
export interface OrderEntrySnapshot
  extends Pick<OrderEntryView, 'sku' | 'title' | 'productType' | 'attributes' | 'quantity' | 'unitPriceCents' | 'subTotalCents'> {
  entryId: string
  productId: string
  variantId: string
  additionalFields: Record<string, unknown> | null
  unlimited: boolean
  variantText?: string
}

export type ProductRow = typeof products.$inferSelect
export type VariantRow = typeof variants.$inferSelect
export type CartRow = typeof carts.$inferSelect
export type CartEntryRow = typeof cartEntries.$inferSelect
export type OrderRow = typeof orders.$inferSelect

/** Shipments of an order: the carrier, tracking number and the quantities of each line that went out. */
export const fulfilments = pgTable('commerce_fulfilments', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  orderId: text('order_id').notNull(),
  carrier: text('carrier').notNull().default(''),
  trackingNumber: text('tracking_number').notNull().default(''),
  trackingUrl: text('tracking_url'),
  lines: jsonb('lines').$type<{ entryId: string; quantity: number }[]>().notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
})
export type FulfilmentRow = typeof fulfilments.$inferSelect

/** Automatic promotions (migrations/0060_promotions.sql): discounts without a code. */
export const promotions = pgTable('commerce_promotions', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  name: text('name').notNull(),
  kind: text('kind').$type<PromotionKind>().notNull(),
  appliesTo: text('applies_to').$type<PromotionTarget>().notNull().default('order'),
  targetIds: jsonb('target_ids').$type<string[]>().notNull().default([]),
  amount: integer('amount').notNull().default(0),
  buyQuantity: integer('buy_quantity').notNull().default(0),
  getQuantity: integer('get_quantity').notNull().default(0),
  minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
  startsAt: tz('starts_at'),
  endsAt: tz('ends_at'),
  active: boolean('active').notNull().default(true),
  usageLimit: integer('usage_limit'),
  perCustomerLimit: integer('per_customer_limit'),
  usedCount: integer('used_count').notNull().default(0),
  combinesWithCodes: boolean('combines_with_codes').notNull().default(true),
  combinesWithGiftCards: boolean('combines_with_gift_cards').notNull().default(true),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})
export type PromotionRow = typeof promotions.$inferSelect

/** Who used a promotion (one row per order), for the per-customer limit. */
export const promotionUses = pgTable('commerce_promotion_uses', {
  promotionId: text('promotion_id').notNull(),
  siteId: siteId(),
  orderId: text('order_id').notNull(),
  email: text('email').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.promotionId, t.orderId] })])

/** Abandoned-checkout recovery (migrations/0061_recovery.sql): the site's settings and one row per cart with an email. */
export const recoverySettings = pgTable('commerce_recovery_settings', {
  siteId: text('site_id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  delayHours: integer('delay_hours').notNull().default(1),
  reminders: integer('reminders').notNull().default(1),
  couponCode: text('coupon_code'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

export const giftCardReminderSettings = pgTable('commerce_gift_card_reminder_settings', {
  siteId: text('site_id').primaryKey(),
  balanceReminder: boolean('balance_reminder').notNull().default(false),
  balanceMonths: integer('balance_months').notNull().default(6),
  expiryMonths: integer('expiry_months'),
  noticeDays: integer('notice_days').notNull().default(30),
  country: text('country').notNull().default('US'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

export const abandonedCheckouts = pgTable('commerce_abandoned_checkouts', {
  id: text('id').primaryKey(),
  siteId: siteId(),
  cartId: text('cart_id').notNull(),
  email: text('email').notNull(),
  consent: boolean('consent').notNull().default(false),
  unsubscribed: boolean('unsubscribed').notNull().default(false),
  valueCents: integer('value_cents').notNull().default(0),
  currency: text('currency').notNull().default('USD'),
  lastActivityAt: tz('last_activity_at').notNull(),
  remindersSent: integer('reminders_sent').notNull().default(0),
  lastReminderAt: tz('last_reminder_at'),
  restoredCartId: text('restored_cart_id'),
  status: text('status').$type<'open' | 'recovered' | 'completed'>().notNull().default('open'),
  orderId: text('order_id'),
  orderNumber: integer('order_number'),
  recoveredCents: integer('recovered_cents').notNull().default(0),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})
export type AbandonedCheckoutRow = typeof abandonedCheckouts.$inferSelect

export const commerceTables = {
  storeSettings, products, variants, carts, cartEntries, coupons, shippingOptions, taxRules, orders, giftCards,
  giftCardLedger, subscriptions, subscriptionRenewals, idempotency, testPayments, fulfilments, promotions, promotionUses,
  recoverySettings, abandonedCheckouts, giftCardReminderSettings,
}
