// Placing an order as one domain operation: the order, its payment, stock and gift cards are written in one
// transaction (placeOrder), and the order-confirmed event is raised in it, so its durable subscribers (the order
// mails: notify) get it exactly when the order exists, even if this node dies right after the commit. After the
// commit the published pages are told stock changed and the in-process listeners run (analytics, recovery).
import type { CommerceContext } from '../context.js'
import { orderView, type OrderView } from '../orders/service.js'
import type { CartRow } from '../schema.js'
import { placeOrder, type CheckoutInput } from './service.js'

export interface PlaceCheckoutInput {
  siteId: string
  /** The cart to buy (the visitor's cart, or a subscription cart), or null when there is none. */
  cart: CartRow | null
  checkout: CheckoutInput
  /** The site's public address for the mails' links. */
  site: { title: string; baseUrl: string }
}

export interface PlacedCheckout {
  order: OrderView
  confirmationToken: string
  /** The confirmation page of the order, relative to the site. */
  confirmationUrl: string
}

/** The confirmation page of an order, relative to the site. */
export const confirmationPath = (orderId: string, token: string) => `/commerce/orders/${orderId}?token=${token}`

export async function placeCheckout(ctx: CommerceContext, input: PlaceCheckoutInput): Promise<PlacedCheckout> {
  const { orm, deps } = ctx
  const { siteId } = input
  let committed: (() => Promise<void>) | null = null
  const placed = await placeOrder(orm, siteId, input.cart, input.checkout, ctx.provider, { locale: await deps.siteLocale?.(siteId) }, async (tx, p) => {
    const w = ctx.events.within(tx)
    await w.raise('commerce_checkout_order_confirmed', {
      orderId: p.order.id,
      cartId: p.order.cartId,
      testMode: p.order.testMode,
      websiteId: siteId,
      confirmationUrl: input.site.baseUrl + confirmationPath(p.order.id, p.confirmationToken),
      giftCards: p.giftCards,
      donation: null,
    })
    committed = w.committed
  })
  deps.onChange?.(siteId) // stock changed
  await (committed as (() => Promise<void>) | null)?.()
  const view = await orderView(orm, placed.order, ctx.downloadSecret, ctx.provider)
  return { order: view, confirmationToken: placed.confirmationToken, confirmationUrl: confirmationPath(view.id, placed.confirmationToken) }
}
