// Which feature flag each gated route needs: owner routes by path under /api/sites/:siteId (after the role check)
// and visitor routes by full path (the Host's site). First match wins; a prefix matches at a segment boundary.
// A site whose plan lacks the flag is answered 403 feature_not_in_plan naming the flag (see service.ts).
import { FEATURE_FLAGS, type FeatureFlag } from '@sitewright/contracts'
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify'
import { OWNER_ROUTE_BASE } from '../accounts/index.js'

const F = FEATURE_FLAGS
type Rule = readonly [method: string, prefix: string, flag: FeatureFlag]

/** Owner routes, relative to OWNER_ROUTE_BASE. */
export const OWNER_FEATURE_RULES: readonly Rule[] = [
  ['*', '/commerce/gift-cards', F.GIFT_CARDS],
  ['*', '/commerce/abandoned-checkouts', F.ABANDONED_CART_RECOVERY],
  ['*', '/commerce/recovery-settings', F.ABANDONED_CART_RECOVERY],
  ['*', '/commerce', F.COMMERCE],
  ['*', '/reviews/import', F.COMMERCE_IMPORTED_PRODUCT_REVIEWS],
  ['*', '/reviews', F.COMMERCE_NATIVE_PRODUCT_REVIEWS],
  ['*', '/review-settings', F.COMMERCE_NATIVE_PRODUCT_REVIEWS],
  ['*', '/restock', F.COMMERCE],
  ['*', '/restock-settings', F.COMMERCE],
  ['*', '/notifications', F.COMMERCE],
  ['*', '/members', F.SITE_USER_ACCOUNTS],
  ['*', '/member-areas', F.SITE_USER_ACCOUNTS],
]

/** Visitor routes: what a shopper or member starts (reading a cart or signing out stays open). */
export const VISITOR_FEATURE_RULES: readonly Rule[] = [
  ['POST', '/api/3/commerce/cart/subscription', F.COMMERCE_SUBSCRIPTIONS],
  ['POST', '/api/commerce', F.COMMERCE],
  ['PUT', '/api/commerce', F.COMMERCE],
  ['POST', '/api/site-users/account/notifications/restock', F.COMMERCE],
  ['POST', '/api/site-users/account/signup', F.SITE_USER_ACCOUNTS],
  ['POST', '/api/site-users/account/session', F.SITE_USER_ACCOUNTS],
]

/**
 * Flags a call needs by what it asks for: instalments at checkout (Afterpay or Clearpay by the site's locale; every
 * plan has both or neither, so the Afterpay flag stands for the pair), and turning the low-stock message on in the
 * restock settings (the reference's "limited availability labels", a Commerce-plan feature).
 */
export function bodyFeatureOf(method: string, url: string, body: unknown): FeatureFlag | null {
  if (typeof body !== 'object' || body === null) return null
  if (method === 'POST' && url === '/api/commerce/checkout' && (body as { paymentMethod?: unknown }).paymentMethod === 'instalments') return F.COMMERCE_AFTERPAY
  if (method === 'PATCH' && url === `${OWNER_ROUTE_BASE}/restock-settings` && (body as { scarcityEnabled?: unknown }).scarcityEnabled === true) return F.LIMITED_AVAILABILITY_LABELS
  return null
}

function match(rules: readonly Rule[], method: string, path: string): FeatureFlag | null {
  for (const [m, prefix, flag] of rules) {
    if (m !== '*' && m !== method) continue
    if (path === prefix || path.startsWith(`${prefix}/`)) return flag
  }
  return null
}

/** The flag a route needs (`url` as registered), or null when it is not gated. */
export function featureOf(method: string, url: string): FeatureFlag | null {
  if (url.startsWith(`${OWNER_ROUTE_BASE}/`)) return match(OWNER_FEATURE_RULES, method, url.slice(OWNER_ROUTE_BASE.length))
  return match(VISITOR_FEATURE_RULES, method, url)
}

const SITE_ID = /^[0-9a-f]{24}$/

/**
 * Adds the plan check to every gated route registered after this call (install it after the owner-route guard:
 * the role is checked first). `requireFlag` throws feature_not_in_plan when the site's plan lacks the flag.
 */
export function guardFeatures(app: FastifyInstance, requireFlag: (siteId: string, flag: FeatureFlag) => Promise<void>): void {
  app.addHook('onRoute', (route) => {
    const owner = route.url.startsWith(`${OWNER_ROUTE_BASE}/`)
    // the flag of each method of the route, worked out once here rather than on every request
    const flags = new Map<string, FeatureFlag>()
    for (const m of Array.isArray(route.method) ? route.method : [route.method]) {
      const flag = featureOf(m === 'HEAD' ? 'GET' : m, route.url) // HEAD asks what GET asks
      if (flag !== null) flags.set(m, flag)
    }
    if (flags.size === 0) return
    const url = route.url
    const guard = async (request: FastifyRequest) => {
      const flag = flags.get(request.method)
      if (flag === undefined) return
      const t = request.tenancy
      const siteId = owner ? ((request.params as { siteId?: string }).siteId ?? '') : t.kind === 'unknown' ? undefined : t.site?.id
      // no such site: the route itself answers (400 or 404)
      if (!siteId || (owner && !SITE_ID.test(siteId))) return
      await requireFlag(siteId, flag)
      const extra = bodyFeatureOf(request.method, url, request.body)
      if (extra !== null) await requireFlag(siteId, extra)
    }
    const existing = route.preValidation
    route.preValidation = [...(existing ? (Array.isArray(existing) ? existing : [existing]) : []), guard as preValidationHookHandler]
  })
}
