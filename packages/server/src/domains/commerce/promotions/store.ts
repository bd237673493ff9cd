// The owner's promotions: list, create, replace, delete, per site; and a promotion as the owner API answers it.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Orm } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { newId } from '../../../platform/ids.js'
import type { Promotion } from '@sitewright/contracts'
import { promotionLive } from '../cart/promotions.js'
import { promotions, type PromotionRow } from '../schema.js'
import type { promotionInput } from './input.js'

export type PromotionBody = z.output<typeof promotionInput>

export function promotionView(p: PromotionRow, now = new Date()): Promotion {
  const status: Promotion['status'] = !p.active ? 'off' : p.startsAt && now < p.startsAt ? 'scheduled' : promotionLive(p, now) ? 'active' : 'ended'
  return {
    id: p.id,
    name: p.name,
    kind: p.kind,
    appliesTo: p.appliesTo,
    targetIds: p.targetIds,
    amount: p.amount,
    buyQuantity: p.buyQuantity,
    getQuantity: p.getQuantity,
    minSubtotalCents: p.minSubtotalCents,
    startsAt: p.startsAt?.toISOString() ?? null,
    endsAt: p.endsAt?.toISOString() ?? null,
    active: p.active,
    usageLimit: p.usageLimit,
    perCustomerLimit: p.perCustomerLimit,
    usedCount: p.usedCount,
    combinesWithCodes: p.combinesWithCodes,
    combinesWithGiftCards: p.combinesWithGiftCards,
    status,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  }
}

const columns = (b: PromotionBody) => ({
  name: b.name,
  kind: b.kind,
  appliesTo: b.appliesTo,
  targetIds: b.appliesTo === 'order' ? [] : [...new Set(b.targetIds)],
  amount: b.kind === 'free_shipping' ? 0 : b.amount,
  buyQuantity: b.kind === 'buy_x_get_y' ? (b.buyQuantity ?? 0) : 0,
  getQuantity: b.kind === 'buy_x_get_y' ? (b.getQuantity ?? 0) : 0,
  minSubtotalCents: b.minSubtotalCents,
  startsAt: b.startsAt ? new Date(b.startsAt) : null,
  endsAt: b.endsAt ? new Date(b.endsAt) : null,
  active: b.active,
  usageLimit: b.usageLimit,
  perCustomerLimit: b.perCustomerLimit,
  combinesWithCodes: b.combinesWithCodes,
  combinesWithGiftCards: b.combinesWithGiftCards,
})

export async function listPromotions(orm: Orm, siteId: string): Promise<Promotion[]> {
  const rows = await orm.select().from(promotions).where(eq(promotions.siteId, siteId)).orderBy(asc(promotions.createdAt), asc(promotions.id))
  const now = new Date()
  return rows.map((r) => promotionView(r, now))
}

export async function createPromotion(orm: Orm, siteId: string, body: PromotionBody): Promise<Promotion> {
  const [row] = await orm.insert(promotions).values({ id: newId(), siteId, ...columns(body) }).returning()
  return promotionView(row!)
}

/** Replaces what the owner sets; the count of orders that used it stays. */
export async function replacePromotion(orm: Orm, siteId: string, id: string, body: PromotionBody): Promise<Promotion> {
  const [row] = await orm
    .update(promotions)
    .set({ ...columns(body), updatedAt: sql`now()` })
    .where(and(eq(promotions.siteId, siteId), eq(promotions.id, id)))
    .returning()
  if (!row) throw new AppError('not_found', 'promotion_not_found', 'No such promotion.')
  return promotionView(row)
}

export async function deletePromotion(orm: Orm, siteId: string, id: string): Promise<void> {
  const gone = await orm.delete(promotions).where(and(eq(promotions.siteId, siteId), eq(promotions.id, id))).returning({ id: promotions.id })
  if (gone.length === 0) throw new AppError('not_found', 'promotion_not_found', 'No such promotion.')
}
