import type { TrackingSettings } from '@sitewright/contracts'

export type { TrackingSettings }
// The analytics owner API the Analytics screen reads.
import { createApiClient, type ApiClient, type ApiResult } from '../api/client.js'

export type Interval = 'day' | 'week' | 'month'
export interface RangeQuery {
  from: string
  to: string
  interval: Interval
}
export interface AnalyticsTotals {
  visits: number
  visitors: number
  pageViews: number
  bounceRate: number
  avgTimeOnPageMs: number
}
export interface Traffic extends AnalyticsTotals {
  previous: AnalyticsTotals
  series: { period: string; pageViews: number; visits: number; visitors: number; bounces: number }[]
}
export interface Named {
  name: string
  visits: number
  visitors: number
  pageViews: number
}
export interface Reports {
  traffic: Traffic
  pages: { pages: { path: string; pageViews: number; entries: number; exits: number; avgTimeMs: number }[] }
  sources: { sources: Named[]; campaigns: Named[] }
  devices: { devices: Named[]; browsers: Named[]; systems: Named[]; countries: Named[] }
  search: { terms: { term: string; searches: number }[] }
  funnel: { steps: { step: string; count: number }[]; revenue: number; currency: string; products: { product: string; views: number; addToCart: number; revenue: number }[] }
  vitals: {
    overall: Vital[]
    pages: (Vital & { path: string })[]
    series: (Vital & { period: string })[]
  }
  forms: { forms: { formId: string; name: string; views: number; submissions: number; rate: number }[] }
  errors: { errors: { fingerprint: string; message: string; stack: string; count: number; firstSeen: string; lastSeen: string; pages: string[] }[] }
}
export interface Vital {
  metric: string
  p75: number
  band: 'good' | 'needs-improvement' | 'poor'
  samples: number
}
export type ReportName = keyof Reports

export function createAnalyticsApi(siteId: string, client: ApiClient = createApiClient()) {
  const base = `/api/sites/${encodeURIComponent(siteId)}`
  const qs = (q: RangeQuery) => `from=${q.from}&to=${q.to}&interval=${q.interval}`
  return {
    report: <K extends ReportName>(name: K, q: RangeQuery): Promise<ApiResult<Reports[K]>> => client.get(`${base}/analytics/${name}?${qs(q)}`),
    /** The CSV of a report's tables, or of one of them (`table`). */
    csvUrl: (name: ReportName, q: RangeQuery, table?: string) => `${base}/analytics/${name}?${qs(q)}&format=csv${table ? `&table=${table}` : ''}`,
    realtime: (): Promise<ApiResult<{ visitorsNow: number }>> => client.get(`${base}/analytics/realtime`),
    settings: (): Promise<ApiResult<TrackingSettings>> => client.get(`${base}/tracking/settings`),
    saveSettings: (s: Partial<TrackingSettings>): Promise<ApiResult<TrackingSettings>> => client.patch(`${base}/tracking/settings`, s),
  }
}
export type AnalyticsApi = ReturnType<typeof createAnalyticsApi>

/** The last `days` days ending today (UTC), as from/to dates. */
export function lastDays(days: number, now = Date.now()): { from: string; to: string } {
  const to = new Date(now).toISOString().slice(0, 10)
  const from = new Date(now - (days - 1) * 86_400_000).toISOString().slice(0, 10)
  return { from, to }
}
