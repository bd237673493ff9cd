// Whole-site export and import over HTTP (the editor's Settings -> Export / Import).
//   GET  /api/sites/:siteId/export?customerData=0|1   the site as a .swz archive (a download, exact length)   transfer (ADMIN)
//   POST /api/sites/import?slug=&title=               body: a .swz archive; a new site of the signed-in owner (ADMIN of it)
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import { z } from 'zod'
import { SITE_ARCHIVE_MEDIA_TYPE } from '@sitewright/contracts'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import { SLUG_MESSAGE, SLUG_PATTERN } from '../../platform/slug.js'
import type { TransferApi } from './index.js'

const tags = ['transfer']
const siteIdParams = z.object({ siteId: z.string().regex(/^[0-9a-f]{24}$/, 'Unknown site id.') }).strict()
const exportQuery = z.object({ customerData: z.enum(['0', '1'], { error: 'customerData is 0 or 1.' }).optional() }).strict()
const importQuery = z
  .object({
    slug: z.string().trim().toLowerCase().regex(SLUG_PATTERN, SLUG_MESSAGE).optional(),
    title: z.string().trim().min(1, 'Enter a site title.').max(100, 'Use at most 100 characters.').optional(),
  })
  .strict()
/** Media types an import body may carry (a browser sends a picked file as octet-stream or the archive's own type). */
const ARCHIVE_TYPES = [SITE_ARCHIVE_MEDIA_TYPE, 'application/octet-stream', 'application/x-tar']

export interface TransferRouteDeps {
  /** Owner session + host rule + ADMIN on the site. */
  authorizeAdmin(request: FastifyRequest, siteId: string): Promise<unknown>
  requireOwner(request: FastifyRequest): Promise<{ ownerId: string }>
}

export function registerTransferRoutes(app: FastifyInstance, api: TransferApi, deps: TransferRouteDeps): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/sites/:siteId/export',
      summary: 'The whole site as a .swz archive: pages, items, styles, forms, store, files; customer data unless customerData=0 (ADMIN)',
      tags,
      params: siteIdParams,
      query: exportQuery,
      responses: { 200: { description: `The archive (${SITE_ARCHIVE_MEDIA_TYPE}), as a download` } },
    },
    async ({ request, reply, params, query }) => {
      await deps.authorizeAdmin(request, params.siteId)
      const prepared = await api.prepareExport(params.siteId, { customerData: query.customerData !== '0' })
      reply.raw.on('close', () => void prepared.dispose())
      reply
        .header('content-type', SITE_ARCHIVE_MEDIA_TYPE)
        .header('content-length', String(prepared.size))
        .header('content-disposition', `attachment; filename="${prepared.filename}"`)
        .header('cache-control', 'no-store')
      return reply.send(Readable.from(prepared.bytes()))
    },
  )

  app.register(async (scope) => {
    // the archive is read as it arrives (never buffered whole): the raw request stream is the body
    scope.addContentTypeParser(ARCHIVE_TYPES, (_request, payload, done) => done(null, payload))
    defineRoute(
      scope,
      {
        method: 'POST',
        url: '/api/sites/import',
        summary: 'Imports a .swz archive as a new site of the signed-in owner, who is its ADMIN (body: the archive bytes)',
        tags,
        query: importQuery,
        responses: {
          201: { description: 'The new site, its home page and what was imported' },
          400: { description: 'archive_damaged, archive_unknown, validation_failed' },
          409: { description: 'slug_taken' },
          415: { description: 'not an archive media type' },
          422: { description: 'archive_version, archive_table_unknown' },
        },
      },
      async ({ request, reply, query }) => {
        const session = await deps.requireOwner(request)
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
        if (!ARCHIVE_TYPES.includes(type)) throw new AppError('unsupported_media_type', 'unsupported_media_type', `Send the archive as ${SITE_ARCHIVE_MEDIA_TYPE}.`)
        const result = await api.importSite(request.body as IncomingMessage, { ownerId: session.ownerId, slug: query.slug, title: query.title })
        reply.code(201)
        return result
      },
    )
  })
}
