// Owner content routes without tests of their own until now: item GET/DELETE, collection DELETE, both reorders,
// profile GET/PATCH. Each: the answer and its effect, another site's owner neither reads nor changes anything
// (uniform 404), the crumb is required on writes, and what visitors see changes at once (the page cache is dropped).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { WEBSITE_ROLES } from '../accounts/index.js'

let t: TestApp
interface Owner {
  c: Client
  siteId: string
  host: string
  userId: string
}
let a: Owner
let b: Owner

async function signup(siteTitle: string): Promise<Owner> {
  const c = t.client()
  const res = await c.post('/api/auth/signup', newSignup({ siteTitle }))
  expect(res.status).toBe(201)
  return { c, siteId: res.json.site.id, host: `${res.json.site.slug}.localhost`, userId: res.json.user.id }
}

const api = (o: Owner, p: string) => `/api/sites/${o.siteId}/content${p}`
const del = (c: Client, url: string, opts: { crumb?: false } = {}) => c.request('DELETE', url, opts)

/** Requests a public page twice (the second answer comes from the page cache) and returns the second. */
async function warm(host: string, path: string) {
  const v = t.client(host)
  await v.get(path)
  return v.get(path)
}

async function collection(o: Owner, body: Record<string, unknown>) {
  const res = await o.c.post(api(o, '/collections'), body)
  expect(res.status).toBe(201)
  return res.json.collection as { id: string; urlId: string; fullUrl: string }
}

async function item(o: Owner, collectionId: string, body: Record<string, unknown>) {
  const res = await o.c.post(api(o, `/collections/${collectionId}/items`), body)
  expect(res.status).toBe(201)
  return res.json.item as { id: string; urlId: string; fullUrl: string; title: string }
}

const rowCount = async (table: 'content_items' | 'content_collections', id: string) => {
  const r = (await t.app.db.orm.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where id = ${id}`)) as unknown as { rows: { n: number }[] }
  return r.rows[0]!.n
}

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  a = await signup('Site A')
  b = await signup('Site B')
})
afterAll(() => t?.close())

describe(`content routes: items, deletes, reorders, profile (${BACKEND})`, () => {
  it('GET /items/:itemId answers the item; another site never reads it', async () => {
    const blog = await collection(a, { typeName: 'blog', title: 'Notes' })
    const post = await item(a, blog.id, { title: 'First firing', body: '<p>Cone 10</p>', tags: ['kiln'] })
    const res = await a.c.get(api(a, `/items/${post.id}`))
    expect(res.status).toBe(200)
    expect(res.json.item).toMatchObject({ id: post.id, collectionId: blog.id, title: 'First firing', urlId: 'first-firing', fullUrl: '/notes/first-firing', body: '<p>Cone 10</p>', tags: ['kiln'] })
    // B through A's site id: no site; B through its own site id: no item (the same 404 either way)
    const viaA = await b.c.get(api(a, `/items/${post.id}`))
    expect(viaA).toMatchObject({ status: 404, json: { error: { code: 'site_not_found' } } })
    const viaB = await b.c.get(api(b, `/items/${post.id}`))
    expect(viaB).toMatchObject({ status: 404, json: { error: { code: 'item_not_found' } } })
    expect(JSON.stringify(viaB.json)).not.toContain('First firing')
    expect((await t.client().get(api(a, `/items/${post.id}`))).status).toBe(401)
    expect((await a.c.get(api(a, '/items/no-such-item'))).json.error.code).toBe('item_not_found')
  })

  it('DELETE /items/:itemId: the crumb is required, other sites cannot, and the public URL is 404 at once', async () => {
    const blog = await collection(a, { typeName: 'blog', title: 'Diary' })
    const keep = await item(a, blog.id, { title: 'Kept entry' })
    const gone = await item(a, blog.id, { title: 'Removed entry' })
    expect((await warm(a.host, gone.fullUrl)).status).toBe(200)
    expect((await warm(a.host, blog.fullUrl)).body).toContain('Removed entry')

    expect(await del(a.c, api(a, `/items/${gone.id}`), { crumb: false })).toMatchObject({ status: 403, json: { crumbFail: true } })
    expect((await del(b.c, api(a, `/items/${gone.id}`))).status).toBe(404)
    expect((await del(b.c, api(b, `/items/${gone.id}`))).json.error.code).toBe('item_not_found')
    expect(await rowCount('content_items', gone.id)).toBe(1)
    expect((await t.client(a.host).get(gone.fullUrl)).status).toBe(200)

    const res = await del(a.c, api(a, `/items/${gone.id}`))
    expect(res.status).toBe(204)
    expect(res.body).toBe('')
    expect(await rowCount('content_items', gone.id)).toBe(0)
    expect((await t.client(a.host).get(gone.fullUrl)).status).toBe(404)
    const list = await t.client(a.host).get(blog.fullUrl)
    expect(list.body).not.toContain('Removed entry')
    expect(list.body).toContain('Kept entry')
    expect((await a.c.get(api(a, `/items/${gone.id}`))).status).toBe(404)
    expect((await del(a.c, api(a, `/items/${gone.id}`))).json.error.code).toBe('item_not_found')
    expect((await a.c.get(api(a, `/items/${keep.id}`))).status).toBe(200)
  })

  it('DELETE /collections/:collectionId removes the page, its items and its navigation link at once', async () => {
    const events = await collection(a, { typeName: 'blog', title: 'Workshops' })
    const post = await item(a, events.id, { title: 'Glazing day' })
    expect((await warm(a.host, events.fullUrl)).status).toBe(200)
    expect((await warm(a.host, post.fullUrl)).status).toBe(200)
    const home = await warm(a.host, '/notes?format=json')
    expect(home.json.navigation.main.map((l: { fullUrl: string }) => l.fullUrl)).toContain('/workshops')

    expect(await del(a.c, api(a, `/collections/${events.id}`), { crumb: false })).toMatchObject({ status: 403, json: { crumbFail: true } })
    expect((await del(b.c, api(a, `/collections/${events.id}`))).json.error.code).toBe('site_not_found')
    expect((await del(b.c, api(b, `/collections/${events.id}`))).json.error.code).toBe('collection_not_found')
    expect(await rowCount('content_collections', events.id)).toBe(1)

    expect((await del(a.c, api(a, `/collections/${events.id}`))).status).toBe(204)
    expect(await rowCount('content_collections', events.id)).toBe(0)
    expect(await rowCount('content_items', post.id)).toBe(0)
    expect((await t.client(a.host).get(events.fullUrl)).status).toBe(404)
    expect((await t.client(a.host).get(post.fullUrl)).status).toBe(404)
    const after = await t.client(a.host).get('/notes?format=json')
    expect(after.json.navigation.main.map((l: { fullUrl: string }) => l.fullUrl)).not.toContain('/workshops')
    expect((await a.c.get(api(a, `/collections/${events.id}`))).status).toBe(404)
    expect((await del(a.c, api(a, `/collections/${events.id}`))).json.error.code).toBe('collection_not_found')
  })

  it('DELETE of the home page: / no longer shows it, at once', async () => {
    const site = await signup('Home site')
    const home = await collection(site, { typeName: 'page', title: 'Welcome', homepage: true, layout: { sections: [{ blocks: [{ type: 2, value: { html: '<p>Welcome text</p>' } }] }] } })
    expect((await warm(site.host, '/')).body).toContain('Welcome text')
    expect((await del(site.c, api(site, `/collections/${home.id}`))).status).toBe(204)
    const after = await t.client(site.host).get('/')
    expect(after.status).toBe(200)
    expect(after.body).not.toContain('Welcome text')
    expect((await t.client(site.host).get('/welcome')).status).toBe(404)
  })

  it('POST /collections/reorder orders a navigation section (and moves pages into it); the site navigation follows at once', async () => {
    const site = await signup('Reorder site')
    const [p1, p2, p3] = [await collection(site, { typeName: 'page', title: 'One' }), await collection(site, { typeName: 'page', title: 'Two' }), await collection(site, { typeName: 'page', title: 'Three' })]
    const nav = async () => {
      const ctx = (await t.client(site.host).get('/one?format=json')).json
      return { main: ctx.navigation.main.map((l: { fullUrl: string }) => l.fullUrl), footer: ctx.navigation.footer.map((l: { fullUrl: string }) => l.fullUrl) }
    }
    await warm(site.host, '/one?format=json')
    expect(await nav()).toEqual({ main: ['/one', '/two', '/three'], footer: [] })

    const url = api(site, '/collections/reorder')
    expect(await site.c.request('POST', url, { json: { navigation: 'main', ids: [p3!.id, p1!.id, p2!.id] }, crumb: false })).toMatchObject({ status: 403, json: { crumbFail: true } })
    const res = await site.c.post(url, { navigation: 'main', ids: [p3!.id, p1!.id, p2!.id] })
    expect(res.status).toBe(204)
    expect(await nav()).toEqual({ main: ['/three', '/one', '/two'], footer: [] })
    expect((await site.c.post(url, { navigation: 'footer', ids: [p1!.id] })).status).toBe(204)
    expect(await nav()).toEqual({ main: ['/three', '/two'], footer: ['/one'] })
    expect((await site.c.get(api(site, '/collections'))).json.collections.find((c: { id: string }) => c.id === p1!.id)).toMatchObject({ navigation: 'footer' })

    // another site's owner: not through this site, and not with these ids through their own (nothing changes)
    expect((await b.c.post(url, { navigation: 'main', ids: [p2!.id, p3!.id] })).json.error.code).toBe('site_not_found')
    expect((await b.c.post(api(b, '/collections/reorder'), { navigation: 'main', ids: [p2!.id, p3!.id] })).json.error.code).toBe('collection_not_found')
    // one unknown id refuses the whole list
    expect((await site.c.post(url, { navigation: 'main', ids: [p2!.id, 'not-mine', p3!.id] })).status).toBe(404)
    expect(await nav()).toEqual({ main: ['/three', '/two'], footer: ['/one'] })
    // a partial list puts the listed pages first; the section's other pages follow in their order (no ties)
    const p4 = await collection(site, { typeName: 'page', title: 'Four' })
    expect(await nav()).toEqual({ main: ['/three', '/two', '/four'], footer: ['/one'] })
    expect((await site.c.post(url, { navigation: 'main', ids: [p4.id] })).status).toBe(204)
    expect(await nav()).toEqual({ main: ['/four', '/three', '/two'], footer: ['/one'] })
    expect((await site.c.post(url, { navigation: 'footer', ids: [p2!.id] })).status).toBe(204) // moved into the footer, first
    expect(await nav()).toEqual({ main: ['/four', '/three'], footer: ['/two', '/one'] })
    const orderings = (await site.c.get(api(site, '/collections'))).json.collections.map((c: { urlId: string; navigation: string; ordering: number }) => `${c.navigation}:${c.urlId}:${c.ordering}`)
    expect(orderings).toEqual(['footer:two:1', 'footer:one:2', 'main:four:1', 'main:three:2'])
    expect((await site.c.post(url, { navigation: 'sidebar', ids: [p2!.id] })).status).toBe(400)
    expect((await site.c.post(url, { navigation: 'main', ids: [] })).status).toBe(400)
  })

  it('POST /collections/:id/items/reorder orders a gallery; the public gallery follows at once', async () => {
    const gallery = await collection(a, { typeName: 'gallery', title: 'Bowls' })
    const [x, y, z] = [await item(a, gallery.id, { title: 'Bowl X' }), await item(a, gallery.id, { title: 'Bowl Y' }), await item(a, gallery.id, { title: 'Bowl Z' })]
    const order = async () => ((await t.client(a.host).get(`${gallery.fullUrl}?format=json`)).json.items as { id: string }[]).map((i) => i.id)
    await warm(a.host, `${gallery.fullUrl}?format=json`)
    expect(await order()).toEqual([x!.id, y!.id, z!.id])

    const url = api(a, `/collections/${gallery.id}/items/reorder`)
    expect(await a.c.request('POST', url, { json: { ids: [z!.id, x!.id, y!.id] }, crumb: false })).toMatchObject({ status: 403, json: { crumbFail: true } })
    expect((await a.c.post(url, { ids: [z!.id, x!.id, y!.id] })).status).toBe(204)
    expect(await order()).toEqual([z!.id, x!.id, y!.id])
    expect((await a.c.get(api(a, `/collections/${gallery.id}/items`))).json.items.map((i: { id: string }) => i.id)).toEqual([z!.id, x!.id, y!.id])
    // a partial list puts the listed images first; the others follow in their order
    expect((await a.c.post(url, { ids: [y!.id, x!.id] })).status).toBe(204)
    expect(await order()).toEqual([y!.id, x!.id, z!.id])

    // an item of another collection (even of the same site) refuses the whole list
    const blog = await collection(a, { typeName: 'blog', title: 'Elsewhere' })
    const stray = await item(a, blog.id, { title: 'Stray' })
    expect(await a.c.post(url, { ids: [z!.id, stray.id, x!.id] })).toMatchObject({ status: 404, json: { error: { code: 'item_not_found' } } })
    expect(await order()).toEqual([y!.id, x!.id, z!.id])
    // another site's owner
    expect((await b.c.post(url, { ids: [z!.id, x!.id, y!.id] })).json.error.code).toBe('site_not_found')
    expect((await b.c.post(api(b, `/collections/${gallery.id}/items/reorder`), { ids: [z!.id, x!.id, y!.id] })).json.error.code).toBe('collection_not_found')
    const bGallery = await collection(b, { typeName: 'gallery', title: 'Mine' })
    expect((await b.c.post(api(b, `/collections/${bGallery.id}/items/reorder`), { ids: [z!.id, x!.id, y!.id] })).json.error.code).toBe('item_not_found')
    expect(await order()).toEqual([y!.id, x!.id, z!.id])
  })

  it('GET/PATCH /profile: the site-wide texts and follow links, shown on every page at once; per site only', async () => {
    const empty = await a.c.get(api(a, '/profile'))
    expect(empty).toMatchObject({ status: 200, json: { profile: { siteDescription: '', tagLine: '', logoImageId: null, socialAccounts: [] } } })
    const page = await warm(a.host, '/notes?format=json')
    expect(page.json.website.siteTagLine).toBeUndefined()

    const patch = { tagLine: 'Stoneware by the sea', siteDescription: 'A small pottery.', socialAccounts: [{ serviceName: 'instagram', userName: 'seapots', profileUrl: 'https://instagram.com/seapots' }] }
    expect(await a.c.request('PATCH', api(a, '/profile'), { json: patch, crumb: false })).toMatchObject({ status: 403, json: { crumbFail: true } })
    const res = await a.c.patch(api(a, '/profile'), patch)
    expect(res.status).toBe(200)
    expect(res.json.profile).toEqual({ ...patch, logoImageId: null, connectedLinks: [] })
    // a subset leaves the rest alone
    expect((await a.c.patch(api(a, '/profile'), { tagLine: 'Handmade stoneware' })).json.profile).toMatchObject({ tagLine: 'Handmade stoneware', siteDescription: 'A small pottery.' })
    expect((await a.c.get(api(a, '/profile'))).json.profile).toMatchObject({ tagLine: 'Handmade stoneware', socialAccounts: patch.socialAccounts })
    const shown = (await t.client(a.host).get('/notes?format=json')).json.website
    expect(shown).toMatchObject({ siteTagLine: 'Handmade stoneware', siteDescription: 'A small pottery.', socialAccounts: [{ serviceName: 'instagram', userName: 'seapots', profileUrl: 'https://instagram.com/seapots' }] })

    const bad = await a.c.patch(api(a, '/profile'), { socialAccounts: [{ serviceName: 'instagram', userName: 'x', profileUrl: 'javascript:alert(1)' }], tagLine: 'x'.repeat(201) })
    expect(bad.status).toBe(400)
    expect(bad.json.error.fields).toMatchObject({ 'socialAccounts.0.profileUrl': 'Links must be formatted as https://example.com', tagLine: 'Use at most 200 characters.' })
    expect((await a.c.patch(api(a, '/profile'), { unknown: 1 })).status).toBe(400)

    // another site's owner reads and changes only their own profile
    expect((await b.c.get(api(a, '/profile'))).json.error.code).toBe('site_not_found')
    expect((await b.c.patch(api(a, '/profile'), { tagLine: 'Taken over' })).json.error.code).toBe('site_not_found')
    expect((await b.c.get(api(b, '/profile'))).json.profile.tagLine).toBe('')
    expect((await b.c.patch(api(b, '/profile'), { tagLine: 'Site B line' })).status).toBe(200)
    expect((await a.c.get(api(a, '/profile'))).json.profile.tagLine).toBe('Handmade stoneware')
    expect((await t.client(a.host).get('/notes?format=json')).json.website.siteTagLine).toBe('Handmade stoneware')

    // members: a VIEWER reads nothing here, an EDITOR may change it
    const member = await signup('Member site')
    await t.app.sites.addMember(a.siteId, member.userId, WEBSITE_ROLES.VIEWER)
    expect((await member.c.get(api(a, '/profile'))).status).toBe(403)
    expect((await member.c.patch(api(a, '/profile'), { tagLine: 'Viewer line' })).status).toBe(403)
    await t.app.sites.addMember(a.siteId, member.userId, WEBSITE_ROLES.EDITOR)
    expect((await member.c.patch(api(a, '/profile'), { tagLine: 'Editor line' })).json.profile.tagLine).toBe('Editor line')
  })
})
