// Subscription purchases: a subscription has its own one-entry cart, named by a cartToken (no cookie), which the
// subscription checkout page reads and places.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { defineRoute } from '../../../platform/http/route.js'
import { requireSite } from '../../../platform/http/tenancy.js'
import { AppError } from '../../../platform/errors.js'
import { cartByToken } from '../cart/service.js'
import { cartView } from '../cart/view.js'
import type { CommerceContext } from '../context.js'
import { startSubscription } from './start.js'

const tags = ['commerce']
const subscriptionBody = z
  .object({
    itemId: z.string().trim().min(1).max(100),
    sku: z.string().trim().max(100).nullable().optional(),
    qty: z.union([z.number(), z.string().max(30)]).nullable().optional(),
    additionalFields: z.string().nullable().optional(),
  })
  .strict()

export function registerSubscriptionRoutes(app: FastifyInstance, ctx: CommerceContext): void {
  const { orm } = ctx
  const limit = (ip: string, siteId: string) => ctx.limiter.hit(`${siteId}:${ip}`)

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/3/commerce/cart/subscription',
      summary: 'Start a subscription purchase: { itemId, sku, qty, additionalFields } -> { cartToken }',
      tags,
      body: subscriptionBody,
      responses: { 200: { description: '{ cartToken }' }, 400: { description: 'selection or quantity message' } },
    },
    async ({ request, body }) => {
      const site = requireSite(request)
      await limit(request.ip, site.id)
      return startSubscription(ctx, { siteId: site.id, ...body })
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/commerce/subscription-cart',
      summary: 'The subscription cart of a cartToken (the subscription page reads it)',
      tags,
      query: z.object({ cartToken: z.string().min(1).max(200) }).strict(),
      responses: { 200: { description: 'cart' }, 404: { description: 'cart_not_found' } },
    },
    async ({ request, query }) => {
      const site = requireSite(request)
      const c = await cartByToken(orm, site.id, query.cartToken, 'subscription')
      if (!c) throw new AppError('not_found', 'cart_not_found', 'This subscription link is not valid.')
      return cartView(orm, site.id, c, ctx.deps)
    },
  )
}
