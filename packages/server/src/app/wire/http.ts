// The HTTP plumbing every route relies on, registered before any domain: body parsers, cookies, compression, the
// error handler, the edge guards and the security headers; then, once sites exist, tenancy and the crumb.
import fastifyCookie from '@fastify/cookie'
import fastifyFormbody from '@fastify/formbody'
import { SESSION_COOKIE } from '../../domains/accounts/index.js'
import type { Sites } from '../../domains/sites/index.js'
import { registerCompression } from '../../platform/http/compression.js'
import { registerCrumb } from '../../platform/http/crumb.js'
import { registerEdgeGuards } from '../../platform/http/edge.js'
import { registerErrorHandler } from '../../platform/http/error-handler.js'
import { OpenApiRegistry } from '../../platform/http/openapi.js'
import { parseQuery } from '../../platform/http/query.js'
import { registerSecurityHeaders } from '../../platform/http/security.js'
import { registerTenancy } from '../../platform/http/tenancy.js'
import type { Base } from './base.js'

export async function wireHttp({
  fastify,
  config,
  late,
}: Pick<Base, 'fastify' | 'config' | 'late'>): Promise<void> {
  fastify.decorate('openapi', new OpenApiRegistry())
  // Content types: JSON (an empty body is "no body", left to the route's validation), form bodies.
  const parseJson = fastify.getDefaultJsonParser('error', 'error')
  fastify.removeContentTypeParser('application/json')
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') return done(null, undefined)
    parseJson(req, text, done)
  })
  await fastify.register(fastifyFormbody, { parser: parseQuery })
  await fastify.register(fastifyCookie)
  await registerCompression(fastify)
  registerErrorHandler(fastify)
  registerEdgeGuards(fastify)
  // Security headers of every answer (and of the publishing fast path of cached pages, which answers before Fastify).
  const security = await registerSecurityHeaders(fastify, {
    rootDomain: config.rootDomain,
    publicPort: config.publicPort,
  })
  late.bind('pageHeaders', security.pageHeaders)
}

/** Host -> site resolution (its cache dropped on every node when a site's hosts change), then the crumb. */
export async function wireTenancy(base: Base, sites: Sites) {
  const { fastify, config, cluster } = base
  const hosts = registerTenancy(fastify, config.rootDomain, sites.resolver)
  cluster.bindHosts((siteId) => hosts.invalidate(siteId))
  sites.onChange((siteId) => cluster.hostsChanged(siteId))
  sites.onChange(base.invalidatePages)
  const crumbs = registerCrumb(fastify, await base.secret('crumb'), { sessionCookie: SESSION_COOKIE })
  return { hosts, crumbs }
}
