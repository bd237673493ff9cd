// The URL policy of owner-entered links (issue 11, item 12): refused when saving, and dropped when rendering a link
// that was stored before the rule (or by any other path).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'

let t: TestApp
let owner: Client
let siteId: string
let host: string
const api = (p = '') => `/api/sites/${siteId}${p}`

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup({ siteTitle: 'Links' }))
  siteId = res.json.site.id
  host = new URL(res.json.site.url).hostname
})
afterAll(() => t?.close())

const HOSTILE = ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'java\u0001script:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', '/\\evil.example/x']
const FINE = ['https://example.com/a?b=1', 'http://example.com', '/shop', 'mailto:a@example.com', 'tel:+15550100', '#top']

describe(`URL policy of owner links (${BACKEND})`, () => {
  it("refuses a popup overlay's javascript: (and every other non-http) button link when saving", async () => {
    const page = await owner.post(api('/content/collections'), { typeName: 'page', title: 'Home popup' })
    expect(page.status).toBe(201)
    const id = page.json.collection.id
    for (const buttonUrl of HOSTILE) {
      const res = await owner.patch(api(`/content/collections/${id}`), { popupOverlay: { title: 'Join', buttonText: 'Go', buttonUrl } })
      expect(res.status, buttonUrl).toBe(400)
      expect(res.json.error.type).toBe('invalid_data')
      expect(Object.keys(res.json.error.fields ?? {}).join()).toContain('buttonUrl')
    }
    for (const buttonUrl of FINE) {
      const res = await owner.patch(api(`/content/collections/${id}`), { popupOverlay: { title: 'Join', buttonText: 'Go', buttonUrl } })
      expect(res.status, buttonUrl).toBe(200)
    }
  })

  it('refuses hostile links in blocks, item audio and form redirects', async () => {
    for (const url of ['/\\evil.example', 'javascript:alert(1)']) {
      const button = await owner.post(api('/content/collections'), { typeName: 'page', title: 'B', layout: { sections: [{ blocks: [{ typeName: 'button', value: { label: 'Go', url } }] }] } })
      expect(button.status, url).toBe(400)
      const image = await owner.post(api('/content/collections'), { typeName: 'page', title: 'I', layout: { sections: [{ blocks: [{ typeName: 'image', value: { link: url } }] }] } })
      expect(image.status, url).toBe(400)
      const form = await owner.post(api('/forms'), { name: 'Contact', fields: [{ type: 'text', id: 'msg', title: 'Message' }], successRedirect: url })
      expect(form.status, url).toBe(400)
    }
    const blog = await owner.post(api('/content/collections'), { typeName: 'blog', title: 'Posts' })
    const audio = await owner.post(api(`/content/collections/${blog.json.collection.id}/items`), { title: 'Episode', recordType: 7, audioAssetUrl: 'javascript:alert(1)' })
    expect(audio.status).toBe(400)
    const ok = await owner.post(api(`/content/collections/${blog.json.collection.id}/items`), { title: 'Episode', recordType: 7, audioAssetUrl: '/files/x/episode.mp3' })
    expect(ok.status).toBe(201)
  })

  it('never renders a stored javascript: link (saved before the rule): the popup shows no link', async () => {
    const page = await owner.post(api('/content/collections'), { typeName: 'page', title: 'Legacy', popupOverlay: { title: 'Hello', buttonText: 'Open', buttonUrl: '/shop' } })
    expect(page.status).toBe(201)
    const id = page.json.collection.id as string
    const before = await t.client(host).get('/legacy')
    expect(before.status).toBe(200)
    expect(before.body).toMatch(/<a class="button" href="\/shop" data-popup-submit>/)
    await t.app.db.orm.execute(sql`UPDATE content_collections SET settings = jsonb_set(settings, '{popupOverlay,buttonUrl}', '"javascript:alert(document.cookie)"') WHERE id = ${id}`)
    await owner.patch(api(`/content/collections/${id}`), { seoTitle: 'Legacy page' }) // any save drops the cached page
    const after = await t.client(host).get('/legacy')
    expect(after.status).toBe(200)
    expect(after.body).toContain('data-popup-overlay')
    expect(after.body).not.toMatch(/javascript:/i)
    const json = await t.client(host).get('/legacy?format=json')
    expect(JSON.stringify(json.json)).not.toMatch(/javascript:/i)
  })
})
