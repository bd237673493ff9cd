// Site health: p75 Web Vitals with good / needs-improvement / poor bands, and JavaScript errors grouped.
import type { Reports, Vital } from './api.js'
import { Chart } from './Chart.js'
import { Table } from './Table.js'

const BAND_LABEL = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' } as const
const fmtVital = (v: Vital) => (v.metric === 'CLS' ? v.p75.toFixed(3) : `${Math.round(v.p75)} ms`)

const seenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const seen = (at: string) => seenFormat.format(new Date(at))

export function Band({ v }: { v: Vital }) {
  return <span className={`vital-band vital-${v.band}`}>{BAND_LABEL[v.band]}</span>
}

export function Health({ vitals, errors, csv }: { vitals: Reports['vitals']; errors: Reports['errors']; csv: (n: 'vitals' | 'errors') => string }) {
  // The chart follows LCP, or the first metric measured when no LCP arrived yet.
  const metric = vitals.series.some((s) => s.metric === 'LCP') ? 'LCP' : (vitals.series[0]?.metric ?? 'LCP')
  const lcp = vitals.series.filter((s) => s.metric === metric)
  return (
    <div className="analytics-health">
      <h2>Site health</h2>
      <ul className="vital-cards" aria-label="Web Vitals, 75th percentile">
        {vitals.overall.length === 0 ? <li className="analytics-empty">No Web Vitals yet.</li> : null}
        {vitals.overall.map((v) => (
          <li key={v.metric} className="vital-card">
            <span className="vital-name">{v.metric}</span>
            <strong>{fmtVital(v)}</strong>
            <Band v={v} />
            <span className="vital-samples">{v.samples === 1 ? '1 sample' : `${v.samples.toLocaleString()} samples`}</span>
          </li>
        ))}
      </ul>
      {lcp.length < 2 ? null : <Chart title={`${metric} p75 over time`} periods={lcp.map((s) => s.period)} lines={[{ label: `${metric} p75`, values: lcp.map((s) => s.p75), color: '#b35c00' }]} height={160} />}
      <Table title="Web Vitals by page" rows={vitals.pages} csv={csv('vitals')} columns={[
        { label: 'Page', value: (r) => r.path },
        { label: 'Metric', value: (r) => r.metric },
        { label: 'p75', value: (r) => fmtVital(r), numeric: true },
        { label: 'Rating', value: (r) => <Band v={r} /> },
        { label: 'Samples', value: (r) => r.samples, numeric: true },
      ]} />
      <Table title="JavaScript errors" rows={errors.errors} csv={csv('errors')} columns={[
        { label: 'Error', value: (r) => (
          <details>
            <summary>{r.message}</summary>
            <pre className="error-stack">{r.stack}</pre>
          </details>
        ) },
        { label: 'Count', value: (r) => r.count, numeric: true },
        { label: 'First seen', value: (r) => seen(r.firstSeen) },
        { label: 'Last seen', value: (r) => seen(r.lastSeen) },
        { label: 'Pages', value: (r) => r.pages.join(', ') },
      ]} />
    </div>
  )
}
