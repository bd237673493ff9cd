// HTTP: a page's translations, read and written on the page's own route with the `locale` query parameter
// (`/api/sites/{siteId}/content/collections/{collectionId}/translations?locale=fr-FR`). The content roles (the
// permission table's '/content' rule), crumb on writes (defineRoute's default).
import { TRANSLATION_KINDS, type PutTranslationsRequest, type TranslationsAnswer } from '@sitewright/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Accepts, Assert } from '../../platform/http/contract.js'
import { defineRoute } from '../../platform/http/route.js'
import type { ObjectKind } from './objects.js'

export interface TranslationRoutesPort {
  authorize(request: FastifyRequest, siteId: string): Promise<unknown>
  read(siteId: string, locale: string, pageId: string): Promise<TranslationsAnswer>
  write(siteId: string, locale: string, pageId: string, fields: Record<string, string | null>): Promise<TranslationsAnswer>
  authorizeObject(request: FastifyRequest, siteId: string, kind: ObjectKind, change: boolean): Promise<unknown>
  readObject(siteId: string, locale: string, kind: ObjectKind, objectId: string): Promise<TranslationsAnswer>
  writeObject(siteId: string, locale: string, kind: ObjectKind, objectId: string, fields: Record<string, string | null>): Promise<TranslationsAnswer>
}

const TAGS = ['languages']
const id = z.string().regex(/^[a-z0-9]{1,64}$/)
const params = z.object({ siteId: id, collectionId: z.string().min(1).max(64) }).strict()
const query = z.object({ locale: z.string({ error: 'Choose the locale to translate into, e.g. ?locale=fr-FR.' }).min(1).max(64) }).strict()
const field = z.string().regex(/^[A-Za-z0-9_-]{1,40}(\.[A-Za-z]{1,40})?$/, 'Name a page field (title, urlId, ...) or a block field as <blockId>.<prop>.')
const putBody = z.object({ fields: z.record(field, z.string().max(100_000).nullable()) }).strict()
type _PutAgrees = Assert<Accepts<z.infer<typeof putBody>, PutTranslationsRequest>>
const answer = z.object({ locale: z.string(), kind: z.enum(TRANSLATION_KINDS), objectId: z.string(), fields: z.record(z.string(), z.string()) }).strict()
// an object field: its name, or `option.<name>` (a product option, names may hold spaces) / `<fieldId>.<prop>` (a form field)
const objectField = z.string().min(1, 'Name the field to translate.').max(140, 'Name the field to translate.')
const objectBody = z.object({ fields: z.record(objectField, z.string().max(100_000).nullable()) }).strict()
type _ObjectPutAgrees = Assert<Accepts<z.infer<typeof objectBody>, PutTranslationsRequest>>

/** The other objects' translation routes: the object's own route + /translations, and its id parameter. */
const OBJECT_ROUTES: readonly { kind: ObjectKind; url: string; what: string; idParam?: string }[] = [
  { kind: 'item', url: '/api/sites/:siteId/content/items/:itemId/translations', what: "A collection item's (post, event, image)", idParam: 'itemId' },
  { kind: 'product', url: '/api/sites/:siteId/commerce/products/:productId/translations', what: "A product's", idParam: 'productId' },
  { kind: 'form', url: '/api/sites/:siteId/forms/:formId/translations', what: "A form's", idParam: 'formId' },
  { kind: 'site', url: '/api/sites/:siteId/content/profile/translations', what: "The site's header and footer" },
]

export function registerTranslationRoutes(app: FastifyInstance, port: TranslationRoutesPort): void {
  const url = '/api/sites/:siteId/content/collections/:collectionId/translations'
  defineRoute(
    app,
    { method: 'GET', url, summary: "A page's translated fields in one locale (?locale=fr-FR); missing fields fall back to the default", tags: TAGS, params, query, responses: { 200: { description: 'Translated fields', schema: answer }, 404: { description: 'No such page or locale' }, 409: { description: 'The default locale' } } },
    async ({ request, params, query }) => {
      await port.authorize(request, params.siteId)
      return port.read(params.siteId, query.locale, params.collectionId)
    },
  )
  defineRoute(
    app,
    {
      method: 'PUT', url, summary: "Write a page's translated fields in one locale (null removes one)", tags: TAGS, params, query, body: putBody,
      responses: { 200: { description: 'All the translated fields now', schema: answer }, 400: { description: 'A field the page does not translate, a bad slug' }, 404: { description: 'No such page or locale' }, 409: { description: 'The default locale, or the slug is taken' } },
    },
    async ({ request, params, query, body }) => {
      await port.authorize(request, params.siteId)
      return port.write(params.siteId, query.locale, params.collectionId, body.fields)
    },
  )
  for (const r of OBJECT_ROUTES) registerObjectRoutes(app, port, r)
}

function registerObjectRoutes(app: FastifyInstance, port: TranslationRoutesPort, r: (typeof OBJECT_ROUTES)[number]): void {
  const p = r.idParam ? z.object({ siteId: id, [r.idParam]: z.string().min(1).max(64) }).strict() : z.object({ siteId: id }).strict()
  const objectId = (params: Record<string, string>) => (r.idParam ? params[r.idParam]! : params.siteId!)
  defineRoute(
    app,
    { method: 'GET', url: r.url, summary: `${r.what} translated fields in one locale (?locale=fr-FR); missing fields fall back to the default`, tags: TAGS, params: p, query, responses: { 200: { description: 'Translated fields', schema: answer }, 404: { description: 'No such object or locale' }, 409: { description: 'The default locale' } } },
    async ({ request, params, query }) => {
      await port.authorizeObject(request, params.siteId, r.kind, false)
      return port.readObject(params.siteId, query.locale, r.kind, objectId(params))
    },
  )
  defineRoute(
    app,
    {
      method: 'PUT', url: r.url, summary: `Write ${r.what.toLowerCase()} translated fields in one locale (null removes one)`, tags: TAGS, params: p, query, body: objectBody,
      responses: { 200: { description: 'All the translated fields now', schema: answer }, 400: { description: 'A field the object does not translate' }, 404: { description: 'No such object or locale' }, 409: { description: 'The default locale' } },
    },
    async ({ request, params, query, body }) => {
      await port.authorizeObject(request, params.siteId, r.kind, true)
      return port.writeObject(params.siteId, query.locale, r.kind, objectId(params), body.fields)
    },
  )
}
