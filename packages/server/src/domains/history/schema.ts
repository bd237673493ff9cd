// The history tables (migration 0050), for the schema checks (every site table has a transfer rule).
import { bigint, customType, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' })

export const historyPending = pgTable(
  'history_pending',
  {
    siteId: text('site_id').notNull(),
    kind: text('kind').notNull(),
    objectId: text('object_id').notNull(),
    markedAt: tz('marked_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.kind, t.objectId] })],
)

export const historyBlobs = pgTable(
  'history_blobs',
  {
    siteId: text('site_id').notNull(),
    hash: text('hash').notNull(),
    body: bytea('body').notNull(),
    children: jsonb('children').notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.hash] })],
)

export const historyVersions = pgTable('history_versions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  siteId: text('site_id').notNull(),
  kind: text('kind').notNull(),
  objectId: text('object_id').notNull(),
  root: text('root'),
  title: text('title').notNull().default(''),
  reason: text('reason').notNull(),
  actorId: text('actor_id'),
  changes: jsonb('changes').notNull().default([]),
  createdAt: tz('created_at').notNull().defaultNow(),
})

export const historyTables = { historyPending, historyBlobs, historyVersions }
