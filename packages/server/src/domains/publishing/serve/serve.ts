// Serving published pages: host -> site, path -> page, context -> theme -> HTML (or ?format=json), through the
// per-site page cache. Errors while building a page give the themed ERROR page (500), never a stack trace.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../../platform/errors.js'
import type { ContentRead } from '../../content/index.js'
import type { Sites } from '../../sites/index.js'
import { CRUMB_PLACEHOLDER, prepareBody, type CachedPage, type PageCache } from './cache.js'
import { compressParts } from './compress.js'
import { cachedAnswer, isCacheable, isUsableHit } from './door.js'
import type { PageRequest, PageResult, Pages } from '../render/index.js'
import { legacyQueryPath, pageKey, pageQuery, requestPath, type Format } from './request.js'
import { resolvePath } from '../context/index.js'
import { loadScope, type SiteScope } from '../context/index.js'
import { inLocale, localize } from '../context/index.js'
import type { Theme } from '../render/index.js'
import type { LockThrottle, PublishingDeps } from '../context/index.js'
import { checkPreview } from '../access/index.js'
import { hasUnlockCookie, isUnlocked } from '../access/index.js'
import { withSafeLinks } from '../../../platform/url-policy.js'

export { isCanonicalPath, pageKey, pageQuery, requestPath, type Format } from './request.js'

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
  /** A page as one of its versions kept it (the canvas's preview of a version); absent: no previews. */
  pageVersion?: PageVersionOf | undefined
}

/** A page's versioned fields as version `versionId` kept them; null: no such version, or not a page's. */
export type PageVersionOf = (siteId: string, versionId: string) => Promise<{ collectionId: string; title: string; layout: unknown } | null>

const NO_SITE = () => new AppError('not_found', 'site_not_found', 'There is no site at this address.')

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
    const answer = cachedAnswer(page, () => request.crumb, request.headers['if-none-match'], preview, request.headers['accept-encoding'])
    reply.code(answer.status).headers(answer.headers)
    return answer.body ? reply.send(answer.body) : reply.send()
  }

  /** Gives a page entering the cache its compressed forms: those of the entry it replaces when unchanged, else made now. */
  function compressOnce(siteId: string, key: string, entry: CachedPage) {
    const before = s.cache.peek(siteId, key)
    if (before && before.etag === entry.etag && (before.br || before.gz || before.gzParts)) {
      Object.assign(entry, { br: before.br, gz: before.gz, gzParts: before.gzParts })
      return
    }
    compressParts(entry.bytes).then(
      (c) => Object.assign(entry, c),
      (e: unknown) => s.log?.warn({ err: e }, 'page not compressed'),
    )
  }

  /** Renders a built page, or the ERROR page when building or rendering failed. */
  async function finish(scope: SiteScope, path: string, build: () => Promise<PageResult>, format: Format): Promise<{ result: PageResult; text: string; failed: boolean }> {
    try {
      const result = await build()
      return { result, text: result.context ? body(result, format, scope.locale.locale) : '', failed: false }
    } catch (e) {
      s.log?.error({ err: e, path }, 'page failed to render')
      const result = await s.pages.error(scope, path, CRUMB_PLACEHOLDER)
      return { result, text: body(result, format, scope.locale.locale), failed: true }
    }
  }

  /**
   * Renders under way of cacheable pages, by site, page key, content and theme version: requests that miss the cache
   * while one is rendering wait for it instead of rendering the same page again (a cache drop under load, such as an
   * image's variants finishing, otherwise starts one render per waiting request, each slowing the others).
   */
  const rendering = new Map<string, Promise<CachedPage | null>>()

  async function page(request: FastifyRequest, reply: FastifyReply, opts: { lockError?: string; path?: string; status?: number } = {}) {
    const ref = request.tenancy.kind === 'unknown' ? null : request.tenancy.site
    if (!ref) throw NO_SITE()
    const path = opts.path ?? requestPath(request.url)
    const legacy = path === '/' ? legacyQueryPath(request.query) : null
    const moved = legacy ? (await s.content.redirectsFor(ref.id, [legacy])).get(legacy) : undefined
    if (moved) return reply.code(301).header('location', moved).header('cache-control', 'no-cache').send()
    const { query, format } = pageQuery(request.query)
    const key = pageKey(path, query, format)
    const themeVersion = s.theme.version
    const preview = checkPreview(s.secret, request, reply, ref.id)
    // the same rule as the fast path (fast.ts), which answers exactly the cacheable requests routed here
    const memberCookie = s.deps.memberCookie?.(request.cookies) ?? false
    const cacheable = isCacheable({ rawPath: request.url.split('?')[0]!, path, preview, personal: memberCookie, lockError: opts.lockError !== undefined })
    const flight = `${ref.id}\u0000${key}\u0000${s.cache.version(ref.id)}\u0000${themeVersion}`
    if (cacheable) {
      const usable = (page: CachedPage | null): page is CachedPage => page !== null && isUsableHit(page, (id) => hasUnlockCookie(request, id))
      const hit = s.cache.get(ref.id, key, themeVersion)
      if (usable(hit)) return send(request, reply, hit)
      const under = rendering.get(flight)
      // the page it rendered, when it was cached (a page personal to its request or a failure is rendered again)
      const shared = under ? await under : null
      if (usable(shared)) return send(request, reply, shared)
    }
    const made = render(request, ref.id, path, query, format, key, themeVersion, preview, cacheable, opts)
    if (cacheable && !rendering.has(flight)) {
      const shared = made.then(
        (r) => (r.stored ? r.entry : null),
        () => null,
      )
      rendering.set(flight, shared)
      void shared.then(() => {
        if (rendering.get(flight) === shared) rendering.delete(flight)
      })
    }
    const { entry } = await made
    return send(request, reply, entry, preview)
  }

  /** Builds and renders a page; caches it when it is cacheable and the same for every visitor (`stored`). */
  async function render(
    request: FastifyRequest,
    siteId: string,
    path: string,
    query: PageRequest['query'],
    format: Format,
    key: string,
    themeVersion: number,
    preview: boolean,
    cacheable: boolean,
    opts: { lockError?: string; status?: number },
  ): Promise<{ entry: CachedPage; stored: boolean }> {
    const siteVersion = s.cache.version(siteId)
    const loaded = await loadScope(s.sites, preview ? s.content.preview : s.content, s.deps, siteId, request)
      .then((sc) => (sc ? localize(sc, path) : null))
      .catch((e: unknown) => {
        s.log?.error({ err: e, path }, 'site could not be loaded')
        return null
      })
    const scope = loaded?.scope
    if (!loaded || !scope) throw new AppError('internal', 'site_unavailable', 'This page could not be shown right now. Please try again in a moment.')
    let personal = false
    // the owner's preview shows members-only and password pages as they are
    const member = preview ? { signedIn: true, isMember: true } : s.deps.member ? await s.deps.member(siteId, request) : null
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
    const { result, text, failed } = await finish(scope, path, async () => s.pages.build(scope, await resolvePath(scope, loaded.inner), r), format)
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
    if (!cacheable || personal || failed) return { entry, stored: false }
    const next = await s.content.nextPublishOn(siteId, scope.now).catch(() => null)
    if (next !== null) entry.expires = Math.min(entry.expires, next)
    compressOnce(siteId, key, entry)
    s.cache.set(siteId, key, entry)
    return { entry, stored: true }
  }

  return {
    page,
    /** Renders a context built by `make` with the request's site scope (system pages of other domains). */
    async custom(request: FastifyRequest, reply: FastifyReply, status: number, make: (scope: SiteScope) => Promise<PageResult['context']>, locale?: string) {
      const ref = request.tenancy.kind === 'unknown' ? null : request.tenancy.site
      const loaded = ref ? await loadScope(s.sites, s.content, s.deps, ref.id, request) : null
      if (!loaded) throw NO_SITE()
      const scope = locale ? await inLocale(loaded, locale) : loaded
      const path = requestPath(request.url)
      const { format } = pageQuery(request.query)
      const { result, text } = await finish(scope, path, async () => ({ status, context: await make(scope) }), format)
      return reply.code(result.status).header('cache-control', 'no-store').type(TYPES[format]).send(text.split(CRUMB_PLACEHOLDER).join(request.crumb))
    },
  }
}
