// Owner API: analytics reports (JSON or CSV) for ADMIN and REPORTING members, and the tracking/consent settings.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { decimalText, type AnalyticsReportName, type AnalyticsReports } from '@sitewright/contracts'
import { z } from 'zod'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import { requireSite } from '../../platform/http/tenancy.js'
import * as q from './queries.js'
import type { SettingsStore } from './settings.js'
import { analyticsParams, analyticsQuery, settingsInput, siteParams } from './validators.js'

const TAGS = ['analytics']
/** ADMIN 1 and REPORTING 3 read analytics; only ADMIN changes the settings. */
export const ANALYTICS_ROLES = [1, 3] as const
export const SETTINGS_ROLES = [1] as const
const MAX_DAYS = 800

export interface OwnerRouteDeps {
  orm: Orm
  settings: SettingsStore
  authorize(request: FastifyRequest, siteId: string, allowed: readonly number[]): Promise<unknown>
  now: () => number
  formConversion?: (siteId: string, from: string, to: string) => Promise<readonly { formId: string; name: string; views: number; submissions: number; rate: number }[]>
  /** The store's currency (ISO 4217), which the funnel's revenue is in. */
  currencyOf?: (siteId: string) => Promise<string>
  /** The store's sales over the range (commerce's orders): the funnel's purchases and revenue. */
  salesOf?: SalesOf
}

/** Orders paid over UTC days `from`..`to`: how many, charged minus refunded, and per product (minor units). */
export type SalesOf = (siteId: string, from: string, to: string) => Promise<{ orders: number; revenueCents: number; recoveredCents?: number; products: readonly { product: string; revenueCents: number }[] }>

/**
 * The funnel: views, adds and checkouts from the visitors' events; purchases and revenue from the orders
 * themselves (when the store tells them), so revenue is the sum of the paid orders, refunds subtracted, whatever
 * the visitors' browsers sent or blocked.
 */
async function funnelReport(deps: OwnerRouteDeps, siteId: string, r: q.Range): Promise<FunnelReport> {
  const [f, currency, sales] = await Promise.all([q.funnel(deps.orm, siteId, r), deps.currencyOf?.(siteId), deps.salesOf?.(siteId, r.from, r.to)])
  if (!sales) return { ...f, currency: currency ?? 'USD' }
  const products = f.products.map((p) => ({ ...p, revenue: 0 }))
  for (const s of sales.products) {
    const found = products.find((p) => p.product === s.product)
    if (found) found.revenue = s.revenueCents
    else products.push({ product: s.product, views: 0, addToCart: 0, revenue: s.revenueCents })
  }
  return {
    ...f,
    currency: currency ?? 'USD',
    steps: f.steps.map((s) => (s.step === 'purchase' ? { ...s, count: sales.orders } : s)),
    revenue: sales.revenueCents,
    ...(sales.recoveredCents === undefined ? {} : { recoveredRevenue: sales.recoveredCents }),
    products,
  }
}

export function rangeOf(query: { from?: string; to?: string; interval: 'day' | 'week' | 'month' }, now: number): q.Range {
  const today = new Date(now).toISOString().slice(0, 10)
  const to = query.to ?? today
  const from = query.from ?? new Date(new Date(`${to}T00:00:00Z`).getTime() - 29 * 86_400_000).toISOString().slice(0, 10)
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000
  if (Number.isNaN(days)) throw new AppError('invalid_data', 'invalid_range', 'from and to must be dates.', { fields: { from: 'Not a date.' } })
  if (days < 0) throw new AppError('invalid_data', 'invalid_range', 'from must not be after to.', { fields: { from: 'After to.' } })
  if (days > MAX_DAYS) throw new AppError('invalid_data', 'invalid_range', `At most ${MAX_DAYS} days at once.`, { fields: { from: 'Range too long.' } })
  return { from, to, interval: query.interval }
}

const cell = (v: unknown): string => {
  const s = Array.isArray(v) ? v.join(' ') : v === null || v === undefined ? '' : String(v)
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s // no formula injection when opened in a spreadsheet
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The report's rows as CSV (every table of the report, one after another, each with its own header). */
export function toCsv(report: Record<string, unknown>): string {
  const out: string[] = []
  for (const [name, value] of Object.entries(report)) {
    if (!Array.isArray(value) || value.length === 0 || typeof value[0] !== 'object') continue
    const cols = Object.keys(value[0] as object)
    out.push(`# ${name}`, cols.join(','), ...value.map((r) => cols.map((c) => cell((r as Record<string, unknown>)[c])).join(',')))
  }
  return out.join('\r\n') + '\r\n'
}

type FunnelReport = AnalyticsReports['funnel']

/** Amounts in a spreadsheet are read by people: major units with their currency ("20.00", "EUR"), not minor units. */
function funnelCsv(f: FunnelReport): Record<string, unknown> {
  const major = (minor: number) => decimalText(minor, f.currency)
  return {
    revenue: [{ revenue: major(f.revenue), currency: f.currency }],
    steps: f.steps,
    products: f.products.map((p) => ({ product: p.product, views: p.views, addToCart: p.addToCart, revenue: major(p.revenue), currency: f.currency })),
    events: f.events,
  }
}

/** A report as CSV: its tables, or the one named `table` (a card of the Analytics screen; 400 when it has none). */
function reportCsv(name: AnalyticsReportName, report: AnalyticsReports[AnalyticsReportName], table: string | undefined): string {
  const fields = report as unknown as Record<string, unknown>
  const tables = name === 'traffic' ? { series: fields.series } : name === 'funnel' ? funnelCsv(report as FunnelReport) : fields
  if (table === undefined) return toCsv(tables)
  if (!Array.isArray(tables[table])) {
    const names = Object.keys(tables).filter((k) => Array.isArray(tables[k]))
    throw new AppError('invalid_data', 'unknown_table', `The ${name} report has no table '${table}'. Its tables: ${names.join(', ')}.`, { fields: { table: `One of: ${names.join(', ')}.` } })
  }
  return toCsv({ [table]: tables[table] })
}

export function registerOwnerRoutes(app: FastifyInstance, deps: OwnerRouteDeps): void {
  const { orm } = deps
  defineRoute(
    app,
    { method: 'GET', url: '/api/sites/:siteId/analytics/:report', summary: 'Analytics report (traffic, pages, sources, devices, search, funnel, vitals, errors, forms, realtime); format=csv for a CSV of its tables, table=<name> for one of them', tags: TAGS, params: analyticsParams, query: analyticsQuery, responses: { 200: { description: 'The report (JSON, or CSV with format=csv)' } } },
    async ({ request, reply, params, query }) => {
      await deps.authorize(request, params.siteId, ANALYTICS_ROLES)
      const r = rangeOf(query, deps.now())
      const id = params.siteId
      const report: AnalyticsReports[AnalyticsReportName] =
        params.report === 'traffic' ? await q.traffic(orm, id, r)
        : params.report === 'pages' ? await q.pages(orm, id, r)
        : params.report === 'sources' ? await q.sources(orm, id, r)
        : params.report === 'devices' ? await q.devices(orm, id, r)
        : params.report === 'search' ? await q.search(orm, id, r)
        : params.report === 'funnel' ? await funnelReport(deps, id, r)
        : params.report === 'vitals' ? await q.vitals(orm, id, r)
        : params.report === 'errors' ? await q.errors(orm, id, r)
        : params.report === 'forms' ? { forms: [...((await deps.formConversion?.(id, r.from, r.to)) ?? [])] }
        : await q.realtime(orm, id)
      reply.header('cache-control', 'no-store')
      if (query.format === 'csv') {
        const csv = reportCsv(params.report, report, query.table)
        reply.header('content-type', 'text/csv; charset=utf-8')
        reply.header('content-disposition', `attachment; filename="${params.report}${query.table ? `-${query.table}` : ''}-${r.from}-${r.to}.csv"`)
        return csv
      }
      return { range: r, ...report }
    },
  )

  const settingsShape = z.object({}).passthrough()
  defineRoute(
    app,
    { method: 'GET', url: '/api/sites/:siteId/tracking/settings', summary: 'Tracking and cookie-banner settings', tags: TAGS, params: siteParams, responses: { 200: { description: 'Settings', schema: settingsShape } } },
    async ({ request, params }) => {
      await deps.authorize(request, params.siteId, ANALYTICS_ROLES)
      return deps.settings.get(params.siteId)
    },
  )
  defineRoute(
    app,
    { method: 'PATCH', url: '/api/sites/:siteId/tracking/settings', summary: 'Change tracking and cookie-banner settings', tags: TAGS, params: siteParams, body: settingsInput, responses: { 200: { description: 'Settings', schema: settingsShape } } },
    async ({ request, params, body }) => {
      await deps.authorize(request, params.siteId, SETTINGS_ROLES)
      return deps.settings.put(params.siteId, body)
    },
  )

  // What the tracker needs before it may set a cookie: tracking on or off, the banner and its texts.
  defineRoute(
    app,
    { method: 'GET', url: '/api/census/settings', summary: 'Tracker settings of the host site (consent banner)', tags: ['tracking'], responses: { 200: { description: 'Settings', schema: settingsShape } }, crumbCookie: 'lazy' },
    async ({ request, reply }) => {
      const s = await deps.settings.get(requireSite(request).id)
      reply.header('cache-control', 'no-store')
      return { disabled: s.disabled, bannerEnabled: s.bannerEnabled, restrictive: s.restrictive || s.bannerEnabled, bannerText: s.bannerText, acceptText: s.acceptText, declineText: s.declineText, analyticsTag: s.analyticsTag, pixelId: s.pixelId, tagUrl: s.tagUrl }
    },
  )
}
