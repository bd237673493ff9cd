// Visitor pages the store sends shoppers to.
export const CART_PAGE = '/cart'
export const CHECKOUT_PAGE = '/checkout'

/** The subscription checkout (SUBSCRIPTION page data comes from the cart of the returned cartToken). */
export function subscriptionUrl(cartToken: string): string {
  return `${CHECKOUT_PAGE}?cartToken=${encodeURIComponent(cartToken)}`
}

/** The gift-card page: the card and its denomination, who it is for, then checkout. */
export const GIFT_CARD_PAGE = '/commerce/gift-card'

export function giftCardUrl(itemId: string, sku: string): string {
  return `${GIFT_CARD_PAGE}?itemId=${encodeURIComponent(itemId)}&sku=${encodeURIComponent(sku)}`
}
