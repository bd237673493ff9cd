// Gift cards: generated codes, a balance with a ledger of every change, redemption without double spend.
import { randomInt } from 'node:crypto'
import { moneyText } from '../orders/summary.js'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Orm } from '../../../platform/db/index.js'
import { sqlRows } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { newId } from '../../../platform/ids.js'
import { giftCardLedger, giftCards, type OrderRow } from '../schema.js'
import { PRODUCT_TYPES } from '../validators.js'
import { expiryOfNewCard, getGiftCardReminders, reminderConsentOf } from './reminders.js'
import { giftCardRemindersAllowed, type GiftCard, type GiftCardLedgerEntry } from '@sitewright/contracts'

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789' // no I, O, 0, 1

/** 'ABCD-EFGH-JKLM-NPQR' (16 characters of a 32-letter alphabet: 80 bits). */
export function newGiftCardCode(): string {
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)])
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-')
}

export function normaliseCode(code: string): string {
  const c = code.toUpperCase().replace(/[^A-Z0-9]/g, '')
  return c.length === 16 ? `${c.slice(0, 4)}-${c.slice(4, 8)}-${c.slice(8, 12)}-${c.slice(12)}` : code.trim().toUpperCase()
}

export async function issueGiftCard(
  tx: Orm,
  siteId: string,
  input: { amountCents: number; currency: string; orderId?: string | null; entryId?: string | null; code?: string | undefined; reason: string; reminderConsent?: boolean | null },
) {
  const id = newId()
  const code = input.code ? normaliseCode(input.code) : newGiftCardCode()
  const createdAt = new Date()
  // the owner's expiry (gift-card reminder settings, where the country allows one) holds for the cards issued under it
  const expiresAt = await expiryOfNewCard(tx, siteId, createdAt)
  const [card] = await tx
    .insert(giftCards)
    .values({ id, siteId, code, initialCents: input.amountCents, balanceCents: input.amountCents, currency: input.currency, orderId: input.orderId ?? null, entryId: input.entryId ?? null, createdAt, expiresAt, reminderConsent: input.reminderConsent ?? null })
    .returning()
  await tx.insert(giftCardLedger).values({ id: newId(), siteId, giftCardId: id, orderId: input.orderId ?? null, deltaCents: input.amountCents, reason: input.reason })
  return card!
}

/** A gift card an order bought (declared with the order-confirmed event that carries it). */
export type { IssuedGiftCard } from '../../../platform/events.js'
import type { IssuedGiftCard } from '../../../platform/events.js'

/**
 * Issues the gift cards a paid order bought: one card per unit of each gift-card entry, each remembering its entry
 * (so its recipient and message). Called inside the transaction that makes the order paid (placing a paid order, or
 * confirming a pending payment), so the cards exist, and can be spent, only once the order is paid, and only once.
 */
export async function issueOrderGiftCards(tx: Orm, order: Pick<OrderRow, 'id' | 'siteId' | 'currency' | 'entries'>): Promise<IssuedGiftCard[]> {
  const issued: IssuedGiftCard[] = []
  for (const e of order.entries) {
    if (e.productType !== PRODUCT_TYPES.GIFT_CARD) continue
    for (let i = 0; i < e.quantity; i++) {
      // the buyer's answer to the page's reminder box goes with the card (from the entry, through checkout)
      const reminderConsent = reminderConsentOf(e.additionalFields)
      const card = await issueGiftCard(tx, order.siteId, { amountCents: e.unitPriceCents, currency: order.currency, orderId: order.id, entryId: e.entryId, reason: 'purchase', reminderConsent })
      issued.push({ entryId: e.entryId, code: card.code, amountCents: card.initialCents, fields: e.additionalFields })
    }
  }
  return issued
}

export async function findGiftCard(orm: Orm, siteId: string, code: string) {
  const [card] = await orm.select().from(giftCards).where(and(eq(giftCards.siteId, siteId), eq(giftCards.code, normaliseCode(code))))
  return card
}

/**
 * The card a shopper entered at checkout and what it pays of `totalCents` (all of its balance, at most the total).
 * 400 with the field giftCardCode when the code is unknown or the card is empty. Placing the order re-checks the
 * balance under a row lock (redeem).
 */
export async function giftCardToApply(orm: Orm, siteId: string, code: string, totalCents: number) {
  const card = await findGiftCard(orm, siteId, code)
  const refuse = (code: string, message: string): never => {
    throw new AppError('invalid_data', code, message, { fields: { giftCardCode: message } })
  }
  if (!card) return refuse('gift_card_not_found', 'This gift card does not exist.')
  // a used-up card is a real card: say so with its balance, not like a wrong code
  if (card.balanceCents === 0) return refuse('gift_card_empty', `Balance: ${moneyText(0, card.currency)}. This gift card has been used up.`)
  if (card.expiresAt && card.expiresAt.getTime() <= Date.now()) return refuse('gift_card_expired', `This gift card expired on ${card.expiresAt.toISOString().slice(0, 10)}.`)
  return { id: card.id, code: card.code, balanceCents: card.balanceCents, applied: Math.min(card.balanceCents, Math.max(0, totalCents)) }
}

/**
 * Takes exactly `amountCents` from the card inside the order transaction: the row is locked, so two orders can
 * never spend the same balance. Throws when the balance no longer covers the amount.
 */
export async function redeem(tx: Orm, siteId: string, giftCardId: string, amountCents: number, orderId: string): Promise<void> {
  if (amountCents === 0) return
  const rows = await sqlRows<{ id: string }>(
    tx,
    sql`UPDATE commerce_gift_cards SET balance_cents = balance_cents - ${amountCents}
        WHERE site_id = ${siteId} AND id = ${giftCardId} AND balance_cents >= ${amountCents} AND (expires_at IS NULL OR expires_at > now()) RETURNING id`,
  )
  if (rows.length === 0) {
    throw new AppError('conflict', 'gift_card_balance_changed', 'The gift card balance has changed. Please review your order and try again.')
  }
  await tx.insert(giftCardLedger).values({ id: newId(), siteId, giftCardId, orderId, deltaCents: -amountCents, reason: 'redemption' })
}

/** Gives back what an order took from a card (refund). */
export async function restore(tx: Orm, siteId: string, orderId: string): Promise<void> {
  const taken = await tx
    .select({ giftCardId: giftCardLedger.giftCardId, delta: giftCardLedger.deltaCents })
    .from(giftCardLedger)
    .where(and(eq(giftCardLedger.siteId, siteId), eq(giftCardLedger.orderId, orderId), eq(giftCardLedger.reason, 'redemption')))
  for (const t of taken) {
    await tx.execute(sql`UPDATE commerce_gift_cards SET balance_cents = balance_cents + ${-t.delta} WHERE id = ${t.giftCardId}`)
    await tx.insert(giftCardLedger).values({ id: newId(), siteId, giftCardId: t.giftCardId, orderId, deltaCents: -t.delta, reason: 'refund' })
  }
}

export async function listGiftCards(orm: Orm, siteId: string): Promise<GiftCard[]> {
  const rows = await orm.select().from(giftCards).where(eq(giftCards.siteId, siteId)).orderBy(desc(giftCards.createdAt)).limit(500)
  const { country } = await getGiftCardReminders(orm, siteId)
  return rows.map((r) => giftCardView(r, country))
}

/** One card as the owner API carries it, under the site's shop country. */
export async function ownerGiftCard(orm: Orm, siteId: string, r: typeof giftCards.$inferSelect): Promise<GiftCard> {
  return giftCardView(r, (await getGiftCardReminders(orm, siteId)).country)
}

/** A card as the owner API carries it; `country` is the shop's, whose rules say whether a card never asked may be mailed. */
export function giftCardView(r: typeof giftCards.$inferSelect, country: string): GiftCard {
  const mailable = r.orderId !== null && !r.remindersOff && giftCardRemindersAllowed(r.reminderConsent, country)
  return {
    id: r.id, siteId: r.siteId, code: r.code, initialCents: r.initialCents, balanceCents: r.balanceCents, currency: r.currency, orderId: r.orderId, entryId: r.entryId,
    createdAt: r.createdAt.toISOString(), expiresAt: r.expiresAt?.toISOString() ?? null,
    reminders: { consent: r.reminderConsent, unsubscribed: r.remindersOff, mailable, balanceRemindedAt: r.balanceRemindedAt?.toISOString() ?? null, expiryNoticedAt: r.expiryNoticedAt?.toISOString() ?? null },
  }
}

/** The balance changes of a gift card of the site; 404 gift_card_not_found when the site has no card of that id. */
export async function ledgerOf(orm: Orm, siteId: string, giftCardId: string): Promise<GiftCardLedgerEntry[]> {
  const [card] = await orm.select({ id: giftCards.id }).from(giftCards).where(and(eq(giftCards.siteId, siteId), eq(giftCards.id, giftCardId)))
  if (!card) throw new AppError('not_found', 'gift_card_not_found', 'This site has no gift card with this id.')
  const rows = await orm
    .select()
    .from(giftCardLedger)
    .where(and(eq(giftCardLedger.siteId, siteId), eq(giftCardLedger.giftCardId, giftCardId)))
    .orderBy(asc(giftCardLedger.createdAt))
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
}
