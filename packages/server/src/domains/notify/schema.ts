import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** Which notification mails each owner wants on one site; no row: the defaults (every one on). */
export const notifyOwnerSettings = pgTable(
  'notify_owner_settings',
  {
    siteId: text('site_id').notNull(),
    ownerId: text('owner_id').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.ownerId] })],
)

export const notifyTables = { notifyOwnerSettings }
