// Gift-card reminders over HTTP. Owner: GET/PUT .../commerce/gift-card-reminder-settings. Holder: GET/POST
// /commerce/gift-cards/unsubscribe (the NEWSLETTER_UNSUBSCRIBE page of the mail's signed link: confirm, then stop)
// and POST /commerce/gift-cards/unsubscribe/one-click (the mail client's RFC 8058 one-click, signed, no crumb).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { GIFT_CARD_BALANCE_MONTHS, GIFT_CARD_NOTICE_DAYS, type GiftCardReminderSettings } from '@sitewright/contracts'
import type { Accepts, Assert } from '../../../platform/http/contract.js'
import { defineRoute } from '../../../platform/http/route.js'
import type { CommerceContext } from '../context.js'
import { STORE_ROLES } from '../owner/routes.js'
import { registerUnsubscribeRoutes } from '../shared/unsubscribe-routes.js'
import { siteParams } from '../validators.js'
import { giftCards } from '../schema.js'
import { and, eq } from 'drizzle-orm'
import { GIFT_CARD_ONE_CLICK_PATH, GIFT_CARD_UNSUBSCRIBE_PATH, getGiftCardReminders, putGiftCardReminders, unsubscribeGiftCard, verifyGiftCardUnsubscribe } from './reminders.js'

const tags = ['commerce-gift-cards']
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

export function registerGiftCardReminderRoutes(app: FastifyInstance, ctx: CommerceContext): void {
  const { orm } = ctx
  const url = '/api/sites/:siteId/commerce/gift-card-reminder-settings'
  const allow = (request: FastifyRequest, siteId: string) => ctx.deps.authorize(request, siteId, STORE_ROLES)

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

  registerUnsubscribeRoutes(app, ctx, {
    path: GIFT_CARD_UNSUBSCRIBE_PATH,
    oneClickPath: GIFT_CARD_ONE_CLICK_PATH,
    tags,
    listName: 'Gift card reminders',
    about: 'this gift card',
    summaryOf: {
      page: 'Gift-card reminder unsubscribe page (NEWSLETTER_UNSUBSCRIBE 300, signed link): asks to confirm',
      post: "Stops a gift card's reminders (form post with crumb)",
      oneClick: "A mail client's one-click unsubscribe from a gift card's reminders (RFC 8058)",
    },
    async find(siteId, s, t) {
      if (!verifyGiftCardUnsubscribe(ctx.downloadSecret, s, t)) return null
      const [card] = await orm.select({ id: giftCards.id, off: giftCards.remindersOff }).from(giftCards).where(and(eq(giftCards.siteId, siteId), eq(giftCards.id, s)))
      return card ?? null
    },
    async stop(siteId, id) {
      await unsubscribeGiftCard(orm, siteId, id)
    },
  })
}
