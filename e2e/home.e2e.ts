import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected } from './support/browser.js'
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
    expect(scripts()).toContain('/assets/storefront/storefront.js')
    await h.page.waitForLoadState('networkidle')
    // Behaviour chunks (forms, carousels, ...) may load for markup on the page; React never does without an island.
    const chunks = scripts().filter((s) => s.startsWith('/assets/storefront/chunks/'))
    expect(chunks.filter((s) => /\/(react|react-root)-/.test(s))).toEqual([])
    expect(await h.page.locator('[data-island]').count()).toBe(0)
  })

  it('answers an unknown host with a 404 page', async () => {
    const res = await getWithHost(h.server.port, `no-such-site.localhost:${h.server.port}`)
    expect(res.status).toBe(404)
    expect(res.type).toContain('text/html')
  })
})
