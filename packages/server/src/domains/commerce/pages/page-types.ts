// The store's page types and which one an order's page is.
export const PAGE_TYPES_COMMERCE = {
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  COMMERCE_CART_V2: 205,
  SUBSCRIPTION_CONFIRMED: 206,
  ORDER_RECEIVED: 207,
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
