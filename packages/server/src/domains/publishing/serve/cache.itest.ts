// The published-page cache: served from cache, dropped by content writes, expiring when scheduled content goes live.
import { sql } from 'drizzle-orm'
import { request as httpRequest } from 'node:http'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'

let t: TestApp
let owner: Client
let siteId: string
let host: string
const api = (p: string) => `/api/sites/${siteId}/content${p}`

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
})
afterAll(() => t?.close())

/** A request to the listening server (the fast path sits in front of Fastify there, not under inject()). */
function raw(port: number, path: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe(`page cache (${BACKEND})`, () => {
  it('serves repeated requests from the cache and drops it when content changes', async () => {
    const page = (await owner.post(api('/collections'), { typeName: 'page', title: 'Studio', layout: { sections: [{ blocks: [{ type: 2, value: { html: '<p>First text</p>' } }] }] } })).json.collection
    const v = t.client(host)
    expect((await v.get('/studio')).body).toContain('First text')
    // a change behind the app's back is not seen: the page comes from the cache
    await t.app.db.orm.execute(sql`update content_collections set title = 'Sneaky' where id = ${page.id}`)
    const cached = await v.get('/studio')
    expect(cached.body).toContain('First text')
    expect(cached.body).not.toContain('Sneaky')
    await owner.request('PUT', api(`/collections/${page.id}/layout`), { json: { sections: [{ blocks: [{ type: 2, value: { html: '<p>Second text</p>' } }] }] } })
    const after = await v.get('/studio')
    expect(after.body).toContain('Second text')
    expect(after.body).not.toContain('First text')
    await owner.patch(`/api/sites/${siteId}/settings`, { title: 'Renamed site' })
    expect((await v.get('/studio')).body).toContain('<title>Sneaky \u2014 Renamed site</title>')
  })

  it('requests that miss the cache together wait for one render', async () => {
    await owner.post(api('/collections'), { typeName: 'page', title: 'Together', layout: { sections: [{ blocks: [{ type: 2, value: { html: '<p>Made once</p>' } }] }] } })
    // statements sent to the database while pages are made (the driver's client is shared by every query)
    const client = (t.app.db.orm as unknown as { session: { client: { query: (...a: unknown[]) => unknown } } }).session.client
    const query = client.query
    let statements = 0
    client.query = function (this: unknown, ...a: unknown[]) {
      statements++
      return query.apply(this, a)
    }
    try {
      const one = t.client(host)
      await one.get('/together')
      const alone = statements
      await owner.patch(`/api/sites/${siteId}/settings`, { title: 'Dropped' }) // every page of the site leaves the cache
      statements = 0
      const visitors = Array.from({ length: 12 }, () => t.client(host))
      const pages = await Promise.all(visitors.map((v) => v.get('/together?format=json')))
      expect(pages.every((p) => p.status === 200 && p.body.includes('Made once'))).toBe(true)
      // one render's statements (and a few of the requests' own), not twelve renders'
      expect(alone).toBeGreaterThan(3)
      expect(statements).toBeLessThan(alone * 3)
    } finally {
      client.query = query
    }
  })

  it('the crumb in a cached page is the visitor\'s own', async () => {
    await owner.post(api('/collections'), { typeName: 'page', title: 'Vault', password: 'pw' })
    const a = t.client(host)
    const b = t.client(host)
    const pa = await a.get('/vault')
    const pb = await b.get('/vault')
    expect(pa.body).toContain(`value="${a.crumb}"`)
    expect(pb.body).toContain(`value="${b.crumb}"`)
    expect(a.crumb).not.toBe(b.crumb)
  })

  it('drops the site\'s pages when an image\'s variants are finished', async () => {
    const page = (await owner.post(api('/collections'), { typeName: 'page', title: 'Pictures' })).json.collection
    const v = t.client(host)
    expect((await v.get('/pictures')).body).toContain('<title>Pictures')
    await t.app.db.orm.execute(sql`update content_collections set title = 'Repainted' where id = ${page.id}`)
    expect((await v.get('/pictures')).body).toContain('<title>Pictures') // cached
    const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#884422' } }).png().toBuffer()
    await t.app.files.storeBuffer(siteId, 'kiln.png', bytes) // no request: nothing else drops the cache
    await t.app.files.whenIdle()
    expect((await v.get('/pictures')).body).toContain('<title>Repainted')
  })

  it('answers 304 to a matching If-None-Match, and a changed page has a new ETag', async () => {
    const page = (await owner.post(api('/collections'), { typeName: 'page', title: 'Tagged', layout: { sections: [{ blocks: [{ type: 2, value: { html: '<p>v1</p>' } }] }] } })).json.collection
    const v = t.client(host)
    const first = await v.get('/tagged')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60') // shareable by any HTTP cache
    expect(first.headers['set-cookie']).toBeUndefined()
    const again = await v.get('/tagged', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(again.body).toBe('')
    expect((await t.client(host).get('/tagged', { headers: { 'if-none-match': etag } })).status).toBe(304) // same bytes for everyone
    await owner.request('PUT', api(`/collections/${page.id}/layout`), { json: { sections: [{ blocks: [{ type: 2, value: { html: '<p>v2</p>' } }] }] } })
    const changed = await v.get('/tagged', { headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.body).toContain('v2')
    expect(changed.headers.etag).not.toBe(etag)
  })

  it('a page printing the crumb is private, with an ETag per visitor', async () => {
    const a = t.client(host)
    const b = t.client(host)
    const pa = await a.get('/tagged?format=json') // the context carries sitewright.crumb
    const pb = await b.get('/tagged?format=json')
    expect(pa.json.sitewright.crumb).toBe(a.crumb)
    expect(pa.headers['cache-control']).toBe('private, no-cache')
    expect(pa.headers.etag).not.toBe(pb.headers.etag)
    expect((await a.get('/tagged?format=json', { headers: { 'if-none-match': String(pa.headers.etag) } })).status).toBe(304)
    expect((await b.get('/tagged?format=json', { headers: { 'if-none-match': String(pa.headers.etag) } })).status).toBe(200)
    // a locked page (403) is never answered 304
    const locked = await a.get('/vault')
    expect(locked.status).toBe(403)
    expect((await a.get('/vault', { headers: { 'if-none-match': String(locked.headers.etag) } })).status).toBe(403)
  })

  it('over a real socket, cached pages come from the fast path with the same answer as Fastify\'s', async () => {
    const page = (await owner.post(api('/collections'), { typeName: 'page', title: 'Parity', layout: { sections: [{ blocks: [{ type: 2, value: { html: '<p>same bytes</p>' } }] }] } })).json.collection
    await t.app.fastify.listen({ host: '127.0.0.1', port: 0 })
    const port = (t.app.fastify.server.address() as { port: number }).port
    const first = await raw(port, '/parity', { host })
    const second = await raw(port, '/parity', { host })
    expect(first.status).toBe(200)
    expect(second.body).toBe(first.body)
    for (const h of ['content-type', 'cache-control', 'etag', 'x-content-type-options', 'referrer-policy', 'content-length']) expect(second.headers[h], h).toBe(first.headers[h])
    for (const r of [first, second]) expect(r.headers['set-cookie']).toBeUndefined() // a public page sets no cookie
    // a page printing the crumb (the JSON form) gives a new visitor one, from either path
    for (const r of [await raw(port, '/parity?format=json', { host }), await raw(port, '/parity?format=json', { host })]) expect(String(r.headers['set-cookie'])).toMatch(/^crumb=[\w-]+\.[\w-]{22}; Path=\/; SameSite=Lax$/)
    const cookie = String((await raw(port, '/parity?format=json', { host })).headers['set-cookie']).split(';')[0]!
    const known = await raw(port, '/parity?format=json', { host, cookie })
    expect(known.headers['set-cookie']).toBeUndefined()
    expect((await raw(port, '/parity', { host, cookie, 'if-none-match': String(first.headers.etag) })).status).toBe(304)
    const head = await raw(port, '/parity', { host, cookie }, 'HEAD')
    expect(head.body).toBe('')
    expect(head.headers['content-length']).toBe(first.headers['content-length'])
    // the JSON form prints the visitor's crumb: each visitor gets their own from the cached bytes
    const crumb = cookie.slice('crumb='.length)
    await raw(port, '/parity?format=json', { host, cookie })
    expect(JSON.parse((await raw(port, '/parity?format=json', { host, cookie })).body).sitewright.crumb).toBe(crumb)
    // a content change is seen at once
    await owner.request('PUT', api(`/collections/${page.id}/layout`), { json: { sections: [{ blocks: [{ type: 2, value: { html: '<p>new bytes</p>' } }] }] } })
    expect((await raw(port, '/parity', { host, cookie })).body).toContain('new bytes')
    // unknown hosts and API paths are never answered from pages
    expect((await raw(port, '/parity', { host: 'nope.example' })).status).toBe(404)
    expect((await raw(port, '/api/nope', { host })).headers['content-type']).toMatch(/json/)
  })

  it('a scheduled item appears once its publishOn passes (no job: read-time filter and cache expiry)', async () => {
    const blog = (await owner.post(api('/collections'), { typeName: 'blog', title: 'Posts' })).json.collection
    await owner.post(api(`/collections/${blog.id}/items`), { title: 'Now' })
    const at = Date.now() + 1500
    await owner.post(api(`/collections/${blog.id}/items`), { title: 'Soon', status: 'scheduled', publishOn: at })
    const v = t.client(host)
    expect((await v.get('/posts?format=json')).json.items.map((i: any) => i.urlId)).toEqual(['now'])
    expect((await v.get('/posts/soon')).status).toBe(404)
    // read until it shows (a cached list expires at the item's publishOn): never before that moment
    const early: number[] = []
    const listed = async () => {
      const urls = (await v.get('/posts?format=json')).json.items.map((i: any) => i.urlId) as string[]
      if (urls.includes('soon') && Date.now() < at) early.push(Date.now())
      return urls
    }
    await expect.poll(listed, { timeout: 8000, interval: 100 }).toEqual(['soon', 'now'])
    expect(early, 'shown before its publishOn').toEqual([])
    expect((await v.get('/posts/soon')).status).toBe(200)
  })
})
