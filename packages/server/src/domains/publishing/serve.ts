// Serving published pages: host -> site, path -> page, context -> theme -> HTML (or ?format=json), through the
// per-site page cache. Errors while building a page give the themed ERROR page (500), never a stack trace.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import { plainPage } from '../../platform/http/html.js'
import type { ContentRead } from '../content/index.js'
import type { Sites } from '../sites/index.js'
import { bodyFor, CRUMB_PLACEHOLDER, etagFor, notModified, prepareBody, type CachedPage, type PageCache } from './cache.js'
import type { PageQuery, PageRequest, PageResult, Pages } from './pages.js'
import { resolvePath } from './resolve.js'
import { loadScope, type SiteScope } from './scope.js'
import type { Theme } from './theme.js'
import type { LockThrottle, PublishingDeps } from './types.js'
import { checkPreview } from './preview.js'
import { hasUnlockCookie, isUnlocked } from './unlock.js'
import { withSafeLinks } from '../../platform/url-policy.js'

export type Format = 'html' | 'json' | 'json-pretty'

export interface ServeContext {
  sites: Sites
  content: ContentRead
  deps: PublishingDeps
  theme: Theme
  pages: Pages
  cache: PageCache
  secret: string
  log?: FastifyBaseLogger | undefined
  /** Throws unless the request's signed-in owner may preview the site's unpublished content. */
  authorizePreview?: ((request: FastifyRequest, siteId: string) => Promise<unknown>) | undefined
  /** Throttles guesses at page-lock passwords; absent: not throttled. */
  lockThrottle?: LockThrottle | undefined
}

export function requestPath(url: string): string {
  const end = url.search(/[?#]/)
  let path = end < 0 ? url : url.slice(0, end)
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path)
    } catch {
      // keep it encoded: it will not match anything
    }
  }
  if (path.includes('//')) path = path.replace(/\/{2,}/g, '/')
  if (path.length <= 1) return '/'
  return path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path
}

const one = (v: unknown): string | undefined => (Array.isArray(v) ? one(v[0]) : typeof v === 'string' ? v : undefined)

export function pageQuery(raw: unknown): { query: PageQuery; format: Format } {
  const q = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  const page = Number.parseInt(one(q.page) ?? '1', 10)
  const f = one(q.format)
  const text = (v: string | undefined, max: number) => (v && v.trim() ? v.trim().slice(0, max) : undefined)
  return {
    query: { page: Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1, tag: text(one(q.tag), 50), category: text(one(q.category), 25), q: text(one(q.q), 200), view: one(q.view) === 'calendar' ? 'calendar' : one(q.view) === 'list' ? 'list' : undefined },
    format: f === 'json' ? 'json' : f === 'json-pretty' ? 'json-pretty' : 'html',
  }
}

/** A path whose raw form is the one pages are cached under (no escapes, no empty segments, no trailing slash). */
export const isCanonicalPath = (rawPath: string): boolean => rawPath === '/' || (rawPath.startsWith('/') && !rawPath.endsWith('/') && !rawPath.includes('%') && !rawPath.includes('//'))

/** The page-cache key of a page request (what the answer varies by, besides the site and the crumb). */
export const pageKey = (path: string, query: PageQuery, format: Format): string => `${format}|${path}|${query.page}|${query.tag ?? ''}|${query.category ?? ''}|${query.view ?? ''}`

const TYPES: Record<Format, string> = { html: 'text/html; charset=utf-8', json: 'application/json; charset=utf-8', 'json-pretty': 'application/json; charset=utf-8' }

export function createServer(s: ServeContext) {
  function body(result: PageResult, format: Format, locale: string): string {
    // The URL policy again when rendering: a link stored before it (or by any other path) never reaches a page.
    const context = withSafeLinks(result.context!)
    if (format === 'json') return JSON.stringify(context)
    if (format === 'json-pretty') return JSON.stringify(context, null, 2)
    return s.theme.render(context.template, context, locale)
  }

  function send(request: FastifyRequest, reply: FastifyReply, page: CachedPage, preview = false) {
    if (page.location) return reply.code(page.status).header('cache-control', preview ? 'private, no-store' : 'no-cache').redirect(page.location, page.status as 301)
    // a page printing the visitor's crumb is theirs alone: no shared cache may keep it; a preview is kept nowhere
    reply.header('cache-control', preview ? 'private, no-store' : page.bytes.length === 1 ? 'no-cache' : 'private, no-cache')
    const etag = etagFor(page, request.crumb)
    reply.header('etag', etag)
    if (page.status === 200 && notModified(request.headers['if-none-match'], etag)) return reply.code(304).send()
    return reply.code(page.status).header('content-type', page.contentType).send(bodyFor(page, request.crumb))
  }

  /** Renders a built page, or the ERROR page when building or rendering failed. */
  async function finish(scope: SiteScope, path: string, build: () => Promise<PageResult>, format: Format): Promise<{ result: PageResult; text: string; failed: boolean }> {
    try {
      const result = await build()
      return { result, text: result.context ? body(result, format, scope.settings.locale) : '', failed: false }
    } catch (e) {
      s.log?.error({ err: e, path }, 'page failed to render')
      const result = await s.pages.error(scope, path, CRUMB_PLACEHOLDER)
      return { result, text: body(result, format, scope.settings.locale), failed: true }
    }
  }

  async function page(request: FastifyRequest, reply: FastifyReply, opts: { lockError?: string; path?: string; status?: number } = {}) {
    const ref = request.tenancy.kind === 'unknown' ? null : request.tenancy.site
    if (!ref) return reply.code(404).type('text/html; charset=utf-8').send(plainPage('Page not found', 'There is no site at this address.'))
    const path = opts.path ?? requestPath(request.url)
    const { query, format } = pageQuery(request.query)
    const key = pageKey(path, query, format)
    const themeVersion = s.theme.version
    const preview = checkPreview(s.secret, request, reply, ref.id)
    // only canonical paths are cached: the fast path (fast.ts) answers exactly the requests routed here
    const memberCookie = s.deps.memberCookie?.(request.cookies) ?? false
    const cacheable = !preview && !memberCookie && !opts.lockError && path !== '/search' && isCanonicalPath(request.url.split('?')[0]!)
    if (cacheable) {
      const hit = s.cache.get(ref.id, key, themeVersion)
      if (hit && !(hit.lockedCollectionId && hasUnlockCookie(request, hit.lockedCollectionId))) return send(request, reply, hit)
    }
    const siteVersion = s.cache.version(ref.id)
    const scope = await loadScope(s.sites, preview ? s.content.preview : s.content, s.deps, ref.id, request).catch((e: unknown) => {
      s.log?.error({ err: e, path }, 'site could not be loaded')
      return null
    })
    if (!scope) return reply.code(500).type('text/html; charset=utf-8').send(plainPage('Something went wrong', 'This page could not be shown right now. Please try again in a moment.'))
    let personal = false
    // the owner's preview shows members-only and password pages as they are
    const member = preview ? { signedIn: true, isMember: true } : s.deps.member ? await s.deps.member(ref.id, request) : null
    if (member?.signedIn) personal = true
    const r: PageRequest = {
      path,
      query,
      crumb: CRUMB_PLACEHOLDER,
      member,
      lockError: opts.lockError,
      unlocked: (c) => {
        const ok = preview || isUnlocked(s.secret, request, c)
        if (ok) personal = true
        return ok
      },
    }
    const { result, text, failed } = await finish(scope, path, async () => s.pages.build(scope, await resolvePath(scope, path), r), format)
    const entry: CachedPage = {
      status: opts.status ?? result.status,
      contentType: TYPES[format],
      ...prepareBody(text),
      ...(result.redirect ? { location: result.redirect } : {}),
      ...(result.lockedCollectionId ? { lockedCollectionId: result.lockedCollectionId } : {}),
      siteVersion,
      themeVersion,
      expires: Date.now() + s.cache.ttlMs,
    }
    if (cacheable && !personal && !failed) {
      const next = await s.content.nextPublishOn(ref.id, scope.now).catch(() => null)
      if (next !== null) entry.expires = Math.min(entry.expires, next)
      s.cache.set(ref.id, key, entry)
    }
    return send(request, reply, entry, preview)
  }

  return {
    page,
    /** Renders a context built by `make` with the request's site scope (system pages of other domains). */
    async custom(request: FastifyRequest, reply: FastifyReply, status: number, make: (scope: SiteScope) => Promise<PageResult['context']>) {
      const ref = request.tenancy.kind === 'unknown' ? null : request.tenancy.site
      const scope = ref ? await loadScope(s.sites, s.content, s.deps, ref.id, request) : null
      if (!scope) return reply.code(404).type('text/html; charset=utf-8').send(plainPage('Page not found', 'There is no site at this address.'))
      const path = requestPath(request.url)
      const { format } = pageQuery(request.query)
      const { result, text } = await finish(scope, path, async () => ({ status, context: await make(scope) }), format)
      return reply.code(result.status).header('cache-control', 'no-store').type(TYPES[format]).send(text.split(CRUMB_PLACEHOLDER).join(request.crumb))
    },
  }
}
