// A visit whose page views reach two app nodes (round robin) is one visit: the open sessions live in PostgreSQL,
// locked by each node's batch, so the second page turns the first one's bounce into a visit of two pages. A change
// of the tracking settings through one node reaches the other's cached copy through the cache messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, Client, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'
import { startNodes, type Nodes } from '../../../test/nodes.js'
import type { App } from '../../app/index.js'

const adminUrl = process.env.DATABASE_URL
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'
const today = () => new Date().toISOString().slice(0, 10)

function hit(v: Client, path: string, sessionId: number) {
  return v.request('POST', '/api/census/RecordHit', {
    body: new URLSearchParams({ event: '1', data: JSON.stringify({ path, sessionId }), ss_cvr: 'abc|1|1|1|1' }).toString(),
    contentType: 'application/x-www-form-urlencoded',
    crumb: false,
    headers: { 'user-agent': CHROME },
  })
}

async function traffic(app: App, owner: Client, siteId: string) {
  const r = await owner.get(`/api/sites/${siteId}/analytics/traffic?from=${today()}&to=${today()}`)
  expect(r.status).toBe(200)
  return r.json as { pageViews: number; visits: number; bounceRate: number }
}

let nodes: Nodes | null = null
let single: TestApp | null = null
beforeAll(async () => {
  if (adminUrl) nodes = await startNodes(adminUrl, 2)
  else single = await startTestApp() // PGlite is one node: the same visit through one app and its restarts' table
})
afterAll(async () => {
  await nodes?.close()
  await single?.close()
})

describe(`tracking visits across nodes (${BACKEND})`, () => {
  it('page views of one visit through A and B count one visit of two pages, even when both batches write at once', async () => {
    const [a, b] = nodes ? (nodes.apps as [App, App]) : [single!.app, single!.app]
    const owner = new Client(a, 'localhost')
    const res = await owner.post('/api/auth/signup', newSignup())
    expect(res.status).toBe(201)
    const siteId = res.json.site.id as string
    const host = `${res.json.site.slug}.localhost`
    const onA = new Client(a, host, '203.0.113.40')
    const onB = new Client(b, host, '203.0.113.40')

    expect((await hit(onA, '/', 501)).status).toBe(202)
    await a.tracking.flush()
    expect((await hit(onB, '/about/', 501)).status).toBe(202)
    await b.tracking.flush()
    expect(await traffic(a, owner, siteId)).toMatchObject({ pageViews: 2, visits: 1, bounceRate: 0 })

    // a new visit whose first two pages are written by both nodes at the same time
    expect((await hit(onA, '/', 502)).status).toBe(202)
    expect((await hit(onB, '/shop/', 502)).status).toBe(202)
    await Promise.all([a.tracking.flush(), b.tracking.flush()])
    expect(await traffic(b, owner, siteId)).toMatchObject({ pageViews: 4, visits: 2, bounceRate: 0 })
  })
})

describe.skipIf(!adminUrl)('tracking settings across nodes (postgres)', () => {
  it('a change through A is what B answers within 1 s (its cached copy is dropped by the message)', async () => {
    const [a, b] = nodes!.apps as [App, App]
    const owner = new Client(a, 'localhost')
    const res = await owner.post('/api/auth/signup', newSignup())
    const siteId = res.json.site.id as string
    const ownerOnB = new Client(b, 'localhost')
    for (const [k, v] of owner.cookies) ownerOnB.cookies.set(k, v)
    const url = `/api/sites/${siteId}/tracking/settings`
    expect((await ownerOnB.get(url)).json.bannerEnabled).toBe(false) // B holds it now (5 s cache)
    expect((await owner.patch(url, { bannerEnabled: true })).status).toBe(200)
    const t0 = performance.now()
    while (!(await ownerOnB.get(url)).json.bannerEnabled) {
      expect(performance.now() - t0).toBeLessThan(1000)
      await new Promise((r) => setTimeout(r, 20))
    }
  })
})
