// Housekeeping: expired Idempotency-Key replies and carts nobody touched for 30 days (never purchased ones only).
import { and, eq, lt } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { IDEMPOTENCY_TTL_MS } from './shared/idempotency.js'
import { carts, idempotency } from './schema.js'

export const ABANDONED_CART_MS = 30 * 24 * 60 * 60 * 1000

export async function sweep(orm: Orm, now = Date.now()): Promise<{ replies: number; carts: number }> {
  const replies = await orm.delete(idempotency).where(lt(idempotency.createdAt, new Date(now - IDEMPOTENCY_TTL_MS))).returning({ key: idempotency.key })
  const gone = await orm
    .delete(carts)
    .where(and(eq(carts.isPurchased, false), lt(carts.updatedAt, new Date(now - ABANDONED_CART_MS))))
    .returning({ id: carts.id })
  return { replies: replies.length, carts: gone.length }
}
