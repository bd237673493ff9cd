// The Analytics section (lazy): traffic with the previous period, sources and campaigns, pages, devices,
// site search, the commerce funnel, site health (Web Vitals, JavaScript errors), CSV exports, visitors now.
import { useEffect, useMemo, useState } from 'react'
import type { SiteSummary } from '../api/types.js'
import { FormAlert, SelectField } from '../ui/fields.js'
import { createAnalyticsApi, lastDays, type AnalyticsApi, type Interval, type Named, type RangeQuery, type ReportName, type Reports, type AnalyticsTotals } from './api.js'
import { Chart } from './Chart.js'
import { ConsentSettings } from './ConsentSettings.js'
import { Health } from './Health.js'
import { formatMoney } from '../commerce/money.js'
import { fmtMs, Table } from './Table.js'
import './analytics.css'

const NAMES: ReportName[] = ['traffic', 'pages', 'sources', 'devices', 'search', 'funnel', 'vitals', 'errors', 'forms']
const STEP_LABEL: Record<string, string> = { pdp: 'Product views', add: 'Added to cart', checkout: 'Checkout', purchase: 'Purchases' }

/** How a figure compares with the previous period of the same length. */
function change(now: number, before: number): string {
  if (now === before) return 'same as previous period'
  if (before === 0) return 'none in previous period'
  const pct = Math.round(((now - before) / before) * 100)
  return pct === 0 ? 'about the same as previous period' : `${pct > 0 ? '+' : ''}${pct}% vs previous period`
}

function Summary({ t }: { t: Reports['traffic'] }) {
  const cards: [string, keyof AnalyticsTotals, (v: number) => string][] = [
    ['Visits', 'visits', String],
    ['Unique visitors', 'visitors', String],
    ['Page views', 'pageViews', String],
    ['Bounce rate', 'bounceRate', (v) => `${v}%`],
    ['Time on page', 'avgTimeOnPageMs', fmtMs],
  ]
  return (
    <ul className="analytics-totals" aria-label="AnalyticsTotals for the period">
      {cards.map(([label, key, fmt]) => (
        <li key={key}>
          <span>{label}</span>
          <strong>{fmt(t[key])}</strong>
          <small>{change(t[key], t.previous[key])}</small>
        </li>
      ))}
    </ul>
  )
}

const namedColumns = [
  { label: 'Name', value: (r: Named) => r.name },
  { label: 'Visits', value: (r: Named) => r.visits, numeric: true },
  { label: 'Visitors', value: (r: Named) => r.visitors, numeric: true },
  { label: 'Page views', value: (r: Named) => r.pageViews, numeric: true },
]

export function AnalyticsScreen({ site, api: given }: { site: SiteSummary; api?: AnalyticsApi }) {
  const api = useMemo(() => given ?? createAnalyticsApi(String(site.id)), [given, site.id])
  const [days, setDays] = useState('30')
  const [interval, setInterval_] = useState<Interval>('day')
  const q: RangeQuery = useMemo(() => ({ ...lastDays(Number(days)), interval }), [days, interval])
  const [data, setData] = useState<Partial<Reports>>({})
  const [error, setError] = useState<string | null>(null)
  const [now, setNow] = useState<number | null>(null)

  useEffect(() => {
    let live = true
    void Promise.all(NAMES.map(async (n) => [n, await api.report(n, q)] as const)).then((results) => {
      if (!live) return
      const next: Partial<Reports> = {}
      for (const [n, r] of results) {
        if (r.ok) (next as Record<string, unknown>)[n] = r.data
        else setError(r.error.message)
      }
      setData(next)
    })
    return () => {
      live = false
    }
  }, [api, q])

  useEffect(() => {
    const poll = () => void api.realtime().then((r) => r.ok && setNow(r.data.visitorsNow))
    poll()
    const timer = window.setInterval(poll, 30_000)
    return () => window.clearInterval(timer)
  }, [api])

  const csv = (n: ReportName, table?: string) => api.csvUrl(n, q, table)
  const money = (minor: number) => formatMoney(minor, data.funnel?.currency ?? 'USD')
  const { traffic, pages, sources, devices, search, funnel, vitals, errors, forms } = data
  const periods = useMemo(() => traffic?.series.map((s) => s.period) ?? [], [traffic])
  const lines = useMemo(
    () => [
      { label: 'Page views', values: traffic?.series.map((s) => s.pageViews) ?? [], color: '#1f5fbf' },
      { label: 'Visitors', values: traffic?.series.map((s) => s.visitors) ?? [], color: '#2e7d32' },
    ],
    [traffic],
  )

  return (
    <div className="analytics">
      <div className="analytics-toolbar">
        <SelectField name="range" label="Period" value={days} onChange={setDays} options={[{ value: '7', label: 'Last 7 days' }, { value: '30', label: 'Last 30 days' }, { value: '90', label: 'Last 90 days' }, { value: '365', label: 'Last 12 months' }]} />
        <SelectField name="interval" label="Group by" value={interval} onChange={(v) => setInterval_(v as Interval)} options={[{ value: 'day', label: 'Day' }, { value: 'week', label: 'Week' }, { value: 'month', label: 'Month' }]} />
        <p className="analytics-now" role="status" aria-live="polite">
          <strong>{now ?? '–'}</strong> visitors now
        </p>
      </div>
      <FormAlert message={error} />
      {!traffic ? (
        <p role="status">Loading…</p>
      ) : (
        <>
          <Summary t={traffic} />
          <section className="analytics-card">
            <div className="analytics-card-head">
              <h3>Traffic</h3>
              <a className="analytics-csv" href={csv('traffic')} download>Export CSV<span className="visually-hidden"> of traffic</span></a>
            </div>
            <Chart title="Page views and visitors over time" periods={periods} lines={lines} />
          </section>
          <div className="analytics-grid">
            <Table title="Top pages" rows={pages?.pages ?? []} csv={csv('pages')} columns={[
              { label: 'Page', value: (r) => r.path },
              { label: 'Views', value: (r) => r.pageViews, numeric: true },
              { label: 'Entries', value: (r) => r.entries, numeric: true },
              { label: 'Exits', value: (r) => r.exits, numeric: true },
              { label: 'Time', value: (r) => fmtMs(r.avgTimeMs), numeric: true },
            ]} />
            <Table title="Sources" rows={sources?.sources ?? []} csv={csv('sources')} columns={namedColumns} />
            <Table title="Campaigns (UTM)" rows={sources?.campaigns ?? []} csv={csv('sources', 'campaigns')} columns={namedColumns} />
            <Table title="Devices" rows={devices?.devices ?? []} csv={csv('devices')} columns={namedColumns} />
            <Table title="Browsers" rows={devices?.browsers ?? []} csv={csv('devices', 'browsers')} columns={namedColumns} />
            <Table title="Countries" rows={devices?.countries ?? []} csv={csv('devices', 'countries')} columns={namedColumns} />
            <Table title="Site search terms" rows={search?.terms ?? []} csv={csv('search')} columns={[
              { label: 'Term', value: (r) => r.term },
              { label: 'Searches', value: (r) => r.searches, numeric: true },
            ]} />
            <Table title="Form conversion" rows={forms?.forms ?? []} csv={csv('forms')} columns={[
              { label: 'Form', value: (r) => r.name },
              { label: 'Views', value: (r) => r.views, numeric: true },
              { label: 'Submissions', value: (r) => r.submissions, numeric: true },
              { label: 'Conversion', value: (r) => `${r.rate}%`, numeric: true },
            ]} />
            <Table title={`Store funnel (${money(funnel?.revenue ?? 0)} revenue${funnel?.recoveredRevenue ? `, ${money(funnel.recoveredRevenue)} of it from recovered checkouts` : ''})`} rows={funnel?.steps ?? []} csv={csv('funnel')} columns={[
              { label: 'Step', value: (r) => STEP_LABEL[r.step] ?? r.step },
              { label: 'Count', value: (r) => r.count, numeric: true },
            ]} />
            <Table title="Revenue by product" rows={funnel?.products ?? []} csv={csv('funnel', 'products')} columns={[
              { label: 'Product', value: (r) => r.product },
              { label: 'Views', value: (r) => r.views, numeric: true },
              { label: 'Add to cart', value: (r) => r.addToCart, numeric: true },
              { label: 'Charged', value: (r) => money(r.revenue), numeric: true },
            ]} note="Charged: each paid order's total after discounts and gift cards, with its shipping and tax, shared among its products by line value; refunded orders left out. The products add up to the revenue." />
          </div>
          {vitals && errors ? <Health vitals={vitals} errors={errors} csv={csv} /> : null}
        </>
      )}
      <ConsentSettings api={api} />
    </div>
  )
}
