// The checkout's order summary with a gift card: what the card pays and what is still to pay, as the lines the
// confirmation page will print (CLDR money text). Read-only.
import type { Orm } from '../../../platform/db/index.js'
import { cartView } from '../cart/view.js'
import { giftCardToApply } from '../giftcards/service.js'
import type { CheckoutSummary } from '@sitewright/contracts'
import { moneyText, summaryLines } from '../orders/summary.js'
import type { CartRow } from '../schema.js'
import { getSettings } from '../settings.js'
import { checkoutInstalments } from './instalments.js'

export type { CheckoutSummary }

/**
 * The summary of an open cart (a purchased or missing cart sums to nothing), with the gift card of `giftCardCode`,
 * and the instalment choice for what is still to pay (`site`: the site's locale; a subscription's cart).
 */
export async function checkoutSummary(
  orm: Orm,
  siteId: string,
  cart: CartRow | null,
  giftCardCode: string | undefined,
  site: { locale?: string | undefined; subscription?: boolean } = {},
): Promise<CheckoutSummary> {
  // a gift card changes which promotions apply (those that do not combine with gift cards are left out)
  const view = await cartView(orm, siteId, cart && !cart.isPurchased ? cart : null, undefined, { giftCard: !!giftCardCode })
  const card = giftCardCode ? await giftCardToApply(orm, siteId, giftCardCode, view.grandTotalCents) : null
  const totalCents = view.grandTotalCents - (card?.applied ?? 0)
  const lines = summaryLines({
    currency: view.currency,
    subtotalCents: view.subtotalCents,
    promotions: view.promotions,
    discountCents: view.discountCents,
    shippingCents: view.shippingCostCents,
    ships: view.requiresShipping,
    taxCents: view.taxCents,
    giftCardCents: card?.applied ?? 0,
    totalCents,
  })
  const offer = checkoutInstalments(view, await getSettings(orm, siteId), site.locale, !!site.subscription, totalCents)
  return {
    lines,
    totalCents,
    total: moneyText(totalCents, view.currency),
    paymentRequired: totalCents > 0,
    giftCard: card ? { code: card.code, balanceCents: card.balanceCents, appliedCents: card.applied } : null,
    instalments: offer && {
      provider: offer.provider,
      numInstallments: offer.numInstallments,
      available: offer.available,
      reason: offer.reason,
      installmentCents: offer.installmentCents,
      installment: moneyText(offer.installmentCents, view.currency),
    },
  }
}
