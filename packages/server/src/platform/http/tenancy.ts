// Tenancy: the Host header resolves the site of every request, before anything else runs.
//   <rootDomain>, 127.0.0.1, [::1]  -> 'platform': the demo site (if it exists); the owner API serves any site
//   <slug>.<rootDomain>             -> 'site': that site only
//   anything else                   -> 'unknown': 404 (except /healthz)
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../errors.js'

export interface SiteRef {
  id: string
  slug: string
}

export type Tenancy =
  | { kind: 'platform'; site: SiteRef | null }
  | { kind: 'site'; site: SiteRef }
  | { kind: 'unknown'; host: string }

declare module 'fastify' {
  interface FastifyRequest {
    tenancy: Tenancy
  }
}

export interface TenancyResolver {
  /** The site at the platform host (the demo site), or null. */
  platformSite(): Promise<SiteRef | null>
  bySlug(slug: string): Promise<SiteRef | null>
}

const SLUG_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
const LOOPBACK = new Set(['127.0.0.1', '[::1]', '::1'])

/** Host name without port, lower case. */
export function hostName(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase()
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1)
  const colon = host.indexOf(':')
  return (colon >= 0 ? host.slice(0, colon) : host).replace(/\.$/, '')
}

/** Classifies a host name; pure. */
export function classifyHost(host: string, rootDomain: string): { kind: 'platform' } | { kind: 'site'; slug: string } | { kind: 'unknown' } {
  if (host === rootDomain || LOOPBACK.has(host)) return { kind: 'platform' }
  const suffix = `.${rootDomain}`
  if (host.endsWith(suffix)) {
    const label = host.slice(0, -suffix.length)
    if (SLUG_LABEL.test(label)) return { kind: 'site', slug: label }
  }
  return { kind: 'unknown' }
}

/** Paths answered on any host (health checks come by IP or internal names). */
const HOSTLESS = new Set(['/healthz'])

export function registerTenancy(app: FastifyInstance, rootDomain: string, resolver: TenancyResolver): void {
  app.decorateRequest('tenancy', null as never)
  app.addHook('onRequest', async (request) => {
    request.tenancy = await resolve(request, rootDomain, resolver)
    if (request.tenancy.kind === 'unknown' && !HOSTLESS.has(request.url.split('?')[0]!)) {
      throw new AppError('not_found', 'unknown_host', `There is no site at ${request.tenancy.host || 'this address'}.`)
    }
  })
}

async function resolve(request: FastifyRequest, rootDomain: string, resolver: TenancyResolver): Promise<Tenancy> {
  const host = hostName(request.headers.host)
  const c = classifyHost(host, rootDomain)
  if (c.kind === 'platform') return { kind: 'platform', site: await resolver.platformSite() }
  if (c.kind === 'site') {
    const site = await resolver.bySlug(c.slug)
    if (site) return { kind: 'site', site }
  }
  return { kind: 'unknown', host }
}

/**
 * The owner API's host rule: on a site host, only that host's site may be addressed. Throws not_found otherwise
 * (the same answer as for a site that does not exist, so nothing leaks).
 */
export function assertSiteReachable(request: FastifyRequest, siteId: string): void {
  const t = request.tenancy
  if (t.kind === 'site' && t.site.id !== siteId) {
    throw new AppError('not_found', 'site_not_found', 'No such site.')
  }
}

/** The site of a visitor request (from its Host), or not_found when the host serves no site. */
export function requireSite(request: FastifyRequest): SiteRef {
  const t = request.tenancy
  if (t.kind === 'unknown' || !t.site) throw new AppError('not_found', 'site_not_found', 'There is no site at this address.')
  return t.site
}
