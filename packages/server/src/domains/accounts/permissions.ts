// The permission table: which website roles hold which capability, and which capability each owner route on a site
// (`/api/sites/:siteId/...`) needs. Every such route is checked against it before its input is even validated
// (sites' owner-route guard), and the role-matrix integration test walks every registered owner route with every
// role against it, so a new owner route without a rule fails. The README prints the same table.
import { WEBSITE_ROLES, type WebsiteRole } from './roles.js'

const R = WEBSITE_ROLES

export const CAPABILITIES = {
  /** Read the website settings. */
  'settings.read': [R.ADMIN, R.EDITOR, R.BILLING, R.REPORTING, R.STORE_MANAGER, R.VIEWER],
  /** Change the website settings. */
  'settings.edit': [R.ADMIN],
  /** Site styles (colours, fonts). */
  design: [R.ADMIN, R.EDITOR],
  /** Pages, collections, items, site profile. */
  content: [R.ADMIN, R.EDITOR],
  /** The file library. */
  files: [R.ADMIN, R.EDITOR],
  /** Comment moderation and comment settings. */
  comments: [R.ADMIN, R.EDITOR, R.MODERATOR],
  /** Read forms, submissions and mailing lists (with CSV exports). */
  'forms.read': [R.ADMIN, R.EDITOR, R.REPORTING],
  /** Change forms, submissions and mailing lists. */
  'forms.edit': [R.ADMIN, R.EDITOR],
  /** Store: products, inventory, orders, gift cards, coupons, shipping, taxes, store settings. */
  commerce: [R.ADMIN, R.STORE_MANAGER],
  /** Owner analytics: reports, site health and the tracking settings (reading them). */
  analytics: [R.ADMIN, R.REPORTING],
  /** Site members (customer accounts) and member areas. */
  members: [R.ADMIN],
  /** Contributors: invitations, roles, removal, ownership transfer. */
  contributors: [R.ADMIN],
  /** Whole-site export (the .swz archive with customer data). */
  transfer: [R.ADMIN],
  /** Plan, invoices and payment. */
  billing: [R.ADMIN, R.BILLING],
  /** Read the site's plan and feature flags (what the editor may offer): every role. */
  'plan.read': Object.values(WEBSITE_ROLES),
} as const satisfies Record<string, readonly WebsiteRole[]>

export type Capability = keyof typeof CAPABILITIES

/** The owner-route base every rule is relative to. */
export const OWNER_ROUTE_BASE = '/api/sites/:siteId'

/**
 * Rules by path under OWNER_ROUTE_BASE, first match wins: the method ('*' = any) and a path prefix ending at a
 * segment boundary ('/forms' matches '/forms' and '/forms/:formId', never '/formsX').
 */
export const ROUTE_RULES: readonly (readonly [method: string, prefix: string, capability: Capability])[] = [
  ['GET', '/settings', 'settings.read'],
  ['*', '/settings', 'settings.edit'],
  ['*', '/starter', 'settings.edit'],
  ['*', '/duplicate', 'settings.edit'],
  ['*', '/domains', 'settings.edit'],
  ['GET', '/locales', 'settings.read'],
  ['*', '/locales', 'settings.edit'],
  ['*', '/export', 'transfer'],
  ['*', '/imports', 'transfer'],
  ['*', '/onboarding', 'content'],
  ['*', '/styles', 'design'],
  ['*', '/content', 'content'],
  ['*', '/versions', 'content'],
  ['*', '/restore', 'settings.edit'],
  ['*', '/files', 'files'],
  ['*', '/comments', 'comments'],
  ['*', '/comment-settings', 'comments'],
  ['GET', '/forms', 'forms.read'],
  ['*', '/forms', 'forms.edit'],
  ['GET', '/mailing-lists', 'forms.read'],
  ['*', '/mailing-lists', 'forms.edit'],
  ['*', '/commerce', 'commerce'],
  ['*', '/reviews', 'commerce'],
  ['*', '/review-settings', 'commerce'],
  ['*', '/restock', 'commerce'],
  ['*', '/restock-settings', 'commerce'],
  ['*', '/notifications', 'commerce'],
  ['GET', '/analytics', 'analytics'],
  ['GET', '/tracking', 'analytics'],
  ['*', '/tracking', 'settings.edit'],
  ['*', '/members', 'members'],
  ['*', '/member-areas', 'members'],
  ['*', '/contributors', 'contributors'],
  ['*', '/billing', 'billing'],
  ['GET', '/plan', 'plan.read'],
]

/** The capability an owner route needs (`url` as registered, e.g. '/api/sites/:siteId/forms/:formId'), or null when it has no rule. */
export function capabilityOf(method: string, url: string): Capability | null {
  if (!url.startsWith(`${OWNER_ROUTE_BASE}/`)) return null
  const rest = url.slice(OWNER_ROUTE_BASE.length)
  for (const [m, prefix, capability] of ROUTE_RULES) {
    if (m !== '*' && m !== method) continue
    if (rest === prefix || rest.startsWith(`${prefix}/`)) return capability
  }
  return null
}

export function rolesFor(capability: Capability): readonly WebsiteRole[] {
  return CAPABILITIES[capability]
}

/** The capabilities a member holding `roles` has (what the editor may show). */
export function capabilitiesOf(roles: readonly WebsiteRole[]): Capability[] {
  return (Object.keys(CAPABILITIES) as Capability[]).filter((c) => roles.some((r) => (CAPABILITIES[c] as readonly WebsiteRole[]).includes(r)))
}
