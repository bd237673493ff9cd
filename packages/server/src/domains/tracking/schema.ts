// Tables of the tracking domain (see migrations/0012_tracking_analytics.sql).
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Per-site tracking and consent settings (absent row = defaults). */
export const trackingSettings = pgTable('tracking_settings', {
  siteId: text('site_id').primaryKey(),
  disabled: boolean('disabled').notNull().default(false),
  bannerEnabled: boolean('banner_enabled').notNull().default(false),
  restrictive: boolean('restrictive').notNull().default(false),
  bannerText: text('banner_text').notNull().default(''),
  acceptText: text('accept_text').notNull().default(''),
  declineText: text('decline_text').notNull().default(''),
  retentionDays: integer('retention_days').notNull().default(90),
  analyticsTag: text('analytics_tag').notNull().default(''),
  pixelId: text('pixel_id').notNull().default(''),
  tagUrl: text('tag_url').notNull().default(''),
  updatedAt: tz('updated_at').notNull().defaultNow(),
})

export const trackingSalts = pgTable(
  'tracking_salts',
  { siteId: text('site_id').notNull(), day: date('day').notNull(), salt: text('salt').notNull() },
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
)

export const trackingEvents = pgTable(
  'tracking_events',
  {
    siteId: text('site_id').notNull(),
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: tz('at').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull().default(''),
    visitor: text('visitor').notNull(),
    session: text('session').notNull(),
    path: text('path').notNull().default(''),
    source: text('source').notNull().default(''),
    device: text('device').notNull().default(''),
    browser: text('browser').notNull().default(''),
    os: text('os').notNull().default(''),
    country: text('country').notNull().default(''),
    data: jsonb('data'),
  },
  (t) => [index('tracking_events_site_at_idx').on(t.siteId, t.at)],
)

export const trackingRollups = pgTable(
  'tracking_rollups',
  {
    siteId: text('site_id').notNull(),
    day: date('day').notNull(),
    dim: text('dim').notNull(),
    key: text('key').notNull(),
    views: integer('views').notNull().default(0),
    visits: integer('visits').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    bounces: integer('bounces').notNull().default(0),
    entries: integer('entries').notNull().default(0),
    exits: integer('exits').notNull().default(0),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull().default(0),
    durations: integer('durations').notNull().default(0),
    events: integer('events').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.dim, t.day, t.key] })],
)

export const trackingDayVisitors = pgTable(
  'tracking_day_visitors',
  { siteId: text('site_id').notNull(), day: date('day').notNull(), visitor: text('visitor').notNull() },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.visitor] })],
)

/** Open visits (30 idle minutes end one), shared by every node; read and updated by each batch in its transaction. */
export const trackingSessions = pgTable(
  'tracking_sessions',
  {
    siteId: text('site_id').notNull(),
    session: text('session').notNull(),
    startDay: text('start_day').notNull(),
    lastPath: text('last_path').notNull(),
    lastDay: text('last_day').notNull(),
    lastAt: tz('last_at').notNull(),
    views: integer('views').notNull(),
    attrs: jsonb('attrs').notNull(),
  },
  // no index on a column the batches change: their updates stay heap-only (migration 0034, fillfactor 50)
  (t) => [primaryKey({ columns: [t.siteId, t.session] })],
)

export const trackingVitals = pgTable(
  'tracking_vitals',
  {
    siteId: text('site_id').notNull(),
    day: date('day').notNull(),
    path: text('path').notNull(),
    metric: text('metric').notNull(),
    bucket: integer('bucket').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.metric, t.day, t.path, t.bucket] })],
)

export const trackingErrors = pgTable(
  'tracking_errors',
  {
    siteId: text('site_id').notNull(),
    fingerprint: text('fingerprint').notNull(),
    message: text('message').notNull(),
    stack: text('stack').notNull().default(''),
    app: text('app').notNull().default(''),
    count: integer('count').notNull().default(0),
    firstSeen: tz('first_seen').notNull(),
    lastSeen: tz('last_seen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.fingerprint] })],
)

export const trackingErrorPages = pgTable(
  'tracking_error_pages',
  {
    siteId: text('site_id').notNull(),
    fingerprint: text('fingerprint').notNull(),
    path: text('path').notNull(),
    count: integer('count').notNull().default(0),
    lastSeen: tz('last_seen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.fingerprint, t.path] })],
)

export const trackingTables = { trackingSettings, trackingSalts, trackingEvents, trackingRollups, trackingDayVisitors, trackingSessions, trackingVitals, trackingErrors, trackingErrorPages }
