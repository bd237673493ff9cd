// Tenancy: the Host header resolves the site of every request, before anything else runs.
//   <rootDomain>, 127.0.0.1, [::1]  -> 'platform': the demo site (if it exists); the owner API serves any site
//   <slug>.<rootDomain>             -> 'site': that site only
//   a verified custom domain        -> 'site': its site, with `custom` (primary host, HTTPS state) for its redirects
//   anything else                   -> 'unknown': 404 (except /healthz)
// Found sites are cached in memory by Host header (no database query per request): an entry is dropped when the
// site changes in this process (`invalidate`), and lives at most HOST_CACHE_TTL_MS so that other nodes' changes
// (a deleted site) are seen within that time; one in use is read again before it expires. Misses are not cached: a
// new site answers at once.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createRefreshingCache } from '../cache.js'
import { AppError } from '../errors.js'

export interface SiteRef {
  id: string
  slug: string
}

/** What a request on an owner's own hostname needs for its redirects and headers (custom-domains domain). */
export interface CustomHost {
  hostname: string
  /** The site's primary custom domain when it is verified (other hostnames redirect to it), else null. */
  primaryHost: string | null
  /** The hostname has a certificate served by the TLS listener: plain HTTP redirects to HTTPS. */
  secure: boolean
  /** The primary's scheme: https when it has a certificate. */
  primarySecure: boolean
  /** Send HSTS (the certificate has been served for a while). */
  hsts: boolean
}

export type Tenancy =
  | { kind: 'platform'; site: SiteRef | null }
  | { kind: 'site'; site: SiteRef; custom?: CustomHost }
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
  /** A host that is neither the platform's nor a slug's: an owner's verified custom domain, or null. */
  byHost?(host: string): Promise<{ site: SiteRef; custom: CustomHost } | null>
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
const HOSTLESS = new Set(['/healthz', '/readyz'])

export const HOST_CACHE_TTL_MS = 5000

export interface HostCache {
  /** The tenancy of a Host header: from the cache, or a promise when the database must be asked. */
  lookup(hostHeader: string | undefined): Tenancy | Promise<Tenancy>
  /** The site of a Host header if the cache holds it now (never asks the database), else null. */
  cachedSite(hostHeader: string | undefined): SiteRef | null
  /** Drops the cached hosts of one site (its slug or existence changed), or of every site. */
  invalidate(siteId?: string): void
  readonly size: number
}

export function createHostCache(
  rootDomain: string,
  resolver: TenancyResolver,
  opts: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): HostCache {
  async function resolveHost(raw: string): Promise<Tenancy> {
    const host = hostName(raw)
    const c = classifyHost(host, rootDomain)
    if (c.kind === 'platform') return { kind: 'platform', site: await resolver.platformSite() }
    if (c.kind === 'site') {
      const site = await resolver.bySlug(c.slug)
      if (site) return { kind: 'site', site }
    }
    if (c.kind === 'unknown' && host && resolver.byHost) {
      const found = await resolver.byHost(host)
      if (found) return { kind: 'site', site: found.site, custom: found.custom }
    }
    return { kind: 'unknown', host }
  }

  // misses are not kept (a new site answers at once); a host whose site is gone is dropped when read again
  const hosts = createRefreshingCache<string, Tenancy>({
    read: resolveHost,
    ttlMs: opts.ttlMs ?? HOST_CACHE_TTL_MS,
    maxEntries: opts.maxEntries ?? 10_000,
    ...(opts.now ? { now: opts.now } : {}),
    keep: (t) => t.kind !== 'unknown' && t.site !== null,
  })

  return {
    lookup: (hostHeader) => hosts.get(hostHeader ?? ''),
    cachedSite(hostHeader) {
      const t = hosts.peek(hostHeader ?? '')
      // a custom domain's requests go through Fastify (its redirects and HSTS depend on the connection)
      return t && t.kind !== 'unknown' && !(t.kind === 'site' && t.custom) ? t.site : null
    },
    invalidate(siteId) {
      hosts.drop(siteId === undefined ? undefined : (t) => t.kind !== 'unknown' && t.site?.id === siteId)
    },
    get size() {
      return hosts.size
    },
  }
}

/** Resolves `request.tenancy` on every request; returns the host cache (invalidate it when a site changes). */
export function registerTenancy(app: FastifyInstance, rootDomain: string, resolver: TenancyResolver, opts: { ttlMs?: number } = {}): HostCache {
  const cache = createHostCache(rootDomain, resolver, opts)
  app.decorateRequest('tenancy', null as never)
  const check = (request: FastifyRequest): Error | undefined => {
    if (request.tenancy.kind !== 'unknown') return undefined
    const q = request.url.indexOf('?')
    if (HOSTLESS.has(q < 0 ? request.url : request.url.slice(0, q))) return undefined
    return new AppError('not_found', 'unknown_host', `There is no site at ${request.tenancy.host || 'this address'}.`)
  }
  // A callback hook: a cached host completes synchronously (no promise per request).
  app.addHook('onRequest', (request, _reply, done) => {
    const t = cache.lookup(request.headers.host)
    if (!(t instanceof Promise)) {
      request.tenancy = t
      return done(check(request))
    }
    t.then(
      (tenancy) => {
        request.tenancy = tenancy
        done(check(request))
      },
      (e: unknown) => done(e as Error),
    )
  })
  return cache
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
