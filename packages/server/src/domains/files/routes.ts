// Owner API for a site's files (upload, list/search, detail, rename and describe, delete).
import { PassThrough } from 'node:stream'
import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import { WEBSITE_ROLES, type Auth } from '../accounts/index.js'
import type { Sites } from '../sites/index.js'
import { formatBytes, megabytes } from './format.js'
import { deriveCrop, ingest, largestLimit, type IngestContext, type LimitsMb } from './ingest.js'
import { toFileAsset } from './present.js'
import * as svc from './service.js'
import type { FileStorage } from './storage.js'
import { cropBody, fileParams, filePatch, fileResponse, limitsResponse, listQuery, listResponse, siteParams } from './validators.js'

/** Roles that may see and change a site's files. */
export const FILE_ROLES = [WEBSITE_ROLES.ADMIN, WEBSITE_ROLES.EDITOR] as const

export interface FilesRouteDeps {
  sites: Sites
  auth: Auth
  ctx: IngestContext
  storage: FileStorage
  /** Queues the variants of a new image. */
  enqueueVariants(siteId: string, id: string): void
  changed(siteId: string): void
}

const TAGS = ['files']

export function registerFilesRoutes(app: FastifyInstance, deps: FilesRouteDeps): void {
  const { sites, auth, ctx } = deps
  const authorize = (request: Parameters<Sites['authorize']>[1], siteId: string) => sites.authorize(auth, request, siteId, FILE_ROLES)

  // Multipart only for the upload route: an encapsulated scope, so no other route starts accepting it.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { files: 1, fields: 10, parts: 12, fieldSize: 10_000, fileSize: largestLimit(ctx.limitsMb) + 1 },
    })
    defineRoute(
      scope,
      {
        method: 'POST',
        url: '/api/sites/:siteId/files',
        summary: 'Upload a file (multipart/form-data, one file part). The type is read from the bytes.',
        tags: TAGS,
        params: siteParams,
        responses: {
          201: { description: 'Stored; image variants follow in the background (status processing)', schema: fileResponse },
          413: { description: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.' },
          415: { description: 'The file {fileName} does not appear to be a supported file' },
        },
      },
      async ({ request, reply, params }) => {
        const { site } = await authorize(request, params.siteId)
        if (!request.isMultipart()) {
          throw new AppError('unsupported_media_type', 'unsupported_media_type', 'Send the file as multipart/form-data.')
        }
        const part = await request.file()
        if (!part) throw new AppError('invalid_data', 'file_missing', 'Choose a file to upload.')
        // Through a pass-through, so a rejected file stops only our reading: the parser then reads the rest of the
        // request and drops it (the client gets the answer, and the connection stays usable).
        const pass = new PassThrough()
        part.file.once('error', (e) => pass.destroy(e))
        part.file.pipe(pass)
        let row: svc.AssetRow
        try {
          row = await ingest(ctx, site.id, { filename: part.filename, source: pass, truncated: () => part.file.truncated })
        } catch (e) {
          part.file.unpipe(pass)
          part.file.resume()
          throw e
        }
        if (row.status === 'processing') deps.enqueueVariants(site.id, row.id)
        reply.code(201)
        return { file: toFileAsset(site.slug, row) }
      },
    )
  })

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/sites/:siteId/files',
      summary: "List or search the site's files, newest first",
      tags: TAGS,
      params: siteParams,
      query: listQuery,
      responses: { 200: { description: 'A page of files and the cursor of the next page', schema: listResponse } },
    },
    async ({ request, params, query }) => {
      const { site } = await authorize(request, params.siteId)
      const page = await svc.listAssets(ctx.orm, site.id, query)
      return { files: page.rows.map((r) => toFileAsset(site.slug, r)), nextCursor: page.nextCursor }
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/sites/:siteId/files/limits',
      summary: 'The upload size limit of each kind of file (configured in megabytes of 1,000,000 bytes)',
      tags: TAGS,
      params: siteParams,
      responses: { 200: { description: 'Limits by kind: megabytes, bytes and the size as the upload error shows it', schema: limitsResponse } },
    },
    async ({ request, params }) => {
      await authorize(request, params.siteId)
      const limits = Object.fromEntries(
        (Object.entries(ctx.limitsMb) as [keyof LimitsMb, number][]).map(([kind, mb]) => [kind, { megabytes: mb, bytes: megabytes(mb), maxSize: formatBytes(megabytes(mb)) }]),
      )
      return { limits }
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/sites/:siteId/files/:fileId',
      summary: 'One file (poll it for the end of processing)',
      tags: TAGS,
      params: fileParams,
      responses: { 200: { description: 'The file', schema: fileResponse } },
    },
    async ({ request, params }) => {
      const { site } = await authorize(request, params.siteId)
      return { file: toFileAsset(site.slug, await svc.requireAsset(ctx.orm, site.id, params.fileId)) }
    },
  )

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/sites/:siteId/files/:fileId',
      summary: 'Rename a file or change its alt text, title, description or focal point',
      tags: TAGS,
      params: fileParams,
      body: filePatch,
      responses: { 200: { description: 'The changed file', schema: fileResponse } },
    },
    async ({ request, params, body }) => {
      const { site } = await authorize(request, params.siteId)
      const row = await svc.updateAsset(ctx.orm, site.id, params.fileId, body)
      deps.changed(site.id)
      return { file: toFileAsset(site.slug, row) }
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/sites/:siteId/files/:fileId/crop',
      summary: 'Crop an image: a new file cut to the rectangle (fractions of the image); the original stays',
      tags: TAGS,
      params: fileParams,
      body: cropBody,
      responses: { 201: { description: 'The new file (status processing while its variants are made)', schema: fileResponse } },
    },
    async ({ request, reply, params, body }) => {
      const { site } = await authorize(request, params.siteId)
      const row = await deriveCrop(ctx, await svc.requireAsset(ctx.orm, site.id, params.fileId), body)
      if (row.status === 'processing') deps.enqueueVariants(site.id, row.id)
      reply.code(201)
      return { file: toFileAsset(site.slug, row) }
    },
  )

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/sites/:siteId/files/:fileId',
      summary: 'Delete a file and its variants',
      tags: TAGS,
      params: fileParams,
      responses: { 204: { description: 'Deleted' } },
    },
    async ({ request, reply, params }) => {
      const { site } = await authorize(request, params.siteId)
      await svc.deleteAsset(ctx.orm, site.id, params.fileId)
      await deps.storage.deletePrefix(`${site.id}/${params.fileId}`)
      deps.changed(site.id)
      return reply.code(204).send()
    },
  )
}
