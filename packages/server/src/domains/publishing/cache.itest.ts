// The published-page cache: served from cache, dropped by content writes, expiring when scheduled content goes live.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'

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

  it('a scheduled item appears once its publishOn passes (no job: read-time filter and cache expiry)', async () => {
    const blog = (await owner.post(api('/collections'), { typeName: 'blog', title: 'Posts' })).json.collection
    await owner.post(api(`/collections/${blog.id}/items`), { title: 'Now' })
    const at = Date.now() + 1500
    await owner.post(api(`/collections/${blog.id}/items`), { title: 'Soon', status: 'scheduled', publishOn: at })
    const v = t.client(host)
    expect((await v.get('/posts?format=json')).json.items.map((i: any) => i.urlId)).toEqual(['now'])
    expect((await v.get('/posts/soon')).status).toBe(404)
    await new Promise((r) => setTimeout(r, at - Date.now() + 100))
    expect((await v.get('/posts?format=json')).json.items.map((i: any) => i.urlId)).toEqual(['soon', 'now'])
    expect((await v.get('/posts/soon')).status).toBe(200)
  })
})
