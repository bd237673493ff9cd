// Per-owner notification settings: what each site member is mailed about (every mail on by default).
import { and, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { NotificationSettings } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import { notifyOwnerSettings } from './schema.js'

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  newOrder: true,
  formSubmission: true,
  lowStock: true,
  lowStockThreshold: 3,
  newReview: true,
  newMember: true,
  restockDemand: true,
}

export const settingsPatch = z
  .object({
    newOrder: z.boolean(),
    formSubmission: z.boolean(),
    lowStock: z.boolean(),
    lowStockThreshold: z.number().int().min(0).max(100_000),
    newReview: z.boolean(),
    newMember: z.boolean(),
    restockDemand: z.boolean(),
  })
  .strict()
  .partial()

const restore = (saved: Record<string, unknown> | undefined): NotificationSettings => {
  const ok = settingsPatch.safeParse(saved ?? {})
  return { ...DEFAULT_NOTIFICATION_SETTINGS, ...(ok.success ? ok.data : {}) }
}

export async function settingsOf(orm: Orm, siteId: string, ownerId: string): Promise<NotificationSettings> {
  const [row] = await orm.select().from(notifyOwnerSettings).where(and(eq(notifyOwnerSettings.siteId, siteId), eq(notifyOwnerSettings.ownerId, ownerId)))
  return restore(row?.settings)
}

export async function settingsOfMany(orm: Orm, siteId: string, ownerIds: readonly string[]): Promise<Map<string, NotificationSettings>> {
  const rows = ownerIds.length ? await orm.select().from(notifyOwnerSettings).where(and(eq(notifyOwnerSettings.siteId, siteId), inArray(notifyOwnerSettings.ownerId, [...ownerIds]))) : []
  return new Map(ownerIds.map((id) => [id, restore(rows.find((r) => r.ownerId === id)?.settings)]))
}

export async function updateSettingsOf(orm: Orm, siteId: string, ownerId: string, patch: z.infer<typeof settingsPatch>): Promise<NotificationSettings> {
  const next = { ...(await settingsOf(orm, siteId, ownerId)), ...patch }
  await orm
    .insert(notifyOwnerSettings)
    .values({ siteId, ownerId, settings: next as unknown as Record<string, unknown> })
    .onConflictDoUpdate({ target: [notifyOwnerSettings.siteId, notifyOwnerSettings.ownerId], set: { settings: next as unknown as Record<string, unknown>, updatedAt: new Date() } })
  return next
}
