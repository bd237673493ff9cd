// What a click on the add-to-cart button does: validate the selection and quantity, check
// stock (form items ask the server first), then add the entry, start a subscription, or go to the gift-card
// page with the item and its denomination. Failures come back with the alert title and the visitor-facing text.
import type { CommerceApi, Result, StockResult } from './api.js'
import type { CartStore } from './cart-store.js'
import {
  ALERT_ADD_ITEM, ALERT_GIFT_CARD, ALERT_PURCHASE_ITEM, DEFAULT_ADD_TO_CART_TEXT, DEFAULT_SUBSCRIBE_TEXT,
  NOT_ENOUGH_STOCK, PURCHASE_TEXT, SELECT_GIFT_CARD_DENOMINATION,
} from './messages.js'
import { readQuantity } from './quantity.js'
import { ProductType, type ShoppingCart, type Variant } from './types.js'
import { CHECKOUT_PAGE, giftCardUrl, subscriptionUrl } from './urls.js'
import { inStock, resolveVariant, type Selection } from './variants.js'

export interface LabelInput {
  useCustomText?: boolean
  customText?: string | null
  subscribable?: boolean
  localizedAddToCart?: string | null
  localizedSubscribe?: string | null
  express?: boolean
}

/** The button label: custom text if enabled and present; else 'Subscribe' or the localized add-to-cart text. */
export function buttonLabel(i: LabelInput): string {
  if (i.express) return PURCHASE_TEXT
  const custom = i.customText?.trim()
  if (i.useCustomText && custom) return custom
  if (i.subscribable) return i.localizedSubscribe?.trim() || DEFAULT_SUBSCRIBE_TEXT
  return i.localizedAddToCart?.trim() || DEFAULT_ADD_TO_CART_TEXT
}

export interface ProductInfo {
  itemId: string
  productType: number
  variants: Variant[]
  options: string[]
  subscribable: boolean
  express: boolean
  hasForm: boolean
}

export interface AddRequest {
  selection: Selection
  /** The quantity input's value; null when the page shows no quantity input. */
  quantity: string | null
}

export type Outcome =
  | { kind: 'added'; cart: ShoppingCart; sku: string; quantity: number }
  | { kind: 'navigate'; url: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; title: string; message: string }

export interface AddDeps {
  api: CommerceApi
  store: CartStore
  /** Opens the additional-fields form; resolves with what `submit` answered, or null when the shopper closed it. */
  collectFields?: (submit: (additionalFields: string) => Promise<Result<unknown>>) => Promise<Result<unknown> | null>
}

export function alertTitle(p: Pick<ProductInfo, 'productType' | 'express'>): string {
  if (p.productType === ProductType.GIFT_CARD) return ALERT_GIFT_CARD
  return p.express ? ALERT_PURCHASE_ITEM : ALERT_ADD_ITEM
}

function inCartQuantity(cart: ShoppingCart | null, itemId: string, sku?: string): number {
  return (cart?.entries ?? [])
    .filter((e) => e.itemId === itemId && (sku === undefined || e.chosenVariant?.sku === sku))
    .reduce((n, e) => n + (e.quantity || 0), 0)
}

/** Form items: in stock if any result is unlimited or has more than is already in the cart. */
export function stockAllows(results: readonly Partial<StockResult>[], alreadyInCart: number): boolean {
  return results.some((r) => r.unlimited === true || (r.qtyInStock ?? 0) > alreadyInCart)
}

/** The not-enough-stock text with how many can still be added (the stock less what the cart already holds). */
export function notEnoughStockMessage(v: Variant, alreadyInCart: number): string {
  const left = Math.max(0, (v.qtyInStock ?? 0) - alreadyInCart)
  if (alreadyInCart > 0 && left === 0) return `${NOT_ENOUGH_STOCK} All ${alreadyInCart} available are already in your cart.`
  const more = alreadyInCart > 0 ? ' more' : ''
  return `${NOT_ENOUGH_STOCK} Only ${left}${more} available.`
}

export async function addToCart(p: ProductInfo, req: AddRequest, deps: AddDeps): Promise<Outcome> {
  const title = alertTitle(p)
  const fail = (message: string): Outcome => ({ kind: 'failed', title, message })
  const resolution = resolveVariant(p.variants, p.options, req.selection)
  if (p.productType === ProductType.GIFT_CARD && resolution.kind !== 'variant') return fail(SELECT_GIFT_CARD_DENOMINATION)
  if (resolution.kind !== 'variant') return fail(resolution.message)
  const variant = resolution.variant
  // A gift card is bought on its own page (recipient and message), with the chosen denomination.
  if (p.productType === ProductType.GIFT_CARD) return { kind: 'navigate', url: giftCardUrl(p.itemId, variant.sku) }
  const q = readQuantity(req.quantity)
  if (!q.ok) return fail(q.message)
  const quantity = q.quantity
  const physicalStock = p.productType === ProductType.PHYSICAL || p.productType === ProductType.SERVICE
  const alreadyInCart = inCartQuantity(deps.store.cart, p.itemId, variant.sku)
  if (physicalStock && !inStock(variant, quantity + alreadyInCart)) return fail(notEnoughStockMessage(variant, alreadyInCart))

  const send = async (additionalFields: string | null): Promise<Result<unknown>> => {
    if (p.subscribable) return deps.api.subscribe({ itemId: p.itemId, sku: variant.sku, qty: quantity, additionalFields })
    return deps.store.recalculate(
      () => deps.api.addEntry({ itemId: p.itemId, sku: variant.sku, quantity, additionalFields }),
      (d) => d.shoppingCart,
    )
  }

  let answer: Result<unknown>
  if (p.hasForm && deps.collectFields) {
    const stock = await deps.api.stock(p.itemId)
    if (!stock.ok) return fail(stock.message)
    const results = stock.data.results.filter((r) => r.sku === undefined || r.sku === variant.sku)
    if (!stockAllows(results, inCartQuantity(deps.store.cart, p.itemId, variant.sku))) return fail(NOT_ENOUGH_STOCK)
    const submitted = await deps.collectFields((fields) => send(fields))
    if (!submitted) return { kind: 'cancelled' }
    answer = submitted
  } else answer = await send(null)

  if (!answer.ok) return fail(answer.message)
  if (p.subscribable) return { kind: 'navigate', url: subscriptionUrl((answer.data as { cartToken: string }).cartToken) }
  const cart = (answer.data as { shoppingCart: ShoppingCart }).shoppingCart
  if (p.express) return { kind: 'navigate', url: CHECKOUT_PAGE }
  return { kind: 'added', cart, sku: variant.sku, quantity }
}
