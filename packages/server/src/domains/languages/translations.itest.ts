// A page's translations: written by the owner on the page's route with ?locale= (typed refusals, HTML sanitized,
// slugs unique per locale), served under the locale's prefix with its translated slug, <html lang>, hreflang
// alternates and x-default, the locale in ?format=json, one sitemap per locale, and the default locale unprefixed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { WEBSITE_ROLES } from '../accounts/index.js'

let t: TestApp
let owner: Client
let siteId: string
let host: string
let shopId: string
let aboutId: string
const api = (p: string) => `/api/sites/${siteId}/content${p}`
const tr = (pageId: string, locale = 'fr-FR') => api(`/collections/${pageId}/translations?locale=${locale}`)
const alternates = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]])

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
  expect((await owner.post(`/api/sites/${siteId}/locales`, { locale: 'fr-FR' })).status).toBe(201)
  expect((await owner.post(`/api/sites/${siteId}/locales`, { locale: 'de' })).status).toBe(201)
  const layout = { sections: [{ id: 's1', blocks: [{ id: 'h1', type: 2, value: { html: '<h2>Our mugs</h2>' } }, { id: 'btn', typeName: 'button', value: { label: 'Buy now', url: '/shop' } }] }] }
  const shop = await owner.post(api('/collections'), { typeName: 'page', title: 'Shop', urlId: 'shop', layout })
  expect(shop.status, JSON.stringify(shop.json)).toBe(201)
  shopId = shop.json.collection.id
  const about = await owner.post(api('/collections'), { typeName: 'page', title: 'About', urlId: 'about' })
  aboutId = about.json.collection.id
  for (const id of [shopId, aboutId]) expect((await owner.patch(api(`/collections/${id}`), { status: 'published' })).status).toBe(200)
}, 120_000)
afterAll(() => t?.close())

describe(`page translations (${BACKEND})`, () => {
  it('writes a page and its blocks in French, with typed refusals', async () => {
    const put = await owner.put(tr(shopId), { fields: { title: 'Boutique', urlId: 'Boutique', 'h1.html': '<h2>Nos tasses</h2><script>alert(1)</script>', 'btn.label': 'Acheter' } })
    expect(put.status, JSON.stringify(put.json)).toBe(200)
    expect(put.json).toEqual({ locale: 'fr-FR', kind: 'page', objectId: shopId, fields: { title: 'Boutique', urlId: 'boutique', 'h1.html': '<h2>Nos tasses</h2>', 'btn.label': 'Acheter' } })
    // the lower-case tag reads the same translations
    expect((await owner.get(tr(shopId, 'fr-fr'))).json.fields.title).toBe('Boutique')

    const refused = async (url: string, body: unknown) => {
      const res = await owner.put(url, body)
      return [res.status, res.json?.error?.code]
    }
    expect(await refused(tr(shopId), { fields: { 'h1.label': 'x' } })).toEqual([400, 'translation_invalid'])
    expect(await refused(tr(shopId), { fields: { 'nope.html': 'x' } })).toEqual([400, 'translation_invalid'])
    expect(await refused(tr(shopId), { fields: { password: 'x' } })).toEqual([400, 'translation_invalid'])
    expect(await refused(tr(shopId), { fields: { urlId: '!!!' } })).toEqual([400, 'translation_invalid'])
    expect(await refused(tr(shopId), { fields: { urlId: 'cart' } })).toEqual([400, 'translation_invalid'])
    expect(await refused(tr(shopId), { fields: {} })).toEqual([400, 'translation_invalid'])
    expect((await refused(tr(shopId), { fields: { title: 5 } }))[0]).toBe(400)
    expect((await refused(tr(shopId), { fields: { title: 'x' }, more: 1 }))[0]).toBe(400)
    expect(await refused(tr(shopId, 'es'), { fields: { title: 'Tienda' } })).toEqual([404, 'locale_not_found'])
    expect(await refused(tr(shopId, 'en-US'), { fields: { title: 'Shop' } })).toEqual([409, 'locale_is_default'])
    expect(await refused(tr('nosuchpage'), { fields: { title: 'x' } })).toEqual([404, 'page_not_found'])
    // a slug another page has in French (its own, untranslated) or was translated to
    expect(await refused(tr(aboutId), { fields: { urlId: 'boutique' } })).toEqual([409, 'translation_slug_taken'])
    expect(await refused(tr(shopId), { fields: { urlId: 'about' } })).toEqual([409, 'translation_slug_taken'])
    expect((await owner.get(`${tr(shopId)}`)).json.fields.urlId).toBe('boutique')
    // null removes one field; the others stay
    expect((await owner.put(tr(aboutId), { fields: { title: 'À propos', navigationTitle: 'Qui sommes-nous' } })).status).toBe(200)
    expect((await owner.put(tr(aboutId), { fields: { navigationTitle: null } })).json.fields).toEqual({ title: 'À propos' })
    // the crumb, the content roles, the site
    expect((await owner.put(tr(shopId), { fields: { title: 'x' } }, { crumb: 'nope' })).status).toBe(403)
    const other = t.client()
    expect((await other.post('/api/auth/signup', newSignup())).status).toBe(201)
    expect((await other.put(tr(shopId), { fields: { title: 'x' } })).status).toBe(404)
    const viewer = t.client()
    const v = await viewer.post('/api/auth/signup', newSignup())
    await t.app.sites.addMember(siteId, v.json.user.id, WEBSITE_ROLES.VIEWER)
    expect((await viewer.put(tr(shopId), { fields: { title: 'x' } })).json.error.code).toBe('role_not_allowed')
  })

  it('serves the French page under /fr with its slug, lang, alternates and the locale in JSON; the default unprefixed', async () => {
    await owner.put(tr(shopId), { fields: { title: 'Boutique', urlId: 'boutique', 'h1.html': '<h2>Nos tasses</h2>', 'btn.label': 'Acheter' } })
    const visitor = t.client(host)
    const fr = await visitor.get('/fr/boutique')
    expect(fr.status).toBe(200)
    expect(fr.body).toContain('<html lang="fr-FR">')
    expect(fr.body).toContain('Nos tasses')
    expect(fr.body).not.toContain('Our mugs')
    expect(fr.body).toContain('Acheter')
    expect(fr.body).toMatch(/<title>Boutique/)
    // navigation in French, under the prefix: the translated page and the untranslated one (its default slug)
    expect(fr.body).toContain('href="/fr/boutique"')
    expect(fr.body).toContain('href="/fr/about"')
    expect(fr.body).toContain('À propos')
    const base = fr.body.match(/<link rel="canonical" href="([^"]+)\/fr\/boutique">/)?.[1]
    expect(base).toBeTruthy()
    expect(alternates(fr.body)).toEqual([
      ['en-US', `${base}/shop`],
      ['fr-FR', `${base}/fr/boutique`],
      ['de', `${base}/de/shop`],
      ['x-default', `${base}/shop`],
    ])

    // the language switcher: the page in each language, the current one marked
    expect(fr.body).toContain(`<nav class="language-switcher" aria-label="Language" data-language-switcher><ul><li><a href="${base}/shop" hreflang="en-US" lang="en-US">English</a></li><li><a href="${base}/fr/boutique" hreflang="fr-FR" lang="fr-FR" aria-current="true">Français</a></li><li><a href="${base}/de/shop" hreflang="de" lang="de">Deutsch</a></li></ul></nav>`)
    // the editor's canvas of the French page: the translations in place, blocks marked for editing
    const canvas = (await owner.get(`/config/canvas?siteId=${siteId}&path=/fr/boutique`)).body
    expect(canvas).toContain('<html lang="fr-FR">')
    expect(canvas).toContain('Nos tasses')
    expect(canvas).toContain('data-block-id="h1"')
    const en = await visitor.get('/shop')
    expect(en.body).toContain('<html lang="en-US">')
    expect(en.body).toContain('Our mugs')
    expect(alternates(en.body)).toEqual(alternates(fr.body))
    // the German page is untranslated: the default text, German lang, its own prefix
    const de = await visitor.get('/de/shop')
    expect(de.body).toContain('<html lang="de">')
    expect(de.body).toContain('Our mugs')
    // the English slug is not the French page's address; the French slug is not an English one
    expect((await visitor.get('/fr/shop')).status).toBe(404)
    expect((await visitor.get('/boutique')).status).toBe(404)
    // the French home and an unprefixed 404 keep their locales
    const frHome = await visitor.get('/fr')
    expect(frHome.body).toContain('<html lang="fr-FR">')

    const json = (await visitor.get('/fr/boutique?format=json')).json
    expect(json.localization).toMatchObject({ resolved_locale: 'fr-FR', website_locale: 'en-US', prefix: 'fr', xDefault: `${base}/shop` })
    expect(json.localization.locales.map((l: { locale: string; name: string; current: boolean }) => [l.locale, l.name, l.current])).toEqual([
      ['en-US', 'English', false],
      ['fr-FR', 'Français', true],
      ['de', 'Deutsch', false],
    ])
    expect(json.website.language).toBe('fr-FR')
    expect(json.collection.fullUrl).toBe('/fr/boutique')
    expect((await visitor.get('/shop?format=json')).json.localization).toMatchObject({ resolved_locale: 'en-US', website_locale: 'en-US', prefix: '' })
  })

  it('drops cached pages when a translation changes', async () => {
    const visitor = t.client(host)
    expect((await visitor.get('/fr/boutique')).body).toContain('Acheter')
    await owner.put(tr(shopId), { fields: { 'btn.label': 'Commander' } })
    expect((await visitor.get('/fr/boutique')).body).toContain('Commander')
  })

  it('has one sitemap per locale with the translated slugs and their alternates', async () => {
    const visitor = t.client(host)
    const en = await visitor.get('/sitemap.xml')
    const fr = await visitor.get('/fr/sitemap.xml')
    const locs = (x: string) => [...x.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).sort()
    expect(locs(en.body)).toEqual(['/about', '/shop'])
    expect(locs(fr.body)).toEqual(['/fr/about', '/fr/boutique'])
    expect(locs((await visitor.get('/de/sitemap.xml')).body)).toEqual(['/de/about', '/de/shop'])
    expect(fr.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
    expect(fr.body).toMatch(/<loc>[^<]*\/fr\/boutique<\/loc><lastmod>[^<]+<\/lastmod><xhtml:link rel="alternate" hreflang="en-US" href="[^"]*\/shop"\/><xhtml:link rel="alternate" hreflang="fr-FR" href="[^"]*\/fr\/boutique"\/><xhtml:link rel="alternate" hreflang="de" href="[^"]*\/de\/shop"\/><xhtml:link rel="alternate" hreflang="x-default" href="[^"]*\/shop"\/>/)
    expect((await visitor.get('/es/sitemap.xml')).status).toBe(404)
    const robots = (await visitor.get('/robots.txt')).body
    expect(robots).toMatch(/Sitemap: \S+\/sitemap\.xml\nSitemap: \S+\/fr\/sitemap\.xml\nSitemap: \S+\/de\/sitemap\.xml\n/)
  })

  it('removing a locale takes its pages and alternates away', async () => {
    expect((await owner.request('DELETE', `/api/sites/${siteId}/locales/de`)).status).toBe(204)
    const visitor = t.client(host)
    const fr = await visitor.get('/fr/boutique')
    expect(alternates(fr.body).map((a) => a[0])).toEqual(['en-US', 'fr-FR', 'x-default'])
    expect((await visitor.get('/de/shop')).status).toBe(404)
  })
})
