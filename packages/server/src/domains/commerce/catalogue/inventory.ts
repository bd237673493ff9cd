// Inventory: stock answers for visitors and the atomic decrement when an order is placed.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Orm } from '../../../platform/db/index.js'
import { sqlRows } from '../../../platform/db/index.js'
import { AppError } from '../../../platform/errors.js'
import { MSG } from '../shared/messages.js'
import { products, variants } from '../schema.js'

import type { StockResult } from '@sitewright/contracts'
export type { StockResult }

/** Stock of an item's variants (`sku` narrows to one); visitors see published and hidden products only. */
export async function stockOf(orm: Orm, siteId: string, itemId: string, sku?: string): Promise<StockResult[]> {
  const rows = await orm
    .select({ sku: variants.sku, variantId: variants.id, unlimited: variants.unlimited, qtyInStock: variants.qtyInStock })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        eq(variants.siteId, siteId),
        eq(variants.productId, itemId),
        sql`${products.status} <> 'draft'`,
        sku === undefined ? sql`true` : eq(variants.sku, sku),
      ),
    )
    .orderBy(asc(variants.ordering))
  return rows
}

/**
 * Takes `quantity` units of a variant inside the order transaction: one conditional UPDATE, so concurrent
 * checkouts can never sell more than the stock (the row lock serialises them; the WHERE re-checks the stock).
 * Unlimited variants are untouched. Throws the spec's message when the stock is short.
 */
export async function takeStock(tx: Orm, siteId: string, variantId: string, quantity: number): Promise<void> {
  const rows = await sqlRows<{ id: string }>(
    tx,
    sql`UPDATE commerce_variants SET qty_in_stock = qty_in_stock - ${quantity}
        WHERE site_id = ${siteId} AND id = ${variantId} AND NOT unlimited AND qty_in_stock >= ${quantity}
        RETURNING id`,
  )
  if (rows.length === 1) return
  const [v] = await tx.select({ unlimited: variants.unlimited }).from(variants).where(and(eq(variants.siteId, siteId), eq(variants.id, variantId)))
  if (v?.unlimited) return
  if (!v) throw new AppError('conflict', 'variant_unavailable', MSG.variantUnavailable)
  throw new AppError('conflict', 'insufficient_stock', MSG.notEnoughStock)
}

/** Puts units back (refund of an order). */
export async function returnStock(tx: Orm, siteId: string, variantId: string, quantity: number): Promise<void> {
  await tx.execute(sql`UPDATE commerce_variants SET qty_in_stock = qty_in_stock + ${quantity}
                       WHERE site_id = ${siteId} AND id = ${variantId} AND NOT unlimited`)
}

/** Owner stock change: absolute quantity, relative delta (never below 0), or the unlimited flag. */
export async function setStock(
  orm: Orm,
  siteId: string,
  productId: string,
  variantId: string,
  patch: { qtyInStock?: number | undefined; delta?: number | undefined; unlimited?: boolean | undefined },
): Promise<StockResult> {
  const set: Record<string, unknown> = {}
  if (patch.qtyInStock !== undefined) set.qtyInStock = patch.qtyInStock
  else if (patch.delta !== undefined) set.qtyInStock = sql`GREATEST(0, ${variants.qtyInStock} + ${patch.delta})`
  if (patch.unlimited !== undefined) set.unlimited = patch.unlimited
  if (Object.keys(set).length === 0) throw new AppError('invalid_data', 'validation_failed', 'Send qtyInStock, delta or unlimited.')
  const [row] = await orm
    .update(variants)
    .set(set)
    .where(and(eq(variants.siteId, siteId), eq(variants.productId, productId), eq(variants.id, variantId)))
    .returning({ sku: variants.sku, variantId: variants.id, unlimited: variants.unlimited, qtyInStock: variants.qtyInStock })
  if (!row) throw new AppError('not_found', 'variant_not_found', 'No such variant.')
  return row
}
