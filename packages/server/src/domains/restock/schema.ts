import { sql } from 'drizzle-orm'
import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** A visitor's request to hear when a sold-out variant is back (one per email and variant). */
export const restockSignups = pgTable(
  'restock_signups',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('restock_signups_seq_seq')`),
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull(),
    email: text('email').notNull(),
    joinMailingList: boolean('join_mailing_list').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
    notifiedAt: tz('notified_at'),
    batchId: text('batch_id'),
  },
  (t) => [index('restock_signups_queue_idx').on(t.siteId, t.variantId, t.notifiedAt, t.seq)],
)

export const restockVariantState = pgTable(
  'restock_variant_state',
  { siteId: text('site_id').notNull(), variantId: text('variant_id').notNull(), lastSentAt: tz('last_sent_at') },
  (t) => [primaryKey({ columns: [t.siteId, t.variantId] })],
)

export const restockSettings = pgTable('restock_settings', {
  siteId: text('site_id').primaryKey(),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

export type SignupRow = typeof restockSignups.$inferSelect
export const restockTables = { restockSignups, restockVariantState, restockSettings }
