// Performance collector and error reporter calls: settings (a page load id and rollout flags), queued
// performance records (plain-text JSON, by beacon or XHR) and JavaScript error reports.
import { createHash, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../platform/errors.js'
import { refuseBadText } from '../../platform/http/edge.js'
import { defineRoute } from '../../platform/http/route.js'
import { requireSite } from '../../platform/http/tenancy.js'
import { parseWith } from '../../platform/http/validate.js'
import { accept, cleanPath, parseJsonObject, whoIs, type VisitorContext } from './context.js'
import { VITALS, type TrackedEvent } from './types.js'
import { errorData, errorReports, performanceRecords } from './validators.js'

const TAGS = ['tracking']
export const STACK_LIMIT = 5000

export const performanceSettings = z.object({ pageLoadId: z.string(), rumEnabled: z.boolean(), appEnabled: z.boolean(), pageSpeedRollout: z.boolean(), userTimingRollout: z.boolean() })

/** Groups reports of one error: message plus the first stack frame without its line and column numbers. */
export function fingerprintOf(message: string, stack: string): string {
  const frame = stack.split('\n').find((l) => /\bat\b|@/.test(l)) ?? ''
  const place = frame.replace(/:\d+(:\d+)?\)?\s*$/, '').trim()
  return createHash('sha256').update(`${message}\u0000${place}`).digest('hex').slice(0, 16)
}

/** A report's custom data when it is a non-empty object of at most 2000 characters as JSON; else null. */
export function customDataOf(v: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!v || Object.keys(v).length === 0) return null
  return JSON.stringify(v).length <= 2000 ? v : null
}

export async function registerRumRoutes(app: FastifyInstance, ctx: VisitorContext): Promise<void> {
  defineRoute(
    app,
    { method: 'GET', url: '/api/1/performance/settings', summary: 'Performance collector settings for one page load', tags: TAGS, responses: { 200: { description: 'Settings', schema: performanceSettings } }, crumbCookie: 'lazy' },
    async ({ request, reply }) => {
      const site = requireSite(request)
      const s = await ctx.settings.get(site.id)
      reply.header('cache-control', 'no-store')
      return { pageLoadId: randomUUID(), rumEnabled: !s.disabled, appEnabled: !s.disabled, pageSpeedRollout: true, userTimingRollout: true }
    },
  )

  // Queued records arrive as plain text (sendBeacon/XHR with a string body): parsed here, in this scope only.
  await app.register(async (scope) => {
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body))
    defineRoute(
      scope,
      { method: 'POST', url: '/api/1/performance/records', summary: 'Queued performance records (JSON array as plain text)', tags: TAGS, responses: { 202: { description: 'Accepted' }, 204: { description: 'Not counted' } }, crumb: false },
      async ({ request, reply }) => {
        let parsed: unknown
        try {
          parsed = typeof request.body === 'string' ? JSON.parse(request.body) : request.body
        } catch {
          throw new AppError('invalid_data', 'invalid_records', 'The body must be a JSON array.')
        }
        refuseBadText(parsed)
        const records = parseWith(performanceRecords, parsed)
        const path = cleanPath(records[0]!.data.pathname)
        const who = await whoIs(ctx, request, { path })
        if (!who) return reply.code(204).send()
        const events: TrackedEvent[] = []
        for (const r of records) {
          const at = { siteId: who.site.id, at: who.at, visitor: who.visitor, session: who.session, path: cleanPath(r.data.pathname), source: who.source, campaign: who.campaign, device: who.device, browser: who.browser, os: who.os, country: who.country }
          // user timings (userTimingRollout): the page's own marks and measures, kept as one event per record
          if (r.eventName === 'user-timing') {
            const marks = Object.fromEntries(Object.entries(r.data.timings).filter((x): x is [string, number] => x[1] !== null && x[1] >= 0).slice(0, 20).map(([k, v]) => [k.slice(0, 100), Math.min(v, 600_000)]))
            if (Object.keys(marks).length) events.push({ ...at, kind: 'event', name: 'user-timing', data: marks })
            continue
          }
          for (const [metric, value] of Object.entries(r.data.timings)) {
            if (!(metric in VITALS) || value === null || value < 0) continue
            const v = metric === 'CLS' ? value * 1000 : value
            events.push({ siteId: who.site.id, at: who.at, visitor: who.visitor, session: who.session, path: cleanPath(r.data.pathname), source: who.source, campaign: who.campaign, device: who.device, browser: who.browser, os: who.os, country: who.country, kind: 'vital', metric, value: Math.min(v, 600_000) })
          }
        }
        accept(ctx, events)
        return reply.code(202).send()
      },
    )
  })

  defineRoute(
    app,
    { method: 'POST', url: '/api/events/RecordJavascriptErrors', summary: 'Report uncaught JavaScript errors (crumb header)', tags: TAGS, body: errorReports, responses: { 202: { description: 'Accepted' }, 204: { description: 'Not counted' } } },
    async ({ request, reply, body }) => {
      const first = errorData.parse(parseJsonObject(body[0]!.data) ?? {})
      let path = '/'
      try {
        path = cleanPath(first.pageUrl ? new URL(first.pageUrl).pathname : '/')
      } catch {
        path = '/'
      }
      const who = await whoIs(ctx, request, { path })
      if (!who) return reply.code(204).send()
      const events: TrackedEvent[] = []
      for (const r of body) {
        const d = errorData.safeParse(parseJsonObject(r.data) ?? {})
        if (!d.success || !d.data.message) continue
        const stack = d.data.stack.slice(0, STACK_LIMIT)
        let p = path
        try {
          if (d.data.pageUrl) p = cleanPath(new URL(d.data.pageUrl).pathname)
        } catch {
          /* the first report's page */
        }
        events.push({ siteId: who.site.id, at: who.at, visitor: who.visitor, session: who.session, path: p, source: who.source, campaign: who.campaign, device: who.device, browser: who.browser, os: who.os, country: who.country, kind: 'error', fingerprint: fingerprintOf(d.data.message, stack), message: d.data.message.slice(0, 1000), stack, app: d.data.app, templateId: d.data.templateId ?? '', customData: customDataOf(d.data.customData) })
      }
      accept(ctx, events)
      return reply.code(202).send()
    },
  )
}
