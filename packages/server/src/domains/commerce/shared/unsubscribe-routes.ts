// The three routes of a reminder mail's signed unsubscribe link, one shape for every kind of commerce reminder
// (abandoned-checkout reminders, gift-card reminders): GET the NEWSLETTER_UNSUBSCRIBE page that asks to confirm, POST
// the page's form (with the crumb) to stop, and POST the mail client's RFC 8058 one-click (signed, no crumb).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../../platform/errors.js'
import { defineRoute } from '../../../platform/http/route.js'
import { requireSite } from '../../../platform/http/tenancy.js'
import { escapeHtml } from '../../../platform/http/html.js'
import type { CommerceContext } from '../context.js'

const NEWSLETTER_UNSUBSCRIBE = 300
const unsubscribeFields = z.object({ s: z.string().max(64), t: z.string().max(64) }).strict()
const oneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click') }).strict()

/** What a signed link names: its row, whether it has stopped already, and the address shown on the page (if any). */
export interface UnsubscribeTarget {
  id: string
  off: boolean
  email?: string
}

export interface UnsubscribeRoutes {
  path: string
  oneClickPath: string
  tags: string[]
  /** The page's title and list name ('Cart reminders'). */
  listName: string
  /** What the reminders are about, in the page's sentences ('this cart'). */
  about: string
  summaryOf: { page: string; post: string; oneClick: string }
  /** The row of a valid signed pair, else null (a forged or foreign link). */
  find(siteId: string, s: string, t: string): Promise<UnsubscribeTarget | null>
  stop(siteId: string, id: string): Promise<void>
}

export function registerUnsubscribeRoutes(app: FastifyInstance, ctx: CommerceContext, r: UnsubscribeRoutes): void {
  const target = (siteId: string, q: { s?: string | undefined; t?: string | undefined }) => (q.s && q.t ? r.find(siteId, q.s, q.t) : Promise.resolve(null))

  async function page(request: FastifyRequest, reply: FastifyReply, q: { s?: string | undefined; t?: string | undefined }, act: boolean) {
    const site = requireSite(request)
    const row = await target(site.id, q)
    if (row && act) await r.stop(site.id, row.id)
    const state = !row ? 'invalid' : act || row.off ? 'done' : 'confirm'
    const message = { confirm: `Stop reminders about ${r.about}?`, done: `You will get no more reminders about ${r.about}.`, invalid: 'This unsubscribe link is not valid.' }[state]
    const status = row ? 200 : 404
    reply.code(status).header('cache-control', 'no-store').header('x-robots-tag', 'noindex')
    const view = { state, message, crumb: request.crumb, action: r.path, ...(row ? { ...(row.email ? { email: row.email } : {}), listName: r.listName, s: q.s, t: q.t } : {}) }
    if (ctx.deps.renderPage) return ctx.deps.renderPage(request, reply, { pageType: NEWSLETTER_UNSUBSCRIBE, template: 'newsletter-unsubscribe', title: r.listName, status, extra: { newsletterUnsubscribe: view } })
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><title>${escapeHtml(r.listName)}</title><h1>${escapeHtml(message)}</h1>`)
  }

  defineRoute(
    app,
    { method: 'GET', url: r.path, summary: r.summaryOf.page, tags: r.tags, query: unsubscribeFields.partial(), responses: { 200: { description: 'HTML page' }, 404: { description: 'link not valid' } } },
    async ({ request, reply, query }) => page(request, reply, query, false),
  )
  defineRoute(
    app,
    { method: 'POST', url: r.path, summary: r.summaryOf.post, tags: r.tags, body: unsubscribeFields, bodyTypes: ['form', 'json'], responses: { 200: { description: 'HTML page' }, 404: { description: 'link not valid' } } },
    async ({ request, reply, body }) => page(request, reply, body, true),
  )
  defineRoute(
    app,
    {
      method: 'POST',
      url: r.oneClickPath,
      summary: r.summaryOf.oneClick,
      tags: r.tags,
      query: unsubscribeFields,
      body: oneClickBody,
      bodyTypes: ['form'],
      // a mail client has no crumb: the signed s/t pair of the mail is what authorises the change
      crumb: false,
      responses: { 200: { description: '{ unsubscribed: true }' }, 404: { description: 'link not valid' } },
    },
    async ({ request, reply, query }) => {
      const site = requireSite(request)
      const row = await target(site.id, query)
      if (!row) throw new AppError('not_found', 'unsubscribe_link_invalid', 'This unsubscribe link is not valid.')
      await r.stop(site.id, row.id)
      reply.header('cache-control', 'no-store')
      return { unsubscribed: true }
    },
  )
}
