// The storefront entry at a versioned URL (issue 39): published pages link `/assets/storefront/v/<hash>/storefront.js`,
// served immutable (no revalidation per page view); the plain URL that pages of earlier builds link still answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../test/harness.js'

let t: TestApp
let owner: Client
let host: string

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  host = `${res.json.site.slug}.localhost`
})
afterAll(() => t?.close())

describe(`storefront entry URL (${BACKEND})`, () => {
  it('pages link the versioned entry, which is immutable; the old plain URL still serves it, revalidated', async () => {
    const page = await t.app.fastify.inject({ url: '/', headers: { host } })
    expect(page.statusCode).toBe(200)
    const src = /<script type="module" src="([^"]+)"/.exec(page.body)?.[1]
    expect(src).toMatch(/^\/assets\/storefront\/v\/[A-Za-z0-9_-]{12}\/storefront\.js$/)
    const entry = await t.app.fastify.inject({ url: src!, headers: { host, 'accept-encoding': 'br' } })
    expect(entry.statusCode).toBe(200)
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(entry.headers['content-type']).toMatch(/javascript/)
    const plain = await t.app.fastify.inject({ url: '/assets/storefront/storefront.js', headers: { host, 'accept-encoding': 'br' } })
    expect(plain.statusCode).toBe(200)
    expect(plain.rawPayload.equals(entry.rawPayload)).toBe(true)
    expect(plain.headers['cache-control']).toBe('public, no-cache')
    // The entry's chunks, at their relative URLs inside the versioned directory, are immutable too.
    const chunk = /import\(`\.\/(chunks\/[^`]+\.js)`\)/.exec((await t.app.fastify.inject({ url: src!, headers: { host } })).body)?.[1]
    expect(chunk).toBeDefined()
    const c = await t.app.fastify.inject({ url: src!.replace(/storefront\.js$/, chunk!), headers: { host } })
    expect(c.statusCode).toBe(200)
    expect(c.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })
})
