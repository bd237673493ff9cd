// The owner's journey through the history: edit a page, the styles and the navigation several times, break them,
// restore the site to a time, and every page's ?format=json is byte for byte what it was then. Also: an object's
// versions (newest first, cursor-paged), one version with its diff, restoring one version (a new version), the site's
// changes filtered by person and kind, the typed 4xx, and the bytes a one-word autosave stores.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { sqlRows } from '../../platform/db/index.js'
import { defaultSiteStyles } from '../sites/index.js'

let t: TestApp
let owner: Client
let siteId = ''
let ownerId = ''
let host = ''
const content = (p: string) => `/api/sites/${siteId}/content${p}`
const versions = (q = '') => `/api/sites/${siteId}/versions${q}`

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup({ siteTitle: 'History site' }))
  siteId = res.json.site.id
  ownerId = res.json.user.id
  const me = await owner.get('/api/auth/me')
  host = new URL(me.json.sites.find((s: { id: string }) => s.id === siteId).url).hostname
}, 60_000)
afterAll(() => t?.close())

const words = (n: number, extra = '') => `<p>${Array.from({ length: n }, (_, i) => `word${i}`).join(' ')}${extra}</p>`
const layout = (html: string, more: string[] = []) => ({ sections: [{ blocks: [{ type: 2, value: { html } }, ...more.map((h) => ({ type: 2, value: { html: h } }))] }] })

async function page(title: string, html: string): Promise<string> {
  const res = await owner.post(content('/collections'), { typeName: 'page', title, layout: layout(html) })
  expect(res.status).toBe(201)
  return res.json.collection.id
}
const putLayout = async (id: string, body: unknown) => expect((await owner.request('PUT', content(`/collections/${id}/layout`), { json: body })).status).toBe(200)
const putStyles = async (hex: string) => {
  const styles = defaultSiteStyles()
  styles.colors.palette[2]!.hex = hex
  expect((await owner.request('PUT', `/api/sites/${siteId}/styles`, { json: { styles, dirtyPaths: ['colors.palette'] } })).status).toBe(200)
  expect((await owner.post(`/api/sites/${siteId}/styles/publish`)).json.published).toBe(true)
}
const reorder = async (ids: string[]) => expect((await owner.post(content('/collections/reorder'), { navigation: 'main', ids })).status).toBe(204)
/** One visitor throughout: the page context carries the visitor's crumb, the same on every request of theirs. */
let visitorClient: Client | undefined
const visitor = () => (visitorClient ??= t.client(host))
const json = async (path: string) => {
  const res = await visitor().get(`${path}?format=json`)
  return { status: res.status, body: res.body }
}
const blobBytes = async () => Number((await sqlRows<{ n: string }>(t.app.db.orm, sql`SELECT coalesce(sum(octet_length(body) + octet_length(hash)), 0)::text AS n FROM history_blobs WHERE site_id = ${siteId}`))[0]!.n)
const versionRowBytes = async (id: string) => Number((await sqlRows<{ n: number }>(t.app.db.orm, sql`SELECT pg_column_size(v.*) AS n FROM history_versions v WHERE id = ${id}::bigint`))[0]!.n)

describe(`history (${BACKEND})`, () => {
  let home = ''
  let about = ''
  let atGood = ''
  const good: Record<string, string> = {}
  const marks: Record<string, string> = {}
  const newest = async (id: string) => (await owner.get(versions(`?object=page:${id}&limit=1`))).json.versions[0].id as string

  it('edits become versions; the site goes back to a time byte for byte', async () => {
    home = await page('Home', words(40))
    about = await page('About', words(30))
    const shop = await page('Shop', words(10))
    await putStyles('#112233')
    await putLayout(home, layout(words(40, ' first edit')))
    marks.first = await newest(home)
    await putLayout(home, layout(words(40, ' second edit'), ['<p>Second block</p>']))
    marks.second = await newest(home)
    await putStyles('#445566')
    await reorder([about, home, shop])
    await putLayout(about, layout(words(30, ' about edit')))

    for (const p of ['/home', '/about', '/shop']) good[p] = (await json(p)).body
    expect(JSON.parse(good['/home']!).layout.sections[0].blocks).toHaveLength(2)
    const latest = await owner.get(versions('?limit=1'))
    expect(latest.status).toBe(200)
    atGood = latest.json.versions[0].createdAt
    expect(latest.json.versions[0]).toMatchObject({ kind: 'page', objectId: about, reason: 'autosave', person: { id: ownerId } })

    // break the page, the styles and the navigation; delete a page; add one
    await putLayout(home, layout('<p>oops</p>'))
    marks.oops = await newest(home)
    await putStyles('#ff0000')
    await reorder([shop, home, about])
    expect((await owner.request('DELETE', content(`/collections/${about}`))).status).toBe(204)
    await page('Stray', '<p>stray</p>')
    expect((await json('/about')).status).toBe(404)
    expect((await json('/home')).body).not.toBe(good['/home'])

    const restored = await owner.post(`/api/sites/${siteId}/restore`, { at: atGood })
    expect(restored.status).toBe(200)
    const back = restored.json.versions.map((v: { kind: string; title: string; deleted: boolean }) => `${v.kind} ${v.title}${v.deleted ? ' (deleted)' : ''}`).sort()
    expect(back).toEqual(expect.arrayContaining(['navigation Navigation', 'page About', 'page Home', 'page Stray (deleted)', 'styles Site styles']))
    expect(restored.json.restored).toBe(back.length)
    expect(new Set(restored.json.versions.map((v: { reason: string }) => v.reason))).toEqual(new Set(['restore']))
    for (const p of ['/home', '/about', '/shop']) expect((await json(p)).body).toBe(good[p])
    expect((await json('/stray')).status).toBe(404)
  })

  it('a navigation reorder is a version of the navigation only: the pages it moved get no "saved without changes" versions', async () => {
    const ids = (await owner.get(content('/collections'))).json.collections.filter((c: { navigation: string }) => c.navigation === 'main').map((c: { id: string }) => c.id) as string[]
    expect(ids.length).toBeGreaterThanOrEqual(2)
    const count = async (kind: string) => Number((await sqlRows<{ n: string }>(t.app.db.orm, sql`SELECT count(*)::text AS n FROM history_versions WHERE site_id = ${siteId} AND kind = ${kind}`))[0]!.n)
    const pages = await count('page')
    const nav = await count('navigation')
    await reorder([...ids].reverse())
    expect(await count('page')).toBe(pages)
    expect(await count('navigation')).toBe(nav + 1)
    const [latest] = (await owner.get(versions('?limit=1'))).json.versions
    expect(latest).toMatchObject({ kind: 'navigation' })
    expect(latest.changedPaths.length).toBeGreaterThan(0)
    // the same order again changes nothing at all: no version
    await reorder([...ids].reverse())
    expect(await count('navigation')).toBe(nav + 1)
    expect(await count('page')).toBe(pages)
    await reorder(ids)
    expect(await count('navigation')).toBe(nav + 2)
  })

  it("lists an object's versions newest first, page by page, and shows one with its diff", async () => {
    const all = await owner.get(versions(`?object=page:${home}`))
    const reasons = all.json.versions.map((v: { reason: string }) => v.reason)
    expect(reasons[0]).toBe('restore')
    expect(new Set(reasons.slice(1))).toEqual(new Set(['autosave']))
    const ids = all.json.versions.map((v: { id: string }) => v.id)
    expect([...ids].sort((a: string, b: string) => Number(b) - Number(a))).toEqual(ids)
    const paged: string[] = []
    let cursor: string | null = ''
    while (cursor !== null) {
      const res: { json: { versions: { id: string }[]; nextCursor: string | null } } = await owner.get(versions(`?object=page:${home}&limit=2${cursor ? `&cursor=${cursor}` : ''}`))
      paged.push(...res.json.versions.map((v) => v.id))
      cursor = res.json.nextCursor
    }
    expect(paged).toEqual(ids)

    const oops = await owner.get(versions(`/${marks.oops}`))
    expect(oops.status).toBe(200)
    expect(oops.json.object.collection[0].layout.sections[0].blocks[0].value.html).toBe('<p>oops</p>')
    const text = oops.json.diff.filter((c: { path: string }) => c.path.endsWith('/value/html'))
    expect(text).toHaveLength(1)
    expect(text[0]).toMatchObject({ op: 'replace', from: words(40, ' second edit'), to: '<p>oops</p>' })
    expect(oops.json.previousId).toBe(ids[ids.indexOf(marks.oops) + 1])
    expect(ids.indexOf(marks.oops)).toBeGreaterThan(0)
  })

  it('restores one version as a new version; filters the site by person and kind', async () => {
    const res = await owner.post(versions(`/${marks.first}/restore`))
    expect(res.status).toBe(200)
    expect(res.json.version).toMatchObject({ kind: 'page', objectId: home, reason: 'restore', person: { id: ownerId } })
    const body = JSON.parse((await json('/home')).body)
    expect(body.layout.sections[0].blocks.map((b: { value: { html: string } }) => b.value.html)).toEqual([words(40, ' first edit')])
    const styles = (await owner.get(versions('?kind=styles'))).json.versions
    // each change: its draft saved, then published
    expect(styles.map((v: { reason: string }) => v.reason)).toEqual(['restore', 'publish', 'autosave', 'publish', 'autosave', 'publish', 'autosave'])
    expect((await owner.get(versions(`?person=${ownerId}&kind=navigation`))).json.versions.length).toBeGreaterThanOrEqual(3)
    expect((await owner.get(versions('?person=nobody'))).json.versions).toEqual([])
  })

  it("previews a page's version in the editor's canvas, rendered by the site's theme, without changing the page", async () => {
    const res = await owner.get(`/config/canvas?siteId=${siteId}&version=${marks.oops}`)
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.body).toContain('<p>oops</p>')
    expect(res.body).not.toContain('first edit')
    expect(res.body).toMatch(/data-block-id=/)
    const second = await owner.get(`/config/canvas?siteId=${siteId}&version=${marks.second}`)
    expect(second.body).toContain('second edit')
    expect(second.body).toContain('Second block')
    // the page itself is as the restore left it
    expect((await json('/home')).body).toContain('first edit')
    const styles = (await owner.get(versions('?kind=styles&limit=1'))).json.versions[0].id
    expect((await owner.get(`/config/canvas?siteId=${siteId}&version=${styles}`)).status).toBe(404)
    expect((await owner.get(`/config/canvas?siteId=${siteId}&version=999999999`)).status).toBe(404)
    expect((await owner.get(`/config/canvas?siteId=${siteId}&version=abc`)).status).toBe(400)
    expect((await t.client().get(`/config/canvas?siteId=${siteId}&version=${marks.oops}`)).status).toBe(401)
  })

  it('answers typed 4xx: unknown or foreign versions 404, a bad time 400, no crumb 403', async () => {
    expect((await owner.get(versions('/999999999'))).json.error.code).toBe('version_not_found')
    expect((await owner.get(versions('/nope'))).status).toBe(404)
    expect((await owner.post(versions('/999999999/restore'))).status).toBe(404)
    const other = t.client()
    const site2 = (await other.post('/api/auth/signup', newSignup())).json.site.id
    await other.post(`/api/sites/${site2}/content/collections`, { typeName: 'page', title: 'Theirs' })
    const theirs = (await other.get(`/api/sites/${site2}/versions?kind=page`)).json.versions[0].id
    expect((await owner.get(versions(`/${theirs}`))).status).toBe(404)
    expect((await other.get(versions())).status).toBe(404) // not a member of the first site
    for (const at of ['yesterday', '2026-13-45T99:00:00Z', '2026-05-01']) expect((await owner.post(`/api/sites/${siteId}/restore`, { at })).status).toBe(400)
    expect((await owner.post(`/api/sites/${siteId}/restore`, { at: '2001-01-01T00:00:00Z' })).json.error.code).toBe('before_history')
    expect((await owner.get(versions('?object=banana:1'))).status).toBe(400)
    expect((await owner.post(`/api/sites/${siteId}/restore`, { at: atGood }, { crumb: false })).status).toBe(403)
  })

  it('a one-word autosave stores at most 2 KB', async () => {
    const big = layout(words(400), Array.from({ length: 20 }, (_, i) => words(60, ` block ${i}`)))
    await putLayout(home, big)
    const before = await blobBytes()
    big.sections[0]!.blocks[7]!.value.html = words(60, ' block 6 changed')
    await putLayout(home, big)
    const after = await blobBytes()
    const [v] = (await owner.get(versions(`?object=page:${home}&limit=1`))).json.versions
    const bytes = after - before + (await versionRowBytes(v.id))
    console.log(`history: one-word autosave of a ${JSON.stringify(big).length}-byte layout stored ${bytes} bytes (${BACKEND})`)
    expect(bytes).toBeGreaterThan(0)
    expect(bytes).toBeLessThanOrEqual(2048)
  })

  it('thins autosaves older than 30 days to one per object and hour, keeps every restore, and drops unreached pieces', async () => {
    const count = async (reason: string) => Number((await sqlRows<{ n: string }>(t.app.db.orm, sql`SELECT count(*)::text AS n FROM history_versions WHERE site_id = ${siteId} AND kind = 'page' AND object_id = ${home} AND reason = ${reason}`))[0]!.n)
    const hours = Number((await sqlRows<{ n: string }>(t.app.db.orm, sql`SELECT count(DISTINCT date_trunc('hour', created_at))::text AS n FROM history_versions WHERE site_id = ${siteId} AND kind = 'page' AND object_id = ${home} AND reason = 'autosave'`))[0]!.n)
    const restores = await count('restore')
    expect(await count('autosave')).toBeGreaterThan(hours)
    const piecesBefore = await blobBytes()
    const later = new Date(Date.now() + 31 * 86_400_000)
    const done = await t.app.history.thin(later)
    expect(done.versions).toBeGreaterThan(0)
    expect(await count('autosave')).toBe(hours)
    expect(await count('restore')).toBe(restores)
    expect(await blobBytes()).toBeLessThan(piecesBefore)
    // every version left still opens whole
    for (const v of (await owner.get(versions(`?object=page:${home}&limit=200`))).json.versions) expect((await owner.get(versions(`/${v.id}`))).status).toBe(200)
    expect((await json('/home')).status).toBe(200)
  })
})
