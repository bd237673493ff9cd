import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../platform/errors.js'
import { plainPage } from '../../platform/http/html.js'
import type { Sites } from '../sites/index.js'
import { PAGE_TYPES, pageContext, type Theme } from './service.js'

export function createPublishing(app: FastifyInstance, sites: Sites, theme: Theme) {
  async function page(request: FastifyRequest, reply: FastifyReply, template: 'home' | '404', status: number) {
    const ref = request.tenancy.kind === 'unknown' ? null : request.tenancy.site
    const site = ref ? await sites.get(ref.id) : null
    if (!site) {
      return reply.code(404).type('text/html; charset=utf-8').send(plainPage('Page not found', 'There is no site at this address.'))
    }
    const settings = sites.settingsOf(site)
    const notFound = template === '404'
    const context = pageContext(site, settings, {
      baseUrl: sites.urlOf(site.slug),
      path: request.url.split('?')[0]!,
      pageType: notFound ? PAGE_TYPES.NOT_FOUND : PAGE_TYPES.PAGE,
      template: notFound ? 'not-found' : 'home',
      pageTitle: notFound ? 'Page not found' : settings.title,
    })
    reply.code(status).header('cache-control', 'no-cache')
    const format = (request.query as Record<string, unknown> | undefined)?.format
    if (format === 'json') return reply.send(context)
    if (format === 'json-pretty') return reply.type('application/json; charset=utf-8').send(JSON.stringify(context, null, 2))
    return reply.type('text/html; charset=utf-8').send(theme.render(template, context, settings.locale))
  }

  app.get('/', async (request, reply) => page(request, reply, 'home', 200))

  return {
    /** The themed 404 page of the request's site (used by the app's not-found handler). */
    notFound: (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        throw new AppError('not_found', 'route_not_found', 'Page not found.')
      }
      return page(request, reply, '404', 404)
    },
  }
}
