// Writes one batch of tracked events in one transaction: raw events, day-unique visitors, rollup increments,
// Web Vitals histograms and grouped errors. Rows go in as one JSON parameter each (no parameter-count limit).
import { sql } from 'drizzle-orm'
import { sqlRows, type Orm } from '../../platform/db/index.js'
import { aggregate, SEP, sessionKeys, type Aggregate, type Delta } from './aggregate.js'
import { lockSessions, saveSessions } from './sessions.js'
import type { TrackedEvent } from './types.js'

/** One raw event's row (one object, made once per event of every batch). */
function rawRow(e: TrackedEvent) {
  let name: string
  let data: unknown
  switch (e.kind) {
    case 'pageview':
      name = ''
      data = e.campaign ? { ...e.data, campaign: e.campaign } : e.data
      break
    case 'search':
      name = e.query.slice(0, 200)
      data = null
      break
    case 'event':
      name = e.name
      data = e.data
      break
    case 'commerce':
      name = e.name
      data = { ...e.data, product: e.product, revenue: e.revenue }
      break
    case 'vital':
      name = e.metric
      data = { value: e.value }
      break
    case 'error':
      name = e.fingerprint
      data = { message: e.message.slice(0, 500) }
      break
  }
  return { site_id: e.siteId, at: e.at.toISOString(), kind: e.kind, name, visitor: e.visitor, session: e.session, path: e.path, source: e.source, device: e.device, browser: e.browser, os: e.os, country: e.country, data }
}

/** `raw: false` writes only the rollups (seeding benchmarks: reports never read raw events). */
export async function writeBatch(orm: Orm, batch: readonly TrackedEvent[], opts: { raw?: boolean } = {}): Promise<void> {
  if (batch.length === 0) return
  await orm.transaction(async (tx) => {
    // the open visits are shared by every node (tracking_sessions), locked for this batch
    const sessions = await lockSessions(tx as unknown as Orm, batch)
    const agg = aggregate(batch, sessions)
    await saveSessions(tx as unknown as Orm, sessions)
    if (opts.raw !== false) await tx.execute(sql`
      INSERT INTO tracking_events (site_id, at, kind, name, visitor, session, path, source, device, browser, os, country, data)
      SELECT site_id, at, kind, name, visitor, session, path, source, device, browser, os, country, data
      FROM jsonb_to_recordset(${JSON.stringify(batch.map(rawRow))}::jsonb)
        AS x(site_id text, at timestamptz, kind text, name text, visitor text, session text, path text, source text,
             device text, browser text, os text, country text, data jsonb)`)
    await creditNewVisitors(tx as unknown as Orm, agg)
    await upsertRollups(tx as unknown as Orm, agg.rollups)
    await upsertVitals(tx as unknown as Orm, agg)
    await upsertErrors(tx as unknown as Orm, agg)
  })
}

/** Visitors not yet seen on their day add one visitor to the site row and to each of their attribute rows. */
async function creditNewVisitors(orm: Orm, agg: Aggregate): Promise<void> {
  if (agg.visitors.size === 0) return
  const rows = [...agg.visitors.values()].map((v) => ({ site_id: v.siteId, day: v.day, visitor: v.visitor }))
  const fresh = await sqlRows<{ site_id: string; day: string; visitor: string }>(
    orm,
    sql`INSERT INTO tracking_day_visitors (site_id, day, visitor)
        SELECT site_id, day, visitor FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(site_id text, day date, visitor text)
        ON CONFLICT DO NOTHING
        RETURNING site_id, day::text AS day, visitor`,
  )
  const visitors = new Map<string, number>()
  for (const f of fresh) {
    const v = agg.visitors.get(`${f.site_id}${SEP}${f.day}${SEP}${f.visitor}`)
    if (!v) continue
    for (const [dim, key] of sessionKeys(v.attrs)) {
      const k = `${v.siteId}${SEP}${v.day}${SEP}${dim}${SEP}${key}`
      visitors.set(k, (visitors.get(k) ?? 0) + 1)
    }
  }
  for (const [k, n] of visitors) {
    const row = agg.rollups.get(k) as (Delta & { visitors?: number }) | undefined
    if (row) row.visitors = n
    else agg.rollups.set(k, { views: 0, visits: 0, bounces: 0, entries: 0, exits: 0, durationMs: 0, durations: 0, events: 0, revenue: 0, visitors: n } as Delta)
  }
}

async function upsertRollups(orm: Orm, rollups: Map<string, Delta>): Promise<void> {
  if (rollups.size === 0) return
  const rows = [...rollups].map(([k, d]) => {
    const [site_id, day, dim, key] = k.split(SEP) as [string, string, string, string]
    return { site_id, day, dim, key, ...d, visitors: (d as Delta & { visitors?: number }).visitors ?? 0 }
  })
  // Sorted so concurrent flushes lock rows in the same order.
  rows.sort((a, b) => (a.site_id + a.dim + a.day + a.key < b.site_id + b.dim + b.day + b.key ? -1 : 1))
  await orm.execute(sql`
    INSERT INTO tracking_rollups AS r (site_id, day, dim, key, views, visits, visitors, bounces, entries, exits, duration_ms, durations, events, revenue)
    SELECT site_id, day, dim, key, views, visits, visitors, bounces, entries, exits, "durationMs", durations, events, revenue
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS x(site_id text, day date, dim text, key text, views int, visits int, visitors int, bounces int, entries int, exits int,
           "durationMs" bigint, durations int, events int, revenue bigint)
    ON CONFLICT (site_id, dim, day, key) DO UPDATE SET
      views = r.views + excluded.views, visits = r.visits + excluded.visits, visitors = r.visitors + excluded.visitors,
      bounces = r.bounces + excluded.bounces, entries = r.entries + excluded.entries, exits = r.exits + excluded.exits,
      duration_ms = r.duration_ms + excluded.duration_ms, durations = r.durations + excluded.durations,
      events = r.events + excluded.events, revenue = r.revenue + excluded.revenue`)
}

async function upsertVitals(orm: Orm, agg: Aggregate): Promise<void> {
  if (agg.vitals.size === 0) return
  const rows = [...agg.vitals].map(([k, count]) => {
    const [site_id, day, path, metric, bucket] = k.split(SEP) as [string, string, string, string, string]
    return { site_id, day, path, metric, bucket: Number(bucket), count }
  })
  await orm.execute(sql`
    INSERT INTO tracking_vitals AS v (site_id, day, path, metric, bucket, count)
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(site_id text, day date, path text, metric text, bucket int, count int)
    ON CONFLICT (site_id, metric, day, path, bucket) DO UPDATE SET count = v.count + excluded.count`)
}

async function upsertErrors(orm: Orm, agg: Aggregate): Promise<void> {
  if (agg.errors.size === 0) return
  const pages = [...agg.errors.values()].map((e) => ({ ...e, first: e.first.toISOString(), last: e.last.toISOString() }))
  const groups = new Map<string, (typeof pages)[number]>()
  for (const p of pages) {
    const k = `${p.siteId}${SEP}${p.fingerprint}`
    const g = groups.get(k)
    if (!g) groups.set(k, { ...p })
    else {
      g.count += p.count
      if (p.first < g.first) g.first = p.first
      if (p.last > g.last) g.last = p.last
    }
  }
  await orm.execute(sql`
    INSERT INTO tracking_errors AS e (site_id, fingerprint, message, stack, app, count, first_seen, last_seen)
    SELECT "siteId", fingerprint, message, stack, app, count, first, last FROM jsonb_to_recordset(${JSON.stringify([...groups.values()])}::jsonb)
      AS x("siteId" text, fingerprint text, message text, stack text, app text, count int, first timestamptz, last timestamptz)
    ON CONFLICT (site_id, fingerprint) DO UPDATE SET count = e.count + excluded.count,
      first_seen = least(e.first_seen, excluded.first_seen), last_seen = greatest(e.last_seen, excluded.last_seen)`)
  await orm.execute(sql`
    INSERT INTO tracking_error_pages AS p (site_id, fingerprint, path, count, last_seen)
    SELECT "siteId", fingerprint, path, count, last FROM jsonb_to_recordset(${JSON.stringify(pages)}::jsonb)
      AS x("siteId" text, fingerprint text, path text, count int, last timestamptz)
    ON CONFLICT (site_id, fingerprint, path) DO UPDATE SET count = p.count + excluded.count, last_seen = greatest(p.last_seen, excluded.last_seen)`)
}
