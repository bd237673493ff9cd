// Add to cart as one domain operation: resolve the item's variant and quantity, check its additional fields, then
// add the entry to the visitor's open cart in one transaction, or (a visitor's first add) open a cart holding the
// entry with one statement and answer it from what is at hand. The caller sets the cart cookie when a new cart was
// opened.
import { checkAdditionalFields } from '../catalogue/additional-fields.js'
import type { CommerceContext } from '../context.js'
import { addEntry, cartByToken, chooseVariant, openCartWith, openPlainCart, parseAdditionalFields, type Chosen } from './service.js'
import { QUANTITY_MAX, QUANTITY_MIN } from '../shared/messages.js'
import type { CartRow } from '../schema.js'
import { cartView, cartViewOf, lineOf, type CartExtras, type CartView } from './view.js'

export interface AddToCartInput {
  siteId: string
  /** The visitor's cart token (the cart cookie), when there is one. */
  cartToken: string | undefined
  itemId: string
  sku?: string | null | undefined
  quantity?: number | string | null | undefined
  /** The JSON text of the additional-fields answers, or null. */
  additionalFields?: string | null | undefined
}

export interface AddToCartResult {
  newlyAdded: boolean
  /** The cart after the add, with thumbnails, product links and field labels. */
  shoppingCart: CartView
  /** The token of the cart opened by this add (the visitor had no open cart): the caller sets the cookie. */
  newCartToken?: string
}

export async function addToCart(ctx: CommerceContext, input: AddToCartInput): Promise<AddToCartResult> {
  const { orm, deps, cache } = ctx
  const { siteId } = input
  const settings = (id: string) => cache.settings(id)
  // a visitor's plain first add is one statement; what it refuses goes through the checks below (their messages)
  const plain = plainFirstAdd(input)
  const tried = plain ? await openPlainCart(orm, siteId, plain) : null
  if (plain && tried?.opened && tried.found?.variant) {
    const chosen: Chosen = { product: tried.found.product, variant: tried.found.variant, quantity: plain.quantity }
    return answerFirstAdd(ctx, siteId, chosen, { ...tried.opened, additionalFields: null })
  }
  const chosen = await chooseVariant(orm, siteId, input, settings, tried ? (tried.found ?? null) : undefined)
  const extra = await checkAdditionalFields(deps, siteId, chosen.product, parseAdditionalFields(input.additionalFields))
  const existing = await cartByToken(orm, siteId, input.cartToken)
  if (!existing || existing.isPurchased) return firstAdd(ctx, siteId, chosen, extra)
  const { newlyAdded } = await orm.transaction((tx) => addEntry(tx, siteId, existing, chosen, extra))
  return { newlyAdded, shoppingCart: await cartView(orm, siteId, existing, deps) }
}

/** The add as `openPlainCart` takes it: no cart cookie, a sku, no answers, a quantity in range; else null. */
function plainFirstAdd(input: AddToCartInput): { itemId: string; sku: string; quantity: number } | null {
  if (input.cartToken || !input.sku || (input.additionalFields !== null && input.additionalFields !== undefined && input.additionalFields !== '')) return null
  const q = input.quantity
  const quantity = q === undefined || q === null || q === '' ? 1 : typeof q === 'number' ? q : Number.NaN
  if (!Number.isInteger(quantity) || quantity < QUANTITY_MIN || quantity > QUANTITY_MAX) return null
  return { itemId: input.itemId, sku: input.sku, quantity }
}

/** A new cart with the entry, opened by `openCartWith`. */
async function firstAdd(ctx: CommerceContext, siteId: string, chosen: Chosen, extra: Record<string, unknown> | null): Promise<AddToCartResult> {
  return answerFirstAdd(ctx, siteId, chosen, await openCartWith(ctx.orm, siteId, chosen, extra))
}

/**
 * The answer of a first add, built from the rows this request has (the product and variant it checked, the cart
 * row the insert returned) and the site's settings and rules from the site cache.
 */
async function answerFirstAdd(
  ctx: CommerceContext,
  siteId: string,
  chosen: Chosen,
  opened: { cart: CartRow; token: string; entryId: string; additionalFields: Record<string, unknown> | null },
): Promise<AddToCartResult> {
  const { deps, cache } = ctx
  const [settings, rules] = await Promise.all([cache.settings(siteId), cache.rules(siteId)])
  const line = lineOf({ id: opened.entryId, quantity: chosen.quantity, additionalFields: opened.additionalFields }, chosen.variant, chosen.product)
  const lookup = deps.collectionPath
  const extras: CartExtras = lookup ? { ...deps, collectionPath: (site, collectionId) => cache.collectionPath(site, collectionId, lookup) } : deps
  const shoppingCart = await cartViewOf(siteId, opened.cart, [line], { currency: settings.currency, rules }, extras)
  return { newlyAdded: true, shoppingCart, newCartToken: opened.token }
}
