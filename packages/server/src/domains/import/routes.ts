// Owner API of imports (Settings -> Import), ADMIN (permission table: /imports -> transfer):
//   POST /api/sites/:siteId/imports?kind=wxr&fileName=   body: the file's bytes   202 { job }
//   GET  /api/sites/:siteId/imports                      { jobs } (latest first)
//   GET  /api/sites/:siteId/imports/:jobId               { job } (progress, then the report or the error)
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { IncomingMessage } from 'node:http'
import { z } from 'zod'
import { IMPORT_KINDS, IMPORT_MAX_BYTES } from '@sitewright/contracts'
import { defineRoute } from '../../platform/http/route.js'
import type { ImportJobs } from './jobs.js'

const tags = ['import']
const id = z.string().regex(/^[0-9a-f]{24}$/, 'Unknown id.')
const siteParams = z.object({ siteId: id }).strict()
const jobParams = z.object({ siteId: id, jobId: id }).strict()
const startQuery = z
  .object({
    kind: z.enum(IMPORT_KINDS, `Choose the kind of file: ${IMPORT_KINDS.join(', ')}.`),
    fileName: z.string().trim().max(200, 'Use at most 200 characters.').optional(),
  })
  .strict()
/** Media types a picked file may arrive with. */
const FILE_TYPES = ['application/octet-stream', 'application/xml', 'text/xml', 'application/rss+xml', 'application/json', 'text/csv', 'text/plain']

export interface ImportRouteDeps {
  /** Owner session + host rule + ADMIN on the site. */
  authorizeAdmin(request: FastifyRequest, siteId: string): Promise<unknown>
}

export function registerImportRoutes(app: FastifyInstance, jobs: ImportJobs, deps: ImportRouteDeps): void {
  defineRoute(
    app,
    { method: 'GET', url: '/api/sites/:siteId/imports', summary: 'The latest imports of the site (ADMIN)', tags, params: siteParams, responses: { 200: { description: '{ jobs }' } } },
    async ({ request, params }) => {
      await deps.authorizeAdmin(request, params.siteId)
      return { jobs: await jobs.list(params.siteId) }
    },
  )
  defineRoute(
    app,
    { method: 'GET', url: '/api/sites/:siteId/imports/:jobId', summary: "An import's progress, then its report or error (ADMIN)", tags, params: jobParams, responses: { 200: { description: '{ job }' }, 404: { description: 'import_not_found' } } },
    async ({ request, params }) => {
      await deps.authorizeAdmin(request, params.siteId)
      return { job: await jobs.get(params.siteId, params.jobId) }
    },
  )
  app.register(async (scope) => {
    // the file is written to disk as it arrives (never buffered whole)
    scope.removeContentTypeParser(['application/json', 'text/plain'])
    scope.addContentTypeParser(FILE_TYPES, (_request, payload, done) => done(null, payload))
    defineRoute(
      scope,
      {
        method: 'POST',
        url: '/api/sites/:siteId/imports',
        summary: 'Starts importing a file from another platform (body: the file; kind wxr, ghost, shopify-csv or woo-csv) (ADMIN)',
        tags,
        params: siteParams,
        query: startQuery,
        responses: { 202: { description: '{ job }' }, 400: { description: 'validation_failed, import_empty' }, 413: { description: 'import_too_large' }, 415: { description: 'unsupported_media_type' } },
      },
      async ({ request, reply, params, query }) => {
        await deps.authorizeAdmin(request, params.siteId)
        const job = await jobs.start(params.siteId, query.kind, query.fileName ?? '', request.body as IncomingMessage, IMPORT_MAX_BYTES)
        reply.code(202)
        return { job }
      },
    )
  })
}
