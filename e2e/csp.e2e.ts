// The Content-Security-Policy in a real browser (issue 11, item 13): the demo's pages, the store flow, a page with
// owner HTML and embed blocks, and the editor (pages, preview frame, style preview) run without one violation;
// an injected inline handler is refused, so the check can see one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, type Harness, type SiteSummary } from './support/fixture.js'
import { ownerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'

let h: Harness
let site: SiteSummary
const violations = () => h.page.evaluate(() => (window as { __csp?: string[] }).__csp ?? [])

beforeAll(async () => {
  h = await openHarness()
  site = await demoSite(h.server.baseUrl)
  await h.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as { __csp?: string[] }
      ;(w.__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI}`)
    })
  })
  const api = ownerClient(h.server.baseUrl)
  await api.call('POST', '/api/auth/login', DEMO_OWNER)
  const html = '<h2>Owner HTML</h2><p>A <a href="https://example.com">link</a>.</p><iframe src="https://www.openstreetmap.org/export/embed.html" width="300" height="150"></iframe>'
  const res = await api.call('POST', `/api/sites/${site.id}/content/collections`, {
    typeName: 'page',
    title: 'Embeds',
    urlId: 'embeds',
    navigation: '_hidden',
    layout: { sections: [{ blocks: [{ typeName: 'html', value: { html } }, { typeName: 'embed', value: { html: '<iframe src="https://www.youtube-nocookie.com/embed/x" width="300" height="170"></iframe>' } }, { typeName: 'video', value: { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' } }] }] },
  })
  expect(res.status).toBe(201)
})
afterAll(async () => h?.close())

describe('content security policy in the browser', () => {
  it('refuses an inline handler injected into a page (the check sees violations)', async () => {
    await h.page.goto('/')
    await h.page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img src="data:," onerror="window.__ran = 1">'))
    await expect.poll(violations).toContain('script-src-attr inline')
    expect(await h.page.evaluate(() => (window as { __ran?: number }).__ran)).toBeUndefined()
    h.errors.length = 0
  })

  it('published pages, the store flow and owner embeds run without a violation', async () => {
    for (const width of [1280, 390]) {
      await h.page.setViewportSize({ width, height: 900 })
      for (const path of ['/', '/shop', '/shop/stoneware-mug', '/cart', '/checkout', '/embeds', '/contact', '/blog/firing-the-kiln', '/galleries', '/events']) {
        await h.page.goto(path, { waitUntil: 'networkidle' })
        if (path === '/shop/stoneware-mug' && width === 1280) {
          for (const select of await h.page.locator('select[data-variant-option-name]').all()) await select.selectOption({ index: 1 })
          await h.page.locator('.sqs-add-to-cart-button').first().click()
          await h.page.locator('[data-cart-pill] [data-cart-count]').filter({ hasText: '1' }).waitFor()
        }
        if (path === '/embeds') await h.page.locator('[data-video-play]').first().click()
        expect(await violations(), `${path} at ${width}px`).toEqual([])
        if (width === 390 || path === '/embeds') await screenshot(h.page, `csp${path.replace(/\//g, '-') || '-home'}-${width}`)
      }
    }
    expect(unexpected(h.errors)).toEqual([])
  })

  it('the editor (pages, preview frame, style preview) runs under its strict policy without a violation', async () => {
    const page = h.page
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`/config/sites/${site.id}/pages`)
    await page.waitForURL('**/config/login')
    await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    // the owner lands on the home page in the canvas, the page list folded away beside it
    await page.waitForURL(`**/config/sites/${site.id}/pages/*`)
    await page.getByRole('button', { name: 'Show pages' }).click()
    await page.getByText('About the studio').first().click()
    await expect.poll(() => page.frames().length).toBeGreaterThan(1)
    // the page list (where Site styles is) folds away while a page is edited: show it first
    const showPages = page.getByRole('button', { name: 'Show pages' })
    if (await showPages.isVisible()) await showPages.click()
    await page.getByText('Site styles').first().click()
    const accent = await page.locator('input[value="#2f5d50"]').first().elementHandle()
    await accent!.fill('#cc2200')
    await accent!.press('Tab')
    const preview = () => page.frames().find((f) => f !== page.mainFrame())
    await expect.poll(async () => (await preview()?.evaluate(() => document.getElementById('sitewright-style-preview')?.textContent ?? '')) ?? '').toContain('--accent:#cc2200')
    for (const f of page.frames()) expect(await f.evaluate(() => (window as { __csp?: string[] }).__csp ?? []), f.url()).toEqual([])
    await screenshot(page, 'csp-editor-styles-1280')
    expect(unexpected(h.errors)).toEqual([])
  })
})
