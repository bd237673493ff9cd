// Starting a subscription purchase as one domain operation: the item must be a subscribable physical product or
// service; its one-entry subscription cart is created with the entry in one transaction. The cart is named by the
// returned token (the subscription checkout page's cartToken), never by a cookie.
import { AppError } from '../../../platform/errors.js'
import { checkAdditionalFields } from '../catalogue/additional-fields.js'
import { addEntry, chooseVariant, createCart, parseAdditionalFields } from '../cart/service.js'
import type { CommerceContext } from '../context.js'
import { recurringKindOf } from '../validators.js'

export interface StartSubscriptionInput {
  siteId: string
  itemId: string
  sku?: string | null | undefined
  qty?: number | string | null | undefined
  /** The JSON text of the additional-fields answers, or null. */
  additionalFields?: string | null | undefined
}

export async function startSubscription(ctx: CommerceContext, input: StartSubscriptionInput): Promise<{ cartToken: string }> {
  const { orm, deps } = ctx
  const { siteId } = input
  const chosen = await chooseVariant(orm, siteId, { itemId: input.itemId, sku: input.sku, quantity: input.qty })
  const { product } = chosen
  if (!product.isSubscribable || !product.subscriptionPlan || recurringKindOf(product.productType) === null) {
    throw new AppError('invalid_data', 'not_subscribable', 'This item cannot be bought as a subscription.')
  }
  const extra = await checkAdditionalFields(deps, siteId, product, parseAdditionalFields(input.additionalFields))
  return orm.transaction(async (tx) => {
    const created = await createCart(tx, siteId, 'subscription')
    await addEntry(tx, siteId, created.cart, chosen, extra)
    return { cartToken: created.token }
  })
}
