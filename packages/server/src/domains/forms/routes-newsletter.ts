// The newsletter unsubscribe page (NEWSLETTER_UNSUBSCRIBE 300) reached by a signed link: GET shows a confirmation
// button (link scanners must not unsubscribe anyone), POST (with the crumb) unsubscribes and shows the result.
import type { FastifyReply, FastifyRequest, FastifyInstance } from 'fastify'
import { z } from 'zod'
import { escapeHtml } from '../../platform/http/html.js'
import { defineRoute } from '../../platform/http/route.js'
import { requireSite } from '../../platform/http/tenancy.js'
import type { FormsContext } from './context.js'
import { NEWSLETTER_UNSUBSCRIBE_PAGE_TYPE, UNSUBSCRIBE_PATH, subscriberByLink, unsubscribe } from './newsletter.js'
import { unsubscribeQuery } from './validators.js'

export interface UnsubscribeView {
  state: 'confirm' | 'done' | 'invalid'
  email?: string
  listName?: string
  s?: string
  t?: string
  crumb: string
  action: string
}

const TEXT: Record<UnsubscribeView['state'], string> = {
  confirm: 'Unsubscribe from this mailing list?',
  done: 'You have been unsubscribed.',
  invalid: 'This unsubscribe link is not valid.',
}

/** Self-contained page used when no themed renderer is wired. */
export function fallbackPage(v: UnsubscribeView): string {
  const form =
    v.state === 'confirm'
      ? `<form method="post" action="${escapeHtml(v.action)}"><input type="hidden" name="s" value="${escapeHtml(v.s ?? '')}"><input type="hidden" name="t" value="${escapeHtml(v.t ?? '')}"><input type="hidden" name="crumb" value="${escapeHtml(v.crumb)}"><button type="submit">Unsubscribe</button></form>`
      : ''
  const who = v.email ? `<p>${escapeHtml(v.email)}${v.listName ? ` · ${escapeHtml(v.listName)}` : ''}</p>` : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Newsletter</title></head><body><main><h1>${escapeHtml(TEXT[v.state])}</h1>${who}${form}</main></body></html>`
}

export function registerNewsletterRoutes(app: FastifyInstance, ctx: FormsContext): void {
  async function show(request: FastifyRequest, reply: FastifyReply, q: { s?: string | undefined; t?: string | undefined }, act: boolean) {
    const site = requireSite(request)
    const sub = q.s && q.t ? await subscriberByLink(ctx.orm, site.id, ctx.unsubscribeSecret, q.s, q.t) : null
    if (sub && act) await unsubscribe(ctx.orm, site.id, sub.id)
    const state: UnsubscribeView['state'] = !sub ? 'invalid' : act || sub.status === 'unsubscribed' ? 'done' : 'confirm'
    const view: UnsubscribeView = { state, crumb: request.crumb, action: UNSUBSCRIBE_PATH, ...(sub ? { email: sub.email, listName: sub.listName, s: q.s, t: q.t } : {}) }
    const status = sub ? 200 : 404
    reply.code(status).header('cache-control', 'no-store').header('x-robots-tag', 'noindex')
    if (ctx.renderSystemPage)
      return ctx.renderSystemPage(request, reply, {
        pageType: NEWSLETTER_UNSUBSCRIBE_PAGE_TYPE,
        template: 'newsletter-unsubscribe',
        title: 'Newsletter',
        status,
        extra: { newsletterUnsubscribe: { ...view, message: TEXT[state] } },
      })
    return reply.type('text/html; charset=utf-8').send(fallbackPage(view))
  }

  defineRoute(
    app,
    { method: 'GET', url: UNSUBSCRIBE_PATH, summary: 'Newsletter unsubscribe page (signed link)', tags: ['newsletter'], query: unsubscribeQuery.partial(), responses: { 200: { description: 'HTML page' }, 404: { description: 'link not valid' } } },
    async ({ request, reply, query }) => show(request, reply, query, false),
  )
  defineRoute(
    app,
    {
      method: 'POST',
      url: UNSUBSCRIBE_PATH,
      summary: 'Unsubscribes the subscriber of a signed link (form post with crumb)',
      tags: ['newsletter'],
      body: z.object({ s: z.string().max(200), t: z.string().max(200) }).strict(),
      bodyTypes: ['form', 'json'],
      responses: { 200: { description: 'HTML page' }, 404: { description: 'link not valid' } },
    },
    async ({ request, reply, body }) => show(request, reply, body, true),
  )
}
