// Gift-card reminders over HTTP. Owner: GET/PUT .../commerce/gift-card-reminder-settings. Holder: GET/POST
// /commerce/gift-cards/unsubscribe (the NEWSLETTER_UNSUBSCRIBE page of the mail's signed link: confirm, then stop)
// and POST /commerce/gift-cards/unsubscribe/one-click (the mail client's RFC 8058 one-click, signed, no crumb).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { GIFT_CARD_BALANCE_MONTHS, GIFT_CARD_NOTICE_DAYS, type GiftCardReminderSettings } from '@sitewright/contracts'
import type { Accepts, Assert } from '../../../platform/http/contract.js'
import { AppError } from '../../../platform/errors.js'
import { defineRoute } from '../../../platform/http/route.js'
import { requireSite } from '../../../platform/http/tenancy.js'
import { escapeHtml } from '../../../platform/http/html.js'
import type { CommerceContext } from '../context.js'
import { STORE_ROLES } from '../owner/routes.js'
import { siteParams } from '../validators.js'
import { giftCards } from '../schema.js'
import { and, eq } from 'drizzle-orm'
import { GIFT_CARD_ONE_CLICK_PATH, GIFT_CARD_UNSUBSCRIBE_PATH, getGiftCardReminders, putGiftCardReminders, unsubscribeGiftCard, verifyGiftCardUnsubscribe } from './reminders.js'

const tags = ['commerce-gift-cards']
const NEWSLETTER_UNSUBSCRIBE = 300
const months = `Remind after ${GIFT_CARD_BALANCE_MONTHS.min} to ${GIFT_CARD_BALANCE_MONTHS.max} months.`
const days = `Send the notice ${GIFT_CARD_NOTICE_DAYS.min} to ${GIFT_CARD_NOTICE_DAYS.max} days before.`
const settingsBody = z
  .object({
    balanceReminder: z.boolean(),
    balanceMonths: z.number().int(months).min(GIFT_CARD_BALANCE_MONTHS.min, months).max(GIFT_CARD_BALANCE_MONTHS.max, months),
    expiryMonths: z.number().int('A whole number of months.').min(1, 'A whole number of months.').max(240, 'At most 240 months.').nullable(),
    noticeDays: z.number().int(days).min(GIFT_CARD_NOTICE_DAYS.min, days).max(GIFT_CARD_NOTICE_DAYS.max, days),
    country: z.string().trim().regex(/^[A-Za-z]{2}$/, 'A two-letter country code.'),
  })
  .strict()
export type _contracts = [Assert<Accepts<z.input<typeof settingsBody>, GiftCardReminderSettings>>]
const unsubscribeFields = z.object({ s: z.string().max(64), t: z.string().max(64) }).strict()
const oneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click') }).strict()

export function registerGiftCardReminderRoutes(app: FastifyInstance, ctx: CommerceContext): void {
  const { orm } = ctx
  const url = '/api/sites/:siteId/commerce/gift-card-reminder-settings'
  const allow = (request: FastifyRequest, siteId: string) => ctx.deps.authorize(request, siteId, STORE_ROLES)
  const cardOf = async (siteId: string, q: { s?: string | undefined; t?: string | undefined }) => {
    if (!q.s || !q.t || !verifyGiftCardUnsubscribe(ctx.downloadSecret, q.s, q.t)) return null
    const [card] = await orm.select({ id: giftCards.id, remindersOff: giftCards.remindersOff }).from(giftCards).where(and(eq(giftCards.siteId, siteId), eq(giftCards.id, q.s)))
    return card ?? null
  }

  defineRoute(app, { method: 'GET', url, summary: 'Gift-card reminder settings (balance reminder, expiry, its notice, the country whose rules apply)', tags, params: siteParams, responses: { 200: { description: '{ settings }' }, 403: { description: 'role_not_allowed' } } }, async ({ request, params }) => {
    await allow(request, params.siteId)
    return { settings: await getGiftCardReminders(orm, params.siteId) }
  })
  defineRoute(
    app,
    { method: 'PUT', url, summary: "Replace the gift-card reminder settings; an expiry the country's rules refuse is a 400 (expiryMonths)", tags, params: siteParams, body: settingsBody, responses: { 200: { description: '{ settings }' }, 400: { description: 'invalid_data' }, 403: { description: 'role_not_allowed' } } },
    async ({ request, params, body }) => {
      await allow(request, params.siteId)
      return { settings: await putGiftCardReminders(orm, params.siteId, body) }
    },
  )

  async function unsubscribePage(request: FastifyRequest, reply: FastifyReply, q: { s?: string | undefined; t?: string | undefined }, act: boolean) {
    const site = requireSite(request)
    const card = await cardOf(site.id, q)
    if (card && act) await unsubscribeGiftCard(orm, site.id, card.id)
    const state = !card ? 'invalid' : act || card.remindersOff ? 'done' : 'confirm'
    const message = { confirm: 'Stop reminders about this gift card?', done: 'You will get no more reminders about this gift card.', invalid: 'This unsubscribe link is not valid.' }[state]
    const status = card ? 200 : 404
    reply.code(status).header('cache-control', 'no-store').header('x-robots-tag', 'noindex')
    const view = { state, message, crumb: request.crumb, action: GIFT_CARD_UNSUBSCRIBE_PATH, ...(card ? { listName: 'Gift card reminders', s: q.s, t: q.t } : {}) }
    if (ctx.deps.renderPage) return ctx.deps.renderPage(request, reply, { pageType: NEWSLETTER_UNSUBSCRIBE, template: 'newsletter-unsubscribe', title: 'Gift card reminders', status, extra: { newsletterUnsubscribe: view } })
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><title>Gift card reminders</title><h1>${escapeHtml(message)}</h1>`)
  }
  defineRoute(
    app,
    { method: 'GET', url: GIFT_CARD_UNSUBSCRIBE_PATH, summary: 'Gift-card reminder unsubscribe page (NEWSLETTER_UNSUBSCRIBE 300, signed link): asks to confirm', tags, query: unsubscribeFields.partial(), responses: { 200: { description: 'HTML page' }, 404: { description: 'link not valid' } } },
    async ({ request, reply, query }) => unsubscribePage(request, reply, query, false),
  )
  defineRoute(
    app,
    { method: 'POST', url: GIFT_CARD_UNSUBSCRIBE_PATH, summary: "Stops a gift card's reminders (form post with crumb)", tags, body: unsubscribeFields, bodyTypes: ['form', 'json'], responses: { 200: { description: 'HTML page' }, 404: { description: 'link not valid' } } },
    async ({ request, reply, body }) => unsubscribePage(request, reply, body, true),
  )
  defineRoute(
    app,
    {
      method: 'POST',
      url: GIFT_CARD_ONE_CLICK_PATH,
      summary: "A mail client's one-click unsubscribe from a gift card's reminders (RFC 8058)",
      tags,
      query: unsubscribeFields,
      body: oneClickBody,
      bodyTypes: ['form'],
      // a mail client has no crumb: the signed s/t pair of the mail is what authorises the change
      crumb: false,
      responses: { 200: { description: '{ unsubscribed: true }' }, 404: { description: 'link not valid' } },
    },
    async ({ request, reply, query }) => {
      const site = requireSite(request)
      const card = await cardOf(site.id, query)
      if (!card) throw new AppError('not_found', 'unsubscribe_link_invalid', 'This unsubscribe link is not valid.')
      await unsubscribeGiftCard(orm, site.id, card.id)
      reply.header('cache-control', 'no-store')
      return { unsubscribed: true }
    },
  )
}
