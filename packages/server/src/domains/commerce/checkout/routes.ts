// Visitor checkout, order confirmation, downloads, gift-card balance and the instalment dialog.
import { EMAIL_PATTERN, LOCALE_COOKIE } from '@sitewright/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../../platform/errors.js'
import { defineRoute } from '../../../platform/http/route.js'
import { requireSite } from '../../../platform/http/tenancy.js'
import { checkoutCart } from '../cart/service.js'
import { getProduct } from '../catalogue/service.js'
import { cartView } from '../cart/view.js'
import { placeCheckout } from './place.js'
import { CART_COOKIE, clearCartCookie, type CommerceContext } from '../context.js'
import { verifyDownload } from '../orders/downloads.js'
import { findGiftCard } from '../giftcards/service.js'
import { IDEMPOTENCY_HEADER, idempotent, readKey, visitorScope } from '../shared/idempotency.js'
import { checkoutInstalments, instalmentAmount, instalmentDialogHtml, instalmentRange, NUM_INSTALMENTS, providerForLocale } from './instalments.js'
import { money } from '../shared/money.js'
import { getOrderRow, orderByToken, orderView } from '../orders/service.js'
import { orderPage } from '../pages/page-types.js'
import { getSettings } from '../settings.js'

const tags = ['commerce']
const text = (max: number) => z.string().trim().min(1, 'Required.').max(max)
const address = z
  .object({
    firstName: text(100),
    lastName: text(100),
    line1: text(200),
    line2: z.string().trim().max(200).optional(),
    city: text(100),
    region: z.string().trim().max(10).transform((s) => s.toUpperCase()).optional(),
    postalCode: text(20),
    country: z.string().regex(/^[A-Za-z]{2}$/, 'A two-letter country code.').transform((s) => s.toUpperCase()),
    phone: z.string().trim().max(40).optional(),
  })
  .strict()
export const checkoutBody = z
  .object({
    cartToken: z.string().min(1).max(200).optional(),
    email: z.string().trim().min(3, 'Email is not valid.').max(256, 'Email is not valid.').regex(EMAIL_PATTERN, 'Email is not valid.'),
    shippingAddress: address.optional(),
    billingAddress: address.optional(),
    shippingOptionId: z.string().max(100).optional(),
    giftCardCode: z.string().trim().max(40).optional(),
    card: z.object({ number: z.string().max(30), expMonth: z.number().int().min(1).max(12), expYear: z.number().int().min(2000).max(2100), cvc: z.string().max(4) }).strict().optional(),
    paymentMethod: z.enum(['card', 'instalments']).optional(),
    /** The shopper's locale (the checkout page's language); absent: the remembered choice, else the site's default. */
    locale: z.string().max(35).optional(),
  })
  .strict()

export function registerCheckoutRoutes(app: FastifyInstance, ctx: CommerceContext, siteInfo: (request: FastifyRequest) => { title: string; baseUrl: string }): void {
  const { orm } = ctx
  const cartOf = (request: FastifyRequest, siteId: string, cartToken?: string) => checkoutCart(orm, siteId, request.cookies[CART_COOKIE], cartToken)

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/commerce/checkout',
      summary: 'CHECKOUT page data: the cart, whether shipping is needed, payment provider and test mode',
      tags,
      query: z.object({ cartToken: z.string().min(1).max(200).optional() }).strict(),
      responses: { 200: { description: '{ pageType: 201, cart, requiresShipping, paymentProvider, testMode, subscription, instalments (the Afterpay / Clearpay choice or null) }' } },
    },
    async ({ request, query }) => {
      const site = requireSite(request)
      const c = await cartOf(request, site.id, query.cartToken)
      const cart = await cartView(orm, site.id, c && !c.isPurchased ? c : null)
      const instalments = checkoutInstalments(cart, await getSettings(orm, site.id), await ctx.deps.siteLocale?.(site.id), !!query.cartToken)
      return { pageType: query.cartToken ? 206 : 201, cart, requiresShipping: cart.requiresShipping, paymentProvider: ctx.provider.id, testMode: ctx.provider.testMode, subscription: !!query.cartToken, instalments }
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/commerce/checkout',
      summary: 'Place the order of the cart (or of a subscription cartToken) -> 201 { order, confirmationToken, confirmationUrl }; Idempotency-Key honoured',
      tags,
      body: checkoutBody,
      responses: {
        201: { description: '{ order, confirmationToken, confirmationUrl }' },
        400: { description: 'validation, empty cart, coupon or address problems, instalments_unavailable' },
        409: { description: 'not enough stock, cart already purchased, gift-card balance changed' },
        422: { description: 'payment declined, or Idempotency-Key reused with another body after a success' },
      },
    },
    async ({ request, reply, body }) => {
      const site = requireSite(request)
      await ctx.limiter.hit(`${site.id}:${request.ip}`)
      const key = readKey(request.headers[IDEMPOTENCY_HEADER])
      // Keys are the visitor's (their crumb), so another visitor's replay of a key never answers this one's order.
      const answer = await idempotent(orm, site.id, visitorScope('checkout', request.crumb), key, body, async () => {
        const { cartToken: _t, ...rest } = body
        const checkout = { ...rest, locale: rest.locale ?? request.cookies[LOCALE_COOKIE] }
        const cart = await cartOf(request, site.id, body.cartToken)
        return { status: 201, body: await placeCheckout(ctx, { siteId: site.id, cart, checkout, site: siteInfo(request) }) }
      })
      if (!body.cartToken && answer.status === 201) clearCartCookie(reply)
      return reply.code(answer.status).send(answer.body)
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/commerce/orders/:orderId',
      summary: 'ORDER_CONFIRMED (202) / SUBSCRIPTION_CONFIRMED (206) / ORDER_RECEIVED (207, payment pending) page data of an order',
      tags,
      params: z.object({ orderId: z.string().min(1).max(100) }).strict(),
      query: z.object({ token: z.string().min(1).max(200) }).strict(),
      responses: { 200: { description: '{ pageType, order }' }, 404: { description: 'order_not_found' } },
    },
    async ({ request, params, query }) => {
      const site = requireSite(request)
      const order = await orderView(orm, await orderByToken(orm, site.id, params.orderId, query.token), ctx.downloadSecret, ctx.provider)
      return { pageType: orderPage(order).pageType, order }
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/commerce/downloads/:orderId/:entryId',
      summary: 'Signed download link of a digital product bought in an order (redirects to the file)',
      tags,
      params: z.object({ orderId: z.string().min(1).max(100), entryId: z.string().min(1).max(100) }).strict(),
      query: z.object({ expires: z.coerce.number().int(), sig: z.string().min(1).max(100) }).strict(),
      responses: { 302: { description: 'to the file' }, 403: { description: 'bad or expired link' } },
    },
    async ({ request, reply, params, query }) => {
      const site = requireSite(request)
      const check = verifyDownload(ctx.downloadSecret, params.orderId, params.entryId, query.expires, query.sig)
      if (check !== 'ok') throw new AppError('forbidden', `download_${check}`, check === 'expired' ? 'This download link has expired.' : 'This download link is not valid.')
      const order = await getOrderRow(orm, site.id, params.orderId)
      const entry = order.entries.find((e) => e.entryId === params.entryId)
      if (!entry || order.status === 'refunded') throw new AppError('not_found', 'download_not_found', 'This download is not available.')
      const p = await getProduct(orm, site.id, entry.productId)
      if (!p?.digitalAssetUrl) throw new AppError('not_found', 'download_not_found', 'This download is not available.')
      return reply.redirect(p.digitalAssetUrl, 302)
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/commerce/gift-cards/balance',
      summary: 'Balance of a gift card by code',
      tags,
      query: z.object({ code: z.string().trim().min(1).max(40) }).strict(),
      responses: { 200: { description: '{ code, balanceCents, balance }' }, 404: { description: 'gift_card_not_found' }, 429: { description: 'Please try again in a few seconds.' } },
    },
    async ({ request, query }) => {
      const site = requireSite(request)
      await ctx.limiter.hit(`${site.id}:${request.ip}`)
      const card = await findGiftCard(orm, site.id, query.code)
      if (!card) throw new AppError('not_found', 'gift_card_not_found', 'This gift card does not exist.')
      return { code: card.code, balanceCents: card.balanceCents, balance: money(card.balanceCents, card.currency) }
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/commerce/instalments/dialog',
      summary: 'The instalment information dialog (HTML fragment) for a locale; en_US when the locale has none',
      tags,
      query: z.object({ locale: z.string().max(20).optional() }).strict(),
      responses: { 200: { description: 'text/html' } },
    },
    async ({ reply, query }) => {
      const { html, locale } = instalmentDialogHtml(query.locale)
      return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=3600').header('content-language', locale.replace('_', '-')).send(html)
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/commerce/instalments/offer',
      summary: 'Instalment offer for an amount and locale: provider, count, bounds and whether the amount is in range',
      tags,
      query: z.object({ amountCents: z.coerce.number().int().min(0).max(1_000_000_000), locale: z.string().max(20).optional() }).strict(),
      responses: { 200: { description: '{ provider, numInstallments, range, installment, minimum, maximum }' } },
    },
    async ({ request, query }) => {
      const site = requireSite(request)
      const s = await getSettings(orm, site.id)
      const provider = s.instalmentsEnabled ? providerForLocale(query.locale, s.currency) : null
      return {
        provider,
        numInstallments: NUM_INSTALMENTS,
        range: instalmentRange(query.amountCents, s.instalmentMinCents, s.instalmentMaxCents),
        installment: money(instalmentAmount(query.amountCents), s.currency),
        minimum: money(s.instalmentMinCents, s.currency),
        maximum: money(s.instalmentMaxCents, s.currency),
      }
    },
  )
}
