// Visitor pages of site members, themed by the site's theme: sign in, sign up, email verification, password reset
// and the account page. The forms post to the JSON API through the storefront's members behaviour.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { MemberSubscription } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import { requireSite } from '../../platform/http/tenancy.js'
import type { MemberAuth } from './auth.js'
import type { Flows } from './flows.js'
import { addressesOf } from './routes-api.js'
import { toSiteUser } from './service.js'
import type { MemberOrderRow } from './account-store.js'

export interface MemberPage {
  pageType: number
  template: string
  title: string
  extra: Record<string, unknown>
  status?: number
}

export type RenderPage = (request: FastifyRequest, reply: FastifyReply, page: MemberPage) => Promise<unknown>

const PAGE = 2
const tags = ['site-users']
const pageQuery = z.object({ return: z.string().max(500).optional(), token: z.string().max(200).optional(), format: z.string().optional() }).strict()

/** Only in-site paths are followed after signing in (no open redirect). */
export function safeReturn(value: string | undefined): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/account'
}

/** The member's subscriptions and orders for the account page (commerce), by their verified email. */
export interface AccountStore {
  subscriptions(siteId: string, email: string): Promise<MemberSubscription[]>
  orders(siteId: string, email: string): Promise<MemberOrderRow[]>
}

export function registerMemberPages(app: FastifyInstance, orm: Orm, auth: MemberAuth, flows: Flows, render: () => RenderPage, store?: AccountStore): void {
  const page = (request: FastifyRequest, reply: FastifyReply, template: string, title: string, memberPage: Record<string, unknown>, status = 200) =>
    render()(request, reply, { pageType: PAGE, template, title, extra: { memberPage }, status })
  const responses = { 200: { description: 'HTML page' } }

  defineRoute(app, { method: 'GET', url: '/account/sign-in', summary: 'Member sign-in page', tags, query: pageQuery, responses }, async ({ request, reply, query }) => {
    requireSite(request)
    return page(request, reply, 'member-sign-in', 'Sign in', { returnTo: safeReturn(query.return) })
  })

  defineRoute(app, { method: 'GET', url: '/account/sign-up', summary: 'Member sign-up page', tags, query: pageQuery, responses }, async ({ request, reply }) => {
    requireSite(request)
    return page(request, reply, 'member-sign-up', 'Create an account', {})
  })

  defineRoute(app, { method: 'GET', url: '/account/verify', summary: 'Confirms the email of the mailed link and says so', tags, query: pageQuery, responses }, async ({ request, reply, query }) => {
    const site = requireSite(request)
    try {
      if (!query.token) throw new AppError('invalid_data', 'link_invalid', 'This link is not complete.')
      await flows.verify(site.id, query.token)
      return await page(request, reply, 'member-message', 'Email confirmed', { heading: 'Your email is confirmed', message: 'You can now sign in to your account.', link: { url: '/account/sign-in', text: 'Sign in' } })
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== 'link_invalid') throw e
      return page(request, reply, 'member-message', 'Link expired', { heading: 'This link does not work', message: e.message, link: { url: '/account/sign-in', text: 'Sign in to get a new link' } }, 400)
    }
  })

  defineRoute(app, { method: 'GET', url: '/account/reset', summary: 'Asks for a reset link, or (with a token) for the new password', tags, query: pageQuery, responses }, async ({ request, reply, query }) => {
    requireSite(request)
    return page(request, reply, 'member-reset', 'Reset your password', query.token ? { token: query.token } : {})
  })

  defineRoute(app, { method: 'GET', url: '/account', summary: 'The member account page (profile, addresses, orders, subscriptions, gift card balance, newsletter, delete)', tags, query: pageQuery, responses: { ...responses, 302: { description: 'Not signed in: to the sign-in page' } } }, async ({ request, reply }) => {
    const site = requireSite(request)
    const user = await auth.current(request, site.id)
    if (!user) return reply.code(302).header('cache-control', 'no-store').redirect('/account/sign-in?return=%2Faccount')
    const subscriptions = store && user.emailVerifiedAt ? await store.subscriptions(site.id, user.email) : []
    const orders = store && user.emailVerifiedAt ? await store.orders(site.id, user.email) : []
    // the theme prints every date of the page (orders, subscription ends) with CLDR in the site's time zone
    return page(request, reply, 'member-account', 'Your account', { user: toSiteUser(user), addresses: await addressesOf(orm, site.id, user.id), subscriptions, orders })
  })
}
