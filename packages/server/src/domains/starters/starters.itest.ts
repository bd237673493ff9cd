// Starter templates: every starter fills a new site (pages, images, posts, products, style) through the same
// operations as the demo site; the onboarding checklist ticks from the site's state; the live preview; a whole
// site is copied with new ids and its own file bytes (PGlite, and PostgreSQL with DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { loadStarters } from './catalog.js'
import { DEFAULT_THEME_DIR } from '../publishing/index.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
}, 60_000)
afterAll(() => t?.close())

const SPECS = loadStarters(DEFAULT_THEME_DIR)

async function owner(): Promise<{ c: Client; siteId: string; slug: string }> {
  const c = t.client()
  const res = await c.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { c, siteId: res.json.site.id, slug: res.json.site.slug }
}
const site = (slug: string) => t.client(`${slug}.localhost`)
const collections = async (c: Client, siteId: string) => (await c.get(`/api/sites/${siteId}/content/collections`)).json.collections as { id: string; typeName: string; homepage: boolean; status: string; layout: unknown; mainImageId: string | null; urlId: string }[]
const steps = async (c: Client, siteId: string) => {
  const res = await c.get(`/api/sites/${siteId}/onboarding`)
  expect(res.status).toBe(200)
  return Object.fromEntries((res.json.onboarding.steps as { id: string; done: boolean }[]).map((s) => [s.id, s.done]))
}

describe(`starter templates (${BACKEND})`, () => {
  it('lists at least four starters: a store, a portfolio, a journal and a restaurant', async () => {
    const res = await t.client().get('/api/starters')
    expect(res.status).toBe(200)
    expect(res.json.starters.map((s: { id: string }) => s.id)).toEqual(['store', 'portfolio', 'journal', 'restaurant'])
    for (const s of res.json.starters) {
      expect(s.palette).toHaveLength(5)
      expect(s.previewUrl).toBe(`/api/starters/${s.id}/preview`)
    }
  })

  for (const spec of SPECS) {
    it(`fills a signed-up site from "${spec.id}": pages, content, style; the home page is shown once published`, async () => {
      const o = await owner()
      const res = await o.c.post(`/api/sites/${o.siteId}/starter`, { starterId: spec.id })
      expect(res.status).toBe(200)
      const homeId = res.json.homePageId as string
      const cols = await collections(o.c, o.siteId)
      expect(cols).toHaveLength(spec.pages.length + 1) // the starter's pages and the read-me page
      expect(cols.find((c) => c.urlId === 'readme')).toMatchObject({ title: 'Read me', navigation: '_hidden', fullUrl: '/readme' })
      // the read-me tells a restaurant's owner where the sample 'Order Now' address is replaced (the editor's tab)
      const readme = JSON.stringify(cols.find((c) => c.urlId === 'readme')!.layout)
      if (spec.id === 'restaurant') expect(readme).toContain("The last link of the navigation ('Order Now') goes to a sample online-ordering address: replace it with your own ordering page in the editor under Settings → Connected accounts (Edit, then Address).")
      else expect(readme).not.toContain('Connected accounts')
      const home = cols.find((c) => c.homepage)!
      expect(home.id).toBe(homeId)
      expect(home.status).toBe('draft')
      expect(JSON.stringify(home.layout)).not.toContain('@image:')
      expect(home.mainImageId).toBeTruthy()
      expect(JSON.stringify(home.layout)).not.toContain('@page:')
      // images generated and stored, products and posts made
      const files = await o.c.get(`/api/sites/${o.siteId}/files`)
      expect(files.json.files.length).toBeGreaterThanOrEqual(spec.images.length)
      if (spec.products) expect((await o.c.get(`/api/sites/${o.siteId}/commerce/products`)).json.total).toBe(spec.products.items.length)
      const styles = (await o.c.get(`/api/sites/${o.siteId}/styles`)).json.styles
      expect(styles.colors.palette.find((p: { id: string }) => p.id === 'accent').hex).toBe(spec.styles.palette.accent)
      const fonts = styles.fonts.themes.find((f: { id: string }) => f.id === styles.fonts.activeThemeId)
      expect(fonts.heading.family).toBe(spec.styles.heading.family)
      expect(await steps(o.c, o.siteId)).toEqual({ 'edit-home': false, 'add-logo': false, 'add-content': false, publish: false })
      // a second starter on a filled site is refused
      expect((await o.c.post(`/api/sites/${o.siteId}/starter`, { starterId: spec.id })).status).toBe(409)

      // the first words under the home page's heading: only on the home page itself
      const heading = /<h2>[^<]+<\/h2><p>([^<]{30})/.exec(JSON.stringify(spec.pages.find((p) => p.homepage)!.layout))![1]!
      expect((await site(o.slug).get('/')).body).not.toContain(heading)
      expect((await o.c.patch(`/api/sites/${o.siteId}/content/collections/${homeId}`, { status: 'published' })).status).toBe(200)
      const page = await site(o.slug).get('/')
      expect(page.status).toBe(200)
      expect(page.body).toContain(heading)
      expect(page.body).toContain(spec.styles.palette.accent)
      // a starter's connected-account link entries close the main navigation (the restaurant's 'Order Now')
      const navLinks = [...page.body.matchAll(/<li class="nav-item[^"]*"><a href="([^"]+)"[^>]*>([^<]+)<\/a><\/li>/g)].map((m) => [m[2], m[1]])
      if (spec.id === 'restaurant') expect(navLinks.at(-1)).toEqual(['Order Now', spec.profile.connectedLinks![0]!.url])
      else expect(navLinks.map(([title]) => title)).not.toContain('Order Now')
      expect((await steps(o.c, o.siteId)).publish).toBe(true)
    }, 60_000)
  }

  it('ticks the checklist from the real state and can be dismissed', async () => {
    const o = await owner()
    const res = await o.c.post('/api/sites', { title: 'My journal', starterId: 'journal' })
    expect(res.status).toBe(201)
    const siteId = res.json.site.id as string
    expect((await o.c.get('/api/auth/me')).json.sites.map((s: { id: string }) => s.id)).toContain(siteId)
    const cols = await collections(o.c, siteId)
    const home = cols.find((c) => c.homepage)!
    const blog = cols.find((c) => c.typeName === 'blog')!
    const layout = home.layout as { sections: { id: string; blocks: { id: string; type: number; value: Record<string, unknown> }[] }[] }
    layout.sections[0]!.blocks[0]!.value.html = '<h1>My own words</h1>'
    const put = await o.c.request('PUT', `/api/sites/${siteId}/content/collections/${home.id}/layout`, { json: { sections: layout.sections.map((sec) => ({ id: sec.id, blocks: sec.blocks.map((b) => ({ id: b.id, type: b.type, value: b.value })) })) } })
    expect(put.status, put.body).toBe(200)
    expect(await steps(o.c, siteId)).toMatchObject({ 'edit-home': true, 'add-content': false, 'add-logo': false })
    expect((await o.c.post(`/api/sites/${siteId}/content/collections/${blog.id}/items`, { title: 'My first post' })).status).toBe(201)
    const files = (await o.c.get(`/api/sites/${siteId}/files`)).json.files as { id: string }[]
    expect((await o.c.patch(`/api/sites/${siteId}/content/profile`, { logoImageId: files[0]!.id })).status).toBe(200)
    expect(await steps(o.c, siteId)).toEqual({ 'edit-home': true, 'add-logo': true, 'add-content': true, publish: false })
    const dismissed = await o.c.post(`/api/sites/${siteId}/onboarding/dismiss`)
    expect(dismissed.status).toBe(200)
    expect(dismissed.json.onboarding.dismissed).toBe(true)
    // a site not made from a starter has no checklist; another owner sees nothing of this one
    expect((await o.c.get(`/api/sites/${o.siteId}/onboarding`)).json.onboarding.steps).toEqual([])
    expect((await (await owner()).c.get(`/api/sites/${siteId}/onboarding`)).status).toBe(404)
    expect((await t.client().post('/api/sites', { title: 'x', starterId: 'journal' })).status).toBe(401)
    expect((await o.c.post('/api/sites', { title: 'x', starterId: 'nope' })).status).toBe(404)
  }, 60_000)

  it("keeps the chooser offered until a template is chosen or declined; the decline holds across sign-ins", async () => {
    const signup = newSignup()
    const first = t.client()
    const made = await first.post('/api/auth/signup', signup)
    expect(made.status).toBe(201)
    const siteId = made.json.site.id as string
    const offer = async (c: Client) => {
      const res = await c.get(`/api/sites/${siteId}/starter`)
      expect(res.status, res.body).toBe(200)
      return res.json.starter
    }
    // left without choosing: still offered on the next sign-in
    expect(await offer(first)).toEqual({ empty: true, declined: false })
    const again = t.client()
    expect((await again.post('/api/auth/login', { email: signup.email, password: signup.password })).status).toBe(200)
    expect(await offer(again)).toEqual({ empty: true, declined: false })
    // declined ('Start from a blank site'): stored, read by a later session; a second decline changes nothing
    const declined = await again.post(`/api/sites/${siteId}/starter/decline`)
    expect(declined.status, declined.body).toBe(200)
    expect(declined.json.starter).toEqual({ empty: true, declined: true })
    expect((await again.post(`/api/sites/${siteId}/starter/decline`)).json.starter).toEqual({ empty: true, declined: true })
    const later = t.client()
    expect((await later.post('/api/auth/login', { email: signup.email, password: signup.password })).status).toBe(200)
    expect(await offer(later)).toEqual({ empty: true, declined: true })
    // Settings' way back still fills the declined site; then it is no longer empty
    expect((await later.post(`/api/sites/${siteId}/starter`, { starterId: 'journal' })).status).toBe(200)
    expect(await offer(later)).toEqual({ empty: false, declined: true })
    // tenant-scoped: another owner and a visitor get nothing
    const other = (await owner()).c
    expect((await other.get(`/api/sites/${siteId}/starter`)).status).toBe(404)
    expect((await other.post(`/api/sites/${siteId}/starter/decline`)).status).toBe(404)
    expect((await t.client().get(`/api/sites/${siteId}/starter`)).status).toBe(401)
    // another site's decline is its own
    const o = await owner()
    expect(await (async () => (await o.c.get(`/api/sites/${o.siteId}/starter`)).json.starter)()).toEqual({ empty: true, declined: false })
  }, 60_000)

  it('serves a live preview of each starter home page', async () => {
    const res = await t.client().get('/api/starters/portfolio/preview')
    expect(res.status).toBe(302)
    const url = new URL(String(res.headers.location))
    expect(url.hostname).toBe('starter-portfolio.localhost')
    const page = await site('starter-portfolio').get('/')
    expect(page.status).toBe(200)
    expect(page.body).toContain('Pictures of light and water')
    expect((await t.client().get('/api/starters/portfolio/preview')).headers.location).toBe(res.headers.location)
  }, 60_000)

  it('duplicates a whole site: pages, styles, products, posts and files under new ids and a new address', async () => {
    const o = await owner()
    const made = await o.c.post('/api/sites', { title: 'Candles', starterId: 'store' })
    const fromId = made.json.site.id as string
    await o.c.patch(`/api/sites/${fromId}/settings`, { timeZone: 'Europe/Lisbon' })
    const res = await o.c.post(`/api/sites/${fromId}/duplicate`, { title: 'Candles two', slug: `candles-two-${Date.now().toString(36)}` })
    expect(res.status).toBe(201)
    const to = res.json.site as { id: string; slug: string; title: string }
    expect(to.title).toBe('Candles two')
    expect((await o.c.get(`/api/sites/${to.id}/settings`)).json.settings.title).toBe('Candles two')
    expect(to.id).not.toBe(fromId)
    const [a, b] = [await collections(o.c, fromId), await collections(o.c, to.id)]
    expect(b).toHaveLength(a.length)
    const oldIds = new Set(a.map((c) => c.id))
    expect(b.some((c) => oldIds.has(c.id))).toBe(false)
    const fa = (await o.c.get(`/api/sites/${fromId}/files`)).json.files as { id: string }[]
    const fb = (await o.c.get(`/api/sites/${to.id}/files`)).json.files as { id: string }[]
    expect(fb).toHaveLength(fa.length)
    const copiedText = JSON.stringify(b)
    for (const id of [...oldIds, ...fa.map((f) => f.id), fromId]) expect(copiedText).not.toContain(id)
    expect(res.json.homePageId).toBe(b.find((c) => c.homepage)!.id)
    const pa = (await o.c.get(`/api/sites/${fromId}/commerce/products`)).json
    const pb = (await o.c.get(`/api/sites/${to.id}/commerce/products`)).json
    expect(pb.total).toBe(pa.total)
    expect((await o.c.get(`/api/sites/${to.id}/settings`)).json.settings.timeZone).toBe('Europe/Lisbon')
    expect((await o.c.get(`/api/sites/${to.id}/styles`)).json.styles).toEqual((await o.c.get(`/api/sites/${fromId}/styles`)).json.styles)
    // the copy's pages show its own images (bytes copied under the new site)
    await o.c.patch(`/api/sites/${to.id}/content/collections/${res.json.homePageId}`, { status: 'published' })
    const page = await site(to.slug).get('/')
    expect(page.status).toBe(200)
    const img = /src="([^"]*\/files\/[^"]+)"/.exec(page.body) ?? /(\/[^"' ]*\.jpg[^"' ]*)/.exec(page.body)
    expect(img, 'an image on the copied home page').toBeTruthy()
    const bytes = await site(to.slug).get(img![1]!.replace(/&amp;/g, '&').replace(/^https?:\/\/[^/]+/, ''))
    expect(bytes.status).toBe(200)
    // the original is untouched and the copy is independent
    expect((await o.c.patch(`/api/sites/${to.id}/content/collections/${res.json.homePageId}`, { title: 'Changed copy' })).status).toBe(200)
    expect((await collections(o.c, fromId)).find((c) => c.homepage)).toMatchObject({ status: 'draft' })
    // only an ADMIN may copy a site
    expect((await (await owner()).c.post(`/api/sites/${fromId}/duplicate`, {})).status).toBe(404)
  }, 90_000)
})
