// The store on a member's account page: their orders (by their verified email) with an order detail page, pausing and
// resuming a subscription (next to cancel in paid.ts), and a gift card's balance. Commerce answers through the
// `memberships` port (PaidDeps); a member sees only their own orders and subscriptions.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { OrderView } from '@sitewright/contracts'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import { requireSite } from '../../platform/http/tenancy.js'
import type { MemberAuth } from './auth.js'
import type { PaidDeps } from './paid.js'
import type { RenderPage } from './routes-pages.js'
import { toSiteUser } from './service.js'

export interface MemberOrderRow {
  id: string
  number: number
  /** When it was placed (epoch ms): the theme prints it with CLDR in the site's time zone. */
  created: number
  dateText: string
  total: string
  status: string
  statusText: string
}

export interface MemberOrderDetail {
  order: OrderView
  created: number
  dateText: string
  statusText: string
  shipments: { carrier: string; trackingNumber: string; trackingUrl: string | null; created: number; dateText: string }[]
  downloads: { title: string; url: string }[]
}

const tags = ['site-users']
const subParams = z.object({ id: z.string().min(1).max(100) }).strict()
/** Another member's order (or none) is not found: null; other errors go on. */
const notFound = (e: unknown): null => {
  if (e instanceof AppError && e.type === 'not_found') return null
  throw e
}
const NO_CARD = 'No gift card has this code. Check the code and try again.'

export function registerAccountStore(app: FastifyInstance, auth: MemberAuth, deps: PaidDeps, render: () => RenderPage): void {
  const verified = async (request: Parameters<MemberAuth['require']>[0]) => {
    const site = requireSite(request)
    const user = await auth.require(request, site.id)
    if (!user.emailVerifiedAt) throw new AppError('forbidden', 'email_not_verified', 'Confirm your email address first.')
    if (!deps.memberships) throw new AppError('not_found', 'subscription_not_found', 'No such subscription.')
    return { site, user, store: deps.memberships }
  }
  const account = '/api/site-users/account/subscriptions'
  const moves = { 200: { description: 'data' }, 401: { description: 'not_signed_in' }, 404: { description: 'subscription_not_found' }, 409: { description: 'not active / not paused' } }

  defineRoute(app, { method: 'POST', url: `${account}/:id/pause`, summary: 'Pause a subscription of the signed-in member: not renewed until resumed; a membership keeps its access until the end of the period paid', tags, params: subParams, responses: moves }, async ({ request, params }) => {
    const { site, user, store } = await verified(request)
    return { data: await store.pause(site.id, user.email, params.id) }
  })

  defineRoute(app, { method: 'POST', url: `${account}/:id/resume`, summary: 'Resume a paused subscription of the signed-in member (renewed again when due)', tags, params: subParams, responses: moves }, async ({ request, params }) => {
    const { site, user, store } = await verified(request)
    return { data: await store.resume(site.id, user.email, params.id) }
  })

  defineRoute(
    app,
    { method: 'GET', url: '/api/site-users/account/gift-card-balance', summary: "A gift card's balance ('$0.00' once used up; an unknown code is 404)", tags, query: z.object({ code: z.string().trim().min(1, 'Enter a gift card code.').max(40) }).strict(), responses: { 200: { description: 'data.balance' }, 401: { description: 'not_signed_in' }, 404: { description: 'gift_card_not_found' }, 429: { description: 'rate limited' } } },
    async ({ request, query }) => {
      const site = requireSite(request)
      const user = await auth.require(request, site.id)
      const found = deps.memberships ? await deps.memberships.giftCardBalance(site.id, `gift-balance:${user.id}:${request.ip}`, query.code) : null
      if (!found) throw new AppError('not_found', 'gift_card_not_found', NO_CARD)
      return { data: { balance: found.balance } }
    },
  )

  defineRoute(
    app,
    { method: 'GET', url: '/account/orders/:id', summary: "One of the signed-in member's orders: money lines, items, shipments and downloads", tags, params: subParams, responses: { 200: { description: 'HTML page' }, 302: { description: 'Not signed in: to the sign-in page' }, 404: { description: 'not their order' } } },
    async ({ request, reply, params }) => {
      const site = requireSite(request)
      const user = await auth.current(request, site.id)
      if (!user) return reply.code(302).header('cache-control', 'no-store').redirect(`/account/sign-in?return=${encodeURIComponent(`/account/orders/${params.id}`)}`)
      const detail = user.emailVerifiedAt && deps.memberships ? await deps.memberships.order(site.id, user.email, params.id).catch(notFound) : null
      if (!detail) {
        const memberPage = { heading: 'Order not found', message: 'This order is not in your account.', link: { url: '/account', text: 'Back to your account' } }
        return render()(request, reply, { pageType: 2, template: 'member-message', title: 'Order not found', extra: { memberPage }, status: 404 })
      }
      return render()(request, reply, { pageType: 2, template: 'member-order', title: `Order #${detail.order.number}`, extra: { memberPage: { user: toSiteUser(user), ...detail } } })
    },
  )
}
