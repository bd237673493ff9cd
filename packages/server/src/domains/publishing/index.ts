// Public API of the publishing domain: published pages rendered from the theme (themes/default) with the
// template context of themes/default/CONTEXT.md, system pages, sitemap/robots, and the per-site page cache.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../platform/errors.js'
import { createInvalidation, type Invalidation } from '../../platform/invalidation.js'
import type { Content } from '../content/index.js'
import type { Sites } from '../sites/index.js'
import { CRUMB_PLACEHOLDER, createPageCache } from './serve/index.js'
import { createPages } from './render/index.js'
import { registerPublishingRoutes } from './routes.js'
import { createFastPath, type FastPathDeps } from './serve/index.js'
import { createServer, requestPath, type PageVersionOf } from './serve/index.js'
import { createTheme, DEFAULT_THEME_DIR } from './render/index.js'
import type { Json, LockThrottle, PublishingDeps } from './context/index.js'

export { DEFAULT_THEME_DIR } from './render/index.js'
export type { FastPath, FastPathDeps } from './serve/index.js'
export { LOCKED_MESSAGE, MEMBERS_MESSAGE } from './render/index.js'
export type { CommentContext, ImageContext, LockThrottle, NavLink, PageContext, ProductItem, PublishingDeps } from './context/index.js'
export type { PageVersionOf } from './serve/index.js'

export interface PublishingOptions {
  sites: Sites
  content: Content
  /** HMAC key of unlock cookies (a server secret). */
  secret: string
  themeDir?: string
  log?: FastifyBaseLogger
  /** Other domains' parts (images, social, products, forms, styles). */
  deps?: PublishingDeps
  cacheTtlMs?: number
  /** Throws unless the request's signed-in owner may preview the site (GET /config/preview); absent: no preview. */
  authorizePreview?: (request: FastifyRequest, siteId: string) => Promise<unknown>
  /** Throttles guesses at page-lock passwords (shared by every node); absent: not throttled. */
  lockThrottle?: LockThrottle
  /** A page as one of its versions kept it (the history's), for the canvas's preview of a version; absent: no previews. */
  pageVersion?: PageVersionOf
  /** The content-hashed URL of a built file a page links (storefront script, theme CSS); default: the path as is. */
  assetUrl?: (path: string) => string
  /** The page-cache invalidation port (a cross-node broadcaster plugs in here); default: this process only. */
  invalidation?: Invalidation
}

/** A themed system page of another domain (cart, checkout, unsubscribe, ...). */
export interface SystemPage {
  pageType: number
  template: string
  title: string
  extra: Json
  /** HTTP status; default 200. */
  status?: number
  /** The locale to render it in (its lang, navigation and links); default: the site's. */
  locale?: string
}

/** Publishing owns no tables: it renders from the other domains' reads, so it takes only its options. */
export function createPublishing(opts: PublishingOptions) {
  const theme = createTheme(opts.themeDir ?? DEFAULT_THEME_DIR, opts.log)
  const cache = createPageCache({ ttlMs: opts.cacheTtlMs })
  const deps: PublishingDeps = { ...opts.deps }
  const pages = createPages(theme, opts.assetUrl)
  const ctx = { sites: opts.sites, content: opts.content.read, deps, theme, pages, cache, secret: opts.secret, log: opts.log, authorizePreview: opts.authorizePreview, lockThrottle: opts.lockThrottle, pageVersion: opts.pageVersion }
  const server = createServer(ctx)
  // One way to drop a site's cached pages: the port. Content announces its changes; other domains call invalidate.
  const invalidation = opts.invalidation ?? createInvalidation()
  invalidation.onInvalidate((siteId) => cache.bump(siteId))
  opts.content.onChange((siteId) => invalidation.invalidate(siteId))

  return {
    routes(app: FastifyInstance): void {
      registerPublishingRoutes(app, ctx, server)
    },
    /** Drops the cached pages of a site (call after a change that shows on its pages). */
    invalidate: (siteId: string) => invalidation.invalidate(siteId),
    /** The themed 404 page of the request's site (the app's not-found handler). */
    notFound(request: FastifyRequest, reply: FastifyReply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') throw new AppError('not_found', 'route_not_found', 'Page not found.')
      return server.page(request, reply)
    },
    /** Renders a themed system page (pageType, body template, title, extra context fields) for the request's site. */
    renderSystemPage(request: FastifyRequest, reply: FastifyReply, page: SystemPage) {
      return server.custom(request, reply, page.status ?? 200, (scope) => pages.system(scope, requestPath(request.url), CRUMB_PLACEHOLDER, page), page.locale)
    },
    /** The raw-request fast path of cached pages (put in front of Fastify by the app's server factory). */
    fastPath: (fastDeps: FastPathDeps) => createFastPath(cache, theme, fastDeps),
    /** Pages currently cached (all sites). */
    get cachedPages() {
      return cache.size
    },
  }
}

export type Publishing = ReturnType<typeof createPublishing>
