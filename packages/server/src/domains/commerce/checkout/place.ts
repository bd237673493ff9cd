// Placing an order as one domain operation: the order, its payment, stock and gift cards are written in one
// transaction (placeOrder); after the commit the published pages are told stock changed, the order-confirmed event
// is emitted and the order mails are sent (a mail that fails is logged, never the order's failure).
import type { CommerceContext } from '../context.js'
import { orderMails } from '../orders/mail.js'
import { orderView, type OrderView } from '../orders/service.js'
import type { CartRow } from '../schema.js'
import { placeOrder, type CheckoutInput } from './service.js'

export interface PlaceCheckoutInput {
  siteId: string
  /** The cart to buy (the visitor's cart, or a subscription cart), or null when there is none. */
  cart: CartRow | null
  checkout: CheckoutInput
  /** The site's name and public address for the mails (the site's own title wins when it has one). */
  site: { title: string; baseUrl: string }
}

export interface PlacedCheckout {
  order: OrderView
  confirmationToken: string
  /** The confirmation page of the order, relative to the site. */
  confirmationUrl: string
}

export async function placeCheckout(ctx: CommerceContext, input: PlaceCheckoutInput): Promise<PlacedCheckout> {
  const { orm, deps } = ctx
  const { siteId } = input
  const placed = await placeOrder(orm, siteId, input.cart, input.checkout, ctx.provider, { locale: await deps.siteLocale?.(siteId) })
  deps.onChange?.(siteId) // stock changed
  const view = await orderView(orm, placed.order, ctx.downloadSecret, ctx.provider)
  const confirmationUrl = `/commerce/orders/${view.id}?token=${placed.confirmationToken}`
  await ctx.events.emit('commerce_checkout_order_confirmed', { orderId: view.id, cartId: placed.order.cartId, testMode: placed.order.testMode, websiteId: siteId })
  if (deps.notify) {
    await deps.notify
      .orderPlaced({ siteId, order: view, giftCards: placed.giftCards, confirmationUrl: input.site.baseUrl + confirmationUrl })
      .catch((e: unknown) => deps.log?.warn({ err: e, orderId: view.id }, 'order mails not queued'))
  } else if (deps.sendMail) {
    const siteTitle = (await deps.siteTitle?.(siteId).catch(() => undefined)) || input.site.title
    for (const mail of orderMails(view, placed.giftCards, { siteTitle, baseUrl: input.site.baseUrl, confirmationUrl: input.site.baseUrl + confirmationUrl })) {
      deps.sendMail(mail).catch((e: unknown) => deps.log?.warn({ err: e, orderId: view.id }, 'order mail not sent'))
    }
  }
  return { order: view, confirmationToken: placed.confirmationToken, confirmationUrl }
}
