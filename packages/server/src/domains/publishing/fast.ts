// The fast path of cached pages, in front of Fastify: a GET or HEAD whose host is in the host cache and whose page
// is in the page cache is answered from the precomputed bytes without routing, hooks or a reply object, with the
// same status, body and headers as the Fastify path (crumb cookie, ETag/304, cache-control, the app's security
// headers). Everything else (a miss, a preview, unlock cookies, redirects, proxied requests) goes to Fastify.
// Only canonical paths are cached (see `isCanonicalPath` in serve.ts), so a cached path is one Fastify routes to the page
// handler: the fast path never answers a request another route would. Each hit is logged like Fastify's own
// 'request completed' line (method, url, host, status, response time), marked `cache: 'page'`.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { bodyFor, etagFor, notModified, type PageCache } from './cache.js'
import { PREVIEW_COOKIE, PREVIEW_PARAM } from './preview.js'
import { isCanonicalPath, pageKey, pageQuery, requestPath } from './serve.js'
import type { Theme } from './theme.js'
import { unlockCookieName } from './unlock.js'

export interface FastPathDeps {
  /** The site id of a Host header when the host cache already knows it (never waits), else null. */
  siteOf(hostHeader: string | undefined): string | null
  /** The visitor's crumb from the Cookie header, and the Set-Cookie value when a new one was made (null: let Fastify). */
  crumbOf(cookieHeader: string | undefined, secure: boolean): { crumb: string; setCookie?: string } | null
  /** The security headers of a page answer (the same as Fastify's page answers), over TLS or not. */
  headers(secure: boolean): Readonly<Record<string, string>>
  /** True when the Cookie header makes the visitor's pages personal (a signed-in site member): left to Fastify. */
  personal?(cookieHeader: string | undefined): boolean
  /** The app's logger (pino): hits are logged at info, as Fastify logs its requests. */
  log?: { info(obj: object, msg: string): void; isLevelEnabled?(level: string): boolean }
}

function queryOf(search: string): Record<string, string> {
  const out: Record<string, string> = {}
  if (!search) return out
  for (const [k, v] of new URLSearchParams(search)) if (!(k in out)) out[k] = v
  return out
}

export function createFastPath(cache: PageCache, theme: Theme, deps: FastPathDeps) {
  /** Answers the request from the page cache and returns true, or returns false (Fastify handles it). */
  const log = deps.log
  const logs = log !== undefined && (log.isLevelEnabled?.('info') ?? true)
  const completed = (req: IncomingMessage, status: number, started: number) =>
    log!.info({ req: { method: req.method, url: req.url, host: req.headers.host }, res: { statusCode: status }, responseTime: performance.now() - started, cache: 'page' }, 'request completed')

  return function serveCached(req: IncomingMessage, res: ServerResponse): boolean {
    const started = logs ? performance.now() : 0
    const method = req.method
    if ((method !== 'GET' && method !== 'HEAD') || req.headers['x-forwarded-proto'] !== undefined) return false
    const url = req.url ?? '/'
    const q = url.indexOf('?')
    const rawPath = q < 0 ? url : url.slice(0, q)
    if (!isCanonicalPath(rawPath) || rawPath.includes('#')) return false
    const siteId = deps.siteOf(req.headers.host)
    if (!siteId) return false
    const search = q < 0 ? '' : url.slice(q + 1)
    const raw = queryOf(search)
    if (raw[PREVIEW_PARAM] !== undefined) return false
    const cookies = req.headers.cookie
    if (cookies?.includes(`${PREVIEW_COOKIE}=`)) return false
    if (deps.personal?.(cookies)) return false
    const path = requestPath(rawPath)
    if (path === '/search') return false
    const { query, format } = pageQuery(raw)
    const page = cache.get(siteId, pageKey(path, query, format), theme.version)
    if (!page || page.location) return false
    if (page.lockedCollectionId && cookies?.includes(`${unlockCookieName(page.lockedCollectionId)}=`)) return false

    const secure = (req.socket as { encrypted?: boolean }).encrypted === true
    const visitor = deps.crumbOf(cookies, secure)
    if (!visitor) return false
    const { crumb, setCookie } = visitor
    const etag = etagFor(page, crumb)
    const headers: Record<string, string | number> = {
      ...deps.headers(secure),
      'cache-control': page.bytes.length === 1 ? 'no-cache' : 'private, no-cache',
      etag,
    }
    if (setCookie) headers['set-cookie'] = setCookie
    if (page.status === 200 && notModified(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers)
      res.end()
      if (logs) completed(req, 304, started)
      return true
    }
    const body = bodyFor(page, crumb)
    headers['content-type'] = page.contentType
    headers['content-length'] = body.length
    res.writeHead(page.status, headers)
    res.end(method === 'HEAD' ? undefined : body)
    if (logs) completed(req, page.status, started)
    return true
  }
}

export type FastPath = ReturnType<typeof createFastPath>
