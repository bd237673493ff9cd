// Add to cart as one domain operation: resolve the item's variant and quantity, check its additional fields, then
// open the visitor's cart (or a new one) and add the entry in one transaction. The caller sets the cart cookie when
// a new cart was opened.
import { checkAdditionalFields } from '../catalogue/additional-fields.js'
import type { CommerceContext } from '../context.js'
import { addEntry, cartByToken, chooseVariant, createCart, parseAdditionalFields } from './service.js'
import { cartView, type CartView } from './view.js'

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
  const { orm, deps } = ctx
  const { siteId } = input
  const chosen = await chooseVariant(orm, siteId, input)
  const extra = await checkAdditionalFields(deps, siteId, chosen.product, parseAdditionalFields(input.additionalFields))
  const added = await orm.transaction(async (tx) => {
    const existing = await cartByToken(tx, siteId, input.cartToken)
    const open = existing && !existing.isPurchased ? { cart: existing, token: undefined } : await createCart(tx, siteId)
    const { newlyAdded } = await addEntry(tx, siteId, open.cart, chosen, extra, { freshCart: open.token !== undefined })
    return { cart: open.cart, token: open.token, newlyAdded }
  })
  const shoppingCart = await cartView(orm, siteId, added.cart, deps)
  return { newlyAdded: added.newlyAdded, shoppingCart, ...(added.token !== undefined ? { newCartToken: added.token } : {}) }
}
