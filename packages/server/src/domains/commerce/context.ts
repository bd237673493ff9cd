// What the commerce routes share: the database, auth for owner routes, limiter, payment provider, events, mail.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import type { Auth, WebsiteRole } from '../accounts/index.js'
import type { SiteAccess } from '../sites/index.js'
import type { DomainEvents } from '../../platform/events.js'
import type { ImageShape } from './catalogue/item.js'
import type { PaymentProvider } from './checkout/payments.js'
import type { Limiter } from './shared/rate-limit.js'
import type { SiteCache } from './shared/site-cache.js'
import { CART_MARKER_COOKIE, type DonationBlockValue, type OrderView } from '@sitewright/contracts'

export interface CommerceDeps {
  /** Role check of owner routes (sites.authorize bound to accounts.auth). */
  authorize(request: FastifyRequest, siteId: string, allowed: readonly WebsiteRole[]): Promise<SiteAccess>
  auth?: Auth
  /** The domain-event bus: commerce raises its events (order confirmed, stock set) in the change's transaction. */
  events: DomainEvents
  /** The store's mails as durable jobs of the notify domain (templated, once per event); an order's come by its event. */
  notify?: CommerceNotifier
  /** Image assets of the files domain, by id, in the context's Image shape. */
  resolveImages?(siteId: string, ids: readonly string[]): Promise<ReadonlyMap<string, ImageShape>>
  /** The fullUrl of a products collection ('/shop'), from the content domain. */
  collectionPath?(siteId: string, collectionId: string): Promise<string | null>
  /** A form of the forms domain in its public shape (additionalFieldsFormId -> additionalFieldsForm), or null. */
  publicForms?(siteId: string, formIds: readonly string[]): Promise<ReadonlyMap<string, object>>
  /** Validates values by field id against a form of the forms domain; null when the form does not exist. */
  validateFields?(siteId: string, formId: string, values: Record<string, unknown>): Promise<FieldsCheck | null>
  log?: FastifyBaseLogger
  /** The site's title as its owner set it (the store's mails name it); absent: the host name. */
  siteTitle?(siteId: string): Promise<string | undefined>
  /** The site's public address ('http://shop.localhost:3000/'): mails sent from owner requests link to it. */
  siteUrl?(siteId: string): Promise<string | undefined>
  /** The site's language tag ('en-US'): it decides the instalment provider (Afterpay / Clearpay) at checkout. */
  siteLocale?(siteId: string): Promise<string | undefined>
  /** Whether the site's consent settings ask before tracking (restrictive mode, the banner): opt-in boxes start unticked. */
  asksConsent?(siteId: string): Promise<boolean>
  /** After a change that shows on published pages (products, stock): the publishing cache drops the site's pages. */
  onChange?(siteId: string): void
  /** A published page's donation block (type 52) value, or null when the page or block is not there (content). */
  donationBlock?(siteId: string, pageId: string, blockId: string): Promise<DonationBlockValue | null>
  /** The member areas a PAYWALL product opens (members; the MEMBERSHIP_CONFIRMED page links to them). */
  areasOfProducts?(siteId: string, productIds: readonly string[]): Promise<{ title: string; fullUrl: string }[]>
  /** Renders a themed system page (publishing.renderSystemPage): cart, checkout, order confirmation. */
  renderPage?(request: FastifyRequest, reply: FastifyReply, page: { pageType: number; template: string; title: string; extra: Record<string, unknown>; status?: number; locale?: string }): Promise<unknown>
}

/** What the store's subscriptions tell the notify domain, after the change is committed (each call queues its mails
 * once); an order's mails (placed, donation, shipped, refunded, gift cards) come by commerce's events instead. */
export interface CommerceNotifier {
  /** A subscription was billed again: its renewal order (one mail per renewal). */
  subscriptionRenewed(e: { siteId: string; renewalId: string; order: OrderView; item: string; cycle: number; nextBillingOn: string | null }): Promise<void>
  /** A renewal charge was declined; the subscription is past due (one mail per renewal). */
  subscriptionPaymentFailed(e: { siteId: string; renewalId: string; email: string; item: string; amount: string; cycle: number; orderNumber: number }): Promise<void>
}

export type FieldsCheck = { ok: true; answers: Record<string, unknown> } | { ok: false; errors: Record<string, string> }

export interface CommerceContext {
  orm: Orm
  deps: CommerceDeps
  limiter: Limiter
  provider: PaymentProvider
  events: DomainEvents
  downloadSecret: string
  /** The site's settings, pricing rules and collection paths as cart answers read them (shared/site-cache.ts). */
  cache: SiteCache
}

export { CART_MARKER_COOKIE }
export const CART_COOKIE = 'sw_cart'
export const CART_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60

/**
 * The cart cookie is HttpOnly (its value, a 256-bit token, is the cart: a script on the page never needs it); beside
 * it a script-readable marker without a secret (`sw_has_cart=1`, same lifetime) tells the storefront that a cart
 * exists (the spec's cart-start rule). See ARCHITECTURE.md "Cookies".
 */
export function setCartCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = request.protocol === 'https'
  reply.setCookie(CART_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: true, maxAge: CART_COOKIE_MAX_AGE_S, secure })
  reply.setCookie(CART_MARKER_COOKIE, '1', { path: '/', sameSite: 'lax', httpOnly: false, maxAge: CART_COOKIE_MAX_AGE_S, secure })
}

export function clearCartCookie(reply: FastifyReply): void {
  reply.clearCookie(CART_COOKIE, { path: '/' })
  reply.clearCookie(CART_MARKER_COOKIE, { path: '/' })
}
