// Visitor routes of published pages: every GET path of a site host, POST `{page}?unlock` for password pages,
// /sitemap.xml and /robots.txt. Cached pages are dropped by the domains that change what pages show (index.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../platform/errors.js'
import { isApiPath } from '../../platform/http/error-handler.js'
import { checkCrumb } from '../../platform/http/crumb.js'
import { defineRoute } from '../../platform/http/route.js'
import { TOO_MANY_GUESSES, WRONG_PASSWORD } from './render/index.js'
import { loadScope, fullUrlOf } from './context/index.js'
import { localize } from './context/index.js'
import { robotsTxt, sitemapXml } from './render/index.js'
import { requestPath, type createServer, type ServeContext } from './serve/index.js'
import { previewAddress, previewToken } from './access/index.js'
import { setUnlockCookie } from './access/index.js'
import { unlockPage } from './unlock-page.js'
import { registerCanvasRoute } from './canvas.js'

const previewQuery = z.object({ siteId: z.string().min(1).max(100), path: z.string().max(2000).optional() }).strict()

/** The crumb rule of every state-changing request; `request.crumb` is the cookie's value only when it is genuine. */
const requireCrumb = (request: FastifyRequest) => checkCrumb(request, (value) => value === request.crumb)

export function registerPublishingRoutes(app: FastifyInstance, s: ServeContext, server: ReturnType<typeof createServer>): void {
  const siteOf = (request: FastifyRequest) => (request.tenancy.kind === 'unknown' ? null : request.tenancy.site)

  const get = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) throw new AppError('not_found', 'route_not_found', `There is no API route GET ${request.url.split('?')[0]}.`)
    return server.page(request, reply)
  }
  // pages set no crumb cookie unless they print the crumb (public answers any HTTP cache may share)
  const lazy = { config: { crumbCookie: 'lazy' as const } }
  app.get('/', lazy, get)
  app.get('/*', lazy, get)

  // The crumb is checked here (not by the global hook) so that other POST paths still answer 404 before 403.
  app.post('/*', { config: { crumb: false } }, async (request, reply) => {
    const url = request.url
    if (isApiPath(url)) throw new AppError('not_found', 'route_not_found', `There is no API route POST ${url.split('?')[0]}.`)
    if (!/[?&]unlock(=|&|$)/.test(url)) throw new AppError('not_found', 'route_not_found', 'Page not found.')
    requireCrumb(request)
    const ref = siteOf(request)
    if (!ref) throw new AppError('not_found', 'site_not_found', 'There is no site at this address.')
    const path = requestPath(url)
    const body = (request.body ?? {}) as Record<string, unknown>
    const outcome = await unlockPage(s, request, ref.id, path, typeof body.password === 'string' ? body.password : '')
    switch (outcome.kind) {
      case 'not-locked':
        return reply.redirect(path, 303)
      case 'throttled':
        reply.header('retry-after', String(Math.max(1, outcome.retryAfter)))
        return server.page(request, reply, { lockError: TOO_MANY_GUESSES, path, status: 429 })
      case 'unlocked':
        setUnlockCookie(s.secret, request, reply, outcome.collection, fullUrlOf(outcome.collection))
        return reply.redirect(path, 303)
      case 'wrong-password':
        return server.page(request, reply, { lockError: WRONG_PASSWORD, path })
    }
  })

  // The owner's preview: mints a short-lived token and opens the path on the site's host with it (see preview.ts).
  const authorizePreview = s.authorizePreview
  if (authorizePreview) {
    defineRoute(
      app,
      {
        method: 'GET',
        url: '/config/preview',
        summary: "Open a page of the site in the owner's preview (drafts, scheduled, needs-review and private content shown; never cached)",
        tags: ['publishing'],
        query: previewQuery,
        responses: { 302: { description: 'To the page on the site host with the preview token' }, 400: { description: 'validation_failed (path)' }, 401: { description: 'not signed in' }, 403: { description: 'role_not_allowed' }, 404: { description: 'site_not_found' } },
      },
      async ({ request, reply, query }) => {
        await authorizePreview(request, query.siteId)
        const site = await s.sites.get(query.siteId)
        if (!site) throw new AppError('not_found', 'site_not_found', 'No such site.')
        const to = previewAddress(s.sites.urlOf(site.slug), query.path ?? '/', previewToken(s.secret, site.id))
        if (!to) throw new AppError('invalid_data', 'validation_failed', 'Enter a path of the site.', { fields: { path: 'Enter a path of the site.' } })
        return reply.header('cache-control', 'no-store').redirect(to, 302)
      },
    )
  }

  registerCanvasRoute(app, s)

  // one sitemap per locale: the default's at /sitemap.xml, an added locale's under its prefix (/fr/sitemap.xml)
  const sitemap = (prefix: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const ref = siteOf(request)
    const loaded = ref ? await loadScope(s.sites, s.content, s.deps, ref.id, request) : null
    if (!loaded) throw new AppError('not_found', 'site_not_found', 'There is no site at this address.')
    const { scope } = await localize(loaded, prefix ? `/${prefix}` : '/')
    if (scope.locale.prefix !== prefix) return server.page(request, reply)
    return reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(await sitemapXml(scope))
  }
  app.get('/sitemap.xml', lazy, sitemap(''))
  app.get('/:prefix/sitemap.xml', lazy, (request, reply) => sitemap(String((request.params as { prefix?: string }).prefix ?? ''))(request, reply))

  app.get('/robots.txt', lazy, async (request, reply) => {
    const ref = siteOf(request)
    const site = ref ? await s.sites.get(ref.id) : null
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    const prefixes = s.deps.languages ? (await s.deps.languages.locales(site.id)).filter((l) => !l.default).map((l) => l.prefix) : []
    return reply.type('text/plain; charset=utf-8').send(robotsTxt((await s.sites.publicUrl(site)).replace(/\/+$/, ''), prefixes))
  })
}
