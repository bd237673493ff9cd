// Security headers (issue 11, item 13): a CSP on published pages (no inline script allowed, and none needed), the
// same headers on the fast path of cached pages, a strict CSP and framing by itself only for /config, hashes for
// /api/docs, and HSTS only over HTTPS (X-Forwarded-Proto counts only with TRUST_PROXY).
import { createHash } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'

let t: TestApp
let owner: Client
let siteId: string
let host: string
let port: number
const api = (p: string) => `/api/sites/${siteId}${p}`

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
  await t.app.fastify.listen({ host: '127.0.0.1', port: 0 })
  port = (t.app.fastify.server.address() as { port: number }).port
})
afterAll(() => t?.close())

/** GET over a real socket (the page fast path sits in front of Fastify there). */
function raw(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** The CSP as directive -> sources. */
function csp(value: unknown): Map<string, string[]> {
  expect(typeof value).toBe('string')
  return new Map(
    String(value)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  )
}

const SECURITY = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'x-permitted-cross-domain-policies', 'origin-agent-cluster']

describe(`security headers (${BACKEND})`, () => {
  it('published pages carry a CSP without inline scripts, framed only by the site and the editor, with the same headers on the fast path', async () => {
    const page = await owner.post(api('/content/collections'), {
      typeName: 'page',
      title: 'Embeds',
      layout: { sections: [{ blocks: [{ typeName: 'html', value: { html: '<p>Map</p><iframe src="https://www.openstreetmap.org/export/embed.html"></iframe>' } }, { typeName: 'button', value: { label: 'Shop', url: '/shop' } }] }] },
    })
    expect(page.status).toBe(201)
    const first = await raw('/embeds', { host })
    const second = await raw('/embeds', { host })
    expect(first.status).toBe(200)
    // the first answer is Fastify's (the page was not cached yet), the second the fast path's (from the page cache)
    for (const h of SECURITY) {
      expect(first.headers[h], h).toBeDefined()
      expect(second.headers[h], h).toBe(first.headers[h])
    }
    const policy = csp(first.headers['content-security-policy'])
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'self'"])
    expect(policy.get('script-src')).toContain("'self'")
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'")
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'")
    expect(policy.get('script-src-attr')).toEqual(["'none'"])
    expect(policy.get('frame-ancestors')).toEqual(["'self'", `localhost:${t.config.publicPort}`])
    expect(policy.get('frame-src')).toContain('https:') // owner embeds (https iframes, sandboxed by the sanitizer)
    expect(first.headers['x-frame-options']).toBeUndefined() // frame-ancestors rules (the editor frames other hosts)
    expect(first.headers['strict-transport-security']).toBeUndefined() // plain HTTP
    // the page itself needs nothing the policy forbids: every script is external, no event-handler attributes
    expect(first.body).toContain('<iframe src="https://www.openstreetmap.org/export/embed.html" sandbox=')
    for (const m of first.body.matchAll(/<script\b[^>]*>/g)) expect(m[0]).toMatch(/\ssrc="\/assets\/storefront\//)
    expect(first.body).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i)
    expect(first.body).not.toMatch(/href="javascript:/i)
  })

  it('system pages (cart, checkout, 404) and API answers carry the page policy too', async () => {
    for (const path of ['/cart', '/checkout', '/no-such-page', '/api/commerce/shopping-cart']) {
      const res = await raw(path, { host })
      expect(res.status, path).toBeLessThan(500)
      expect(csp(res.headers['content-security-policy']).get('script-src'), path).not.toContain("'unsafe-inline'")
      for (const m of res.body.matchAll(/<script\b[^>]*>/g)) expect(m[0]).toMatch(/\ssrc="/)
    }
  })

  it('/config has a strict CSP: its own scripts and styles only, framed by itself only', async () => {
    const res = await raw('/config', { host: 'localhost' })
    const policy = csp(res.headers['content-security-policy'])
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(policy.get('style-src')).toEqual(["'self'"])
    expect(policy.get('frame-ancestors')).toEqual(["'self'"])
    expect(policy.get('connect-src')).toEqual(["'self'"])
    expect(policy.get('frame-src')).toEqual(["'self'", `*.localhost:${t.config.publicPort}`])
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('/api/docs allows exactly its own inline script and style (hashes)', async () => {
    const res = await raw('/api/docs', { host: 'localhost' })
    const policy = csp(res.headers['content-security-policy'])
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`
    expect(policy.get('script-src')).toEqual([hash(/<script>([\s\S]*?)<\/script>/.exec(res.body)![1]!)])
    expect(policy.get('style-src')).toEqual([hash(/<style>([\s\S]*?)<\/style>/.exec(res.body)![1]!)])
    expect(policy.get('default-src')).toEqual(["'none'"])
  })

  it('sends no HSTS over plain HTTP, and ignores X-Forwarded-Proto unless TRUST_PROXY is on', async () => {
    expect((await raw('/api/auth/me', { host: 'localhost' })).headers['strict-transport-security']).toBeUndefined()
    expect((await raw('/api/auth/me', { host: 'localhost', 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeUndefined()
  })
})

describe(`HSTS behind a trusted proxy (${BACKEND})`, () => {
  let proxied: TestApp
  beforeAll(async () => {
    proxied = await startTestApp({ seedDemo: false, trustProxy: true })
  })
  afterAll(() => proxied?.close())

  it('is sent on HTTPS answers (X-Forwarded-Proto: https) and not on HTTP ones', async () => {
    const c = proxied.client()
    const https = await c.get('/api/auth/me', { headers: { 'x-forwarded-proto': 'https' } })
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    const page = await c.get('/no-such-page', { headers: { 'x-forwarded-proto': 'https' } })
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    const http = await c.get('/api/auth/me', { headers: { 'x-forwarded-proto': 'http' } })
    expect(http.headers['strict-transport-security']).toBeUndefined()
  })
})
