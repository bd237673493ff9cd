// The store's page types (from contracts) and which one an order's page is. /cart is the newer cart page (an editable
// React island: quantities, removal, additional fields), COMMERCE_CART_V2 205; SHOW_CART 200 is the older read-only
// cart the spec also names, served at the reference's legacy address /commerce/show-cart (and its ?format=json).
import { PAGE_TYPES, PRODUCT_TYPES } from '@sitewright/contracts'

const PAYWALL = PRODUCT_TYPES.PAYWALL
export const PAGE_TYPES_COMMERCE = {
  SHOW_CART: PAGE_TYPES.SHOW_CART,
  CHECKOUT: PAGE_TYPES.CHECKOUT,
  ORDER_CONFIRMED: PAGE_TYPES.ORDER_CONFIRMED,
  DONATE: PAGE_TYPES.DONATE,
  CONTRIBUTION_CONFIRMED: PAGE_TYPES.CONTRIBUTION_CONFIRMED,
  COMMERCE_CART_V2: PAGE_TYPES.COMMERCE_CART_V2,
  SUBSCRIPTION_CONFIRMED: PAGE_TYPES.SUBSCRIPTION_CONFIRMED,
  ORDER_RECEIVED: PAGE_TYPES.ORDER_RECEIVED,
  MEMBERSHIP_CONFIRMED: PAGE_TYPES.MEMBERSHIP_CONFIRMED,
} as const

/**
 * The page of an order: ORDER_RECEIVED (207) while its payment awaits confirmation, CONTRIBUTION_CONFIRMED (204)
 * for a donation, MEMBERSHIP_CONFIRMED (208) when it bought a membership (PAYWALL, type 5), SUBSCRIPTION_CONFIRMED
 * (206) for a subscription, else ORDER_CONFIRMED (202).
 */
export function orderPage(order: { status: string; number: number; kind?: string; entries?: readonly { productType: number }[]; subscriptions: readonly unknown[] }): { pageType: number; template: string; title: string } {
  if (order.status === 'pending') return { pageType: PAGE_TYPES_COMMERCE.ORDER_RECEIVED, template: 'order-received', title: `Order #${order.number} received` }
  if (order.kind === 'donation') return { pageType: PAGE_TYPES_COMMERCE.CONTRIBUTION_CONFIRMED, template: 'contribution-confirmed', title: 'Thank you for your donation' }
  if (order.entries?.some((e) => e.productType === PAYWALL)) return { pageType: PAGE_TYPES_COMMERCE.MEMBERSHIP_CONFIRMED, template: 'membership-confirmed', title: 'Welcome, member' }
  if (order.subscriptions.length > 0) return { pageType: PAGE_TYPES_COMMERCE.SUBSCRIPTION_CONFIRMED, template: 'subscription-confirmed', title: 'Subscription confirmed' }
  return { pageType: PAGE_TYPES_COMMERCE.ORDER_CONFIRMED, template: 'order-confirmed', title: `Order #${order.number}` }
}
