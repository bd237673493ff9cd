// The checkout's order summary route (checkout/summary.ts). The checkout page asks for it when a gift-card code is
// entered and when the totals change, and drops the card fields when nothing is left to pay.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { defineRoute } from '../../../platform/http/route.js'
import { requireSite } from '../../../platform/http/tenancy.js'
import { checkoutCart } from '../cart/service.js'
import { CART_COOKIE, type CommerceContext } from '../context.js'
import { checkoutSummary } from './summary.js'

export function registerCheckoutSummaryRoute(app: FastifyInstance, ctx: CommerceContext): void {
  const { orm } = ctx
  const cartOf = (request: FastifyRequest, siteId: string, cartToken?: string) => checkoutCart(orm, siteId, request.cookies[CART_COOKIE], cartToken)

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/commerce/checkout/summary',
      summary: 'Order summary of the cart at checkout with an optional gift card: lines (CLDR text), what the card pays, the total still to pay',
      tags: ['commerce'],
      query: z.object({ giftCardCode: z.string().trim().max(40).optional(), cartToken: z.string().min(1).max(200).optional() }).strict(),
      responses: {
        200: { description: '{ lines, totalCents, total, paymentRequired, giftCard: { code, balanceCents, appliedCents } | null, instalments: { provider, numInstallments, available, reason, installmentCents, installment } | null (for the total still to pay) }' },
        400: { description: 'gift_card_not_found, gift_card_empty (field giftCardCode)' },
        429: { description: 'Please try again in a few seconds.' },
      },
    },
    async ({ request, query }) => {
      const site = requireSite(request)
      if (query.giftCardCode) await ctx.limiter.hit(`${site.id}:${request.ip}`)
      const locale = await ctx.deps.siteLocale?.(site.id)
      return checkoutSummary(orm, site.id, await cartOf(request, site.id, query.cartToken), query.giftCardCode, { locale, subscription: !!query.cartToken })
    },
  )
}
