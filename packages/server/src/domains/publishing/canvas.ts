// The editor's canvas: GET /config/canvas?siteId=&path= renders a page of the site in its draft state, on the
// editor's own origin (so the editor can outline, select and edit blocks in place), with the site's theme and styles.
// Only this render marks blocks and sections (`data-block-id`, `data-section-id`); visitors' pages never carry them.
// The canvas runs no script (the editor drives it), loads the site's files through a <base> on the site's host, and
// is never cached. `&version=` shows the page as one of its versions kept it (the History panel's preview).
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import { withSafeLinks } from '../../platform/url-policy.js'
import { CRUMB_PLACEHOLDER } from './serve/index.js'
import { resolvePath, type Target } from './context/index.js'
import { loadScope, type SiteScope } from './context/index.js'
import { localize } from './context/index.js'
import type { ServeContext } from './serve/index.js'

const canvasQuery = z
  .object({
    siteId: z.string().min(1).max(100),
    path: z.string().max(2000).optional(),
    /** A version of the page (the history's): the page as that version kept it, read only. */
    version: z.string().regex(/^\d{1,18}$/, 'Use the id of a version of the page.').optional(),
  })
  .strict()

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** Marks the rendered blocks and sections of a page for the editor and makes it script-free. */
export function canvasHtml(html: string, siteUrl: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<head>/i, `<head>\n  <base href="${esc(siteUrl)}">`)
    .replace(/(<div class="block block-[a-z0-9-]+" id="block-([^"<>]+)")/g, (_m, open: string, id: string) => `${open} data-block-id="${id}"`)
    .replace(/(<section class="layout-section[^"<>]*" id="section-([^"<>]+)")/g, (_m, open: string, id: string) => `${open} data-section-id="${id}"`)
}

/** The canvas's own policy: no script at all; styles, images, media and fonts of this host and the site's host. */
export function canvasPolicy(siteOrigin: string): string {
  const files = `'self' ${siteOrigin}`
  return [
    "default-src 'none'",
    "script-src 'none'",
    `style-src ${files} 'unsafe-inline'`,
    `img-src ${files} data: blob: https:`,
    `media-src ${files} data: blob: https:`,
    `font-src ${files} data:`,
    `base-uri ${siteOrigin}`,
    "form-action 'none'",
    "frame-src 'none'",
    "frame-ancestors 'self'",
  ].join('; ')
}

/** The page as version `versionId` kept it: today's row with the version's title and layout. */
async function versionTarget(s: ServeContext, scope: SiteScope, versionId: string): Promise<Target> {
  const notFound = () => new AppError('not_found', 'version_not_found', 'No such version of a page.')
  const v = s.pageVersion ? await s.pageVersion(scope.site.id, versionId) : null
  const row = v ? scope.byId.get(v.collectionId) : undefined
  if (!v || !row) throw notFound()
  const then = { ...row, title: v.title, layout: v.layout as typeof row.layout }
  scope.byId.set(row.id, then)
  scope.collections = scope.collections.map((c) => (c.id === row.id ? then : c))
  return { kind: 'collection', collection: then }
}

export function registerCanvasRoute(app: FastifyInstance, s: ServeContext): void {
  const authorize = s.authorizePreview
  if (!authorize) return
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/config/canvas',
      summary: "A page of the site in its draft state for the editor's canvas (blocks marked; no scripts; never cached)",
      tags: ['publishing'],
      query: canvasQuery,
      responses: { 200: { description: 'The page (text/html)' }, 400: { description: 'validation_failed (path, version)' }, 401: { description: 'not signed in' }, 403: { description: 'role_not_allowed' }, 404: { description: 'site_not_found, version_not_found' } },
    },
    async ({ request, reply, query }) => {
      await authorize(request, query.siteId)
      const path = query.path ?? '/'
      if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) {
        throw new AppError('invalid_data', 'validation_failed', 'Enter a path of the site.', { fields: { path: 'Enter a path of the site.' } })
      }
      const loaded = await loadScope(s.sites, s.content.preview, s.deps, query.siteId, request)
      if (!loaded) throw new AppError('not_found', 'site_not_found', 'No such site.')
      // a path under an added locale's prefix is the page in that locale (its translations in place)
      const { scope, inner } = await localize(loaded, path)
      const target = query.version ? await versionTarget(s, scope, query.version) : await resolvePath(scope, inner)
      const result = await s.pages.build(scope, target, {
        path,
        query: { page: 1 },
        crumb: CRUMB_PLACEHOLDER,
        member: { signedIn: true, isMember: true },
        unlocked: () => true,
      })
      const siteUrl = s.sites.urlOf(scope.site.slug)
      reply.header('cache-control', 'private, no-store').header('content-security-policy', canvasPolicy(new URL(siteUrl).origin))
      if (!result.context) throw new AppError('not_found', 'page_not_found', 'This address shows no page to edit.')
      const context = withSafeLinks(result.context)
      const html = s.theme.render(context.template, context, scope.locale.locale).split(CRUMB_PLACEHOLDER).join('')
      return reply.code(result.status).type('text/html; charset=utf-8').send(canvasHtml(html, siteUrl))
    },
  )
}
