// Owner content API: CRUD, validation, sanitizing, roles, crumb, slug redirects, scheduling, tenancy.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { WEBSITE_ROLES } from '../accounts/index.js'

let t: TestApp
let owner: Client
let siteId: string
const api = (p = '') => `/api/sites/${siteId}/content${p}`

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup({ siteTitle: 'Owner site' }))
  siteId = res.json.site.id
})
afterAll(() => t?.close())

async function siteHost(c: Client) {
  const me = await c.get('/api/auth/me')
  return new URL(me.json.sites.find((s: any) => s.id === siteId).url).hostname
}

describe(`content owner API (${BACKEND})`, () => {
  it('creates pages and collections, lists them, and renders them on the site host', async () => {
    const page = await owner.post(api('/collections'), { typeName: 'page', title: 'About us', layout: { sections: [{ blocks: [{ type: 2, value: { html: '<p>Hello <script>alert(1)</script><img src=x onerror=alert(1)></p>' } }] }] } })
    expect(page.status).toBe(201)
    expect(page.json.collection).toMatchObject({ typeName: 'page', type: 10, urlId: 'about-us', fullUrl: '/about-us', navigation: 'main', status: 'published', lock: 'none', passwordSet: false })
    expect(page.json.collection.layout.sections[0].blocks[0]).toMatchObject({ type: 2, v: 2, value: { html: '<p>Hello <img src="x"></p>' } })
    const blog = await owner.post(api('/collections'), { typeName: 'blog', title: 'News', urlId: 'News!' })
    expect(blog.json.collection).toMatchObject({ typeName: 'blog', type: 1, urlId: 'news' })
    const list = await owner.get(api('/collections'))
    expect(list.json.collections.map((c: any) => c.urlId)).toEqual(['about-us', 'news'])
    const h = await siteHost(owner)
    const about = await t.client(h).get('/about-us?format=json')
    expect(about.json.layout.sections[0].blocks[0].value.html).toBe('<p>Hello <img src="x"></p>')
    expect(about.json.navigation.main.map((l: any) => l.fullUrl)).toEqual(['/about-us', '/news'])
  })

  it('validates input with field messages (tags, categories, gallery options, blocks, chart data)', async () => {
    const blog = (await owner.get(api('/collections'))).json.collections.find((c: any) => c.urlId === 'news')
    const long = await owner.post(api(`/collections/${blog.id}/items`), { title: 'T', tags: ['x'.repeat(51)], categories: ['y'.repeat(26)] })
    expect(long.status).toBe(400)
    expect(long.json.error.fields).toMatchObject({ 'tags.0': 'A tag has at most 50 characters.', 'categories.0': 'A category has at most 25 characters.' })
    const dup = await owner.post(api(`/collections/${blog.id}/items`), { title: 'T', tags: ['a', 'A'] })
    expect(dup.json.error.fields.tags).toBe('This tag already exists')
    const gallery = await owner.post(api('/collections'), { typeName: 'gallery', title: 'G', galleryOptions: { padding: 51, 'thumbnails-per-row': 0, design: 'mosaic' } })
    expect(gallery.status).toBe(400)
    expect(Object.keys(gallery.json.error.fields).sort()).toEqual(['galleryOptions.design', 'galleryOptions.padding', 'galleryOptions.thumbnails-per-row'])
    const block = await owner.post(api('/collections'), { typeName: 'page', title: 'B', layout: { sections: [{ blocks: [{ type: 999, value: {} }] }] } })
    expect(block.json.error.fields).toEqual({ 'layout.sections.0.blocks.0.type': 'This block type does not exist.' })
    const chart = await owner.post(api('/collections'), { typeName: 'page', title: 'C', layout: { sections: [{ blocks: [{ type: 70, value: { columns: ['a', 'b'], rows: [{ label: 'r', values: [1] }] } }] }] } })
    expect(chart.json.error.fields).toEqual({ 'layout.sections.0.blocks.0.value.rows': 'One or more rows was missing data' })
    const reserved = await owner.post(api('/collections'), { typeName: 'page', title: 'S', urlId: 'search' })
    expect(reserved.json.error.fields.urlId).toMatch(/reserved/)
  })

  it('items: sanitized bodies, slugs from titles, scheduled items hidden until publishOn, drafts never shown', async () => {
    const blog = (await owner.get(api('/collections'))).json.collections.find((c: any) => c.urlId === 'news')
    const a = await owner.post(api(`/collections/${blog.id}/items`), { title: 'Hello, World!', body: '<p onclick="x()">Hi <a href="javascript:alert(1)">x</a></p>', tags: ['one'], categories: ['Cat'] })
    expect(a.status).toBe(201)
    expect(a.json.item).toMatchObject({ urlId: 'hello-world', fullUrl: '/news/hello-world', body: '<p>Hi <a>x</a></p>', commentState: 1, recordType: 1 })
    const same = await owner.post(api(`/collections/${blog.id}/items`), { title: 'Hello world' })
    expect(same.json.item.urlId).toBe('hello-world-2')
    const taken = await owner.post(api(`/collections/${blog.id}/items`), { title: 'x', urlId: 'hello-world' })
    expect(taken).toMatchObject({ status: 409, json: { error: { code: 'url_taken' } } })
    await owner.post(api(`/collections/${blog.id}/items`), { title: 'Draft', status: 'draft' })
    await owner.post(api(`/collections/${blog.id}/items`), { title: 'Later', status: 'scheduled', publishOn: Date.now() + 3_600_000 })
    const noDate = await owner.post(api(`/collections/${blog.id}/items`), { title: 'Later', status: 'scheduled' })
    expect(noDate.json.error.fields.publishOn).toBeDefined()
    const h = await siteHost(owner)
    const list = await t.client(h).get('/news?format=json')
    expect(list.json.items.map((i: any) => i.urlId)).toEqual(['hello-world-2', 'hello-world'])
    expect((await t.client(h).get('/news/draft')).status).toBe(404)
    expect((await t.client(h).get('/news/later')).status).toBe(404)
    const all = await owner.get(api(`/collections/${blog.id}/items`))
    expect(all.json.total).toBe(4)
  })

  it('changing a slug records a 301 from the old path (pages and items; chains are flattened)', async () => {
    const cols = (await owner.get(api('/collections'))).json.collections
    const blog = cols.find((c: any) => c.urlId === 'news')
    const item = (await owner.get(api(`/collections/${blog.id}/items`))).json.items.find((i: any) => i.urlId === 'hello-world')
    expect((await owner.patch(api(`/items/${item.id}`), { urlId: 'greetings' })).json.item.fullUrl).toBe('/news/greetings')
    const h = await siteHost(owner)
    const v = t.client(h)
    expect(await v.get('/news/hello-world')).toMatchObject({ status: 301, headers: { location: '/news/greetings' } })
    expect((await owner.patch(api(`/collections/${blog.id}`), { urlId: 'journal' })).json.collection.urlId).toBe('journal')
    expect(await v.get('/news')).toMatchObject({ status: 301, headers: { location: '/journal' } })
    expect(await v.get('/news/greetings')).toMatchObject({ status: 301, headers: { location: '/journal/greetings' } })
    expect((await v.get('/journal/greetings')).status).toBe(200)
    await owner.patch(api(`/collections/${blog.id}`), { urlId: 'blog' })
    expect(await v.get('/news')).toMatchObject({ status: 301, headers: { location: '/blog' } })
    expect(await v.get('/journal')).toMatchObject({ status: 301, headers: { location: '/blog' } })
    const redirects = await t.app.db.orm.execute(sql`select count(*)::int as n from content_redirects where from_path = to_path`)
    expect((redirects as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0)
  })

  it('a gallery holds at most 250 items', async () => {
    const g = (await owner.post(api('/collections'), { typeName: 'gallery', title: 'Full' })).json.collection
    await t.app.db.orm.execute(sql`insert into content_items (id, site_id, collection_id, record_type, title, url_id, ordering)
      select md5(random()::text || n::text), ${siteId}, ${g.id}, 2, 'img', 'img-' || n, n from generate_series(1, 250) n`)
    const res = await owner.post(api(`/collections/${g.id}/items`), { title: 'one more' })
    expect(res).toMatchObject({ status: 409, json: { error: { code: 'collection_full' } } })
  })

  it('old stored layouts are upgraded on read through restore()', async () => {
    const page = (await owner.post(api('/collections'), { typeName: 'page', title: 'Legacy' })).json.collection
    const v1 = JSON.stringify({ blocks: [{ id: 'go', typeName: 'button', value: { text: 'Go', href: '/blog' } }, { typeName: 'spacer', value: { size: 'small' } }] })
    await t.app.db.orm.execute(sql`update content_collections set layout = ${v1}::jsonb where id = ${page.id}`)
    const h = await siteHost(owner)
    const ctx = (await t.client(h).get('/legacy?format=json')).json
    expect(ctx.layout.sections[0].blocks).toEqual([
      { id: 'go', type: 53, typeName: 'button', value: { label: 'Go', url: '/blog' } },
      { id: 'b2', type: 21, typeName: 'spacer', value: { height: 20 } },
    ])
    expect((await owner.get(api(`/collections/${page.id}`))).json.collection.layout.v).toBe(2)
  })

  it('password locks are stored as hashes and a new password locks the page again', async () => {
    const page = (await owner.post(api('/collections'), { typeName: 'page', title: 'Secret', password: 'open sesame' })).json.collection
    expect(page).toMatchObject({ lock: 'password', passwordSet: true })
    const rows = (await t.app.db.orm.execute(sql`select lock_password_hash as h from content_collections where id = ${page.id}`)) as unknown as { rows: { h: string }[] }
    expect(rows.rows[0]!.h).toMatch(/^\$argon2id\$/)
    const h = await siteHost(owner)
    const v = t.client(h)
    await v.get('/secret')
    expect((await v.request('POST', '/secret?unlock', { body: 'password=open+sesame', contentType: 'application/x-www-form-urlencoded' })).status).toBe(303)
    expect((await v.get('/secret')).status).toBe(200)
    await owner.patch(api(`/collections/${page.id}`), { password: 'changed' })
    expect((await v.get('/secret')).status).toBe(403)
    expect((await owner.patch(api(`/collections/${page.id}`), { lock: 'none' })).json.collection.lock).toBe('none')
    expect((await v.get('/secret')).status).toBe(200)
  })

  it('requires a session, an ADMIN or EDITOR role and the crumb', async () => {
    expect((await t.client().get(api('/collections'))).status).toBe(401)
    const other = t.client()
    const signup = await other.post('/api/auth/signup', newSignup())
    expect((await other.get(api('/collections'))).json.error.code).toBe('site_not_found')
    await t.app.sites.addMember(siteId, signup.json.user.id, WEBSITE_ROLES.VIEWER)
    expect((await other.get(api('/collections'))).status).toBe(403)
    await t.app.sites.addMember(siteId, signup.json.user.id, WEBSITE_ROLES.EDITOR)
    expect((await other.get(api('/collections'))).status).toBe(200)
    const noCrumb = await owner.request('POST', api('/collections'), { json: { typeName: 'page', title: 'x' }, crumb: false })
    expect(noCrumb).toMatchObject({ status: 403, json: { crumbFail: true } })
  })

  it('text blocks (rich text, type 1001) are stored as text, sanitized without embeds, and render as rich text', async () => {
    const html = '<h2>Title</h2><p><strong>Bold</strong> <script>alert(1)</script><iframe src="https://www.youtube.com/embed/x"></iframe></p>'
    const page = await owner.post(api('/collections'), { typeName: 'page', title: 'Rich', layout: { sections: [{ blocks: [{ id: 't1', type: 1001, value: { html } }, { id: 't2', typeName: 'text', value: { html: '<p>Two</p>' } }] }] } })
    expect(page.status).toBe(201)
    const blocks = (await owner.get(api(`/collections/${page.json.collection.id}`))).json.collection.layout.sections[0].blocks
    expect(blocks.map((b: any) => b.type)).toEqual([1001, 1001])
    expect(blocks[0].value.html).toBe('<h2>Title</h2><p><strong>Bold</strong> </p>')
    expect((await owner.post(api('/collections'), { typeName: 'page', title: 'Bad', layout: { sections: [{ blocks: [{ type: 1001, value: { text: 'x' } }] }] } })).status).toBe(400)
    const h = await siteHost(owner)
    const body = (await t.client(h).get('/rich')).body
    expect(body).toContain('<div class="block block-text" id="block-t1" data-block-type="1001"><div class="rich-text"><h2>Title</h2>')
    expect(body).toContain('<p>Two</p>')
  })

  it('tenancy: another site never reaches these collections or items, and its host never serves them', async () => {
    const b = t.client()
    const signup = await b.post('/api/auth/signup', newSignup({ siteTitle: 'Site B' }))
    const bSite = signup.json.site
    const mine = (await owner.get(api('/collections'))).json.collections[0]
    expect((await b.get(`/api/sites/${siteId}/content/collections/${mine.id}`)).status).toBe(404)
    expect((await b.patch(`/api/sites/${bSite.id}/content/collections/${mine.id}`, { title: 'stolen' })).json.error.code).toBe('collection_not_found')
    expect((await b.post(`/api/sites/${bSite.id}/content/collections/${mine.id}/items`, { title: 'x' })).status).toBe(404)
    const bHost = `${bSite.slug}.localhost`
    await b.post(`/api/sites/${bSite.id}/content/collections`, { typeName: 'page', title: 'About us', layout: { sections: [{ blocks: [{ type: 2, value: { html: '<p>Site B about</p>' } }] }] } })
    const aHost = await siteHost(owner)
    expect((await t.client(bHost).get('/about-us')).body).toContain('Site B about')
    expect((await t.client(aHost).get('/about-us')).body).not.toContain('Site B about')
    expect((await t.client(bHost).get('/blog')).status).toBe(404)
    // the owner API on a site host serves only that host's site
    expect((await owner.request('GET', api('/collections'), { headers: { host: bHost } })).status).toBe(404)
  })
})
