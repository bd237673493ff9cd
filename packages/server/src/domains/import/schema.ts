import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** What each imported source record became (migration 0055): `source` names the export, `source_id` the record. */
export const importSources = pgTable(
  'import_sources',
  {
    siteId: text('site_id').notNull(),
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    targetId: text('target_id').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.source, t.sourceId] })],
)

/** An import the editor follows: progress (`done` of `total` records) and, once over, its report or error. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id').notNull(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull().default(''),
    status: text('status').notNull().default('running'),
    phase: text('phase').notNull().default('reading'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    report: jsonb('report'),
    error: text('error'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('import_jobs_site_idx').on(t.siteId, t.createdAt)],
)

export const importTables = { importSources, importJobs }
