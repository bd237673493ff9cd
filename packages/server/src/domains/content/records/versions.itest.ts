// Optimistic concurrency of page and item layouts: If-Match "<updatedOn>" is checked inside the write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'

let t: TestApp
let owner: Client
let siteId: string
const api = (p = '') => `/api/sites/${siteId}/content${p}`
const layout = (text: string) => ({ sections: [{ blocks: [{ type: 2, value: { html: `<p>${text}</p>` } }] }] })
const put = (c: Client, path: string, text: string, version?: number | string) =>
  c.request('PUT', api(path), { json: layout(text), ...(version === undefined ? {} : { headers: { 'if-match': typeof version === 'number' ? `"${version}"` : version } }) })

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  siteId = (await owner.post('/api/auth/signup', newSignup())).json.site.id
})
afterAll(() => t?.close())

describe(`layout versions (${BACKEND})`, () => {
  it('two writers on one page: the second save based on the old version is refused with the current version', async () => {
    const page = (await owner.post(api('/collections'), { typeName: 'page', title: 'Two tabs' })).json.collection
    const loaded = await owner.get(api(`/collections/${page.id}`))
    const v0 = loaded.json.collection.updatedOn as number
    expect(loaded.headers.etag).toBe(`"${v0}"`)
    const tabB = t.client()
    for (const [k, val] of owner.cookies) tabB.cookies.set(k, val) // the same owner in a second tab

    const a = await put(owner, `/collections/${page.id}/layout`, 'from A', v0)
    expect(a.status).toBe(200)
    const v1 = a.json.collection.updatedOn as number
    expect(v1).toBeGreaterThan(v0)
    expect(a.headers.etag).toBe(`"${v1}"`)

    const b = await put(tabB, `/collections/${page.id}/layout`, 'from B', v0)
    expect(b.status).toBe(409)
    expect(b.json.error).toMatchObject({ type: 'conflict', code: 'version_conflict' })
    expect(b.headers.etag).toBe(`"${v1}"`)
    const kept = await owner.get(api(`/collections/${page.id}`))
    expect(kept.json.collection.layout.sections[0].blocks[0].value.html).toBe('<p>from A</p>')

    // B reloads and saves on top of A's version
    const b2 = await put(tabB, `/collections/${page.id}/layout`, 'from B', v1)
    expect(b2.status).toBe(200)
    expect(b2.json.collection.layout.sections[0].blocks[0].value.html).toBe('<p>from B</p>')
  })

  it('concurrent saves from the same version: exactly one wins', async () => {
    const page = (await owner.post(api('/collections'), { typeName: 'page', title: 'Race' })).json.collection
    const v0 = page.updatedOn as number
    const results = await Promise.all(['one', 'two', 'three', 'four'].map((s) => put(owner, `/collections/${page.id}/layout`, s, v0)))
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409])
    const winner = results.find((r) => r.status === 200)!
    const now = await owner.get(api(`/collections/${page.id}`))
    expect(now.json.collection.layout).toEqual(winner.json.collection.layout)
  })

  it('every write gets a new version, even several in one millisecond; no If-Match (or *) writes unconditionally', async () => {
    const page = (await owner.post(api('/collections'), { typeName: 'page', title: 'Fast' })).json.collection
    const versions: number[] = [page.updatedOn]
    for (let i = 0; i < 5; i++) versions.push((await put(owner, `/collections/${page.id}/layout`, `v${i}`, versions.at(-1))).json.collection.updatedOn)
    for (let i = 1; i < versions.length; i++) expect(versions[i]).toBeGreaterThan(versions[i - 1]!)
    expect((await put(owner, `/collections/${page.id}/layout`, 'blind')).status).toBe(200)
    expect((await put(owner, `/collections/${page.id}/layout`, 'star', '*')).status).toBe(200)
    expect((await put(owner, `/collections/${page.id}/layout`, 'junk', '"not-a-version"')).status).toBe(409)
    // a settings change moves the version too: a layout save based on the older one is refused
    const before = (await owner.get(api(`/collections/${page.id}`))).json.collection.updatedOn
    await owner.patch(api(`/collections/${page.id}`), { title: 'Faster' })
    expect((await put(owner, `/collections/${page.id}/layout`, 'late', before)).status).toBe(409)
  })

  it('item layouts: the same rule', async () => {
    const blog = (await owner.post(api('/collections'), { typeName: 'blog', title: 'Journal' })).json.collection
    const item = (await owner.post(api(`/collections/${blog.id}/items`), { title: 'Post' })).json.item
    const a = await put(owner, `/items/${item.id}/layout`, 'A', item.updatedOn)
    expect(a.status).toBe(200)
    expect(a.headers.etag).toBe(`"${a.json.item.updatedOn}"`)
    const b = await put(owner, `/items/${item.id}/layout`, 'B', item.updatedOn)
    expect(b.status).toBe(409)
    expect(b.headers.etag).toBe(`"${a.json.item.updatedOn}"`)
    expect((await put(owner, `/items/nope/layout`, 'C', 1)).status).toBe(404)
    expect((await put(owner, `/collections/nope/layout`, 'C', 1)).status).toBe(404)
  })
})
