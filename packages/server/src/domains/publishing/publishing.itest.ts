import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t?.close())

describe(`published pages (${BACKEND})`, () => {
  it('the demo host renders the home template with the site title, theme CSS and the storefront module', async () => {
    const res = await t.client('localhost').get('/')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.body).toMatch(/<title>Sitewright Demo<\/title>/)
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/theme/site.css">')
    expect(res.body).toContain('<script type="module" src="/assets/storefront/storefront.js"></script>')
    expect(res.body).toContain(`&copy; ${new Date().getFullYear()} Sitewright Demo`)
    expect(res.body).not.toMatch(/\{website\./) // every directive was rendered
  })

  it('?format=json answers the template context', async () => {
    const res = await t.client('127.0.0.1').get('/?format=json')
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      website: { identifier: 'demo', siteTitle: 'Sitewright Demo', language: 'en-US', timeZone: 'America/New_York', baseUrl: 'http://localhost:3000' },
      websiteSettings: { commentsEnabled: false, disqusShortname: '', currency: 'USD', useCLDRMoneyFormat: true },
      pageType: 2,
      template: 'page',
      page: { path: '/', canonicalUrl: 'http://localhost:3000/' },
      navigation: { main: [], footer: [] },
    })
  })

  it('escapes the site title in the page', async () => {
    const c = t.client()
    const body = newSignup({ siteTitle: 'Tom & <b>Jerry</b>' })
    const res = await c.post('/api/auth/signup', body)
    const page = await t.client(`${res.json.site.slug}.localhost`).get('/')
    expect(page.body).toContain('Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;')
    expect(page.body).not.toContain('<b>Jerry</b>')
  })

  it('an unknown path on a site host is the themed 404 page with status 404', async () => {
    const res = await t.client('localhost').get('/no/such/page')
    expect(res.status).toBe(404)
    expect(res.body).toContain('<title>Page not found \u2014 Sitewright Demo</title>')
    expect(res.body).toContain('/no/such/page')
    const json = await t.client('localhost').get('/missing?format=json')
    expect(json.status).toBe(404)
    expect(json.json).toMatchObject({ pageType: 100, template: 'not-found', page: { robots: 'noindex' } })
    const pretty = await t.client('localhost').get('/?format=json-pretty')
    expect(pretty.body).toContain('\n  "pageType": 2')
  })

  it('theme assets are served; a missing one is 404', async () => {
    const css = await t.client().get('/assets/theme/site.css')
    expect(css.status).toBe(200)
    expect(css.headers['content-type']).toMatch(/text\/css/)
    expect((await t.client().get('/assets/theme/nope.css')).status).toBe(404)
  })
})
