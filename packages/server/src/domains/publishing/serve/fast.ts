// The fast path of cached pages, in front of Fastify: a GET or HEAD whose host is in the host cache and whose page
// is in the page cache is answered from the precomputed bytes without routing, hooks or a reply object, with the
// same status, body and headers as the Fastify path (crumb cookie, ETag/304, cache-control, the app's security
// headers). Everything else (a miss, a preview, unlock cookies, redirects) goes to Fastify. A proxied request is
// answered here too: `arrival` reads X-Forwarded-Proto as Fastify does (only with TRUST_PROXY on); without it the
// fast path leaves every request carrying that header to Fastify.
// Which requests may be answered from the cache and what the answer is come from door.ts, the same rule and answer as
// the Fastify path; only canonical paths are cached, so a cached path is one Fastify routes to the page handler: the
// fast path never answers a request another route would. Each hit is logged like Fastify's own
// 'request completed' line (method, url, host, status, response time), marked `cache: 'page'`.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { DIRECT, type Arrival } from '../../../platform/http/proxy.js'
import { notModified, type CachedPage, type PageCache } from './cache.js'
import { cachedAnswer, isCacheable, isUsableHit, wireOf } from './door.js'
import { PREVIEW_COOKIE, PREVIEW_PARAM } from '../access/index.js'
import { isCanonicalPath, pageKey, pageQuery } from './request.js'
import type { Theme } from '../render/index.js'
import { unlockCookieName } from '../access/index.js'

export interface FastPathDeps {
  /** The site id of a Host header when the host cache already knows it (never waits), else null. */
  siteOf(hostHeader: string | undefined): string | null
  /** The visitor's crumb from the Cookie header, and the Set-Cookie value when a new one was made (null: let Fastify). */
  crumbOf(cookieHeader: string | undefined, secure: boolean): { crumb: string; setCookie?: string } | null
  /** The security headers of a page answer (the same as Fastify's page answers), over TLS or not. */
  headers(secure: boolean): Readonly<Record<string, string>>
  /** True when the Cookie header makes the visitor's pages personal (a signed-in site member): left to Fastify. */
  personal?(cookieHeader: string | undefined): boolean
  /** The app's logger (pino): a sample of hits is logged at info, as Fastify logs its requests. */
  log?: { info(obj: object, msg: string): void; isLevelEnabled?(level: string): boolean }
  /** How a request arrived (TLS or not), read as Fastify reads it; absent: proxied requests are left to Fastify. */
  arrival?: Pick<Arrival, 'secure'>
}

function queryOf(search: string): Record<string, string> {
  const out: Record<string, string> = {}
  if (!search) return out
  for (const [k, v] of new URLSearchParams(search)) if (!(k in out)) out[k] = v
  return out
}

/** One hit in this many is logged (the line carries `sampled`). */
export const LOG_SAMPLE = 100

const PLAIN = pageQuery({})

function keyOf(path: string, raw: Record<string, string>): string {
  const { query, format } = pageQuery(raw)
  return pageKey(path, query, format)
}

export function createFastPath(cache: PageCache, theme: Theme, deps: FastPathDeps) {
  /** Answers the request from the page cache and returns true, or returns false (Fastify handles it). */
  const log = deps.log
  // without `arrival`, requests carrying proxy headers are left to Fastify; the rest arrived directly
  const proxiesToFastify = deps.arrival === undefined
  const arrival = deps.arrival ?? DIRECT
  const logs = log !== undefined && (log.isLevelEnabled?.('info') ?? true)
  const completed = (req: IncomingMessage, status: number, started: number) =>
    log!.info({ req: { method: req.method, url: req.url, host: req.headers.host }, res: { statusCode: status }, responseTime: performance.now() - started, cache: 'page', sampled: LOG_SAMPLE }, 'request completed')

  // a sampled 'request completed' line: the first hit and then one in LOG_SAMPLE, marked with the rate
  let hits = 0
  const EMPTY: Record<string, string> = {}

  return function serveCached(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method
    if ((method !== 'GET' && method !== 'HEAD') || (proxiesToFastify && req.headers['x-forwarded-proto'] !== undefined)) return false
    const url = req.url ?? '/'
    const q = url.indexOf('?')
    const rawPath = q < 0 ? url : url.slice(0, q)
    // a canonical path is its own normalized form (isCacheable refuses the others)
    if (!isCanonicalPath(rawPath)) return false
    const raw = q < 0 ? EMPTY : queryOf(url.slice(q + 1))
    if (rawPath === '/' && (raw.p !== undefined || raw.page_id !== undefined)) return false // an old ?p= address: maybe a redirect
    const cookies = req.headers.cookie
    const preview = (q >= 0 && raw[PREVIEW_PARAM] !== undefined) || (cookies !== undefined && cookies.includes(`${PREVIEW_COOKIE}=`))
    if (!isCacheable({ rawPath, path: rawPath, preview, personal: deps.personal?.(cookies) ?? false })) return false
    const siteId = deps.siteOf(req.headers.host)
    if (!siteId) return false
    const key = q < 0 ? pageKey(rawPath, PLAIN.query, PLAIN.format) : keyOf(rawPath, raw)
    const page = cache.get(siteId, key, theme.version)
    if (!page || page.location || !isUsableHit(page, (id) => cookies?.includes(`${unlockCookieName(id)}=`) === true)) return false
    const secure = arrival.secure(req)
    const log = logs && hits++ % LOG_SAMPLE === 0
    const started = log ? performance.now() : 0
    let status: number
    if (page.bytes.length === 1) {
      // a public page: its precomputed answer
      const wire = wireOf(page, req.headers['accept-encoding'], secure, deps.headers)
      const inm = req.headers['if-none-match']
      if (inm !== undefined && wire.status === 200 && notModified(inm, wire.etag)) {
        res.writeHead((status = 304), wire.notModified)
        res.end()
      } else {
        res.writeHead((status = wire.status), wire.headers)
        res.end(method === 'HEAD' ? undefined : wire.body)
      }
    } else {
      const answered = personal(req, res, page, cookies, secure)
      if (answered === null) return false
      status = answered
    }
    if (log) completed(req, status, started)
    return true
  }

  /** A page printing the visitor's crumb: their crumb (and cookie) in the answer; null leaves it to Fastify. */
  function personal(req: IncomingMessage, res: ServerResponse, page: CachedPage, cookies: string | undefined, secure: boolean): number | null {
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
    if (declined) return null
    const headers: Record<string, string | number> = { ...deps.headers(secure), ...answer.headers }
    if (setCookie) headers['set-cookie'] = setCookie
    if (answer.body) headers['content-length'] = answer.body.length
    res.writeHead(answer.status, headers)
    res.end(req.method === 'HEAD' || !answer.body ? undefined : answer.body)
    return answer.status
  }
}

export type FastPath = ReturnType<typeof createFastPath>
