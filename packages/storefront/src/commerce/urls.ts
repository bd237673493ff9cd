// Visitor pages the store sends shoppers to.
export const CART_PAGE = '/cart'
export const CHECKOUT_PAGE = '/checkout'

/** The subscription checkout for the cart the subscription call returned. */
export function subscriptionUrl(cartToken: string): string {
  return `${CHECKOUT_PAGE}/subscription?cartToken=${encodeURIComponent(cartToken)}`
}

/** The gift-card purchase page for an item and a denomination (the chosen variant's sku). */
export function giftCardUrl(itemId: string, sku: string): string {
  return `${CHECKOUT_PAGE}/gift-card?itemId=${encodeURIComponent(itemId)}&sku=${encodeURIComponent(sku)}`
}
