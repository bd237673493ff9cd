// Drafts of the site styles and the navigation (issue 36): the owner's changes show in the editor's canvas and the
// private preview, visitors keep the published styles and navigation (cached pages included) until Publish, a
// discard brings the published ones back to the owner, and the draft routes answer typed 4xx, check the crumb and
// the roles. Publishing records a 'publish' version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { defaultSiteStyles } from '../sites/index.js'

let t: TestApp
let owner: Client
let siteId = ''
let host = ''
const ids: Record<string, string> = {}
const content = (p: string) => `/api/sites/${siteId}/content${p}`
const styles = () => `/api/sites/${siteId}/styles`

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup({ siteTitle: 'Drafts site' }))
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
  for (const title of ['Alpha', 'Beta', 'Gamma']) {
    const made = await owner.post(content('/collections'), { typeName: 'page', title, layout: { sections: [{ blocks: [{ type: 2, value: { html: `<p>${title} text</p>` } }] }] } })
    expect(made.status).toBe(201)
    ids[title] = made.json.collection.id
  }
  ids.Folder = (await owner.post(content('/collections'), { typeName: 'folder', title: 'Folder' })).json.collection.id
}, 60_000)
afterAll(() => t?.close())

const accentOf = (html: string) => /--accent: (#[0-9a-f]{6})/.exec(html)?.[1] ?? null
const OURS = new Set(['Alpha', 'Beta', 'Gamma', 'Folder', 'Gamma first'])
/** The main navigation's titles of this test's pages (a new site may bring its own). */
const mainTitles = (ctx: { navigation: { main: { title: string }[] } }) => ctx.navigation.main.map((l) => l.title).filter((x) => OURS.has(x))
async function previewClient(): Promise<Client> {
  const open = await owner.get(`/config/preview?siteId=${siteId}&path=/alpha`)
  expect(open.status).toBe(302)
  const frame = t.client(host)
  const to = new URL(String(open.headers.location))
  expect((await frame.get(to.pathname + to.search)).status).toBe(200)
  return frame
}
const putAccent = (hex: string) => {
  const s = defaultSiteStyles()
  s.colors.palette[2]!.hex = hex
  return owner.request('PUT', styles(), { json: { styles: s, dirtyPaths: ['colors.palette'] } })
}

describe(`style and navigation drafts (${BACKEND})`, () => {
  it('a style change is a draft: canvas and private preview show it, visitors (cached pages too) see it after Publish', async () => {
    const visitor = t.client(host)
    const live = defaultSiteStyles()
    live.colors.palette[2]!.hex = '#111111'
    expect((await owner.request('PUT', styles(), { json: { styles: live, dirtyPaths: ['colors.palette'] } })).json.unpublished).toBe(true)
    expect((await owner.post(`${styles()}/publish`)).json).toMatchObject({ published: true, styles: { unpublished: false } })
    expect(accentOf((await visitor.get('/alpha')).body)).toBe('#111111') // now cached

    const saved = await putAccent('#cc0000')
    expect(saved.status).toBe(200)
    expect(saved.json).toMatchObject({ unpublished: true, styles: { colors: { palette: expect.arrayContaining([expect.objectContaining({ id: 'accent', hex: '#cc0000' })]) } } })
    expect((await owner.get(styles())).json.unpublished).toBe(true)
    expect(accentOf((await visitor.get('/alpha')).body)).toBe('#111111')
    expect(accentOf((await t.client(host).get('/alpha')).body)).toBe('#111111')
    expect((await visitor.get('/alpha?format=json')).json.styles.cssVariables).toContainEqual({ name: '--accent', value: '#111111' })
    const canvas = await owner.get(`/config/canvas?siteId=${siteId}&path=/alpha`)
    expect(canvas.status).toBe(200)
    expect(accentOf(canvas.body)).toBe('#cc0000')
    const frame = await previewClient()
    expect(accentOf((await frame.get('/alpha')).body)).toBe('#cc0000')

    const published = await owner.post(`${styles()}/publish`)
    expect(published.status).toBe(200)
    expect(published.json).toMatchObject({ published: true, styles: { unpublished: false } })
    expect(accentOf((await visitor.get('/alpha')).body)).toBe('#cc0000')
    // nothing left to publish: said so, nothing changes
    expect((await owner.post(`${styles()}/publish`)).json.published).toBe(false)
    const [v] = (await owner.get(`/api/sites/${siteId}/versions?kind=styles&limit=1`)).json.versions
    expect(v.reason).toBe('publish')
  })

  it('a draft equal to the published styles is none; a discard shows the published styles again', async () => {
    expect((await putAccent('#00aa00')).json.unpublished).toBe(true)
    expect((await putAccent('#cc0000')).json.unpublished).toBe(false)
    expect((await putAccent('#0000bb')).json.unpublished).toBe(true)
    const discarded = await owner.request('DELETE', `${styles()}/draft`)
    expect(discarded.status).toBe(200)
    expect(discarded.json.unpublished).toBe(false)
    expect(discarded.json.styles.colors.palette[2].hex).toBe('#cc0000')
    expect(accentOf((await owner.get(`/config/canvas?siteId=${siteId}&path=/alpha`)).body)).toBe('#cc0000')
  })

  it('a navigation change is a draft: the preview shows the new order and place, visitors the published one until Publish', async () => {
    const visitor = t.client(host)
    const before = mainTitles((await visitor.get('/alpha?format=json')).json)
    expect(before).toEqual(['Alpha', 'Beta', 'Gamma', 'Folder'])
    const put = await owner.request('PUT', content('/navigation'), {
      json: { pages: [{ id: ids.Gamma, navigation: 'main', navigationTitle: 'Gamma first' }, { id: ids.Alpha, navigation: 'main' }, { id: ids.Folder, navigation: 'main' }, { id: ids.Beta, navigation: 'footer' }] },
    })
    expect(put.status).toBe(200)
    expect(put.json.unpublished).toBe(true)
    const shown = put.json.pages.filter((p: { navigation: string }) => p.navigation === 'main').map((p: { id: string }) => p.id)
    expect(shown.slice(0, 3)).toEqual([ids.Gamma, ids.Alpha, ids.Folder])
    expect((await owner.get(content('/navigation'))).json).toMatchObject({ unpublished: true })

    expect(mainTitles((await visitor.get('/alpha?format=json')).json)).toEqual(before)
    expect((await owner.get(content('/collections'))).json.collections.find((c: { id: string }) => c.id === ids.Beta).navigation).toBe('main')
    const frame = await previewClient()
    const previewed = (await frame.get('/alpha?format=json')).json
    expect(mainTitles(previewed)).toEqual(['Gamma first', 'Alpha', 'Folder'])
    expect(previewed.navigation.footer.map((l: { title: string }) => l.title)).toContain('Beta')
    expect((await owner.get(`/config/canvas?siteId=${siteId}&path=/alpha`)).body).toContain('Gamma first')

    const published = await owner.post(content('/navigation/publish'))
    expect(published.status).toBe(200)
    expect(published.json.published).toBeGreaterThanOrEqual(3)
    expect(published.json.navigation.unpublished).toBe(false)
    const after = (await visitor.get('/alpha?format=json')).json
    expect(mainTitles(after)).toEqual(['Gamma first', 'Alpha', 'Folder'])
    expect(after.navigation.footer.map((l: { title: string }) => l.title)).toContain('Beta')
    const [v] = (await owner.get(`/api/sites/${siteId}/versions?kind=navigation&limit=1`)).json.versions
    expect(v.reason).toBe('publish')
    expect((await owner.post(content('/navigation/publish'))).json.published).toBe(0)
  })

  it('pages go into folders in a draft; an arrangement equal to the live one is no draft; a discard drops it', async () => {
    const into = await owner.request('PUT', content('/navigation'), { json: { pages: [{ id: ids.Alpha, navigation: 'main', parentId: ids.Folder }] } })
    expect(into.status).toBe(200)
    expect(into.json.pages.find((p: { id: string }) => p.id === ids.Alpha).parentId).toBe(ids.Folder)
    const frame = await previewClient()
    const folder = (await frame.get('/alpha?format=json')).json.navigation.main.find((l: { title: string }) => l.title === 'Folder')
    expect(folder.items.map((l: { title: string }) => l.title)).toEqual(['Alpha'])
    // the published order again (Gamma first, Alpha, Folder), Alpha out of the folder: nothing unpublished
    const back = await owner.request('PUT', content('/navigation'), { json: { pages: [{ id: ids.Gamma, navigation: 'main' }, { id: ids.Alpha, navigation: 'main', parentId: null }, { id: ids.Folder, navigation: 'main' }] } })
    expect(back.json.unpublished).toBe(false)
    await owner.request('PUT', content('/navigation'), { json: { pages: [{ id: ids.Alpha, navigation: '_hidden' }] } })
    const discarded = await owner.request('DELETE', content('/navigation/draft'))
    expect(discarded.status).toBe(200)
    expect(discarded.json.unpublished).toBe(false)
    expect(discarded.json.pages.find((p: { id: string }) => p.id === ids.Alpha).navigation).toBe('main')
  })

  it('answers typed 4xx, checks the crumb and the site, and lets only editing roles in', async () => {
    const nav = (pages: unknown, c: Client = owner, opts: { crumb?: false } = {}) => c.request('PUT', content('/navigation'), { json: { pages }, ...opts })
    expect((await nav([{ id: 'nope', navigation: 'main' }])).json.error.code).toBe('collection_not_found')
    const twice = await nav([{ id: ids.Alpha, navigation: 'main' }, { id: ids.Alpha, navigation: 'footer' }])
    expect(twice.status).toBe(400)
    expect(twice.json.error.fields).toEqual({ 'pages.1.id': 'List each page once.' })
    expect((await nav([{ id: ids.Alpha, navigation: 'main', parentId: ids.Beta }])).json.error.fields).toEqual({ 'pages.0.parentId': 'Choose a folder or index page as the parent.' })
    expect((await nav([{ id: ids.Alpha, navigation: 'sideways' }])).status).toBe(400)
    expect((await nav([])).status).toBe(400)
    expect((await nav([{ id: ids.Alpha, navigation: 'main' }], owner, { crumb: false })).status).toBe(403)
    expect((await owner.post(`${styles()}/publish`, {}, { crumb: false })).status).toBe(403)
    expect((await owner.post(content('/navigation/publish'), {}, { crumb: false })).status).toBe(403)
    const other = t.client()
    await other.post('/api/auth/signup', newSignup())
    expect((await other.get(content('/navigation'))).status).toBe(404)
    expect((await other.post(`${styles()}/publish`)).status).toBe(404)
    expect((await other.request('DELETE', content('/navigation/draft'))).status).toBe(404)
    expect((await t.client().get(content('/navigation'))).status).toBe(401)
  })
})
