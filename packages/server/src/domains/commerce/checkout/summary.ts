// The checkout's order summary with a gift card: what the card pays and what is still to pay, as the lines the
// confirmation page will print (CLDR money text). Read-only.
import type { Orm } from '../../../platform/db/index.js'
import { cartView } from '../cart/view.js'
import { giftCardToApply } from '../giftcards/service.js'
import type { CheckoutSummary } from '@sitewright/contracts'
import { moneyText, summaryLines } from '../orders/summary.js'
import type { CartRow } from '../schema.js'

export type { CheckoutSummary }

/** The summary of an open cart (a purchased or missing cart sums to nothing), with the gift card of `giftCardCode`. */
export async function checkoutSummary(orm: Orm, siteId: string, cart: CartRow | null, giftCardCode: string | undefined): Promise<CheckoutSummary> {
  const view = await cartView(orm, siteId, cart && !cart.isPurchased ? cart : null)
  const card = giftCardCode ? await giftCardToApply(orm, siteId, giftCardCode, view.grandTotalCents) : null
  const totalCents = view.grandTotalCents - (card?.applied ?? 0)
  const lines = summaryLines({
    currency: view.currency,
    subtotalCents: view.subtotalCents,
    discountCents: view.discountCents,
    shippingCents: view.shippingCostCents,
    ships: view.requiresShipping,
    taxCents: view.taxCents,
    giftCardCents: card?.applied ?? 0,
    totalCents,
  })
  return {
    lines,
    totalCents,
    total: moneyText(totalCents, view.currency),
    paymentRequired: totalCents > 0,
    giftCard: card ? { code: card.code, balanceCents: card.balanceCents, appliedCents: card.applied } : null,
  }
}
