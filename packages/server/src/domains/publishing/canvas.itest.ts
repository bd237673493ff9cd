// The editor's canvas: GET /config/canvas renders a page's draft on the editor's origin with every block and section
// marked (data-block-id, data-section-id), no scripts, the site's files through <base>, and never cached; the
// visitor's page of the same content carries none of the marks.
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
  const layout = { sections: [{ id: 'sa', blocks: [{ id: 'b-one', type: 2, value: { html: '<p>First words</p>' } }, { id: 'b-two', type: 53, value: { label: 'Go on', url: '/' } }] }] }
  const made = await owner.post(api('/collections'), { typeName: 'page', title: 'Live page', layout })
  expect(made.status, JSON.stringify(made.json)).toBe(201)
  const live = made.json.collection
  expect((await owner.patch(api(`/collections/${live.id}`), { status: 'published' })).status).toBe(200)
  await owner.post(api('/collections'), { typeName: 'page', title: 'Work in progress', status: 'draft', layout: { sections: [{ id: 'sb', blocks: [{ id: 'b-draft', type: 2, value: { html: '<p>Draft words</p>' } }] }] } })
})
afterAll(() => t?.close())

describe(`editor canvas (${BACKEND})`, () => {
  it("renders the draft with marked blocks and sections, script-free and uncached, under the canvas's own policy", async () => {
    const res = await owner.get(`/config/canvas?siteId=${siteId}&path=${encodeURIComponent('/work-in-progress')}`)
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.body).toContain('Draft words')
    expect(res.body).toMatch(/<div class="block block-[a-z-]+" id="block-b-draft" data-block-id="b-draft"/)
    expect(res.body).toContain('data-section-id="sb"')
    expect(res.body).not.toMatch(/<script/i)
    expect(res.body).toContain(`<base href="http://${host}`)
    const policy = String(res.headers['content-security-policy'])
    expect(policy).toContain("script-src 'none'")
    expect(policy).toContain(`style-src 'self' http://${host}`)
  })

  it('never marks blocks on the public page', async () => {
    const visitor = t.client(host)
    const page = await visitor.get('/live-page')
    expect(page.status).toBe(200)
    expect(page.body).toContain('First words')
    expect(page.body).toContain('id="block-b-one"')
    expect(page.body).not.toContain('data-block-id')
    expect(page.body).not.toContain('data-section-id')
    const canvas = await owner.get(`/config/canvas?siteId=${siteId}&path=/live-page`)
    expect(canvas.body).toContain('data-block-id="b-one"')
    expect(canvas.body).toContain('data-block-id="b-two"')
  })

  it('refuses visitors, owners of other sites and paths off the site', async () => {
    expect((await t.client().get(`/config/canvas?siteId=${siteId}&path=/`)).status).toBe(401)
    const other = t.client()
    await other.post('/api/auth/signup', newSignup())
    expect((await other.get(`/config/canvas?siteId=${siteId}&path=/`)).status).toBe(404)
    expect((await owner.get(`/config/canvas?siteId=${siteId}&path=${encodeURIComponent('//evil.example/')}`)).status).toBe(400)
  })
})
