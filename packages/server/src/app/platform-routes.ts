// Platform routes: health, the OpenAPI document and its docs page.
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../platform/db/index.js'
import { defineRoute } from '../platform/http/route.js'
import { inlinePageOptions } from '../platform/http/security.js'
import { docsPage } from './docs-page.js'

const health = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['pglite', 'postgres']) })

const readiness = z.object({ status: z.enum(['ready', 'not_ready']), checks: z.record(z.string(), z.enum(['ok', 'error'])) })

/** A dependency /readyz checks (database, cache messages, file storage): resolves true when reachable. */
export type ReadinessCheck = () => Promise<boolean>

export function registerPlatformRoutes(app: FastifyInstance, db: Db, version: string, checks: Record<string, ReadinessCheck> = {}): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/readyz',
      summary: 'Readiness: the database, Redis or the NOTIFY listener, and the file storage answer (any host)',
      tags: ['platform'],
      responses: { 200: { description: 'Ready', schema: readiness }, 503: { description: 'A dependency is unreachable', schema: readiness } },
    },
    async ({ reply }) => {
      const all: Record<string, ReadinessCheck> = { database: () => db.orm.execute(sql`select 1`).then(() => true), ...checks }
      const results = await Promise.all(
        Object.entries(all).map(async ([name, check]) => {
          const ok = await Promise.race([check().catch(() => false), new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref())])
          return [name, ok ? 'ok' : 'error'] as const
        }),
      )
      const ready = results.every(([, r]) => r === 'ok')
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks: Object.fromEntries(results) })
    },
  )

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
