// Site styles: GET/PUT /api/sites/:siteId/styles (validation, dirty paths, roles, crumb, tenancy) and the published
// pages' <style> (context `styles`), including the page cache being dropped by a save.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { WEBSITE_ROLES } from '../accounts/index.js'
import { webFontById, webFontChoice } from '@sitewright/contracts'
import { defaultSiteStyles, type SiteStyles } from './index.js'
import { HEX_MESSAGE, STACK_MESSAGE } from './styles-validators.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
})
afterAll(() => t?.close())

async function owner(): Promise<{ c: Client; siteId: string; slug: string; userId: string }> {
  const c = t.client()
  const res = await c.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { c, siteId: res.json.site.id, slug: res.json.site.slug, userId: res.json.user.id }
}

const url = (siteId: string) => `/api/sites/${siteId}/styles`
const put = (c: Client, siteId: string, body: unknown, opts: { crumb?: false } = {}) => c.request('PUT', url(siteId), { json: body, ...opts })
/** A save into the draft, then Publish (visitors see the styles only after it). */
async function save(c: Client, siteId: string, body: unknown) {
  const res = await put(c, siteId, body)
  if (res.status !== 200) return res
  expect((await c.post(`${url(siteId)}/publish`)).status).toBe(200)
  return res
}

/** The editor's save: the whole current styles plus the changed paths. */
function edited(change: (s: SiteStyles) => void): SiteStyles {
  const s = defaultSiteStyles()
  change(s)
  return s
}

describe(`styles API (${BACKEND})`, () => {
  it('GET answers the theme defaults before the first save', async () => {
    const { c, siteId } = await owner()
    const res = await c.get(url(siteId))
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ styles: defaultSiteStyles(), updatedOn: null, unpublished: false })
  })

  it('PUT applies only the dirty paths, normalizes hex colours and persists', async () => {
    const { c, siteId } = await owner()
    const styles = edited((s) => {
      s.colors.palette[2]!.hex = '#C00'
      s.colors.activeThemeId = 'dark' // changed but not dirty: ignored
      s.fonts.fontUsageCategories.headings = 'body' // likewise
    })
    const res = await put(c, siteId, { styles, dirtyPaths: ['colors.palette'] })
    expect(res.status).toBe(200)
    expect(res.json.updatedOn).toBeTypeOf('number')
    expect(res.json.styles.colors.palette[2]).toEqual({ id: 'accent', name: 'Accent', hex: '#cc0000' })
    expect(res.json.styles.colors.activeThemeId).toBe('light')
    expect(res.json.styles.fonts.fontUsageCategories.headings).toBe('heading')
    const again = await c.get(url(siteId))
    expect(again.json).toEqual(res.json)

    // Only the sent group may be present; the other paths keep their saved values.
    const second = await put(c, siteId, { styles: { fonts: { activeThemeId: 'modern' } }, dirtyPaths: ['fonts.activeThemeId'] })
    expect(second.status).toBe(200)
    expect(second.json.styles.fonts.activeThemeId).toBe('modern')
    expect(second.json.styles.colors.palette[2].hex).toBe('#cc0000')
  })

  it('every dirty path of the spec can be saved at once', async () => {
    const { c, siteId } = await owner()
    const styles = edited((s) => {
      s.colors.activeThemeId = 'dark'
      s.fonts.activeThemeId = 'modern'
      s.colors.palette.push({ id: 'brand', name: 'Brand', hex: 'abcdef' })
      s.colors.themes[1]!.roles.accent = 'brand'
      s.fonts.themes[1]!.heading = { family: 'Rockwell', stack: "Rockwell,'Roboto Slab',  serif", category: 'Slab Serif' }
      s.fonts.fontUsageCategories = { headings: 'heading', paragraphs: 'heading', buttons: 'body', navigation: 'heading' }
    })
    const dirtyPaths = ['colors.activeThemeId', 'fonts.activeThemeId', 'colors.palette', 'colors.themes', 'fonts.themes', 'fonts.fontUsageCategories']
    const res = await put(c, siteId, { styles, dirtyPaths })
    expect(res.status).toBe(200)
    expect(res.json.styles.colors.palette[5]).toEqual({ id: 'brand', name: 'Brand', hex: '#abcdef' })
    expect(res.json.styles.fonts.themes[1].heading.stack).toBe("Rockwell, 'Roboto Slab', serif")
    expect(res.json.styles).toMatchObject({ colors: { activeThemeId: 'dark' }, fonts: { activeThemeId: 'modern', fontUsageCategories: styles.fonts.fontUsageCategories } })
  })

  it('rejects bad values with a message per field and changes nothing', async () => {
    const { c, siteId } = await owner()
    const before = (await c.get(url(siteId))).json
    const styles = edited((s) => {
      s.colors.palette[0]!.hex = '#12'
      s.colors.palette[1]!.hex = '#abcd'
      s.fonts.themes[0]!.body.stack = 'x;}</style><script>alert(1)</script>'
      s.fonts.themes[0]!.heading.stack = "url(http://x), serif"
      ;(s.fonts.themes[1]!.heading as { category?: string }).category = 'Comic'
    })
    const res = await put(c, siteId, { styles, dirtyPaths: ['colors.palette', 'fonts.themes', 'colors.sneaky'], extra: 1 })
    expect(res.status).toBe(400)
    expect(res.json.error).toMatchObject({ type: 'invalid_data', code: 'validation_failed' })
    expect(res.json.error.fields).toMatchObject({
      'styles.colors.palette.0.hex': HEX_MESSAGE,
      'styles.colors.palette.1.hex': HEX_MESSAGE,
      'styles.fonts.themes.0.body.stack': STACK_MESSAGE,
      'styles.fonts.themes.0.heading.stack': STACK_MESSAGE,
      'styles.fonts.themes.1.heading.category': expect.stringContaining('Sans Serif'),
      'dirtyPaths.2': expect.stringContaining('colors.activeThemeId'),
      extra: 'Unknown field "extra".',
    })
    expect((await c.get(url(siteId))).json).toEqual(before)
  })

  it('a dirty path needs its value, the list is not empty, and references must resolve', async () => {
    const { c, siteId } = await owner()
    const missing = await put(c, siteId, { styles: { colors: {} }, dirtyPaths: ['colors.palette'] })
    expect(missing.status).toBe(400)
    expect(missing.json.error.fields).toEqual({ 'styles.colors.palette': 'Send the new value of this changed path.' })
    const none = await put(c, siteId, { styles: {}, dirtyPaths: [] })
    expect(none.json.error.fields).toEqual({ dirtyPaths: 'Name at least one changed path.' })

    const unknownTheme = await put(c, siteId, { styles: { colors: { activeThemeId: 'neon' } }, dirtyPaths: ['colors.activeThemeId'] })
    expect(unknownTheme.status).toBe(400)
    expect(unknownTheme.json.error.fields).toEqual({ 'styles.colors.activeThemeId': 'Choose one of the colour themes.' })
    // Dropping a swatch that a theme still uses is refused.
    const palette = defaultSiteStyles().colors.palette.filter((p) => p.id !== 'accent')
    const dangling = await put(c, siteId, { styles: { colors: { palette } }, dirtyPaths: ['colors.palette'] })
    expect(dangling.status).toBe(400)
    expect(dangling.json.error.fields).toEqual({
      'styles.colors.themes.0.roles.accent': 'Choose one of the palette colours.',
      'styles.colors.themes.1.roles.accent': 'Choose one of the palette colours.',
    })
    const dupes = await put(c, siteId, { styles: { fonts: { themes: [defaultSiteStyles().fonts.themes[0], defaultSiteStyles().fonts.themes[0]] } }, dirtyPaths: ['fonts.themes'] })
    expect(dupes.json.error.fields).toEqual({ 'styles.fonts.themes.1.id': 'Each font theme needs its own id.' })
    expect((await c.get(url(siteId))).json.updatedOn).toBeNull()
  })

  it('concurrent saves of different paths both persist', async () => {
    const { c, siteId } = await owner()
    const [a, b] = await Promise.all([
      put(c, siteId, { styles: { colors: { activeThemeId: 'dark' } }, dirtyPaths: ['colors.activeThemeId'] }),
      put(c, siteId, { styles: { fonts: { activeThemeId: 'modern' } }, dirtyPaths: ['fonts.activeThemeId'] }),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    const after = (await c.get(url(siteId))).json.styles
    expect([after.colors.activeThemeId, after.fonts.activeThemeId]).toEqual(['dark', 'modern'])
  })
})

describe(`styles roles, crumb and tenancy (${BACKEND})`, () => {
  const body = { styles: { colors: { activeThemeId: 'dark' } }, dirtyPaths: ['colors.activeThemeId'] }

  it('needs a session (401) and the crumb on PUT (403 crumbFail)', async () => {
    const { c, siteId } = await owner()
    expect((await t.client().get(url(siteId))).status).toBe(401)
    const noCrumb = await put(c, siteId, body, { crumb: false })
    expect(noCrumb.status).toBe(403)
    expect(noCrumb.json.crumbFail).toBe(true)
    expect((await c.get(url(siteId))).json.updatedOn).toBeNull()
  })

  it('ADMIN and EDITOR may read and save; other roles are 403; non-members 404', async () => {
    const a = await owner()
    const editor = await owner()
    const viewer = await owner()
    const billing = await owner()
    await t.app.sites.addMember(a.siteId, editor.userId, WEBSITE_ROLES.EDITOR)
    await t.app.sites.addMember(a.siteId, viewer.userId, WEBSITE_ROLES.VIEWER)
    await t.app.sites.addMember(a.siteId, billing.userId, WEBSITE_ROLES.BILLING)
    expect((await editor.c.get(url(a.siteId))).status).toBe(200)
    expect((await put(editor.c, a.siteId, body)).status).toBe(200)
    for (const who of [viewer, billing]) {
      const read = await who.c.get(url(a.siteId))
      expect(read.status).toBe(403)
      expect(read.json.error.code).toBe('role_not_allowed')
      expect((await put(who.c, a.siteId, body)).status).toBe(403)
    }
    const stranger = await owner()
    const r = await stranger.c.get(url(a.siteId))
    expect(r.status).toBe(404)
    expect(r.json.error.code).toBe('site_not_found')
    expect((await put(stranger.c, a.siteId, { ...body, styles: { colors: { activeThemeId: 'light' } } })).status).toBe(404)
    expect((await a.c.get(url(a.siteId))).json.styles.colors.activeThemeId).toBe('dark')
    expect((await t.client().get('/api/sites/not-an-id/styles')).status).toBe(400)
  })

  it("site A's styles are out of reach through site B's host, even with A's session", async () => {
    const a = await owner()
    const b = await owner()
    const viaB = t.client(`${b.slug}.localhost`)
    viaB.cookies.set('sw_session', a.c.cookies.get('sw_session')!)
    expect((await viaB.get(url(a.siteId))).status).toBe(404)
    expect((await put(viaB, a.siteId, body)).status).toBe(404)
    expect((await put(b.c, a.siteId, body)).status).toBe(404)
    expect((await a.c.get(url(a.siteId))).json.updatedOn).toBeNull()
    // B's save does not touch A's pages.
    expect((await put(b.c, b.siteId, body)).status).toBe(200)
    expect((await t.client(`${a.slug}.localhost`).get('/')).body).not.toContain('site-styles')
  })
})

describe(`styles on published pages (${BACKEND})`, () => {
  it('no <style> before a save; after a PUT the page (even a cached one) prints the new variables', async () => {
    const { c, siteId, slug } = await owner()
    const visitor = t.client(`${slug}.localhost`)
    const first = await visitor.get('/')
    expect(first.status).toBe(200)
    expect(first.body).not.toContain('site-styles')
    expect((await visitor.get('/?format=json')).json.styles).toBeUndefined()

    await save(c, siteId, { styles: edited((s) => (s.colors.palette[2]!.hex = '#123456')), dirtyPaths: ['colors.palette'] })
    const page = await visitor.get('/')
    const style = /<style id="site-styles">([^<]*)<\/style>/.exec(page.body)?.[1]
    expect(style).toBe(
      ":root {--paper: #fbfaf7;--surface: #fbfaf7;--ink: #1c1f22;--muted: #5d636a;--line: #e3e0d8;--accent: #123456;--accent-ink: #fbfaf7;" +
        '--accent-soft: color-mix(in srgb, #123456 14%, #fbfaf7);' +
        "--font-display: Georgia, 'Iowan Old Style', 'Palatino Linotype', 'Times New Roman', serif;" +
        "--font-body: ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;}",
    )
    const ctx = (await visitor.get('/?format=json')).json.styles
    expect(ctx.cssVariables).toContainEqual({ name: '--accent', value: '#123456' })
    expect(ctx.css).toContain(':root{--paper:#fbfaf7;')

    // The page is cached now: a change behind the app's back is not seen...
    expect((await visitor.get('/')).body).toContain('--accent: #123456')
    await t.app.db.orm.execute(sql`update site_styles set styles = jsonb_set(styles, '{colors,activeThemeId}', '"dark"') where site_id = ${siteId}`)
    expect((await visitor.get('/')).body).toContain('--paper: #fbfaf7')
    // ...but a save through the API drops the cached pages.
    await save(c, siteId, { styles: { fonts: { fontUsageCategories: { headings: 'body', paragraphs: 'body', buttons: 'body', navigation: 'body' } } }, dirtyPaths: ['fonts.fontUsageCategories'] })
    const after = (await visitor.get('/')).body
    expect(after).toContain('--paper: #1c1f22')
    expect(after).toContain('--font-display: ui-sans-serif')
    expect(after).not.toContain('--paper: #fbfaf7')
  })

  it('web fonts: the page declares (swap) and preloads only the faces of its heading and paragraph fonts, served immutable', async () => {
    const { c, siteId, slug } = await owner()
    const visitor = t.client(`${slug}.localhost`)
    expect((await visitor.get('/')).body).not.toContain('rel="preload"')
    const styles = edited((s) => {
      s.fonts.themes[0]!.heading = webFontChoice(webFontById('playfair-display')!)
      s.fonts.themes[0]!.body = webFontChoice(webFontById('inter')!)
      s.fonts.themes[1]!.heading = webFontChoice(webFontById('pacifico')!) // another theme: not used
    })
    expect((await save(c, siteId, { styles, dirtyPaths: ['fonts.themes'] })).status).toBe(200)
    const page = (await visitor.get('/')).body
    const preloads = [...page.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin>/g)].map((m) => m[1]!)
    expect(preloads).toHaveLength(2)
    expect(preloads[0]).toMatch(/^\/assets\/fonts\/playfair-display-600-[A-Za-z0-9_-]{10}\.woff2$/)
    expect(preloads[1]).toMatch(/^\/assets\/fonts\/inter-400-[A-Za-z0-9_-]{10}\.woff2$/)
    const faces = /<style id="site-fonts">([^<]*)<\/style>/.exec(page)?.[1] ?? ''
    expect(faces.match(/@font-face/g)).toHaveLength(3) // heading 600, body 400 and 700
    expect(faces.match(/font-display:swap/g)).toHaveLength(3)
    expect(faces).not.toContain('Pacifico')
    expect(page.indexOf('id="site-fonts"')).toBeLessThan(page.indexOf('rel="stylesheet"'))
    for (const href of preloads) {
      const font = await visitor.get(href)
      expect(font.status).toBe(200)
      expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(font.headers['content-type']).toBe('font/woff2')
    }
    // a system stack again: no faces, no preloads
    await save(c, siteId, { styles: edited(() => {}), dirtyPaths: ['fonts.themes'] })
    const plain = (await visitor.get('/')).body
    expect(plain).not.toContain('site-fonts')
    expect(plain).not.toContain('as="font"')
  })

  it('a settings change also drops the cached pages', async () => {
    const { c, siteId, slug } = await owner()
    const visitor = t.client(`${slug}.localhost`)
    await visitor.get('/')
    await t.app.db.orm.execute(sql`update websites set title = 'Behind the back' where id = ${siteId}`)
    expect((await visitor.get('/')).body).not.toContain('Behind the back')
    await c.patch(`/api/sites/${siteId}/settings`, { commentsEnabled: true })
    expect((await visitor.get('/')).body).toContain('Behind the back')
  })
})
