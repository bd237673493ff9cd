// The analytics owner API the Analytics screen reads.
import type { AnalyticsInterval, AnalyticsNamed, AnalyticsRange, AnalyticsReports, AnalyticsTotals, AnalyticsVital, TrackingSettings } from '@sitewright/contracts'
import { createApiClient, type ApiClient, type ApiResult } from '../api/client.js'

export type { TrackingSettings }

// The reports' wire types are the contract's (@sitewright/contracts, api/tracking.ts), under this screen's names.
export type Interval = AnalyticsInterval
export type RangeQuery = AnalyticsRange
export type { AnalyticsTotals }
export type Traffic = AnalyticsReports['traffic']
export type Named = AnalyticsNamed
export type Vital = AnalyticsVital
export type Reports = AnalyticsReports
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
