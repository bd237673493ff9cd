// The store's themed pages (themes/default/CONTEXT.md "Store"): /cart (the newer cart, COMMERCE_CART_V2 205), /checkout (CHECKOUT 201,
// subscriptions with ?cartToken=), /commerce/gift-card?itemId=&sku= (the gift-card page, template gift-card, as
// CHECKOUT 201), /commerce/orders/{id}?token= (ORDER_CONFIRMED 202 / SUBSCRIPTION_CONFIRMED 206 / ORDER_RECEIVED
// 207 while the payment awaits confirmation / CONTRIBUTION_CONFIRMED 204 for a donation / MEMBERSHIP_CONFIRMED 208
// with the member areas the membership opens). They carry per-visitor data and are rendered through publishing
// without its page cache.
import type { FastifyInstance } from 'fastify'
import { SITE_USER_AUTH_COOKIE } from '@sitewright/contracts/cookies'
import { recoveryBoxTicked } from '@sitewright/contracts'
import { EN } from '@sitewright/contracts/messages'
import { z } from 'zod'
import { AppError } from '../../../platform/errors.js'
import { defineRoute } from '../../../platform/http/route.js'
import { requireSite } from '../../../platform/http/tenancy.js'
import { cartByToken } from '../cart/service.js'
import { cartLines, cartView, requiresShipping } from '../cart/view.js'
import { subscriptionTerms } from '../subscriptions/terms.js'
import { CART_COOKIE, type CommerceContext } from '../context.js'
import { giftCardPage, type ProductItems } from '../giftcards/page.js'
import { checkoutInstalments } from '../checkout/instalments.js'
import { orderByToken, orderView } from '../orders/service.js'
import { orderPage, PAGE_TYPES_COMMERCE as PT } from './page-types.js'
import { getSettings } from '../settings.js'
import { getRecoverySettings } from '../recovery/store.js'
import { money } from '../shared/money.js'
import { dateText, localizedSummary } from '../orders/summary.js'
import { PRODUCT_TYPES } from '../validators.js'
import { messagesFor, type MessageKey } from '../../../platform/messages.js'
import { LOCALE_COOKIE, canonicalLocaleTag } from '@sitewright/contracts'
import type { FastifyRequest } from 'fastify'

/** The store pages' texts in `locale` (templates read them as `text.<name>`; `script` is what the checkout script shows). */
function storeTexts(locale: string): Record<string, unknown> {
  const t = messagesFor(locale)
  const pick = (prefix: string) => {
    const out: Record<string, string> = {}
    for (const k of STORE_KEYS) if (k.startsWith(prefix)) out[k.slice(prefix.length)] = t(k)
    return out
  }
  const script = { placing: t('checkout.placing'), networkError: t('checkout.networkError'), couponApplied: t('checkout.couponApplied', { code: '{code}' }), failed: t('checkout.failed') }
  const cart = pick('cart.')
  const totals = pick('totals.')
  const island = { empty: cart.empty, continueShopping: t('order.continue'), continueLink: cart.continueLink, checkout: cart.checkout, couponCode: t('checkout.couponCode'), apply: t('checkout.apply'), subtotal: totals.subtotal, discount: totals.discount, tax: totals.tax, calculatedAtCheckout: cart.calculatedAtCheckout }
  return { island: JSON.stringify(island), cart: pick('cart.'), totals: pick('totals.'), checkout: pick('checkout.'), continueShopping: t('order.continue'), script: JSON.stringify(script) }
}
// the plain texts (a message with placeholders is formatted where its values are known)
const STORE_KEYS: MessageKey[] = (Object.keys(EN) as MessageKey[]).filter((k) => (k.startsWith('cart.') || k.startsWith('totals.') || k.startsWith('checkout.')) && !EN[k].includes('{'))

const tags = ['commerce-pages']

export function registerPageRoutes(app: FastifyInstance, ctx: CommerceContext, productItems: ProductItems): void {
  const { orm } = ctx
  const render = ctx.deps.renderPage
  if (!render) return
  const noStore = { 'cache-control': 'private, no-store' }
  // the shopper's language: the one they last browsed the site in (the locale cookie), else the site's
  const shopperLocale = async (request: FastifyRequest, siteId: string) => {
    const chosen = request.cookies[LOCALE_COOKIE]
    return (chosen ? canonicalLocaleTag(chosen) : null) ?? (await ctx.deps.siteLocale?.(siteId)) ?? 'en-US'
  }

  defineRoute(app, { method: 'GET', url: '/cart', summary: 'The cart page (COMMERCE_CART_V2 205)', tags, responses: { 200: { description: 'HTML' } } }, async ({ request, reply }) => {
    const site = requireSite(request)
    const c = await cartByToken(orm, site.id, request.cookies[CART_COOKIE])
    const shoppingCart = await cartView(orm, site.id, c && !c.isPurchased ? c : null, ctx.deps)
    reply.headers(noStore)
    const locale = await shopperLocale(request, site.id)
    return render(request, reply, { pageType: PT.COMMERCE_CART_V2, template: 'cart', title: 'Cart', extra: { shoppingCart, text: storeTexts(locale) }, locale })
  })

  // The older cart page the spec also names (SHOW_CART 200), at the reference's legacy address: the same cart,
  // read through the cart template, and with ?format=json the page's data as JSON (as the reference's pages answer).
  defineRoute(
    app,
    { method: 'GET', url: '/commerce/show-cart', summary: 'The older cart page (SHOW_CART 200); ?format=json for its data', tags, query: z.object({ format: z.enum(['json', 'html']).optional() }).strict(), responses: { 200: { description: 'HTML, or JSON with format=json' } } },
    async ({ request, reply, query }) => {
      const site = requireSite(request)
      const c = await cartByToken(orm, site.id, request.cookies[CART_COOKIE])
      const shoppingCart = await cartView(orm, site.id, c && !c.isPurchased ? c : null, ctx.deps)
      reply.headers(noStore)
      if (query.format === 'json') return { pageType: PT.SHOW_CART, shoppingCart }
      const locale = await shopperLocale(request, site.id)
      return render(request, reply, { pageType: PT.SHOW_CART, template: 'cart', title: 'Cart', extra: { shoppingCart, text: storeTexts(locale) }, locale })
    },
  )

  defineRoute(
    app,
    { method: 'GET', url: '/checkout', summary: 'CHECKOUT page (201); ?cartToken= for a subscription', tags, query: z.object({ cartToken: z.string().min(1).max(200).optional() }).strict(), responses: { 200: { description: 'HTML' } } },
    async ({ request, reply, query }) => {
      const site = requireSite(request)
      const c = query.cartToken ? await cartByToken(orm, site.id, query.cartToken, 'subscription') : await cartByToken(orm, site.id, request.cookies[CART_COOKIE])
      if (query.cartToken && !c) throw new AppError('not_found', 'cart_not_found', 'This subscription link is not valid.')
      const shoppingCart = await cartView(orm, site.id, c && !c.isPurchased ? c : null)
      const checkout: Record<string, unknown> = { testMode: ctx.provider.testMode, paymentProvider: ctx.provider.id, subscription: !!query.cartToken }
      const instalments = checkoutInstalments(shoppingCart, await getSettings(orm, site.id), await ctx.deps.siteLocale?.(site.id), !!query.cartToken)
      if (instalments) checkout.instalments = instalments
      if (query.cartToken) checkout.cartToken = query.cartToken
      // abandoned-checkout recovery on: the reminder box, ticked where the locale lets a reminder go without a tick first
      else if ((await getRecoverySettings(orm, site.id)).enabled) checkout.recovery = { ticked: recoveryBoxTicked(await ctx.deps.siteLocale?.(site.id), (await ctx.deps.asksConsent?.(site.id)) ?? false) }
      // a subscription states its terms before the shopper subscribes: each payment, how often, how many, shipping
      const line = query.cartToken && c && !c.isPurchased ? (await cartLines(orm, site.id, c.id))[0] : undefined
      if (line?.subscriptionPlan) {
        const renewalCents = shoppingCart.subtotalCents + shoppingCart.shippingCostCents + shoppingCart.taxCents
        checkout.terms = { ...subscriptionTerms({ ...line.subscriptionPlan, ships: requiresShipping(line.productType) }), renewal: money(renewalCents, shoppingCart.currency) }
      }
      reply.headers(noStore)
      const locale = await shopperLocale(request, site.id)
      return render(request, reply, { pageType: PT.CHECKOUT, template: 'checkout', title: 'Checkout', extra: { shoppingCart, checkout, text: storeTexts(locale) }, locale })
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/commerce/orders/:orderId',
      summary: 'ORDER_CONFIRMED (202), SUBSCRIPTION_CONFIRMED (206) or ORDER_RECEIVED (207, payment pending) page of an order, with its confirmation token',
      tags,
      params: z.object({ orderId: z.string().min(1).max(100) }).strict(),
      query: z.object({ token: z.string().min(1).max(200) }).strict(),
      responses: { 200: { description: 'HTML' }, 404: { description: 'no such order' } },
    },
    async ({ request, reply, params, query }) => {
      const site = requireSite(request)
      const order = await orderView(orm, await orderByToken(orm, site.id, params.orderId, query.token), ctx.downloadSecret, ctx.provider)
      const page = orderPage(order)
      // the page in the shopper's language (the locale the order was placed in, else the site's)
      const locale = order.locale ?? (await ctx.deps.siteLocale?.(site.id)) ?? 'en-US'
      const t = messagesFor(locale)
      // the money lines and the day in the shopper's language, as CLDR writes them
      order.summary = localizedSummary(order.summary, order.currency, locale)
      const text = { placed: t('order.placed', { date: dateText(order.created, locale) }), thanks: t('order.thanks'), number: t('order.number', { number: String(order.number) }), testMode: t('order.testMode'), sentTo: t('order.sentTo', { email: '\u0001' }), shippingTo: t('order.shippingTo'), continue: t('order.continue') }
      const [before, after] = text.sentTo.split('\u0001')
      const extra: Record<string, unknown> = { order, text: { ...storeTexts(locale), ...text, sentToBefore: before ?? '', sentToAfter: after ?? '' } }
      if (page.pageType === PT.MEMBERSHIP_CONFIRMED) {
        const ids = order.entries.filter((e) => e.productType === PRODUCT_TYPES.PAYWALL).map((e) => e.itemId)
        extra.membership = { areas: (await ctx.deps.areasOfProducts?.(site.id, ids)) ?? [], recurring: order.subscriptions.length > 0 }
      }
      // a signed-in member is not told to sign in (the marker cookie the members domain sets at sign-in)
      extra.memberSignedIn = !!request.cookies[SITE_USER_AUTH_COOKIE]
      reply.headers(noStore)
      return render(request, reply, { ...page, extra, locale })
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/commerce/gift-card',
      summary: 'The gift-card page: the chosen card and denomination, recipient name, email and message, then checkout',
      tags,
      query: z.object({ itemId: z.string().min(1).max(100), sku: z.string().max(100).optional() }).strict(),
      responses: { 200: { description: 'HTML' }, 404: { description: 'no such gift card' } },
    },
    async ({ request, reply, query }) => {
      const site = requireSite(request)
      const giftCard = await giftCardPage(orm, site.id, query.itemId, query.sku, productItems, (await ctx.deps.asksConsent?.(site.id)) ?? false)
      reply.headers(noStore)
      return render(request, reply, { pageType: PT.CHECKOUT, template: 'gift-card', title: giftCard.item.title, extra: { giftCard } })
    },
  )
}
