// Gift-card reminders, each sent exactly once per card: the balance reminder (a balance is left `balanceMonths`
// after issue) and the expiry notice (`noticeDays` before a card's expiry, which the owner's settings give cards
// issued while an expiry is set, only where the site's country allows one: contracts' GIFT_CARD_EXPIRY_RULES).
// Each is claimed by one conditional UPDATE (its *_at column null -> now) and queued as the mail job
// `gift-card-balance:<card>` / `gift-card-expiry:<card>` in the same transaction: two nodes sweeping at once send one,
// a node killed before the commit leaves it unclaimed for the next sweep, after the commit the durable mail job sends
// it. The holder is the card's recipient (its entry's recipientEmail), else the buyer; owner-issued cards have no
// holder to mail. The card carries the buyer's answer to the gift-card page's reminder box (`reminder_consent`,
// from its entry's reminderConsent): a refusal is never mailed, a consent is; a card never asked is mailed only where
// the country's rules need no consent (contracts' giftCardRemindersAllowed). Every mail has a signed unsubscribe
// link and List-Unsubscribe / One-Click headers (RFC 8058).
// The sweep's months and days are the recovery clock's (`hourMs`; browser tests shorten them), a month
// GIFT_CARD_MONTH_DAYS days; an expiry is a real date (it is printed to the holder).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import {
  GIFT_CARD_BALANCE_MONTHS, GIFT_CARD_MONTH_DAYS, GIFT_CARD_NOTICE_DAYS, GIFT_CARD_REMINDER_CONSENT_FIELD, giftCardExpiryProblem, giftCardRemindersAllowed, type GiftCardReminderSettings,
} from '@sitewright/contracts'
import type { Orm } from '../../../platform/db/index.js'
import { sqlRows } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import type { QueueMail } from '../../mail/index.js'
import { moneyText } from '../orders/summary.js'
import type { Composer } from '../recovery/reminders.js'
import { giftCardReminderSettings, giftCards, orders } from '../schema.js'

export const GIFT_CARD_BALANCE_TEMPLATE = 'gift-card-balance'
export const GIFT_CARD_EXPIRY_TEMPLATE = 'gift-card-expiry'
export const GIFT_CARD_UNSUBSCRIBE_PATH = '/commerce/gift-cards/unsubscribe'
export const GIFT_CARD_ONE_CLICK_PATH = '/commerce/gift-cards/unsubscribe/one-click'

export const DEFAULT_GIFT_CARD_REMINDERS: GiftCardReminderSettings = {
  balanceReminder: false,
  balanceMonths: GIFT_CARD_BALANCE_MONTHS.default,
  expiryMonths: null,
  noticeDays: GIFT_CARD_NOTICE_DAYS.default,
  country: 'US',
}

export async function getGiftCardReminders(orm: Orm, siteId: string): Promise<GiftCardReminderSettings> {
  const [r] = await orm.select().from(giftCardReminderSettings).where(eq(giftCardReminderSettings.siteId, siteId))
  return r ? { balanceReminder: r.balanceReminder, balanceMonths: r.balanceMonths, expiryMonths: r.expiryMonths, noticeDays: r.noticeDays, country: r.country } : { ...DEFAULT_GIFT_CARD_REMINDERS }
}

/** Replaces the settings; an expiry the country's rules refuse is a 400 with the field expiryMonths. */
export async function putGiftCardReminders(orm: Orm, siteId: string, input: GiftCardReminderSettings): Promise<GiftCardReminderSettings> {
  const country = input.country.toUpperCase()
  const problem = giftCardExpiryProblem(country, input.expiryMonths)
  if (problem) throw new AppError('invalid_data', 'gift_card_expiry_not_allowed', problem, { fields: { expiryMonths: problem } })
  const values = { balanceReminder: input.balanceReminder, balanceMonths: input.balanceMonths, expiryMonths: input.expiryMonths, noticeDays: input.noticeDays, country, updatedAt: new Date() }
  await orm.insert(giftCardReminderSettings).values({ siteId, ...values }).onConflictDoUpdate({ target: giftCardReminderSettings.siteId, set: values })
  return getGiftCardReminders(orm, siteId)
}

/** When a card issued at `issuedAt` expires under the site's settings (null: never): a real date, printed to its holder. */
export async function expiryOfNewCard(tx: Orm, siteId: string, issuedAt: Date): Promise<Date | null> {
  const s = await getGiftCardReminders(tx, siteId)
  if (s.expiryMonths === null || giftCardExpiryProblem(s.country, s.expiryMonths)) return null
  return new Date(issuedAt.getTime() + s.expiryMonths * GIFT_CARD_MONTH_DAYS * 86_400_000)
}

/** The buyer's answer in a cart entry's fields: 'true' true, 'false' false, none (or '') null: not asked. */
export function reminderConsentOf(fields: Record<string, unknown> | null | undefined): boolean | null {
  const v = fields?.[GIFT_CARD_REMINDER_CONSENT_FIELD]
  return v === true || v === 'true' ? true : v === false || v === 'false' ? false : null
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url').slice(0, 32)
export const giftCardUnsubscribeToken = (secret: string, cardId: string) => hmac(secret, `gift-card-unsubscribe:${cardId}`)
export function verifyGiftCardUnsubscribe(secret: string, cardId: string, token: string): boolean {
  const want = giftCardUnsubscribeToken(secret, cardId)
  return token.length === want.length && timingSafeEqual(Buffer.from(token), Buffer.from(want))
}

export async function unsubscribeGiftCard(orm: Orm, siteId: string, cardId: string): Promise<boolean> {
  const rows = await orm.update(giftCards).set({ remindersOff: true }).where(and(eq(giftCards.siteId, siteId), eq(giftCards.id, cardId))).returning({ id: giftCards.id })
  return rows.length > 0
}

export interface GiftCardReminderDeps {
  orm: Orm
  secret: string
  composer(siteId: string): Promise<Composer>
  siteUrl(siteId: string): Promise<string | undefined>
  queueMail: QueueMail
  hourMs: number
}

interface DueCard {
  id: string
  site_id: string
  code: string
  balance_cents: number
  currency: string
  order_id: string | null
  entry_id: string | null
  expires_at: string | Date | null
  reminder_consent: boolean | null
  country: string
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z0-9]{2,}$/

/** Who holds a card bought with an order: its entry's recipient, else the buyer. */
async function holderOf(orm: Orm, card: DueCard): Promise<{ email: string; name: string } | null> {
  if (!card.order_id) return null
  const [o] = await orm.select({ email: orders.email, entries: orders.entries }).from(orders).where(and(eq(orders.siteId, card.site_id), eq(orders.id, card.order_id)))
  if (!o) return null
  const f = (o.entries.find((e) => e.entryId === card.entry_id)?.additionalFields ?? {}) as Record<string, unknown>
  const recipient = text(f.recipientEmail)
  if (EMAIL.test(recipient)) return { email: recipient, name: text(f.recipientName) }
  return EMAIL.test(o.email) ? { email: o.email, name: '' } : null
}

type Kind = 'balance' | 'expiry'

async function dueCards(orm: Orm, kind: Kind, now: Date, hourMs: number, limit: number): Promise<DueCard[]> {
  const day = (24 * hourMs) / 1000
  const cols = sql`g.id, g.site_id, g.code, g.balance_cents, g.currency, g.order_id, g.entry_id, g.expires_at, g.reminder_consent, s.country`
  if (kind === 'balance') {
    return sqlRows<DueCard>(
      orm,
      sql`SELECT ${cols} FROM commerce_gift_cards g JOIN commerce_gift_card_reminder_settings s ON s.site_id = g.site_id
          WHERE s.balance_reminder AND g.balance_cents > 0 AND g.balance_reminded_at IS NULL AND NOT g.reminders_off AND g.order_id IS NOT NULL
            AND g.created_at <= ${now}::timestamptz - make_interval(secs => s.balance_months * ${GIFT_CARD_MONTH_DAYS * day})
            AND (g.expires_at IS NULL OR g.expires_at > ${now}::timestamptz)
          ORDER BY g.created_at LIMIT ${limit}`,
    )
  }
  return sqlRows<DueCard>(
    orm,
    sql`SELECT ${cols} FROM commerce_gift_cards g JOIN commerce_gift_card_reminder_settings s ON s.site_id = g.site_id
        WHERE g.expires_at IS NOT NULL AND g.balance_cents > 0 AND g.expiry_noticed_at IS NULL AND NOT g.reminders_off AND g.order_id IS NOT NULL
          AND g.expires_at > ${now}::timestamptz AND g.expires_at <= ${now}::timestamptz + make_interval(secs => s.notice_days * ${day})
        ORDER BY g.expires_at LIMIT ${limit}`,
  )
}

/** Queues every gift-card reminder and expiry notice due at `now`; answers how many were queued here. Safe on every node at once. */
export async function sendDueGiftCardReminders(deps: GiftCardReminderDeps, now: Date): Promise<number> {
  const { orm } = deps
  let queued = 0
  const composers = new Map<string, Composer>()
  for (const kind of ['balance', 'expiry'] as const) {
    for (const card of await dueCards(orm, kind, now, deps.hourMs, 100)) {
      const holder = await holderOf(orm, card)
      const mailable = !!holder && giftCardRemindersAllowed(card.reminder_consent, card.country)
      const column = kind === 'balance' ? giftCards.balanceRemindedAt : giftCards.expiryNoticedAt
      const setTo = kind === 'balance' ? { balanceRemindedAt: now } : { expiryNoticedAt: now }
      let compose = composers.get(card.site_id)
      if (mailable && !compose) composers.set(card.site_id, (compose = await deps.composer(card.site_id)))
      const baseUrl = (await deps.siteUrl(card.site_id)) ?? '/'
      const sent = await orm.transaction(async (tx) => {
        // claimed once: the mail goes out with this claim, or never (no holder, no consent: marked, not mailed)
        const [row] = await tx.update(giftCards).set(setTo).where(and(eq(giftCards.id, card.id), isNull(column), eq(giftCards.remindersOff, false))).returning()
        if (!row || !mailable || !compose) return false
        const signed = `?s=${row.id}&t=${giftCardUnsubscribeToken(deps.secret, row.id)}`
        const unsubscribeUrl = new URL(`${GIFT_CARD_UNSUBSCRIBE_PATH}${signed}`, baseUrl).toString()
        const oneClickUrl = new URL(`${GIFT_CARD_ONE_CLICK_PATH}${signed}`, baseUrl).toString()
        const expires = row.expiresAt ? row.expiresAt.toISOString().slice(0, 10) : null
        const data = { giftCard: { recipientName: holder!.name, code: row.code, balance: moneyText(row.balanceCents, row.currency), expiresOn: expires, shopUrl: baseUrl, unsubscribeUrl } }
        const template = kind === 'balance' ? GIFT_CARD_BALANCE_TEMPLATE : GIFT_CARD_EXPIRY_TEMPLATE
        await deps.queueMail(tx, {
          id: `gift-card-${kind}:${row.id}`,
          siteId: row.siteId,
          kind: template,
          message: { ...compose(template, holder!.email, data), headers: { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
        })
        return true
      })
      if (sent) queued++
    }
  }
  return queued
}
