// Tracking over HTTP on the real database: hits, events, vitals and errors in, the owner's reports out.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlRows } from '../../platform/db/index.js'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { WEBSITE_ROLES } from '../accounts/index.js'
import { TEST_CARDS } from '../commerce/index.js'

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t?.close())

async function site() {
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { owner, siteId: res.json.site.id as string, host: `${res.json.site.slug}.localhost` }
}

const form = (o: Record<string, string>) => new URLSearchParams(o).toString()
function hit(v: Client, data: Record<string, unknown>, opts: { ua?: string; event?: number } = {}) {
  return v.request('POST', '/api/census/RecordHit', {
    body: form({ event: String(opts.event ?? 1), data: JSON.stringify(data), ss_cvr: 'abc|1|1|1|1' }),
    contentType: 'application/x-www-form-urlencoded',
    crumb: false,
    headers: { 'user-agent': opts.ua ?? CHROME },
  })
}
const today = () => new Date().toISOString().slice(0, 10)

describe(`tracking ingestion and reports (${BACKEND})`, () => {
  it('counts page views, visits, unique visitors, bounces, entries and time on page from the rollups', async () => {
    const s = await site()
    const a = t.client(s.host, '203.0.113.7')
    const b = t.client(s.host, '198.51.100.9')
    expect((await hit(a, { path: '/', referrer: 'https://www.google.com/search?q=x', sessionId: 111 })).status).toBe(202)
    expect((await hit(a, { path: '/about/', sessionId: 111 })).status).toBe(202)
    expect((await hit(b, { path: '/', url: `http://${s.host}/?utm_source=Newsletter&utm_campaign=spring`, sessionId: 222 }, { ua: IPHONE })).status).toBe(202)
    await t.app.tracking.flush()

    const r = await s.owner.get(`/api/sites/${s.siteId}/analytics/traffic?from=${today()}&to=${today()}`)
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ pageViews: 3, visits: 2, visitors: 2, bounceRate: 50 })
    expect(r.json.series).toEqual([{ period: today(), pageViews: 3, visits: 2, visitors: 2, bounces: 1 }])
    expect(r.json.previous).toMatchObject({ pageViews: 0 })

    const pages = await s.owner.get(`/api/sites/${s.siteId}/analytics/pages?from=${today()}&to=${today()}`)
    expect(pages.json.pages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/', pageViews: 2, entries: 2, exits: 1 }),
        expect.objectContaining({ path: '/about', pageViews: 1, entries: 0, exits: 1 }),
      ]),
    )
    const sources = await s.owner.get(`/api/sites/${s.siteId}/analytics/sources?from=${today()}&to=${today()}`)
    expect(sources.json.sources.map((x: { name: string }) => x.name).sort()).toEqual(['google.com', 'newsletter'])
    expect(sources.json.campaigns).toEqual([expect.objectContaining({ name: 'spring', visits: 1 })])
    const devices = await s.owner.get(`/api/sites/${s.siteId}/analytics/devices?from=${today()}&to=${today()}`)
    expect(devices.json.devices.map((x: { name: string }) => x.name).sort()).toEqual(['Desktop', 'Mobile'])
    expect(devices.json.browsers.map((x: { name: string }) => x.name).sort()).toEqual(['Chrome', 'Mobile Safari'])
    // each new visitor of the day is credited to the site row and to each of its attributes' rows, once
    expect(devices.json.devices).toEqual(
      expect.arrayContaining([
        { name: 'Desktop', visits: 1, visitors: 1, pageViews: 2 },
        { name: 'Mobile', visits: 1, visitors: 1, pageViews: 1 },
      ]),
    )

    const now = await s.owner.get(`/api/sites/${s.siteId}/analytics/realtime`)
    expect(now.json.visitorsNow).toBe(2)

    // a later batch: a visitor already counted today adds page views, not visitors; a new one who only sent a named
    // event is a visitor with no page view (rows that get nothing but the credit)
    expect((await hit(a, { path: '/shop/', sessionId: 111 })).status).toBe(202)
    const c = t.client(s.host, '192.0.2.33')
    const ev = await c.request('POST', '/api/events/RecordEvent', { body: form({ event: 'newsletter-signup', data: '{"path":"/"}' }), contentType: 'application/x-www-form-urlencoded', headers: { 'user-agent': CHROME } })
    expect(ev.status, ev.body).toBe(202)
    await t.app.tracking.flush()
    const later = await s.owner.get(`/api/sites/${s.siteId}/analytics/traffic?from=${today()}&to=${today()}`)
    expect(later.json).toMatchObject({ pageViews: 4, visits: 2, visitors: 3 })
    const devicesLater = await s.owner.get(`/api/sites/${s.siteId}/analytics/devices?from=${today()}&to=${today()}`)
    expect(devicesLater.json.devices).toEqual(
      expect.arrayContaining([
        { name: 'Desktop', visits: 1, visitors: 2, pageViews: 3 },
        { name: 'Mobile', visits: 1, visitors: 1, pageViews: 1 },
      ]),
    )
  })

  it('does not count bots, the site owner, or a site with tracking off; counts a viewer-only member', async () => {
    const s = await site()
    const bot = t.client(s.host)
    expect((await hit(bot, { path: '/' }, { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).status).toBe(204)
    const me = t.client(s.host)
    me.cookies.clear()
    for (const [k, v] of s.owner.cookies) me.cookies.set(k, v)
    expect((await hit(me, { path: '/' })).status).toBe(204)

    const viewer = t.client()
    const signup = await viewer.post('/api/auth/signup', newSignup())
    await t.app.sites.addMember(s.siteId, signup.json.user.id, WEBSITE_ROLES.VIEWER)
    await t.app.sites.removeMember(signup.json.site.id, signup.json.user.id)
    const asViewer = t.client(s.host)
    for (const [k, v] of viewer.cookies) asViewer.cookies.set(k, v)
    expect((await hit(asViewer, { path: '/' })).status).toBe(202)
    expect((await hit(asViewer, { path: '/config/pages' })).status).toBe(204)

    expect((await s.owner.patch(`/api/sites/${s.siteId}/tracking/settings`, { disabled: true })).status).toBe(200)
    expect((await hit(t.client(s.host), { path: '/' })).status).toBe(204)
    const settings = await t.client(s.host).get('/api/census/settings')
    expect(settings.json.disabled).toBe(true)
  })

  it('records site searches, named events, commerce events, forms and the revenue of a confirmed order', async () => {
    const s = await site()
    const v = t.client(s.host)
    expect((await hit(v, { path: '/search', query: 'Blue Shoes' }, { event: 2 })).status).toBe(202)
    expect((await hit(v, { path: '/search' }, { event: 2 })).status).toBe(400)
    const ev = await v.request('POST', '/api/events/RecordEvent', { body: form({ event: 'form-submit:f1', data: '{"path":"/contact"}' }), contentType: 'application/x-www-form-urlencoded', headers: { 'user-agent': CHROME } })
    expect(ev.status, ev.body).toBe(202)
    const noCrumb = await v.request('POST', '/api/events/RecordEvent', { body: form({ event: 'x', data: '{}' }), contentType: 'application/x-www-form-urlencoded', crumb: false, headers: { 'user-agent': CHROME } })
    expect(noCrumb.status).toBe(403)
    const fr = await v.request('POST', '/api/census/button-click', { body: form({ visitorCookie: 'abc', pagePath: '/contact' }), contentType: 'application/x-www-form-urlencoded', crumb: false, headers: { 'user-agent': CHROME } })
    expect(fr.status, fr.body).toBe(202)
    for (const name of ['CommerceShopping_VisitPDP', 'CommerceShopping_AddToCart']) {
      const content = JSON.stringify({ page_path: '/shop/p/tee', session_id: 5, item_id: 'i1', item_title: 'Tee', item_price: 20, source_environment: 'PROD' })
      expect((await v.post('/api/v1/clanker/events', { eventContent: content, eventSchemaName: name }, { crumb: false, headers: { 'user-agent': CHROME } })).status).toBe(202)
    }
    const bad = await v.post('/api/v1/clanker/validate-event-content/X', { eventContent: '{"source_environment":"DEV"}', eventSchemaName: 'X' }, { crumb: false, headers: { 'user-agent': CHROME } })
    expect(bad.status).toBe(400)
    expect(bad.json.error.fields).toHaveProperty(['eventContent.source_environment'])
    // Revenue and purchases come from the orders themselves: a paid order of the shirt, and one whose payment is
    // still pending (no sale yet).
    const tee = await t.app.commerce.createProduct(s.siteId, { collectionId: 'shop', title: 'Tee', productType: 1, variants: [{ sku: 'TEE', attributes: {}, priceCents: 2500, salePriceCents: 0, onSale: false, qtyInStock: 9, unlimited: false }] })
    const address = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', postalCode: '12207', country: 'US' }
    for (const number of ['4242 4242 4242 4242', TEST_CARDS.pending]) {
      const buyer = t.client(s.host)
      expect((await buyer.post('/api/commerce/shopping-cart/entries', { itemId: tee.id, sku: 'TEE', quantity: 1, additionalFields: null })).status).toBe(200)
      expect((await buyer.post('/api/commerce/checkout', { email: 'buyer@example.com', shippingAddress: address, card: { number, expMonth: 12, expYear: 2099, cvc: '123' } })).status).toBe(201)
    }
    await t.app.tracking.flush()

    const q = `from=${today()}&to=${today()}`
    const search = await s.owner.get(`/api/sites/${s.siteId}/analytics/search?${q}`)
    expect(search.json.terms).toEqual([{ term: 'blue shoes', searches: 1 }])
    const funnel = await s.owner.get(`/api/sites/${s.siteId}/analytics/funnel?${q}`)
    expect(funnel.json.steps).toEqual([{ step: 'pdp', count: 1 }, { step: 'add', count: 1 }, { step: 'checkout', count: 0 }, { step: 'purchase', count: 1 }])
    expect(funnel.json.revenue).toBe(2500)
    expect(funnel.json.products).toEqual([{ product: 'Tee', views: 1, addToCart: 1, revenue: 2500 }])
    expect(funnel.json.currency).toBe('USD') // the store's currency, which the revenue is in
    expect(funnel.json.events).toEqual(expect.arrayContaining([{ event: 'form-submit:f1', count: 1 }, { event: 'button-click', count: 1 }]))
    const csv = await s.owner.get(`/api/sites/${s.siteId}/analytics/funnel?${q}&format=csv`)
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    // people read it in a spreadsheet: amounts in major units with their currency
    expect(csv.body).toContain('# revenue\r\nrevenue,currency\r\n25.00,USD\r\n')
    expect(csv.body).toContain('# products\r\nproduct,views,addToCart,revenue,currency\r\nTee,1,1,25.00,USD\r\n')
    // one table of the report (a card of the screen)
    const one = await s.owner.get(`/api/sites/${s.siteId}/analytics/funnel?${q}&format=csv&table=products`)
    expect(one.body).toBe('# products\r\nproduct,views,addToCart,revenue,currency\r\nTee,1,1,25.00,USD\r\n')
    expect(one.headers['content-disposition']).toBe(`attachment; filename="funnel-products-${today()}-${today()}.csv"`)
    const unknown = await s.owner.get(`/api/sites/${s.siteId}/analytics/funnel?${q}&format=csv&table=nope`)
    expect(unknown.status).toBe(400)
    expect(unknown.json.error).toMatchObject({ code: 'unknown_table', message: "The funnel report has no table 'nope'. Its tables: revenue, steps, products, events." })
    expect((await s.owner.patch(`/api/sites/${s.siteId}/commerce/settings`, { currency: 'EUR' })).status).toBe(200)
    expect((await s.owner.get(`/api/sites/${s.siteId}/analytics/funnel?${q}`)).json.currency).toBe('EUR')
  })

  it('keeps Web Vitals as p75 per page with bands, and groups JavaScript errors', async () => {
    const s = await site()
    const v = t.client(s.host)
    const settings = await v.get('/api/1/performance/settings')
    expect(settings.json).toMatchObject({ rumEnabled: true, appEnabled: true, pageSpeedRollout: true })
    expect(settings.json.pageLoadId).toMatch(/^[0-9a-f-]{36}$/)
    const recs = [1000, 1200, 3000, 5000].map((lcp) => ({ appName: 'storefront', eventName: 'page-speed', pageLoadId: 'x', timestamp: Date.now(), data: { pathname: '/', timings: { LCP: lcp, CLS: 0.05, TTI: 12 } } }))
    const sent = await v.request('POST', '/api/1/performance/records', { body: JSON.stringify(recs), contentType: 'text/plain;charset=UTF-8', crumb: false, headers: { 'user-agent': CHROME } })
    expect(sent.status).toBe(202)
    const junk = await v.request('POST', '/api/1/performance/records', { body: 'not json', contentType: 'text/plain', crumb: false, headers: { 'user-agent': CHROME } })
    expect(junk.status).toBe(400)

    const report = (message: string, line: number) => ({ event: 'error', timestamp: Date.now(), data: JSON.stringify({ app: 'storefront', message, stack: `Error: ${message}\n    at go (http://x/assets/a.js:${line}:5)\n` + 'y'.repeat(9000), pageUrl: `http://${s.host}/shop` }) })
    const errs = await v.post('/api/events/RecordJavascriptErrors', [report('Boom', 10), report('Boom', 12), report('Other', 1)], { headers: { 'user-agent': CHROME } })
    expect(errs.status).toBe(202)
    expect((await v.post('/api/events/RecordJavascriptErrors', [report('x', 1)], { crumb: false, headers: { 'user-agent': CHROME } })).status).toBe(403)
    await t.app.tracking.flush()

    const q = `from=${today()}&to=${today()}`
    const vit = await s.owner.get(`/api/sites/${s.siteId}/analytics/vitals?${q}`)
    const lcp = vit.json.overall.find((x: { metric: string }) => x.metric === 'LCP')
    expect(lcp.samples).toBe(4)
    expect(lcp.p75).toBeGreaterThan(2800)
    expect(lcp.p75).toBeLessThan(3300)
    expect(lcp.band).toBe('needs-improvement')
    expect(vit.json.overall.find((x: { metric: string }) => x.metric === 'CLS').band).toBe('good')
    // TTI is collected and kept by the server (the spec's timings list it)
    const tti = vit.json.overall.find((x: { metric: string }) => x.metric === 'TTI')
    expect(tti).toMatchObject({ samples: 4, band: 'good' })
    expect(tti.p75).toBeGreaterThanOrEqual(12) // histogram buckets: 12 ms lands in the 12-13 bucket
    expect(tti.p75).toBeLessThanOrEqual(13)

    const e = await s.owner.get(`/api/sites/${s.siteId}/analytics/errors?${q}`)
    expect(e.json.errors).toHaveLength(2)
    expect(e.json.errors[0]).toMatchObject({ message: 'Boom', count: 2, app: 'storefront', pages: ['/shop'] })
    expect(e.json.errors[0].stack.length).toBe(5000)
  })

  it('the wire: a SiteUserSecureAuthToken visitor is counted logged in; user timings, TTI, error template id and custom data are kept; v2 content is unwrapped', async () => {
    const s = await site()
    const v = t.client(s.host, '203.0.113.44')
    const member = await v.request('POST', '/api/census/RecordHit', { body: form({ event: '1', data: JSON.stringify({ path: '/m', sessionId: 5 }), ss_cvr: 'abc|1|1|1|1' }), contentType: 'application/x-www-form-urlencoded', crumb: false, headers: { 'user-agent': CHROME, cookie: 'SiteUserSecureAuthToken=1' } })
    expect(member.status).toBe(202)
    expect((await hit(v, { path: '/anon', sessionId: 5 })).status).toBe(202)
    expect((await v.get('/api/1/performance/settings')).json.userTimingRollout).toBe(true)
    const rec = (eventName: string, timings: Record<string, number>) => ({ appName: 'storefront', eventName, pageLoadId: 'p', timestamp: Date.now(), data: { pathname: '/m', timings, analyticsId: 'a', marketingId: 'm', memberId: null, context: {}, display: {}, hardware: {}, connectionInfo: null } })
    const sent = await v.request('POST', '/api/1/performance/records', { body: JSON.stringify([rec('page-speed', { TTI: 4100 }), rec('user-timing', { 'hero-visible': 210 })]), contentType: 'text/plain;charset=UTF-8', crumb: false, headers: { 'user-agent': CHROME } })
    expect(sent.status).toBe(202)
    const report = { event: 'error', timestamp: Date.now(), data: JSON.stringify({ app: 'storefront', message: 'Oops', stack: 'Error: Oops\n    at f (a.js:1:1)', pageUrl: `http://${s.host}/m`, templateId: 'default', customData: { step: 'checkout' } }) }
    expect((await v.post('/api/events/RecordJavascriptErrors', [report], { headers: { 'user-agent': CHROME } })).status).toBe(202)
    const content = { analytics_id: 'a', page_path: '/m', session_id: 5, source_environment: 'PROD', custom_schema_name: 'CommerceShopping_RemoveFromCart', item_id: 'i1', item_title: 'Mug', item_quantity: 2, currency_code: 'USD', cart_id: 'c1', num_items_in_cart: 0, product: { id: 'i1' }, item_variant_object: {}, product_types_list: ['PHYSICAL'] }
    const v2 = await v.request('POST', '/api/v1/clanker/events', { body: JSON.stringify({ eventContent: JSON.stringify(content), eventSchemaName: 'CommerceShopping_RemoveFromCart' }), contentType: 'application/json', crumb: false, headers: { 'user-agent': CHROME } })
    expect(v2.status).toBe(202)
    await t.app.tracking.flush()
    const rows = await sqlRows<{ kind: string; name: string | null; path: string; data: Record<string, unknown> | null }>(t.app.db.orm, sql`SELECT kind, name, path, data FROM tracking_events WHERE site_id = ${s.siteId} ORDER BY path, kind`)
    expect(rows.find((r) => r.kind === 'pageview' && r.path === '/m')!.data).toEqual({ loggedIn: true })
    expect(rows.find((r) => r.kind === 'pageview' && r.path === '/anon')!.data).toBeNull()
    expect(rows.find((r) => r.kind === 'event' && r.name === 'user-timing')!.data).toEqual({ 'hero-visible': 210 })
    expect(rows.find((r) => r.kind === 'vital')!).toMatchObject({ name: 'TTI' })
    expect(rows.find((r) => r.kind === 'error')!.data).toEqual({ message: 'Oops', templateId: 'default', customData: { step: 'checkout' } })
    expect(rows.find((r) => r.kind === 'commerce')!).toMatchObject({ name: 'CommerceShopping_RemoveFromCart', data: expect.objectContaining({ item_title: 'Mug', item_quantity: 2 }) })
  })

  it('lets ADMIN and REPORTING read reports; others get 403, strangers 404, bad ranges 400', async () => {
    const s = await site()
    const other = t.client()
    const signup = await other.post('/api/auth/signup', newSignup())
    const url = `/api/sites/${s.siteId}/analytics/traffic`
    expect((await other.get(url)).status).toBe(404)
    await t.app.sites.addMember(s.siteId, signup.json.user.id, WEBSITE_ROLES.EDITOR)
    expect((await other.get(url)).status).toBe(403)
    await t.app.sites.addMember(s.siteId, signup.json.user.id, WEBSITE_ROLES.REPORTING)
    expect((await other.get(url)).status).toBe(200)
    expect((await other.patch(`/api/sites/${s.siteId}/tracking/settings`, { bannerEnabled: true })).status).toBe(403)
    expect((await t.client().get(url)).status).toBe(401)
    expect((await s.owner.get(`${url}?from=2026-02-01&to=2026-01-01`)).status).toBe(400)
    expect((await s.owner.get(`${url}?interval=year`)).status).toBe(400)
    const week = await s.owner.get(`${url}?interval=week&from=2026-01-01&to=2026-01-31`)
    expect(week.json).toMatchObject({ visits: 0, visitors: 0, pageViews: 0 })
    expect(week.json.series.map((x: { period: string }) => x.period)).toEqual(['2025-12-29', '2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26'])
    expect(week.json.series[0]).toEqual({ period: '2025-12-29', pageViews: 0, visits: 0, visitors: 0, bounces: 0 })
  })
  it('writes the other sites of a batch, and drops the events of a site removed since they were accepted', async () => {
    const gone = await site()
    const kept = await site()
    await t.app.db.orm.execute(sql`DELETE FROM websites WHERE id = ${gone.siteId}`) // a failed site import is removed
    // accepted before the removal was seen: both land in one batch (pushed in one tick)
    const order = (websiteId: string, total: number) => t.app.tracking.recordOrder({ websiteId, orderId: `o-${total}`, cartId: 'c', testMode: false, total, lines: [{ product: 'Mug', amount: total }] })
    order(gone.siteId, 700)
    order(kept.siteId, 1200)
    await t.app.tracking.flush()
    const confirmed = async () => (await sqlRows<{ c: number }>(t.app.db.orm, sql`SELECT count(*)::int AS c FROM tracking_events WHERE site_id = ${kept.siteId} AND name = 'commerce_checkout_order_confirmed'`))[0]!.c
    expect(await confirmed()).toBe(1)
    // nothing is left stuck ahead of newer events
    order(kept.siteId, 300)
    await t.app.tracking.flush()
    expect(await confirmed()).toBe(2)
    expect(await sqlRows(t.app.db.orm, sql`SELECT count(*)::int AS c FROM tracking_events WHERE site_id = ${gone.siteId}`)).toEqual([{ c: 0 }])
  })
})
