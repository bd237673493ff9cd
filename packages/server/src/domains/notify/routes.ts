// Notify routes (owner): notification settings (per signed-in owner), the list of email templates and a preview
// of each with sample data (COMMERCE_EMAIL_PREVIEW 301).
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { EmailTemplateSummary, NotificationSettings } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import type { MailMessage } from '../mail/index.js'
import { sampleData } from './data.js'
import type { NotifyDeps } from './index.js'
import { settingsOf, settingsPatch, updateSettingsOf } from './settings.js'

const tags = ['notify']
const base = '/api/sites/:siteId/notifications'
const siteParams = z.object({ siteId: z.string().min(1).max(100) }).strict()
const ok = (description: string) => ({ 200: { description }, 403: { description: 'role_not_allowed' }, 404: { description: 'site_not_found or not found' } })

export const PAGE_TYPE_COMMERCE_EMAIL_PREVIEW = 301

interface Helpers {
  compose(siteId: string, template: string, to: string, data: Record<string, unknown>): Promise<MailMessage>
}

export function registerNotifyRoutes(app: FastifyInstance, orm: Orm, deps: NotifyDeps, h: Helpers): void {
  const owner = async (request: Parameters<NotifyDeps['authorize']>[0], siteId: string) => {
    await deps.authorize(request, siteId)
    const ownerId = await deps.currentOwnerId(request)
    if (!ownerId) throw new AppError('unauthorized', 'unauthorized', 'Sign in.')
    return ownerId
  }

  defineRoute(app, { method: 'GET', url: `${base}/settings`, summary: 'The signed-in owner\'s notification settings on this site', tags, params: siteParams, responses: ok('{ settings }') }, async ({ request, params }) => {
    const ownerId = await owner(request, params.siteId)
    return { settings: (await settingsOf(orm, params.siteId, ownerId)) satisfies NotificationSettings }
  })
  defineRoute(
    app,
    { method: 'PATCH', url: `${base}/settings`, summary: 'Change the signed-in owner\'s notification settings (newOrder, formSubmission, lowStock, lowStockThreshold, newReview, newMember, restockDemand)', tags, params: siteParams, body: settingsPatch, responses: ok('{ settings }') },
    async ({ request, params, body }) => {
      const ownerId = await owner(request, params.siteId)
      return { settings: await updateSettingsOf(orm, params.siteId, ownerId, body) }
    },
  )
  defineRoute(app, { method: 'GET', url: `${base}/emails`, summary: 'Every email template of the theme (name, title, audience, owner setting)', tags, params: siteParams, responses: ok('{ emails }') }, async ({ request, params }) => {
    await deps.authorize(request, params.siteId)
    const emails: EmailTemplateSummary[] = Object.entries(deps.templates.list()).map(([name, e]) => ({
      name,
      title: e.title,
      audience: e.audience,
      setting: (e.setting as keyof NotificationSettings | undefined) ?? null,
    }))
    return { emails }
  })
  defineRoute(
    app,
    {
      method: 'GET', url: `${base}/emails/:name/preview`, tags, params: siteParams.extend({ name: z.string().regex(/^[a-z0-9-]{1,60}$/) }).strict(),
      summary: 'COMMERCE_EMAIL_PREVIEW (301): an email template rendered with sample data and the site\'s brand -> { preview: { name, from, subject, text, html } }',
      responses: ok('{ pageType, preview }'),
    },
    async ({ request, reply, params }) => {
      await deps.authorize(request, params.siteId)
      if (!deps.templates.entry(params.name)) throw new AppError('not_found', 'email_not_found', 'No such email template.')
      const brand = await deps.brand(params.siteId)
      const m = await h.compose(params.siteId, params.name, 'preview@example.com', sampleData(params.name, brand.url, deps.editorUrl(params.siteId)))
      reply.header('cache-control', 'private, no-store')
      return { pageType: PAGE_TYPE_COMMERCE_EMAIL_PREVIEW, preview: { name: params.name, from: m.from ?? '', subject: m.subject, text: m.text, html: m.html ?? '' } }
    },
  )

  defineRoute(
    app,
    {
      method: 'GET', url: `${base}/emails/:name/preview.html`, tags, params: siteParams.extend({ name: z.string().regex(/^[a-z0-9-]{1,60}$/) }).strict(),
      summary: 'The HTML part of an email preview as a document (for the editor\'s preview frame: inline styles only, no scripts)',
      responses: { 200: { description: 'HTML' }, 404: { description: 'email_not_found' } },
    },
    async ({ request, reply, params }) => {
      await deps.authorize(request, params.siteId)
      if (!deps.templates.entry(params.name)) throw new AppError('not_found', 'email_not_found', 'No such email template.')
      const brand = await deps.brand(params.siteId)
      const m = await h.compose(params.siteId, params.name, 'preview@example.com', sampleData(params.name, brand.url, deps.editorUrl(params.siteId)))
      return reply
        .header('cache-control', 'private, no-store')
        // a mail is inline-styled HTML: its styles and images show, nothing runs, links do not navigate the editor
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; frame-ancestors 'self'; sandbox")
        .type('text/html; charset=utf-8')
        .send(m.html ?? '')
    },
  )
}
