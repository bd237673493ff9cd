import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { artifactPath, screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, type Harness } from './support/fixture.js'

let h: Harness
const requested: string[] = []
const scripts = () => requested.filter((p) => p.endsWith('.js'))
beforeAll(async () => {
  h = await openHarness()
  h.page.on('request', (r) => requested.push(new URL(r.url()).pathname))
})
afterAll(async () => h?.close())

/** GET / with an arbitrary Host header (fetch() does not let us set Host). */
function getWithHost(port: number, host: string): Promise<{ status: number; type: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers: { host } }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']) }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('demo home page', () => {
  it('loads with the site title visible and no console errors', async () => {
    const site = await demoSite(h.server.baseUrl)
    const res = await h.page.goto('/')
    expect(res?.status()).toBe(200)
    await h.page.getByText(site.title).first().waitFor({ state: 'visible' })
    expect(await h.page.title()).toContain(site.title)
    await h.page.waitForLoadState('networkidle')
    await screenshot(h.page, 'home')
    expect(unexpected(h.errors)).toEqual([])
  })

  it('boots the storefront runtime without downloading React (no islands on the page)', async () => {
    await h.page.goto('/')
    await expect
      .poll(() => h.page.evaluate(() => typeof (window as { Sitewright?: unknown }).Sitewright))
      .toBe('object')
    // The entry at its versioned URL, once (its chunks' `../storefront.js` is the same URL, not a second module).
    const entries = [...new Set(scripts().filter((s) => s.endsWith('/storefront.js')))]
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatch(/^\/assets\/storefront\/v\/[A-Za-z0-9_-]+\/storefront\.js$/)
    await h.page.waitForLoadState('networkidle')
    // Behaviour chunks (forms, carousels, ...) may load for markup on the page; React never does without an island.
    const chunks = scripts().filter((s) => /^\/assets\/storefront\/v\/[^/]+\/chunks\//.test(s))
    expect(chunks.filter((s) => /\/(react|react-root)-/.test(s))).toEqual([])
    expect(await h.page.locator('[data-island]').count()).toBe(0)
  })

  it("the Events summary dates each event with its start date and time, and names its place", async () => {
    const page = h.page
    await page.goto('/')
    const summary = page.locator('.summary').filter({ has: page.locator('.summary-title', { hasText: /^Events$/ }) })
    const cards = summary.locator('.item-card')
    expect(await cards.count()).toBeGreaterThan(0)
    const home = (await (await h.context.request.get('/?format=json')).json()) as { websiteSettings: { timeZone: string } }
    const timeZone = home.websiteSettings.timeZone
    for (let i = 0; i < (await cards.count()); i++) {
      const card = cards.nth(i)
      const url = (await card.locator('.item-card-title a').getAttribute('href'))!
      const { item } = (await (await h.context.request.get(`${url}?format=json`)).json()) as { item: { startDate: number; addedOn: number; location?: { addressTitle?: string } } }
      const day = (ms: number) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(new Date(ms))
      const text = (await card.locator('.item-event-date').textContent())!
      expect(text.startsWith(day(item.startDate)), `${url}: ${text}`).toBe(true)
      expect(text).toMatch(/\d{1,2}:\d{2}\s?[AP]M/) // and its time
      if (day(item.addedOn) !== day(item.startDate)) expect(await card.textContent()).not.toContain(day(item.addedOn))
      if (item.location?.addressTitle) expect(await card.locator('.item-event-place').textContent()).toBe(item.location.addressTitle)
    }
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await summary.scrollIntoViewIfNeeded()
      await page.screenshot({ path: artifactPath(`home-events-${width}`), clip: (await summary.boundingBox())! })
    }
    await page.setViewportSize({ width: 1200, height: 900 })
  })

  it('/favicon.ico answers 200 with an icon, and the page names it', async () => {
    const res = await h.context.request.get('/favicon.ico')
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toMatch(/^image\//)
    await h.page.goto('/')
    expect(await h.page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.ico')
  })

  it('search is reachable from the header at 1280 and 390 px', async () => {
    const page = h.page
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/about')
      const link = page.locator('header.site-header').getByRole('link', { name: 'Search' })
      expect(await link.isVisible(), `${width}px`).toBe(true)
      await page.screenshot({ path: artifactPath(`home-header-search-${width}`), clip: (await page.locator('header.site-header').boundingBox())! })
      await Promise.all([page.waitForURL('**/search'), link.click()])
      await page.locator('.search-page input[name=q]').waitFor()
    }
    await page.setViewportSize({ width: 1200, height: 900 })
  })

  it('answers an unknown host with a 404 page', async () => {
    const res = await getWithHost(h.server.port, `no-such-site.localhost:${h.server.port}`)
    expect(res.status).toBe(404)
    expect(res.type).toContain('text/html')
  })
})
