// The owner-route guard: every route under /api/sites/:siteId is checked against the permission table (accounts'
// permissions.ts) before its input is validated: signed-in owner (401), host rule (404), role holding the route's
// capability (no role on the site: 404 site_not_found; a role without it: 403 role_not_allowed). A route the table
// has no rule for is refused to everyone (403 no_permission_rule) and fails the role-matrix test.
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { OWNER_ROUTE_BASE, capabilityOf, rolesFor, type Auth } from '../accounts/index.js'
import { authorize } from './access.js'

const SITE_ID = /^[0-9a-f]{24}$/

export interface GuardedRoute {
  method: string
  url: string
}

export function guardOwnerRoutes(app: FastifyInstance, orm: Orm, auth: Auth): { routes(): readonly GuardedRoute[] } {
  const seen: GuardedRoute[] = []
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${OWNER_ROUTE_BASE}/`)) return
    for (const m of Array.isArray(route.method) ? route.method : [route.method]) if (m !== 'HEAD') seen.push({ method: m, url: route.url })
    const url = route.url
    const guard = async (request: FastifyRequest) => {
      const capability = capabilityOf(request.method === 'HEAD' ? 'GET' : request.method, url)
      if (!capability) throw new AppError('forbidden', 'no_permission_rule', 'No role may do this.')
      const siteId = (request.params as { siteId?: string }).siteId ?? ''
      // no site has a malformed id: the route's own validation answers (400), and nothing is reachable
      if (!SITE_ID.test(siteId)) return
      await authorize(orm, auth, request, siteId, rolesFor(capability))
    }
    const existing = route.preValidation
    route.preValidation = [...(existing ? (Array.isArray(existing) ? existing : [existing]) : []), guard as preValidationHookHandler]
  })
  return { routes: () => seen }
}
