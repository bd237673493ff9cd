// The role check: every owner route on site data goes through `requireRole` (or `authorize`, which adds the
// session and host rules) before touching the site.
import type { FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { assertSiteReachable } from '../../platform/http/tenancy.js'
import { WEBSITE_ROLES, type Auth, type WebsiteRole } from '../accounts/index.js'
import { getWebsite, rolesOf, type Website } from './service.js'

export interface SiteAccess {
  site: Website
  roles: WebsiteRole[]
}

const R = WEBSITE_ROLES
export const SETTINGS_READERS: readonly WebsiteRole[] = [R.ADMIN, R.EDITOR, R.BILLING, R.REPORTING, R.STORE_MANAGER, R.VIEWER]
export const SETTINGS_EDITORS: readonly WebsiteRole[] = [R.ADMIN]

/**
 * Allows the call when the owner holds one of `allowed` on the site. No membership (or no site) is 404
 * `site_not_found`, so site ids cannot be probed; a member without an allowed role is 403 `role_not_allowed`.
 */
export async function requireRole(
  orm: Orm,
  session: { ownerId: string },
  siteId: string,
  allowed: readonly WebsiteRole[],
): Promise<SiteAccess> {
  const roles = await rolesOf(orm, siteId, session.ownerId)
  const site = roles.length > 0 ? await getWebsite(orm, siteId) : null
  if (!site) throw new AppError('not_found', 'site_not_found', 'No such site.')
  if (!roles.some((r) => allowed.includes(r))) {
    throw new AppError('forbidden', 'role_not_allowed', 'Your role on this site does not allow this.')
  }
  return { site, roles }
}

/** Signed-in owner + host rule (a site host serves only its own site) + role check. */
export async function authorize(
  orm: Orm,
  auth: Auth,
  request: FastifyRequest,
  siteId: string,
  allowed: readonly WebsiteRole[],
): Promise<SiteAccess> {
  const session = await auth.requireOwner(request)
  assertSiteReachable(request, siteId)
  return requireRole(orm, session, siteId, allowed)
}
