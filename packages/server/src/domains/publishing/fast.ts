// The fast path of cached pages, in front of Fastify: a GET or HEAD whose host is in the host cache and whose page
// is in the page cache is answered from the precomputed bytes without routing, hooks or a reply object, with the
// same status, body and headers as the Fastify path (crumb cookie, ETag/304, cache-control, the app's security
// headers). Everything else (a miss, a preview, unlock cookies, redirects, proxied requests) goes to Fastify.
// Which requests may be answered from the cache and what the answer is come from door.ts, the same rule and answer as
// the Fastify path; only canonical paths are cached, so a cached path is one Fastify routes to the page handler: the
// fast path never answers a request another route would. Each hit is logged like Fastify's own
// 'request completed' line (method, url, host, status, response time), marked `cache: 'page'`.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { PageCache } from './cache.js'
import { cachedAnswer, isCacheable, isUsableHit } from './door.js'
import { PREVIEW_COOKIE, PREVIEW_PARAM } from './preview.js'
import { pageKey, pageQuery, requestPath } from './request.js'
import type { Theme } from './theme.js'
import { unlockCookieName } from './unlock.js'

export interface FastPathDeps {
  /** The site id of a Host header when the host cache already knows it (never waits), else null. */
  siteOf(hostHeader: string | undefined): string | null
  /** The visitor's crumb from the Cookie header, and the Set-Cookie value when a new one was made (null: let Fastify). */
  crumbOf(cookieHeader: string | undefined, secure: boolean): { crumb: string; setCookie?: string } | null
  /** The security headers of a page answer (the same as Fastify's page answers), over TLS or not. */
  headers(secure: boolean): Readonly<Record<string, string>>
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
    const raw = queryOf(q < 0 ? '' : url.slice(q + 1))
    const cookies = req.headers.cookie
    const path = requestPath(rawPath)
    const preview = raw[PREVIEW_PARAM] !== undefined || cookies?.includes(`${PREVIEW_COOKIE}=`) === true
    if (!isCacheable({ rawPath, path, preview })) return false
    const siteId = deps.siteOf(req.headers.host)
    if (!siteId) return false
    const { query, format } = pageQuery(raw)
    const page = cache.get(siteId, pageKey(path, query, format), theme.version)
    if (!page || page.location || !isUsableHit(page, (id) => cookies?.includes(`${unlockCookieName(id)}=`) === true)) return false

    const secure = (req.socket as { encrypted?: boolean }).encrypted === true
    let setCookie: string | undefined
    let declined = false
    const answer = cachedAnswer(
      page,
      () => {
        const visitor = deps.crumbOf(cookies, secure)
        if (!visitor) return ((declined = true), '')
        setCookie = visitor.setCookie
        return visitor.crumb
      },
      req.headers['if-none-match'],
      false,
      req.headers['accept-encoding'],
    )
    if (declined) return false
    const headers: Record<string, string | number> = { ...deps.headers(secure), ...answer.headers }
    if (setCookie) headers['set-cookie'] = setCookie
    if (answer.body) headers['content-length'] = answer.body.length
    res.writeHead(answer.status, headers)
    res.end(method === 'HEAD' || !answer.body ? undefined : answer.body)
    if (logs) completed(req, answer.status, started)
    return true
  }
}

export type FastPath = ReturnType<typeof createFastPath>
