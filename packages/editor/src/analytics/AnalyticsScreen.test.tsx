// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import type { ApiResult } from '../api/client.js'
import { byLabel, byText, choose, click, render, typeInto, waitFor, type Rendered } from '../../test/dom.js'
import { lastDays, type AnalyticsApi, type RangeQuery, type Reports, type TrackingSettings } from './api.js'
import { AnalyticsScreen } from './AnalyticsScreen.js'

const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, status: 200, data })
const totals = { visits: 10, visitors: 8, pageViews: 25, bounceRate: 40, avgTimeOnPageMs: 65_000 }
const REPORTS: Reports = {
  traffic: { ...totals, previous: { ...totals, visits: 5, visitors: 0, pageViews: 26 }, series: [] },
  pages: { pages: [{ path: '/about', pageViews: 7, entries: 3, exits: 2, avgTimeMs: 3000 }] },
  sources: { sources: [{ name: 'google.com', visits: 4, visitors: 4, pageViews: 9 }], campaigns: [] },
  devices: { devices: [], browsers: [], systems: [], countries: [] },
  search: { terms: [{ term: 'mugs', searches: 3 }] },
  funnel: { steps: [{ step: 'pdp', count: 5 }], revenue: 2500, currency: 'EUR', products: [{ product: 'Mug', views: 4, addToCart: 2, revenue: 1250 }], events: [] },
  vitals: { thresholds: { LCP: { good: 2500, poor: 4000 } }, overall: [{ metric: 'LCP', p75: 4200, band: 'poor', samples: 12 }], pages: [], series: [] },
  forms: { forms: [{ formId: 'f1', name: 'Contact us', views: 40, submissions: 10, rate: 25 }] },
  realtime: { visitorsNow: 3 },
  errors: { errors: [{ fingerprint: 'f', message: 'TypeError: x is undefined', stack: 'at a.js:1', app: 'storefront', count: 3, firstSeen: '2026-01-01T00:00:00Z', lastSeen: '2026-01-02T00:00:00Z', pages: ['/shop'] }] },
}

function fakeApi() {
  const asked: [string, RangeQuery][] = []
  const saved: Partial<TrackingSettings>[] = []
  let settings: TrackingSettings = { disabled: false, bannerEnabled: false, restrictive: false, bannerText: 'Cookies?', acceptText: 'Accept', declineText: 'Decline', retentionDays: 90, analyticsTag: '', pixelId: '', tagUrl: '' }
  const api: AnalyticsApi = {
    report: (async (name: keyof Reports, q: RangeQuery) => {
      asked.push([name, q])
      return ok(REPORTS[name])
    }) as AnalyticsApi['report'],
    csvUrl: (name, q, table) => `/csv/${name}?from=${q.from}${table ? `&table=${table}` : ''}`,
    realtime: async () => ok({ visitorsNow: 3 }),
    settings: async () => ok(settings),
    saveSettings: async (s) => {
      saved.push(s)
      settings = { ...settings, ...s }
      return ok(settings)
    },
  }
  return { api, asked, saved }
}

let view: Rendered | null = null
afterEach(() => view?.unmount())

describe('Analytics screen', () => {
  it('shows totals against the previous period, tables with CSV links, site health and visitors now', async () => {
    const { api } = fakeApi()
    view = await render(<AnalyticsScreen site={{ id: 's1' } as never} api={api} />)
    const root = view.container
    await waitFor(() => byText(root, 'h3', 'Top pages'))
    // visits 10 against 5, visitors 8 against none, page views 25 against 26, bounce rate unchanged
    const compared = [...root.querySelectorAll('.analytics-totals small')].map((s) => s.textContent)
    expect(compared).toEqual(['+100% vs previous period', 'none in previous period', '-4% vs previous period', 'same as previous period', 'same as previous period'])
    // revenue in the store's currency
    expect(byText(root, 'h3', 'Store funnel (€25.00 revenue)')).toBeDefined()
    expect(byText(root, 'td', '€12.50')).toBeDefined()
    expect(byText(root, '.vital-samples', '12 samples')).toBeDefined()
    expect(root.textContent).toContain('1m 5s')
    expect(byText(root, 'td', '/about')).toBeDefined()
    expect(byText(root, 'td', 'mugs')).toBeDefined()
    expect(byText(root, 'td', 'Contact us')).toBeDefined()
    expect(byText(root, 'td', '25%')).toBeDefined()
    expect(root.querySelector('a[href^="/csv/pages"]')).not.toBeNull()
    // a card showing one table of a report asks for that table
    // every card with rows exports them (traffic, pages, sources, search, forms, funnel, products, errors); empty
    // tables (campaigns, devices, browsers, countries, vitals by page) have nothing to export
    const links = [...root.querySelectorAll('a[download]')]
    expect(links.map((a) => a.getAttribute('href')!.split('?')[0])).toEqual(['/csv/traffic', '/csv/pages', '/csv/sources', '/csv/search', '/csv/forms', '/csv/funnel', '/csv/funnel', '/csv/errors'])
    expect(links.find((a) => a.getAttribute('href')!.endsWith('&table=products'))?.textContent).toBe('Export CSV of Revenue by product')
    expect(byText(root, '.vital-band', 'Poor')).toBeDefined()
    expect(byText(root, 'summary', 'TypeError: x is undefined')).toBeDefined()
    await waitFor(() => root.querySelector('.analytics-now strong')?.textContent === '3')
  })

  it('asks every report again for a new period', async () => {
    const { api, asked } = fakeApi()
    view = await render(<AnalyticsScreen site={{ id: 's1' } as never} api={api} />)
    await waitFor(() => asked.length >= 9)
    await choose(byLabel<HTMLSelectElement>(view.container, 'Period'), '7')
    await waitFor(() => asked.length >= 18)
    expect(asked.slice(9).every(([, q]) => q.from === lastDays(7).from && q.interval === 'day')).toBe(true)
  })

  it('saves the cookie banner settings', async () => {
    const { api, saved } = fakeApi()
    view = await render(<AnalyticsScreen site={{ id: 's1' } as never} api={api} />)
    const root = view.container
    const banner = await waitFor(() => root.querySelector<HTMLInputElement>('input[name="bannerEnabled"]'))
    await click(banner)
    await typeInto(byLabel(root, 'Banner text'), 'We count visits.')
    await typeInto(byLabel(root, 'Tag script address (https)'), 'https://tags.example.com/t.js')
    await click(byText(root, 'button', 'Save')!)
    await waitFor(() => saved.length === 1)
    expect(saved[0]).toMatchObject({ bannerEnabled: true, bannerText: 'We count visits.', tagUrl: 'https://tags.example.com/t.js' })
  })
})
