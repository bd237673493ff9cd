// Owner reports, read from the day rollups (never from raw events, except "visitors now": the last 5 minutes).
import type { AnalyticsRange, AnalyticsReports, VitalBand } from '@sitewright/contracts'
import { sql } from 'drizzle-orm'
import { sqlRows, type Orm } from '../../platform/db/index.js'
import { quantile } from './buckets.js'
import { FUNNEL_STEPS, VITALS } from './types.js'

export type Range = AnalyticsRange

type Num = number | string | null
const n = (v: Num): number => Number(v ?? 0)

/** The same length of time just before the range. */
export function previousRange(r: Range): Range {
  const from = new Date(`${r.from}T00:00:00Z`)
  const to = new Date(`${r.to}T00:00:00Z`)
  const days = Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1
  const pto = new Date(from.getTime() - 86_400_000)
  const pfrom = new Date(pto.getTime() - (days - 1) * 86_400_000)
  return { from: pfrom.toISOString().slice(0, 10), to: pto.toISOString().slice(0, 10), interval: r.interval }
}

interface Totals {
  visits: number
  visitors: number
  pageViews: number
  bounceRate: number
  avgTimeOnPageMs: number
}

async function totals(orm: Orm, siteId: string, r: Range): Promise<Totals> {
  // time on page is on the site rows too (aggregate.ts; migration 0061 filled the older days)
  const [site] = await sqlRows<{ views: Num; visits: Num; visitors: Num; bounces: Num; ms: Num; c: Num }>(
    orm,
    sql`SELECT sum(views) AS views, sum(visits) AS visits, sum(visitors) AS visitors, sum(bounces) AS bounces,
               sum(duration_ms) AS ms, sum(durations) AS c
        FROM tracking_rollups WHERE site_id = ${siteId} AND dim = 'site' AND day BETWEEN ${r.from}::date AND ${r.to}::date`,
  )
  const visits = n(site?.visits ?? 0)
  return {
    visits,
    visitors: n(site?.visitors ?? 0),
    pageViews: n(site?.views ?? 0),
    bounceRate: visits ? Math.round((n(site?.bounces ?? 0) / visits) * 1000) / 10 : 0,
    avgTimeOnPageMs: n(site?.c ?? 0) ? Math.round(n(site?.ms ?? 0) / n(site?.c ?? 0)) : 0,
  }
}

export async function traffic(orm: Orm, siteId: string, r: Range): Promise<AnalyticsReports['traffic']> {
  // Every period of the range, empty ones as zeros (charts need the gaps).
  const series = await sqlRows<{ period: string; views: Num; visits: Num; visitors: Num; bounces: Num }>(
    orm,
    sql`SELECT to_char(p.period, 'YYYY-MM-DD') AS period, coalesce(sum(r.views), 0) AS views, coalesce(sum(r.visits), 0) AS visits,
               coalesce(sum(r.visitors), 0) AS visitors, coalesce(sum(r.bounces), 0) AS bounces
        FROM generate_series(date_trunc(${r.interval}, ${r.from}::date::timestamp), ${r.to}::date::timestamp, ('1 ' || ${r.interval})::interval) AS p(period)
        LEFT JOIN tracking_rollups r ON r.site_id = ${siteId} AND r.dim = 'site' AND r.day BETWEEN ${r.from}::date AND ${r.to}::date
          AND date_trunc(${r.interval}, r.day::timestamp) = p.period
        GROUP BY p.period ORDER BY p.period`,
  )
  const [now, before] = await Promise.all([totals(orm, siteId, r), totals(orm, siteId, previousRange(r))])
  return {
    ...now,
    previous: before,
    series: series.map((s) => ({ period: s.period, pageViews: n(s.views), visits: n(s.visits), visitors: n(s.visitors), bounces: n(s.bounces) })),
  }
}

async function byKey(orm: Orm, siteId: string, dim: string, r: Range, limit = 100) {
  const rows = await sqlRows<{ key: string; views: Num; visits: Num; visitors: Num; bounces: Num; entries: Num; exits: Num; ms: Num; c: Num; events: Num; revenue: Num }>(
    orm,
    sql`SELECT key, sum(views) AS views, sum(visits) AS visits, sum(visitors) AS visitors, sum(bounces) AS bounces,
               sum(entries) AS entries, sum(exits) AS exits, sum(duration_ms) AS ms, sum(durations) AS c, sum(events) AS events, sum(revenue) AS revenue
        FROM tracking_rollups WHERE site_id = ${siteId} AND dim = ${dim} AND day BETWEEN ${r.from}::date AND ${r.to}::date
        GROUP BY key ORDER BY sum(views) DESC, sum(events) DESC, sum(visits) DESC, key LIMIT ${limit}`,
  )
  return rows.map((x) => ({
    key: x.key,
    views: n(x.views),
    visits: n(x.visits),
    visitors: n(x.visitors),
    bounces: n(x.bounces),
    entries: n(x.entries),
    exits: n(x.exits),
    avgTimeMs: n(x.c) ? Math.round(n(x.ms) / n(x.c)) : 0,
    events: n(x.events),
    revenue: n(x.revenue),
  }))
}

export async function pages(orm: Orm, siteId: string, r: Range): Promise<AnalyticsReports['pages']> {
  const rows = await byKey(orm, siteId, 'page', r)
  return { pages: rows.map(({ key, views, entries, exits, avgTimeMs }) => ({ path: key, pageViews: views, entries, exits, avgTimeMs })) }
}

export async function sources(orm: Orm, siteId: string, r: Range): Promise<AnalyticsReports['sources']> {
  const [src, camp] = await Promise.all([byKey(orm, siteId, 'source', r), byKey(orm, siteId, 'campaign', r)])
  const shape = ({ key, visits, visitors, views, bounces }: Awaited<ReturnType<typeof byKey>>[number]) => ({ name: key, visits, visitors, pageViews: views, bounces })
  return { sources: src.map(shape), campaigns: camp.map(shape) }
}

export async function devices(orm: Orm, siteId: string, r: Range): Promise<AnalyticsReports['devices']> {
  const dims = ['device', 'browser', 'os', 'country'] as const
  const lists = await Promise.all(dims.map((d) => byKey(orm, siteId, d, r)))
  const shape = (rows: Awaited<ReturnType<typeof byKey>>) => rows.map(({ key, visits, visitors, views }) => ({ name: key, visits, visitors, pageViews: views }))
  return { devices: shape(lists[0]!), browsers: shape(lists[1]!), systems: shape(lists[2]!), countries: shape(lists[3]!) }
}

export async function search(orm: Orm, siteId: string, r: Range): Promise<AnalyticsReports['search']> {
  return { terms: (await byKey(orm, siteId, 'search', r)).map(({ key, events }) => ({ term: key, searches: events })) }
}

/** The funnel but its currency (the store's: commerce knows it). */
export async function funnel(orm: Orm, siteId: string, r: Range): Promise<Omit<AnalyticsReports['funnel'], 'currency'>> {
  const [steps, products, events] = await Promise.all([byKey(orm, siteId, 'funnel', r), byKey(orm, siteId, 'product', r), byKey(orm, siteId, 'event', r, 500)])
  const count = (k: string) => steps.find((s) => s.key === k)?.events ?? 0
  return {
    steps: FUNNEL_STEPS.map((s) => ({ step: s, count: count(s) })),
    revenue: steps.find((s) => s.key === 'purchase')?.revenue ?? 0,
    products: products.map((p) => ({ product: p.key, views: p.views, addToCart: p.events, revenue: p.revenue })),
    events: events.map((e) => ({ event: e.key, count: e.events })),
  }
}

export async function vitals(orm: Orm, siteId: string, r: Range): Promise<AnalyticsReports['vitals']> {
  const rows = await sqlRows<{ path: string; metric: string; period: string; bucket: number; count: Num }>(
    orm,
    sql`SELECT path, metric, to_char(date_trunc(${r.interval}, day::timestamp), 'YYYY-MM-DD') AS period, bucket, sum(count) AS count
        FROM tracking_vitals WHERE site_id = ${siteId} AND day BETWEEN ${r.from}::date AND ${r.to}::date
        GROUP BY 1, 2, 3, 4`,
  )
  const band = (metric: string, v: number): VitalBand => {
    const t = VITALS[metric]!
    return v <= t.good ? 'good' : v <= t.poor ? 'needs-improvement' : 'poor'
  }
  const scale = (metric: string, v: number) => (metric === 'CLS' ? v / 1000 : v)
  const group = <K extends string>(key: (x: (typeof rows)[number]) => K) => {
    const m = new Map<K, { bucket: number; count: number }[]>()
    for (const x of rows) {
      const k = key(x)
      const list = m.get(k) ?? []
      list.push({ bucket: x.bucket, count: n(x.count) })
      m.set(k, list)
    }
    return m
  }
  const p75 = (metric: string, h: { bucket: number; count: number }[]) => {
    const q = quantile(h, 0.75) ?? 0
    return { p75: scale(metric, q), band: band(metric, q), samples: h.reduce((s, x) => s + x.count, 0) }
  }
  const overall = [...group((x) => x.metric)].map(([metric, h]) => ({ metric, ...p75(metric, h) }))
  const perPage = [...group((x) => `${x.path}\u0000${x.metric}`)].map(([k, h]) => {
    const [path, metric] = k.split('\u0000') as [string, string]
    return { path, metric, ...p75(metric, h) }
  })
  const series = [...group((x) => `${x.period}\u0000${x.metric}`)]
    .map(([k, h]) => {
      const [period, metric] = k.split('\u0000') as [string, string]
      return { period, metric, ...p75(metric, h) }
    })
    .sort((a, b) => (a.period < b.period ? -1 : 1))
  return { thresholds: VITALS, overall, pages: perPage.sort((a, b) => b.samples - a.samples).slice(0, 200), series }
}

export async function errors(orm: Orm, siteId: string, r: Range): Promise<AnalyticsReports['errors']> {
  const rows = await sqlRows<{ fingerprint: string; message: string; stack: string; app: string; count: Num; first_seen: Date | string; last_seen: Date | string; pages: string[] | string | null }>(
    orm,
    sql`SELECT e.fingerprint, e.message, e.stack, e.app, e.count, e.first_seen, e.last_seen,
               (SELECT json_agg(p.path ORDER BY p.count DESC) FROM tracking_error_pages p WHERE p.site_id = e.site_id AND p.fingerprint = e.fingerprint) AS pages
        FROM tracking_errors e
        WHERE e.site_id = ${siteId} AND e.last_seen >= ${r.from}::date AND e.first_seen < (${r.to}::date + 1)
        ORDER BY e.count DESC, e.last_seen DESC LIMIT 100`,
  )
  const iso = (d: Date | string) => new Date(d).toISOString()
  return {
    errors: rows.map((x) => ({
      fingerprint: x.fingerprint,
      message: x.message,
      stack: x.stack,
      app: x.app,
      count: n(x.count),
      firstSeen: iso(x.first_seen),
      lastSeen: iso(x.last_seen),
      pages: (typeof x.pages === 'string' ? (JSON.parse(x.pages) as string[]) : (x.pages ?? [])).slice(0, 20),
    })),
  }
}

export async function realtime(orm: Orm, siteId: string): Promise<AnalyticsReports['realtime']> {
  const [row] = await sqlRows<{ c: number }>(
    orm,
    sql`SELECT count(DISTINCT visitor)::int AS c FROM tracking_events
        WHERE site_id = ${siteId} AND at > now() - interval '5 minutes' AND kind = 'pageview'`,
  )
  return { visitorsNow: row?.c ?? 0 }
}
