// Visitor calls on a site's host: census hits and side events, named events, clanker v2 events. Each answers at
// once (202 accepted into the write-behind buffer, 204 not counted); the tracker ignores failures.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import { accept, cleanPath, loggedInOf, parseJsonObject, whoIs, type VisitorContext, type Who } from './context.js'
import { COMMERCE_EVENTS, type TrackedEvent } from './types.js'
import { censusBody, censusParams, clankerBody, clankerContent, clankerParams, hitData, quickViewParams, recordEventBody, recordHitBody } from './validators.js'

const TAGS = ['tracking']
const accepted = z.object({ accepted: z.literal(true) })
const RESPONSES = { 202: { description: 'Accepted (written within ~50 ms)', schema: accepted }, 204: { description: 'Not counted (bot, owner, tracking off)' } }
// Census calls are beacons: they carry event, data and the visit cookie, no crumb; they change nothing a visitor or
// owner does, and are counted only from the host's own site.
const BEACON = false

/** Census event numbers. */
export const CENSUS = { PAGE_VIEW: 1, SITE_SEARCH: 2, HEARTBEAT: 10, AUDIO: 20, VIDEO: 21 } as const

/** The JSON of a hit's `data` field, checked (throws invalid_data). */
export function hitDataOf(text: string): z.infer<typeof hitData> {
  const raw = parseJsonObject(text)
  if (!raw) throw new AppError('invalid_data', 'invalid_hit', 'data must be a JSON object.', { fields: { data: 'Not a JSON object.' } })
  const parsed = hitData.safeParse(raw)
  if (!parsed.success) throw new AppError('invalid_data', 'invalid_hit', 'data is not a valid hit.', { fields: Object.fromEntries(parsed.error.issues.map((i) => [`data.${i.path.join('.')}`, i.message])) })
  return parsed.data
}

/** The tracked event of a census hit (throws invalid_data for a site search without its query). */
export function hitEvent(event: number, data: z.infer<typeof hitData>, path: string, siteId: string, who: Omit<Who, 'site'>, loggedIn = false): TrackedEvent {
  // one object per hit, its fields in one order (no base object spread into another)
  const { at, visitor, session, source, campaign, device, browser, os, country } = who
  if (event === CENSUS.PAGE_VIEW) return { kind: 'pageview', siteId, at, visitor, session, path, source, campaign, device, browser, os, country, data: loggedIn ? { loggedIn: true } : null }
  if (event === CENSUS.SITE_SEARCH) {
    if (!data.query?.trim()) throw new AppError('invalid_data', 'invalid_hit', 'A site search needs its query.', { fields: { data: 'query is missing.' } })
    return { kind: 'search', siteId, at, visitor, session, path, source, campaign, device, browser, os, country, query: data.query.trim() }
  }
  return { kind: 'event', siteId, at, visitor, session, path, source, campaign, device, browser, os, country, name: `census-${event}`, data: null }
}

export function registerVisitorRoutes(app: FastifyInstance, ctx: VisitorContext): void {
  defineRoute(
    app,
    { method: 'POST', url: '/api/census/RecordHit', summary: 'Record a page view or site search', tags: TAGS, body: recordHitBody, bodyTypes: ['form', 'json'], responses: RESPONSES, crumb: BEACON },
    async ({ request, reply, body }) => {
      const data = hitDataOf(body.data)
      const path = cleanPath(data.path)
      const who = await whoIs(ctx, request, { path, url: data.url, referrer: data.referrer, sessionId: data.sessionId })
      if (!who) return reply.code(204).send()
      accept(ctx, [hitEvent(body.event, data, path, who.site.id, who, loggedInOf(request.headers.cookie))])
      return reply.code(202).send({ accepted: true })
    },
  )

  async function sideEvent(request: Parameters<typeof whoIs>[1], name: string, fields: Record<string, string>): Promise<TrackedEvent | null> {
    const path = cleanPath(fields.pagePath ?? fields.path ?? fields.url ?? '/')
    const who = await whoIs(ctx, request, { path, sessionId: fields.sessionId })
    if (!who) return null
    const { visitorCookie: _v, ss_cvr: _c, crumb: _k, ...rest } = fields
    return { siteId: who.site.id, at: who.at, visitor: who.visitor, session: who.session, path, source: who.source, campaign: who.campaign, device: who.device, browser: who.browser, os: who.os, country: who.country, kind: 'event', name, data: rest }
  }

  defineRoute(
    app,
    { method: 'POST', url: '/api/census/:kind', summary: 'Record a button click or render, or an overlay', tags: TAGS, params: censusParams, body: censusBody, bodyTypes: ['form', 'json'], responses: RESPONSES, crumb: BEACON },
    async ({ request, reply, params, body }) => {
      const e = await sideEvent(request, params.kind, body)
      if (!e) return reply.code(204).send()
      accept(ctx, [e])
      return reply.code(202).send({ accepted: true })
    },
  )

  defineRoute(
    app,
    { method: 'POST', url: '/api/census/RecordQuickView/:id', summary: 'Record a product quick view', tags: TAGS, params: quickViewParams, body: censusBody.optional(), bodyTypes: ['form', 'json'], responses: RESPONSES, crumb: BEACON },
    async ({ request, reply, params, body }) => {
      const e = await sideEvent(request, 'quick-view', { ...(body ?? {}), itemId: params.id })
      if (!e) return reply.code(204).send()
      accept(ctx, [e])
      return reply.code(202).send({ accepted: true })
    },
  )

  defineRoute(
    app,
    { method: 'POST', url: '/api/events/RecordEvent', summary: 'Record a named visitor event', tags: TAGS, body: recordEventBody, bodyTypes: ['form', 'json'], responses: { ...RESPONSES, 200: { description: 'unused' } } },
    async ({ request, reply, body }) => {
      const data = parseJsonObject(body.data)
      if (!data) throw new AppError('invalid_data', 'invalid_event', 'data must be a JSON object.', { fields: { data: 'Not a JSON object.' } })
      const fields = Object.fromEntries(Object.entries(data).filter(([, v]) => typeof v === 'string' || typeof v === 'number').map(([k, v]) => [k, String(v).slice(0, 500)]))
      const e = await sideEvent(request, body.event, fields)
      if (!e) return reply.code(204).send()
      accept(ctx, [e])
      return reply.code(202).send({ accepted: true })
    },
  )

  const clanker = async (request: Parameters<typeof whoIs>[1], body: z.infer<typeof clankerBody>) => {
    const raw = parseJsonObject(body.eventContent, 'eventContent')
    if (!raw) throw new AppError('invalid_data', 'invalid_event_content', 'eventContent must be a JSON object.', { fields: { eventContent: 'Not a JSON object.' } })
    const parsed = clankerContent.safeParse(raw)
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((i) => [`eventContent.${i.path.join('.')}`, i.message]))
      throw new AppError('invalid_data', 'invalid_event_content', 'The event content is not valid.', { fields })
    }
    return parsed.data
  }

  defineRoute(
    app,
    { method: 'POST', url: '/api/v1/clanker/events', summary: 'Record a v2 tracking event (commerce events feed the funnel)', tags: TAGS, body: clankerBody, bodyTypes: ['json', 'form'], responses: RESPONSES, crumb: BEACON },
    async ({ request, reply, body }) => {
      const c = await clanker(request, body)
      const path = cleanPath(c.page_path ?? '/')
      const who = await whoIs(ctx, request, { path, referrer: c.page_referrer_url, sessionId: c.session_id })
      if (!who) return reply.code(204).send()
      const base = { siteId: who.site.id, at: who.at, visitor: who.visitor, session: who.session, path, source: who.source, campaign: who.campaign, device: who.device, browser: who.browser, os: who.os, country: who.country }
      const name = body.eventSchemaName
      const data = { item_title: c.item_title ?? '', currency_code: c.currency_code ?? '', item_quantity: c.item_quantity ?? 0 }
      // Revenue is never taken from a visitor: only the server's order confirmation carries it.
      if (name in COMMERCE_EVENTS && name !== 'commerce_checkout_order_confirmed') accept(ctx, [{ ...base, kind: 'commerce', name, product: (c.item_title || c.item_id || '').slice(0, 200), revenue: 0, data }])
      else accept(ctx, [{ ...base, kind: 'event', name, data }])
      return reply.code(202).send({ accepted: true })
    },
  )

  defineRoute(
    app,
    { method: 'POST', url: '/api/v1/clanker/validate-event-content/:schemaName', summary: 'Validate a v2 tracking event without recording it', tags: TAGS, params: clankerParams, body: clankerBody, bodyTypes: ['json', 'form'], responses: { 200: { description: 'Valid', schema: z.object({ valid: z.literal(true), id: z.string() }) } }, crumb: BEACON },
    async ({ request, body, params }) => {
      if (body.eventSchemaName !== params.schemaName) throw new AppError('invalid_data', 'schema_mismatch', 'eventSchemaName must match the path.', { fields: { eventSchemaName: 'Does not match the path.' } })
      await clanker(request, body)
      return { valid: true as const, id: randomUUID() }
    },
  )
}
