// The census-hit fast path over a real socket (fastify.inject never reaches it): the same answers as the Fastify
// route (202 counted, 204 bots and tracking off, 400 bad data), owners still decided by role, and cloneable sites
// (a starter's live preview, owned by nobody) always in the restrictive consent mode.
import { request, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlRows } from '../../platform/db/index.js'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'

let t: TestApp
let base: string
beforeAll(async () => {
  t = await startTestApp()
  await t.app.fastify.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(t.app.fastify.server.address() as AddressInfo).port}`
})
afterAll(() => t?.close())

async function site() {
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { owner, siteId: res.json.site.id as string, host: `${res.json.site.slug}.localhost` }
}

const form = (o: Record<string, string>) => new URLSearchParams(o).toString()
/** A POST over a real socket (fetch would not send our Host header). */
function hit(host: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; json(): Promise<any> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/census/RecordHit`, { method: 'POST', headers: { host, 'content-type': 'application/x-www-form-urlencoded', 'user-agent': CHROME, 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      let text = ''
      res.on('data', (c: Buffer) => (text += c.toString()))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, json: async () => JSON.parse(text) }))
    })
    req.on('error', reject)
    req.end(body)
  })
}
const page = (path: string, extra: Record<string, unknown> = {}) => form({ event: '1', data: JSON.stringify({ path, sessionId: 7, ...extra }), ss_cvr: 'a|1|1|1|1' })

async function views(siteId: string): Promise<number> {
  await t.app.tracking.flush()
  const [r] = await sqlRows<{ c: number }>(t.app.db.orm, sql`SELECT count(*)::int AS c FROM tracking_events WHERE site_id = ${siteId} AND kind = 'pageview'`)
  return r!.c
}

describe(`census hits in front of Fastify (${BACKEND})`, () => {
  it('answers like the route once the caches are warm: 202 counted, no crumb cookie, bots 204, bad data 400', async () => {
    const s = await site()
    const first = await hit(s.host, page('/')) // the Fastify route: warms host, settings and salt
    expect(first.status).toBe(202)
    // a beacon hands out no crumb cookie on either path: it would replace the crumb a checked call (form-render) of the
    // same page had just sent, and that call would fail once with a 403 in the visitor's console
    expect(first.headers['set-cookie']).toBeUndefined()
    const fast = await hit(s.host, page('/about/'))
    expect(fast.status).toBe(202)
    expect(await fast.json()).toEqual({ accepted: true })
    expect(fast.headers['set-cookie']).toBeUndefined()
    expect(fast.headers['x-content-type-options']).toBe('nosniff')
    const json = await hit(s.host, JSON.stringify({ event: 1, data: JSON.stringify({ path: '/json' }) }), { 'content-type': 'application/json' })
    expect(json.status).toBe(202)
    expect(await views(s.siteId)).toBe(3)

    expect((await hit(s.host, page('/'), { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).status).toBe(204)
    const bad = await hit(s.host, form({ event: '1', data: 'not json' }))
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toMatchObject({ type: 'invalid_data', code: 'invalid_hit' })
    const extra = await hit(s.host, form({ event: '1', data: '{}', nope: 'x' }))
    expect(extra.status).toBe(400)
    expect((await extra.json()).error).toMatchObject({ code: 'validation_failed' })
    const search = await hit(s.host, form({ event: '2', data: JSON.stringify({ path: '/search' }) }))
    expect(search.status).toBe(400)
    expect(await views(s.siteId)).toBe(3)
  })

  it('tracking off answers 204 and counts nothing; an owner session cookie is decided by role (the route)', async () => {
    const s = await site()
    expect((await s.owner.patch(`/api/sites/${s.siteId}/tracking/settings`, { disabled: true })).status).toBe(200)
    expect((await hit(s.host, page('/'))).status).toBe(204)
    expect((await hit(s.host, page('/x'))).status).toBe(204)
    expect(await views(s.siteId)).toBe(0)

    const other = await site()
    expect((await hit(other.host, page('/'))).status).toBe(202) // warm
    // the site's own admin, signed in: the route looks the session up and does not count them
    const cookie = [...other.owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    expect(cookie).toContain('sw_session=')
    expect((await hit(other.host, page('/admin'), { cookie })).status).toBe(204)
    // a session cookie that is not genuine: no owner, the visitor is counted
    expect((await hit(other.host, page('/y'), { cookie: 'sw_session=forged' })).status).toBe(202)
    expect(await views(other.siteId)).toBe(2)
  })
})

describe(`cloneable sites (${BACKEND})`, () => {
  it('a site owned by nobody (a starter preview) uses the restrictive consent mode whatever its settings say', async () => {
    const preview = await t.app.sites.ensureUnowned({ title: 'Preview', slug: `clone-${Date.now().toString(36)}` })
    const visitor = t.client(`${preview.slug}.localhost`)
    const res = await visitor.get('/api/census/settings')
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ restrictive: true, bannerEnabled: false })

    const owned = await site()
    const mine = await t.client(owned.host).get('/api/census/settings')
    expect(mine.json).toMatchObject({ restrictive: false })
  })
})

describe(`the owner's third-party tag (${BACKEND})`, () => {
  it('a tag address is https only; while set, its origin joins the page CSP and the tracker settings carry it', async () => {
    const s = await site()
    const visitor = t.client(s.host)
    const before = await visitor.get('/')
    expect(String(before.headers['content-security-policy'])).not.toContain('tags.example.com')
    expect((await s.owner.patch(`/api/sites/${s.siteId}/tracking/settings`, { tagUrl: 'http://tags.example.com/t.js' })).status).toBe(400)
    const put = await s.owner.patch(`/api/sites/${s.siteId}/tracking/settings`, { tagUrl: 'https://tags.example.com/t.js', analyticsTag: 'G-1', pixelId: 'px-1' })
    expect(put.status).toBe(200)
    expect(put.json).toMatchObject({ tagUrl: 'https://tags.example.com/t.js' })
    expect((await visitor.get('/api/census/settings')).json).toMatchObject({ tagUrl: 'https://tags.example.com/t.js', analyticsTag: 'G-1', pixelId: 'px-1' })
    const page = await visitor.get('/')
    expect(page.status).toBe(200)
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toMatch(/script-src [^;]*https:\/\/tags\.example\.com/)
    expect(csp).toMatch(/connect-src [^;]*https:\/\/tags\.example\.com/)
    // JSON answers keep their policy; clearing the tag takes the origin out again
    expect(String((await visitor.get('/api/census/settings')).headers['content-security-policy'] ?? '')).not.toContain('tags.example.com')
    expect((await s.owner.patch(`/api/sites/${s.siteId}/tracking/settings`, { tagUrl: '' })).status).toBe(200)
    expect(String((await visitor.get('/')).headers['content-security-policy'])).not.toContain('tags.example.com')
  })
})

describe(`form conversion (${BACKEND})`, () => {
  it('the forms report gives views (form renders) and submissions per form, with the rate, over the range', async () => {
    const s = await site()
    const formId = await t.app.forms.ensureDemoForm(s.siteId)
    const v = t.client(s.host)
    for (let i = 0; i < 4; i++) expect((await v.post('/api/census/form-render', { formId, visitorCookie: 'abc' })).status).toBe(204)
    await t.app.db.orm.execute(sql`INSERT INTO form_submissions (id, site_id, form_id, key_hash, form_name, fields, answers)
      VALUES (${`sub-${s.siteId}`}, ${s.siteId}, ${formId}, ${`k-${s.siteId}`}, 'Contact', '[]'::jsonb, '{}'::jsonb)`)
    const today = new Date().toISOString().slice(0, 10)
    const r = await s.owner.get(`/api/sites/${s.siteId}/analytics/forms?from=${today}&to=${today}`)
    expect(r.status).toBe(200)
    expect(r.json.forms).toEqual([expect.objectContaining({ formId, views: 4, submissions: 1, rate: 25 })])
    const old = await s.owner.get(`/api/sites/${s.siteId}/analytics/forms?from=2020-01-01&to=2020-01-31`)
    expect(old.json.forms).toEqual([])
    const csv = await s.owner.get(`/api/sites/${s.siteId}/analytics/forms?from=${today}&to=${today}&format=csv`)
    expect(csv.status).toBe(200)
    expect(csv.body).toContain('views')
  })
})

describe(`census hits behind a trusted proxy (${BACKEND})`, () => {
  let proxied: TestApp
  let proxiedBase: string
  beforeAll(async () => {
    proxied = await startTestApp({ trustProxy: true })
    await proxied.app.fastify.listen({ port: 0, host: '127.0.0.1' })
    proxiedBase = `http://127.0.0.1:${(proxied.app.fastify.server.address() as AddressInfo).port}`
  })
  afterAll(() => proxied?.close())

  function proxiedHit(host: string, body: string, forwardedFor: string) {
    return new Promise<{ status: number; setCookie: unknown }>((resolve, reject) => {
      const headers = { host, 'content-type': 'application/x-www-form-urlencoded', 'user-agent': CHROME, 'content-length': Buffer.byteLength(body), 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' }
      const req = request(`${proxiedBase}/api/census/RecordHit`, { method: 'POST', headers }, (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode!, setCookie: res.headers['set-cookie'] }))
      })
      req.on('error', reject)
      req.end(body)
    })
  }

  it('the visitor is the address the proxy forwarded (leftmost), the same on the route and the fast path', async () => {
    const owner = proxied.client()
    const res = await owner.post('/api/auth/signup', newSignup())
    const siteId = res.json.site.id as string
    const host = `${res.json.site.slug}.localhost`
    // the first hit warms the caches on the Fastify route; the rest are answered in front of it (no cookie on either)
    const first = await proxiedHit(host, page('/'), '203.0.113.7')
    expect(first.status).toBe(202)
    expect(first.setCookie).toBeUndefined()
    for (const [path, forwarded] of [['/a', '203.0.113.7, 10.0.0.2'], ['/b', '198.51.100.9']] as const) {
      const fast = await proxiedHit(host, page(path), forwarded)
      expect(fast.status).toBe(202)
      expect(fast.setCookie).toBeUndefined()
    }
    await proxied.app.tracking.flush()
    const rows = await sqlRows<{ path: string; visitor: string }>(proxied.app.db.orm, sql`SELECT path, visitor FROM tracking_events WHERE site_id = ${siteId} AND kind = 'pageview' ORDER BY path`)
    expect(rows.map((r) => r.path)).toEqual(['/', '/a', '/b'])
    expect(rows[1]!.visitor).toBe(rows[0]!.visitor) // same forwarded client: one visitor
    expect(rows[2]!.visitor).not.toBe(rows[0]!.visitor) // another forwarded client: another visitor
  })
})
