// Platform routes: health, the OpenAPI document and its docs page.
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../platform/db/index.js'
import { defineRoute } from '../platform/http/route.js'
import { inlinePageOptions } from '../platform/http/security.js'
import { docsPage } from './docs-page.js'

const health = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['pglite', 'postgres']) })

export function registerPlatformRoutes(app: FastifyInstance, db: Db, version: string): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/healthz',
      summary: 'Liveness and database backend (answers on any host)',
      tags: ['platform'],
      responses: { 200: { description: 'Healthy', schema: health }, 503: { description: 'Database unreachable', schema: health } },
    },
    async ({ reply }) => {
      try {
        await db.orm.execute(sql`select 1`)
        return { status: 'ok', database: db.kind }
      } catch (e) {
        reply.log.error({ err: e }, 'health check failed')
        return reply.code(503).send({ status: 'error', database: db.kind })
      }
    },
  )

  app.get('/api/openapi.json', async () => app.openapi.document({ title: 'Sitewright API', version }))
  const docs = docsPage()
  app.get('/api/docs', { helmet: inlinePageOptions(docs) }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(docs))
}
