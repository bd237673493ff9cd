// Visitor tracking end to end in Chromium: page views, a Web Vital and a thrown error reach the owner's Analytics
// screen; with the cookie banner on and no consent given, no analytics cookie is set and no hit is sent.
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './support/axe.js'
import { screenshot } from './support/browser.js'
import { demoSite, openHarness, type Harness, type SiteSummary } from './support/fixture.js'
import { ownerClient, type OwnerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'

// Headless Chromium names itself in its user agent, and bots are not counted: visitors use a desktop Chrome one.
const VISITOR_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'

let h: Harness
let site: SiteSummary
let owner: OwnerClient
beforeAll(async () => {
  h = await openHarness()
  site = await demoSite(h.server.baseUrl)
  owner = ownerClient(h.server.baseUrl)
  expect((await owner.call('POST', '/api/auth/login', DEMO_OWNER)).status).toBe(200)
})
afterAll(async () => h?.close())

const today = () => new Date().toISOString().slice(0, 10)
const report = <T>(name: string) => owner.call<T>('GET', `/api/sites/${site.id}/analytics/${name}?from=${today()}&to=${today()}`)

async function visitor(): Promise<{ ctx: BrowserContext; page: Page; hits: string[] }> {
  const ctx = await h.browser.newContext({ baseURL: h.server.baseUrl, userAgent: VISITOR_UA, viewport: { width: 1280, height: 900 } })
  const page = await ctx.newPage()
  const hits: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/census/RecordHit')) hits.push(r.postData() ?? '')
  })
  return { ctx, page, hits }
}
const analyticsCookies = async (ctx: BrowserContext) => (await ctx.cookies()).filter((c) => c.name.startsWith('ss_')).map((c) => c.name)

describe('visitor tracking', () => {
  it('page views, a Web Vital and a thrown error arrive in the owner dashboard', async () => {
    const v = await visitor()
    await v.page.goto('/')
    await expect.poll(() => v.hits.length, { timeout: 10_000 }).toBe(1)
    expect((await analyticsCookies(v.ctx)).sort()).toEqual(['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'])
    await v.page.goto('/contact')
    await expect.poll(() => v.hits.length, { timeout: 10_000 }).toBe(2)
    // An uncaught error, then the page hidden: the reporter sends after its 1 s debounce, the collector its queue.
    const reported = v.page.waitForRequest((r) => r.url().includes('/api/events/RecordJavascriptErrors') && (r.postData() ?? '').includes('E2E tracking boom'), { timeout: 10_000 })
    await v.page.evaluate(() => setTimeout(() => { throw new Error('E2E tracking boom') }, 0))
    await reported
    await v.page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await v.ctx.close()

    await expect.poll(async () => (await report<{ pageViews: number }>('traffic')).body.pageViews, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    await expect.poll(async () => (await report<{ errors: { message: string }[] }>('errors')).body.errors.map((e) => e.message), { timeout: 10_000 }).toContain('E2E tracking boom')
    await expect.poll(async () => (await report<{ overall: { metric: string }[] }>('vitals')).body.overall.map((x) => x.metric), { timeout: 15_000 }).toContain('TTFB')

    const page = h.page
    await page.goto(`/config/sites/${site.id}/analytics`)
    await page.waitForURL('**/config/login')
    await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(`**/config/sites/${site.id}/**`)
    await page.goto(`/config/sites/${site.id}/analytics`)
    await page.getByRole('heading', { name: 'Site health' }).waitFor()
    await page.getByText('E2E tracking boom').first().waitFor()
    await page.getByRole('cell', { name: '/contact' }).first().waitFor()
    await page.setViewportSize({ width: 1280, height: 900 })
    await screenshot(page, 'tracking-dashboard-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'tracking-dashboard-390')
    const serious = (await axeViolations(page)).filter((x) => x.startsWith('serious') || x.startsWith('critical'))
    expect(serious).toEqual([])
  })

  it('with the banner on and no consent: no analytics cookie and no hit; accepting starts tracking', async () => {
    expect((await owner.call('PATCH', `/api/sites/${site.id}/tracking/settings`, { bannerEnabled: true, bannerText: 'We count visits with cookies.' })).status).toBe(200)
    const v = await visitor()
    await v.page.goto('/')
    const banner = v.page.getByRole('region', { name: 'Cookie consent' })
    await banner.waitFor()
    // the banner is the page's decision to ask: it counts nothing unless Accept is pressed
    expect(await v.page.evaluate(() => document.documentElement.dataset.tracking)).toBe('ask')
    expect(v.hits).toEqual([])
    expect(await analyticsCookies(v.ctx)).toEqual([])
    await screenshot(v.page, 'tracking-banner-1280')
    await v.page.setViewportSize({ width: 390, height: 844 })
    await screenshot(v.page, 'tracking-banner-390')
    const serious = (await axeViolations(v.page)).filter((x) => x.startsWith('serious') || x.startsWith('critical'))
    expect(serious).toEqual([])

    await banner.getByRole('button', { name: 'Decline' }).click()
    await v.page.goto('/contact')
    await v.page.waitForFunction(() => document.documentElement.dataset.tracking === 'clear') // declined: decided, nothing to send
    expect(v.hits).toEqual([])
    expect(await analyticsCookies(v.ctx)).toEqual([])
    await v.ctx.close()

    const w = await visitor()
    await w.page.goto('/')
    await w.page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click()
    await expect.poll(() => w.hits.length, { timeout: 10_000 }).toBe(1)
    expect(await analyticsCookies(w.ctx)).toContain('ss_cvr')
    await w.ctx.close()
  })

  it("the owner's tag loads only after consent, with its origin in the page CSP", async () => {
    const tag = 'https://tags.example.test/t.js'
    expect((await owner.call('PATCH', `/api/sites/${site.id}/tracking/settings`, { bannerEnabled: true, tagUrl: tag, analyticsTag: 'G-E2E' })).status).toBe(200)
    const v = await visitor()
    let loads = 0
    await v.ctx.route('https://tags.example.test/**', (route) => {
      loads++
      return route.fulfill({ contentType: 'text/javascript', body: 'window.sitewrightTagLoaded = true' })
    })
    const res = await v.page.goto('/')
    expect(res?.headers()['content-security-policy']).toMatch(/script-src [^;]*https:\/\/tags\.example\.test/)
    const banner = v.page.getByRole('region', { name: 'Cookie consent' })
    await banner.waitFor()
    // asking: the tag only loads once Accept is pressed (the banner is shown instead of starting the tags)
    expect(await v.page.evaluate(() => document.documentElement.dataset.tracking)).toBe('ask')
    expect(loads).toBe(0)
    expect(await v.page.evaluate(() => document.querySelector('script[src*="tags.example.test"]') === null)).toBe(true)
    await banner.getByRole('button', { name: 'Accept' }).click()
    await expect.poll(() => v.page.evaluate(() => (window as Window & { sitewrightTagLoaded?: boolean }).sitewrightTagLoaded === true), { timeout: 10_000 }).toBe(true)
    expect(await v.page.evaluate(() => document.querySelector<HTMLScriptElement>('script[src*="tags.example.test"]')?.src)).toBe(`${tag}?id=G-E2E`)
    await v.ctx.close()
    expect((await owner.call('PATCH', `/api/sites/${site.id}/tracking/settings`, { bannerEnabled: false, tagUrl: '', analyticsTag: '' })).status).toBe(200)
  })
})
