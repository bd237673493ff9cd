// Reads the commerce API's answers into the editor's shapes. Tolerant of the two ways a price can arrive
// (`priceCents` integers, or the item shape's `price` in minor units) so a field renamed on one side shows up as a
// missing value rather than a crash.
import { isProductType, PRODUCT_TYPES } from './productTypes.js'
import type { BillingUnit, SubscriptionPlan } from './subscription.js'
import type {
  Address, GiftCard, Instalment, LedgerEntry, Order, OrderEntry, OrderStatus, Payment, Product, ProductStatus,
  StoreSettings, Variant, VariantOption,
} from './types.js'

export type Json = Record<string, unknown>

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : d)
const num = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d)
const bool = (v: unknown, d = false): boolean => (typeof v === 'boolean' ? v : d)
const nstr = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const time = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? new Date(v).toISOString() : null

function cents(o: Json, name: 'price' | 'salePrice'): number {
  const c = o[`${name}Cents`]
  if (typeof c === 'number') return c
  return num(o[name])
}

function stringRecord(v: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (isObject(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x
  return out
}

export function readVariant(raw: unknown): Variant {
  const o = isObject(raw) ? raw : {}
  return {
    id: str(o.id ?? o.variantId),
    sku: str(o.sku),
    attributes: stringRecord(o.attributes),
    priceCents: cents(o, 'price'),
    salePriceCents: cents(o, 'salePrice'),
    onSale: bool(o.onSale),
    qtyInStock: num(o.qtyInStock),
    unlimited: bool(o.unlimited),
    imageId: nstr(o.imageId ?? o.mainImageId),
  }
}

function readOption(raw: unknown): VariantOption {
  const o = isObject(raw) ? raw : {}
  const out: VariantOption = { name: str(o.name), values: arr(o.values).map((v) => str(v)) }
  if (typeof o.displayText === 'string') out.displayText = o.displayText
  if (typeof o.selectText === 'string') out.selectText = o.selectText
  return out
}

export function readPlan(raw: unknown): SubscriptionPlan | null {
  if (!isObject(raw) || !isObject(raw.billingPeriod)) return null
  const unit = str(raw.billingPeriod.unit)
  return {
    billingPeriod: {
      value: num(raw.billingPeriod.value, 1),
      unit: (unit === 'WEEK' || unit === 'YEAR' ? unit : 'MONTH') as BillingUnit,
    },
    numBillingCycles: num(raw.numBillingCycles),
  }
}

function readStatus(v: unknown): ProductStatus {
  return v === 'draft' || v === 'hidden' ? v : 'published'
}

export function readProduct(raw: unknown): Product {
  const o = isObject(raw) ? raw : {}
  const sc = isObject(o.structuredContent) ? o.structuredContent : {}
  const type = o.productType ?? sc.productType
  return {
    id: str(o.id),
    collectionId: str(o.collectionId),
    urlId: str(o.urlId),
    title: str(o.title),
    description: str(o.description),
    excerpt: str(o.excerpt),
    productType: isProductType(type) ? type : PRODUCT_TYPES.PHYSICAL,
    status: readStatus(o.status),
    imageIds: arr(o.imageIds).map((v) => str(v)),
    variantOptions: arr(o.variantOptions ?? sc.variantOptions).map(readOption),
    variants: arr(o.variants ?? sc.variants).map(readVariant),
    isSubscribable: bool(o.isSubscribable ?? sc.isSubscribable),
    subscriptionPlan: readPlan(o.subscriptionPlan ?? sc.subscriptionPlan),
    additionalFieldsFormId: nstr(o.additionalFieldsFormId ?? sc.additionalFieldsFormId),
    useCustomAddButtonText: bool(o.useCustomAddButtonText ?? sc.useCustomAddButtonText),
    customAddButtonText: str(o.customAddButtonText ?? sc.customAddButtonText),
    digitalAssetUrl: nstr(o.digitalAssetUrl),
    fullUrl: nstr(o.fullUrl),
  }
}

export function readSettings(raw: unknown): StoreSettings {
  const o = isObject(raw) ? raw : {}
  return {
    currency: str(o.currency, 'USD'),
    instalmentsEnabled: bool(o.instalmentsEnabled, true),
    instalmentMinCents: num(o.instalmentMinCents),
    instalmentMaxCents: num(o.instalmentMaxCents),
    multipleQuantityAllowedForServices: bool(o.multipleQuantityAllowedForServices, true),
    expressCheckout: bool(o.expressCheckout),
  }
}

function readEntry(raw: unknown): OrderEntry {
  const o = isObject(raw) ? raw : {}
  const quantity = num(o.quantity, 1)
  const unit = num(o.unitPriceCents ?? o.purchasePriceCents)
  return {
    sku: str(o.sku),
    title: str(o.title ?? o.productName),
    productType: num(o.productType, 1),
    attributes: stringRecord(o.attributes),
    quantity,
    unitPriceCents: unit,
    subTotalCents: num(o.subTotalCents, unit * quantity),
    additionalFields: isObject(o.additionalFields) ? o.additionalFields : null,
    downloadUrl: nstr(o.downloadUrl),
  }
}

const readAddress = (v: unknown): Address | null => (isObject(v) ? stringRecord(v) : null)

function readOrderStatus(v: unknown): OrderStatus {
  return v === 'pending' || v === 'fulfilled' || v === 'refunded' ? v : 'paid'
}

export function readOrder(raw: unknown): Order {
  const o = isObject(raw) ? raw : {}
  const ship = isObject(o.shippingOption) ? o.shippingOption : null
  const entries = arr(o.entries ?? o.items).map(readEntry)
  return {
    id: str(o.id),
    number: num(o.number),
    email: str(o.email),
    status: readOrderStatus(o.status),
    testMode: bool(o.testMode),
    currency: str(o.currency, 'USD'),
    createdAt: time(o.createdAt ?? o.created) ?? '',
    fulfilledAt: time(o.fulfilledAt ?? o.fulfilledOn),
    refundedAt: time(o.refundedAt ?? o.refundedOn),
    entries,
    totalQuantity: num(o.totalQuantity, entries.reduce((n, e) => n + e.quantity, 0)),
    giftCardsIssued: arr(o.giftCards)
      .filter(isObject)
      .map((g) => ({ code: str(g.code), amountCents: num(g.amountCents) })),
    shippingAddress: readAddress(o.shippingAddress),
    billingAddress: readAddress(o.billingAddress),
    shippingOption: ship ? { name: str(ship.name), costCents: num(ship.costCents) } : null,
    coupons: arr(o.coupons).map((c) => str(c)),
    subtotalCents: num(o.subtotalCents),
    discountCents: num(o.discountCents),
    shippingCents: num(o.shippingCents ?? o.shippingCostCents),
    taxCents: num(o.taxCents),
    giftCardCents: num(o.giftCardCents),
    grandTotalCents: num(o.grandTotalCents),
    chargedCents: num(o.chargedCents, num(o.grandTotalCents)),
    paymentProvider: str(o.paymentProvider),
    summary: arr(o.summary)
      .filter(isObject)
      .map((l) => ({ key: str(l.key), label: str(l.label), text: str(l.text) })),
    paymentMethod: str(o.paymentMethod, 'card'),
    payment: readPayment(o.payment),
  }
}

function readPayment(raw: unknown): Payment | null {
  if (!isObject(raw)) return null
  const status = (v: unknown): Instalment['status'] => (v === 'captured' || v === 'cancelled' ? v : 'scheduled')
  return {
    method: str(raw.method, 'card'),
    state: str(raw.state),
    authorizedCents: num(raw.authorizedCents),
    capturedCents: num(raw.capturedCents),
    voidedCents: num(raw.voidedCents),
    refundedCents: num(raw.refundedCents),
    instalments: arr(raw.instalments)
      .filter(isObject)
      .map((i) => ({ number: num(i.number), dueOn: str(i.dueOn), amountCents: num(i.amountCents), status: status(i.status) })),
  }
}

export function readGiftCard(raw: unknown): GiftCard {
  const o = isObject(raw) ? raw : {}
  return {
    id: str(o.id),
    code: str(o.code),
    initialCents: num(o.initialCents),
    balanceCents: num(o.balanceCents),
    currency: str(o.currency, 'USD'),
    orderId: nstr(o.orderId),
    createdAt: time(o.createdAt) ?? '',
  }
}

export function readLedger(raw: unknown): LedgerEntry {
  const o = isObject(raw) ? raw : {}
  return {
    id: str(o.id),
    orderId: nstr(o.orderId),
    deltaCents: num(o.deltaCents),
    reason: str(o.reason),
    createdAt: time(o.createdAt) ?? '',
  }
}

/** `answer[key]` when it is an array, else the answer itself when it is one. */
export function listOf(answer: unknown, key: string): unknown[] {
  if (Array.isArray(answer)) return answer
  return isObject(answer) ? arr(answer[key]) : []
}

export function fieldOf(answer: unknown, key: string): unknown {
  return isObject(answer) && key in answer ? answer[key] : answer
}
