// Abandoned-checkout recovery over HTTP. Visitor: POST /api/commerce/checkout/contact (the email typed at checkout
// and the reminder box), GET /commerce/recover/:id?x=&t= (the signed link: restores the cart, then the checkout),
// GET/POST /commerce/recover/unsubscribe (the NEWSLETTER_UNSUBSCRIBE page: confirm, then unsubscribe), POST
// /commerce/recover/unsubscribe/one-click (the mail client's RFC 8058 one-click, signed, no crumb). Owner:
// GET .../commerce/abandoned-checkouts (paged, with the figures), GET/PUT .../commerce/recovery-settings.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { EMAIL_PATTERN, RECOVERY_DELAY_HOURS, RECOVERY_MAX_REMINDERS, type CheckoutContactInput, type RecoverySettings } from '@sitewright/contracts'
import type { Accepts, Assert } from '../../../platform/http/contract.js'
import { AppError } from '../../../platform/errors.js'
import { defineRoute } from '../../../platform/http/route.js'
import { requireSite } from '../../../platform/http/tenancy.js'
import { cartByToken } from '../cart/service.js'
import { CART_COOKIE, setCartCookie, type CommerceContext } from '../context.js'
import { STORE_ROLES } from '../owner/routes.js'
import { registerUnsubscribeRoutes } from '../shared/unsubscribe-routes.js'
import { siteParams } from '../validators.js'
import { RECOVER_PATH, RECOVERY_ONE_CLICK_PATH, RECOVERY_UNSUBSCRIBE_PATH, verifyRecoveryLink, verifyUnsubscribe } from './reminders.js'
import { restoreCheckoutCart } from './restore.js'
import { captureContact, checkoutById, getRecoverySettings, listAbandoned, putRecoverySettings, unsubscribeCheckout } from './store.js'

const tags = ['commerce-recovery']
const email = z.string().trim().min(3, 'Email is not valid.').max(256, 'Email is not valid.').regex(EMAIL_PATTERN, 'Email is not valid.')
const contactBody = z.object({ email, consent: z.boolean() }).strict()
const settingsBody = z
  .object({
    enabled: z.boolean(),
    delayHours: z.number().int('A whole number of hours.').min(RECOVERY_DELAY_HOURS.min, 'The delay is 1 to 48 hours.').max(RECOVERY_DELAY_HOURS.max, 'The delay is 1 to 48 hours.'),
    reminders: z.number().int('A whole number.').min(1, 'Send 1 to 3 reminders.').max(RECOVERY_MAX_REMINDERS, 'Send 1 to 3 reminders.'),
    couponCode: z.string().trim().max(40).nullable(),
  })
  .strict()
export type _contracts = [Assert<Accepts<z.input<typeof contactBody>, CheckoutContactInput>>, Assert<Accepts<z.input<typeof settingsBody>, RecoverySettings>>]
const listQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(20) }).strict()
const linkParams = z.object({ checkoutId: z.string().min(1).max(64) }).strict()
const linkQuery = z.object({ x: z.string().max(20), t: z.string().max(64) }).strict()

export interface RecoveryClock {
  now(): Date
  hourMs: number
}

export function registerRecoveryRoutes(app: FastifyInstance, ctx: CommerceContext, clock: RecoveryClock): void {
  const { orm } = ctx
  const base = '/api/sites/:siteId/commerce'
  const allow = (request: FastifyRequest, siteId: string) => ctx.deps.authorize(request, siteId, STORE_ROLES)

  defineRoute(
    app,
    { method: 'POST', url: '/api/commerce/checkout/contact', summary: 'The email typed at checkout and the reminder box (abandoned-checkout recovery) -> { saved }', tags, body: contactBody, responses: { 200: { description: '{ saved }' }, 400: { description: 'invalid_data' } } },
    async ({ request, body }) => {
      const site = requireSite(request)
      await ctx.limiter.hit(`${site.id}:${request.ip}`)
      const cart = await cartByToken(orm, site.id, request.cookies[CART_COOKIE])
      return { saved: await captureContact(orm, site.id, cart, body.email, body.consent, clock.now()) }
    },
  )

  defineRoute(
    app,
    { method: 'GET', url: `${RECOVER_PATH}/:checkoutId`, summary: 'A recovery link: restores the cart and goes to the checkout (302); an expired link or a finished checkout goes to the cart', tags, params: linkParams, query: linkQuery, responses: { 302: { description: 'to /checkout or /cart' }, 404: { description: 'link not valid' } } },
    async ({ request, reply, params, query }) => {
      const site = requireSite(request)
      const now = clock.now()
      const check = verifyRecoveryLink(ctx.downloadSecret, params.checkoutId, query.x, query.t, now.getTime())
      if (check === 'invalid') throw new AppError('not_found', 'recovery_link_invalid', 'This link is not valid.')
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex')
      if (check === 'expired') return reply.redirect('/cart', 302)
      const token = await restoreCheckoutCart(orm, site.id, params.checkoutId, now)
      if (!token) return reply.redirect('/cart', 302)
      setCartCookie(request, reply, token)
      return reply.redirect('/checkout', 302)
    },
  )

  registerUnsubscribeRoutes(app, ctx, {
    path: RECOVERY_UNSUBSCRIBE_PATH,
    oneClickPath: RECOVERY_ONE_CLICK_PATH,
    tags,
    listName: 'Cart reminders',
    about: 'this cart',
    summaryOf: {
      page: 'Cart reminder unsubscribe page (NEWSLETTER_UNSUBSCRIBE 300, signed link): asks to confirm',
      post: 'Stops the reminders of a signed link (form post with crumb)',
      oneClick: "A mail client's one-click unsubscribe (RFC 8058: List-Unsubscribe=One-Click to the signed link of the mail's List-Unsubscribe header)",
    },
    async find(siteId, s, t) {
      const row = verifyUnsubscribe(ctx.downloadSecret, s, t) ? await checkoutById(orm, siteId, s) : null
      return row ? { id: row.id, off: row.unsubscribed, email: row.email } : null
    },
    stop: (siteId, id) => unsubscribeCheckout(orm, siteId, id),
  })

  defineRoute(
    app,
    { method: 'GET', url: `${base}/abandoned-checkouts`, summary: 'Abandoned checkouts, newest first, with status, value and the recovered revenue', tags, params: siteParams, query: listQuery, responses: { 200: { description: '{ checkouts, total, page, pageSize, metrics }' }, 403: { description: 'role_not_allowed' } } },
    async ({ request, params, query }) => {
      await allow(request, params.siteId)
      return listAbandoned(orm, params.siteId, query, clock.now(), clock.hourMs)
    },
  )
  defineRoute(app, { method: 'GET', url: `${base}/recovery-settings`, summary: 'Abandoned-checkout recovery settings', tags, params: siteParams, responses: { 200: { description: '{ settings }' }, 403: { description: 'role_not_allowed' } } }, async ({ request, params }) => {
    await allow(request, params.siteId)
    return { settings: await getRecoverySettings(orm, params.siteId) }
  })
  defineRoute(
    app,
    { method: 'PUT', url: `${base}/recovery-settings`, summary: 'Replace the recovery settings (on/off, delay 1-48 h, 1-3 reminders, the link\'s coupon)', tags, params: siteParams, body: settingsBody, responses: { 200: { description: '{ settings }' }, 400: { description: 'invalid_data' }, 403: { description: 'role_not_allowed' } } },
    async ({ request, params, body }) => {
      await allow(request, params.siteId)
      return { settings: await putRecoverySettings(orm, params.siteId, body) }
    },
  )
}
