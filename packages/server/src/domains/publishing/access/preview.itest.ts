// The owner's preview: GET /config/preview mints a short-lived token; pages opened with it show unpublished content,
// are never cached, and leave visitors' pages untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'

let t: TestApp
let owner: Client
let siteId: string
let host: string
const api = (p: string) => `/api/sites/${siteId}/content${p}`
const relative = (location: string) => {
  const u = new URL(location)
  return { host: u.hostname, path: u.pathname + u.search }
}

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
  await owner.post(api('/collections'), { typeName: 'page', title: 'Secret plans', status: 'draft', layout: { sections: [{ blocks: [{ type: 2, value: { html: '<p>Not yet public</p>' } }] }] } })
  await owner.post(api('/collections'), { typeName: 'page', title: 'Vault', password: 'pw', layout: { sections: [{ blocks: [{ type: 2, value: { html: '<p>Behind the lock</p>' } }] }] } })
  const blog = (await owner.post(api('/collections'), { typeName: 'blog', title: 'Notes' })).json.collection
  await owner.post(api(`/collections/${blog.id}/items`), { title: 'Out now' })
  await owner.post(api(`/collections/${blog.id}/items`), { title: 'Half done', status: 'draft' })
  await owner.post(api(`/collections/${blog.id}/items`), { title: 'Next week', status: 'scheduled', publishOn: Date.now() + 7 * 86_400_000 })
})
afterAll(() => t?.close())

describe(`owner preview (${BACKEND})`, () => {
  it('shows drafts, scheduled items and locked pages to the owner, never from or into the cache', async () => {
    const visitor = t.client(host)
    expect((await visitor.get('/secret-plans')).status).toBe(404)
    expect((await visitor.get('/notes?format=json')).json.items.map((i: any) => i.title)).toEqual(['Out now'])

    const open = await owner.get(`/config/preview?siteId=${siteId}&path=${encodeURIComponent('/secret-plans')}`)
    expect(open.status).toBe(302)
    expect(open.headers['cache-control']).toBe('no-store')
    const to = relative(String(open.headers.location))
    expect(to.host).toBe(host)
    const frame = t.client(host)
    const page = await frame.get(to.path)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Not yet public')
    expect(page.headers['cache-control']).toBe('private, no-store')
    expect(String(page.headers['set-cookie'])).toMatch(/sw-preview=[^;]+;.*HttpOnly/i)
    // the cookie keeps the preview while navigating on the site's host
    expect((await frame.get('/notes?format=json')).json.items.map((i: any) => i.title).sort()).toEqual(['Half done', 'Next week', 'Out now'])
    expect((await frame.get('/notes/half-done')).status).toBe(200)
    expect((await frame.get('/vault')).body).toContain('Behind the lock')
    expect((await frame.get('/?format=json')).json.navigation.main.map((l: any) => l.fullUrl)).toContain('/secret-plans')

    // visitors still see only what is published (nothing of the preview was cached)
    expect((await visitor.get('/secret-plans')).status).toBe(404)
    expect((await visitor.get('/notes?format=json')).json.items.map((i: any) => i.title)).toEqual(['Out now'])
    expect((await visitor.get('/notes/half-done')).status).toBe(404)
    expect((await visitor.get('/vault')).status).toBe(403)
  })

  it('refuses a tampered token, a token of another site, visitors and owners without a role', async () => {
    const open = await owner.get(`/config/preview?siteId=${siteId}&path=/secret-plans`)
    const to = relative(String(open.headers.location))
    const tampered = to.path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
    expect((await t.client(host).get(tampered)).status).toBe(404)

    const other = t.client()
    const second = await other.post('/api/auth/signup', newSignup())
    const otherOpen = await other.get(`/config/preview?siteId=${second.json.site.id}&path=/secret-plans`)
    const token = new URL(String(otherOpen.headers.location)).searchParams.get('sw-preview')!
    expect((await t.client(host).get(`/secret-plans?sw-preview=${encodeURIComponent(token)}`)).status).toBe(404)

    expect((await other.get(`/config/preview?siteId=${siteId}&path=/`)).status).toBe(404) // no role on this site
    expect((await t.client().get(`/config/preview?siteId=${siteId}&path=/`)).status).toBe(401)
    expect((await owner.get(`/config/preview?siteId=${siteId}&path=${encodeURIComponent('//evil.example/')}`)).status).toBe(400)
  })
})
