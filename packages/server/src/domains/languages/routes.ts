// HTTP: the owner's locale API. Reads for every role that reads the settings, changes for ADMIN (the permission
// table), crumb on changes (defineRoute's default).
import type { AddLocaleRequest, LocalesAnswer, SiteLocale } from '@sitewright/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Accepts, Assert } from '../../platform/http/contract.js'
import { defineRoute } from '../../platform/http/route.js'

export interface LocaleRoutesPort {
  authorize(request: FastifyRequest, siteId: string, change: boolean): Promise<unknown>
  list(siteId: string): Promise<LocalesAnswer>
  add(siteId: string, locale: string): Promise<SiteLocale>
  remove(siteId: string, locale: string): Promise<void>
}

const TAGS = ['languages']
const id = z.string().regex(/^[a-z0-9]{1,64}$/)
const siteParams = z.object({ siteId: id }).strict()
const localeParams = z.object({ siteId: id, locale: z.string().max(64) }).strict()
const addBody = z.object({ locale: z.string().max(64, 'Choose a language tag such as fr-FR.') }).strict()
type _AddAgrees = Assert<Accepts<z.infer<typeof addBody>, AddLocaleRequest>>
const localeShape = z.object({ locale: z.string(), prefix: z.string(), default: z.boolean() }).strict()
const listShape = z.object({ locales: z.array(localeShape) }).strict()

export function registerLocaleRoutes(app: FastifyInstance, port: LocaleRoutesPort): void {
  defineRoute(
    app,
    { method: 'GET', url: '/api/sites/:siteId/locales', summary: "The site's locales: the default (marked) first, then the added ones", tags: TAGS, params: siteParams, responses: { 200: { description: 'Locales', schema: listShape } } },
    async ({ request, params }) => {
      await port.authorize(request, params.siteId, false)
      return port.list(params.siteId)
    },
  )
  defineRoute(
    app,
    {
      method: 'POST', url: '/api/sites/:siteId/locales', summary: 'Add a locale (served under its language prefix, e.g. /fr/)', tags: TAGS, params: siteParams, body: addBody,
      responses: { 201: { description: 'The added locale', schema: localeShape }, 400: { description: 'Not a language tag, or no language data for it' }, 409: { description: 'Already added, the default, or its prefix is taken' }, 422: { description: 'Too many locales' } },
    },
    async ({ request, reply, params, body }) => {
      await port.authorize(request, params.siteId, true)
      const added = await port.add(params.siteId, body.locale)
      reply.code(201)
      return added
    },
  )
  defineRoute(
    app,
    { method: 'DELETE', url: '/api/sites/:siteId/locales/:locale', summary: 'Remove an added locale and its translations', tags: TAGS, params: localeParams, responses: { 204: { description: 'Removed' }, 404: { description: 'Not a locale of the site' }, 409: { description: 'The default locale' } } },
    async ({ request, reply, params }) => {
      await port.authorize(request, params.siteId, true)
      await port.remove(params.siteId, params.locale)
      return reply.code(204).send()
    },
  )
}
