// The store's page types (from contracts) and which one an order's page is. /cart is the newer cart page (an editable
// React island: quantities, removal, additional fields), COMMERCE_CART_V2 205; SHOW_CART 200 is the older read-only
// cart the spec also names, which this product does not serve.
import { PAGE_TYPES } from '@sitewright/contracts'

export const PAGE_TYPES_COMMERCE = {
  SHOW_CART: PAGE_TYPES.SHOW_CART,
  CHECKOUT: PAGE_TYPES.CHECKOUT,
  ORDER_CONFIRMED: PAGE_TYPES.ORDER_CONFIRMED,
  COMMERCE_CART_V2: PAGE_TYPES.COMMERCE_CART_V2,
  SUBSCRIPTION_CONFIRMED: PAGE_TYPES.SUBSCRIPTION_CONFIRMED,
  ORDER_RECEIVED: PAGE_TYPES.ORDER_RECEIVED,
} as const

/**
 * The page of an order: ORDER_RECEIVED (207) while its payment awaits confirmation, SUBSCRIPTION_CONFIRMED (206)
 * for a subscription, else ORDER_CONFIRMED (202).
 */
export function orderPage(order: { status: string; number: number; subscriptions: readonly unknown[] }): { pageType: number; template: string; title: string } {
  if (order.status === 'pending') return { pageType: PAGE_TYPES_COMMERCE.ORDER_RECEIVED, template: 'order-received', title: `Order #${order.number} received` }
  if (order.subscriptions.length > 0) return { pageType: PAGE_TYPES_COMMERCE.SUBSCRIPTION_CONFIRMED, template: 'subscription-confirmed', title: 'Subscription confirmed' }
  return { pageType: PAGE_TYPES_COMMERCE.ORDER_CONFIRMED, template: 'order-confirmed', title: `Order #${order.number}` }
}
