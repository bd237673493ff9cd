import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, startTestApp, type TestApp } from '../../test/harness.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ bodyLimit: 4096 })
})
afterAll(() => t?.close())

describe(`platform (${BACKEND})`, () => {
  it('GET /healthz reports ok and the backend, on any host', async () => {
    for (const host of ['localhost', 'unknown.example']) {
      const res = await t.client(host).get('/healthz')
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ status: 'ok', database: BACKEND })
    }
  })

  it('sets a readable crumb cookie on the first response', async () => {
    const c = t.client()
    const res = await c.get('/healthz')
    const set = String(res.headers['set-cookie'])
    expect(set).toMatch(/crumb=/)
    expect(set).toMatch(/SameSite=Lax/i)
    expect(set).not.toMatch(/HttpOnly/i)
    const again = await c.get('/healthz')
    expect(again.headers['set-cookie']).toBeUndefined()
  })

  it("sets no crumb cookie on what a published page loads by itself; GET /api/crumb sets one", async () => {
    // a page's images and tracker settings load while its checked calls (form-render) go out with the crumb the page
    // fetched: a new cookie on one of them would replace that crumb and the checked call would fail once
    const html = (await t.client().get('/')).body
    const file = /\/files\/[^"'\s?]+/.exec(html)?.[0]
    expect(file).toBeDefined()
    for (const path of ['/', file!, `${file!}?format=500w`, '/favicon.ico', '/api/census/settings', '/api/1/performance/settings', '/api/commerce/product/reviews']) {
      const res = await t.client().get(path)
      expect(res.status, path).toBe(200)
      expect(res.headers['set-cookie'], path).toBeUndefined()
    }
    expect(String((await t.client().get('/api/crumb')).headers['set-cookie'])).toMatch(/^crumb=/)
  })

  it('serves the OpenAPI document generated from the zod schemas, and a docs page', async () => {
    const c = t.client()
    const doc = (await c.get('/api/openapi.json')).json
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/sites/{siteId}/settings']))
    const patch = doc.paths['/api/sites/{siteId}/settings'].patch
    expect(patch.requestBody.content['application/json'].schema.properties.timeZone).toBeDefined()
    expect(patch.requestBody.content['application/json'].schema.additionalProperties).toBe(false)
    const docs = await c.get('/api/docs')
    expect(docs.status).toBe(200)
    expect(docs.body).toContain('/api/openapi.json')
    expect(docs.body).not.toMatch(/<script[^>]+src=|<link[^>]+href="http/)
  })
})

describe(`bad input never answers 500 (${BACKEND})`, () => {
  it('malformed JSON is 400 malformed_json', async () => {
    const res = await t.client().request('POST', '/api/auth/login', { body: '{"email": ', contentType: 'application/json' })
    expect(res.status).toBe(400)
    expect(res.json.error).toMatchObject({ type: 'invalid_data', code: 'malformed_json' })
  })

  it('a body that is not an object is 400 validation_failed', async () => {
    const res = await t.client().post('/api/auth/login', [1, 2])
    expect(res.status).toBe(400)
    expect(res.json.error.code).toBe('validation_failed')
  })

  it('a wrong content type is 415', async () => {
    const c = t.client()
    const xml = await c.request('POST', '/api/auth/login', { body: '<a/>', contentType: 'application/xml' })
    expect(xml.status).toBe(415)
    expect(xml.json.error.type).toBe('unsupported_media_type')
    const text = await c.request('POST', '/api/auth/login', { body: 'email=a', contentType: 'text/plain' })
    expect(text.status).toBe(415)
    const form = await c.request('POST', '/api/auth/login', { body: 'email=a&password=b', contentType: 'application/x-www-form-urlencoded' })
    expect(form.status).toBe(415)
  })

  it('an oversized body is 413', async () => {
    const res = await t.client().post('/api/auth/login', { email: 'a@b.co', password: 'x'.repeat(10_000) })
    expect(res.status).toBe(413)
    expect(res.json.error).toMatchObject({ type: 'payload_too_large', code: 'payload_too_large' })
  })

  it('an unknown /api route is 404 JSON, whatever the method', async () => {
    const c = t.client()
    const get = await c.get('/api/nope')
    expect(get.status).toBe(404)
    expect(get.json.error).toMatchObject({ type: 'not_found', code: 'route_not_found' })
    const post = await c.post('/api/nope', { a: 1 }, { crumb: false })
    expect(post.status).toBe(404)
    expect(post.json.error.code).toBe('route_not_found')
  })

  it('an unknown host is a 404 HTML page (and 404 JSON under /api)', async () => {
    const page = await t.client('example.com').get('/')
    expect(page.status).toBe(404)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.body).toContain('There is no site at example.com')
    const unknownSlug = await t.client('no-such-site.localhost').get('/')
    expect(unknownSlug.status).toBe(404)
    const api = await t.client('example.com').get('/api/auth/me')
    expect(api.status).toBe(404)
    expect(api.json.error.code).toBe('unknown_host')
  })

  it('hostile paths are answered without a stack trace', async () => {
    const c = t.client()
    for (const url of ['/assets/theme/..%2F..%2Fpackage.json', '/assets/theme/%E0%A4%A', '/config/..%2F..%2F..%2Fpackage.json']) {
      const res = await c.get(url)
      expect(res.status).toBeLessThan(500)
      expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/)
      expect(res.body).not.toContain('"name": "sitewright"')
    }
  })
})

describe(`crumb (${BACKEND})`, () => {
  it('state-changing calls without the crumb answer 403 crumbFail, and a retry with it succeeds', async () => {
    const c = t.client()
    const body = { email: 'nobody@example.com', password: 'wrong-password' }
    const none = await c.post('/api/auth/login', body, { crumb: false })
    expect(none.status).toBe(403)
    expect(none.json).toEqual({ crumbFail: true, error: expect.any(String) })
    expect(c.crumb).toBeTruthy() // the failed answer set the cookie, so the client can retry once
    const wrong = await c.post('/api/auth/login', body, { crumb: 'forged.value' })
    expect(wrong.status).toBe(403)
    expect(wrong.json.crumbFail).toBe(true)
    const ok = await c.post('/api/auth/login', body)
    expect(ok.status).toBe(401)
  })

  it('a forged crumb cookie (not signed by the server) is refused even when echoed', async () => {
    const c = t.client()
    c.cookies.set('crumb', 'abc.def')
    const res = await c.post('/api/auth/logout', undefined, { crumb: 'abc.def' })
    expect(res.status).toBe(403)
    expect(res.json.crumbFail).toBe(true)
  })

  it('accepts the crumb as a query field', async () => {
    const c = t.client()
    await c.get('/healthz')
    const res = await c.post(`/api/auth/logout?crumb=${encodeURIComponent(c.crumb!)}`, undefined, { crumb: false })
    expect(res.status).toBe(204)
  })
})
