// Visitor pages the store sends shoppers to.
export const CART_PAGE = '/cart'
export const CHECKOUT_PAGE = '/checkout'

/** The subscription checkout (SUBSCRIPTION page data comes from the cart of the returned cartToken). */
export function subscriptionUrl(cartToken: string): string {
  return `${CHECKOUT_PAGE}?cartToken=${encodeURIComponent(cartToken)}`
}

/**
 * The gift-card purchase page: the server has no page of its own for it, so a gift card is added to the cart with
 * its denomination (the chosen variant) and the shopper goes on to checkout, where the card is bought.
 */
export const GIFT_CARD_PAGE = CHECKOUT_PAGE
