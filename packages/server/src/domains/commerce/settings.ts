// Store settings per site (one row, created on first use). The row also serialises per-site writes that need it
// (order numbers, the products-per-collection limit) through SELECT ... FOR UPDATE.
import { eq, sql } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { storeSettings } from './schema.js'
import type { StoreSettings } from '@sitewright/contracts'

export type { StoreSettings }

type Row = typeof storeSettings.$inferSelect

function view(r: Row): StoreSettings {
  return {
    currency: r.currency,
    instalmentsEnabled: r.instalmentsEnabled,
    instalmentMinCents: r.instalmentMinCents,
    instalmentMaxCents: r.instalmentMaxCents,
    multipleQuantityAllowedForServices: r.multipleQuantityAllowedForServices,
    expressCheckout: r.expressCheckout,
  }
}

async function ensureRow(orm: Orm, siteId: string): Promise<void> {
  await orm.insert(storeSettings).values({ siteId }).onConflictDoNothing()
}

export async function getSettings(orm: Orm, siteId: string): Promise<StoreSettings> {
  const [row] = await orm.select().from(storeSettings).where(eq(storeSettings.siteId, siteId))
  if (row) return view(row)
  await ensureRow(orm, siteId)
  const [created] = await orm.select().from(storeSettings).where(eq(storeSettings.siteId, siteId))
  return view(created!)
}

export async function updateSettings(orm: Orm, siteId: string, patch: Partial<StoreSettings>): Promise<StoreSettings> {
  const current = await getSettings(orm, siteId)
  const next = { ...current, ...patch }
  if (next.instalmentMaxCents < next.instalmentMinCents) {
    throw new AppError('invalid_data', 'validation_failed', 'The instalment maximum must not be below the minimum.', {
      fields: { instalmentMaxCents: 'Must not be below the minimum.' },
    })
  }
  const [row] = await orm
    .update(storeSettings)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(storeSettings.siteId, siteId))
    .returning()
  return view(row!)
}

/** Locks the site's settings row until the end of the transaction `tx`. */
export async function lockSite(tx: Orm, siteId: string): Promise<void> {
  await ensureRow(tx, siteId)
  await tx.execute(sql`SELECT 1 FROM commerce_store_settings WHERE site_id = ${siteId} FOR UPDATE`)
}

/** The next order number of the site (inside the checkout transaction). */
export async function nextOrderNumber(tx: Orm, siteId: string): Promise<number> {
  await ensureRow(tx, siteId)
  const [row] = await tx
    .update(storeSettings)
    .set({ lastOrderNumber: sql`${storeSettings.lastOrderNumber} + 1` })
    .where(eq(storeSettings.siteId, siteId))
    .returning({ n: storeSettings.lastOrderNumber })
  return row!.n
}
