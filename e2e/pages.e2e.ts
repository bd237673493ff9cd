// Every page kind of the demo site in Chromium at 1280px and 375px: status, no console errors, no horizontal
// overflow on phones, a screenshot of each (e2e/artifacts/pages-*.png); plus the lock screen and search by hand.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected, watchErrors } from './support/browser.js'
import { openHarness, type Harness } from './support/fixture.js'
import { DEMO_OWNER } from './support/paths.js'

let h: Harness
beforeAll(async () => {
  h = await openHarness()
})
afterAll(async () => h?.close())

const PAGES: [name: string, path: string, status: number, marker: string][] = [
  ['home', '/', 200, '.cover'],
  ['about', '/about', 200, '.block-chart'],
  ['blog', '/blog', 200, '.blog-list'],
  ['blog-tag', '/blog?tag=kiln', 200, '.list-filter'],
  ['blog-post', '/blog/firing-the-kiln', 200, '.comments'],
  ['events', '/events', 200, '.events-list'],
  ['events-calendar', '/events?view=calendar', 200, '.calendar-view'],
  ['event', '/events/raku-weekend', 200, '.item-title, h1'],
  ['galleries-index', '/galleries', 200, '.index-grid'],
  ['gallery-grid', '/galleries/grid', 200, '.gallery-grid'],
  ['gallery-slideshow', '/galleries/slideshow', 200, '.gallery-slideshow'],
  ['gallery-slider', '/galleries/slider', 200, '.gallery-slider'],
  ['gallery-stacked', '/galleries/stacked', 200, '.gallery-stacked'],
  ['shop', '/shop', 200, '.products-list, .collection-list'],
  ['contact', '/contact', 200, '[data-form-block]'],
  ['faq', '/faq', 200, '.block-accordion'],
  ['search', '/search?q=kiln', 200, '.search-results'],
  ['not-found', '/no/such/page', 404, '.system-not-found'],
  ['lock-screen', '/kiln-log', 403, '[data-lock-screen]'],
  ['members-only', '/members', 403, '.system-page'],
  ['popup-overlay', '/popup-overlay', 200, '[data-popup-overlay]'],
]

/** The browser logs the page's own 403/404 status as a console error: expected for those pages. */
const own = (errors: string[], status: number) =>
  unexpected(errors).filter((e) => !(status >= 400 && new RegExp(`status of ${status} `).test(e)))

async function visit(page: Page, errors: string[], path: string, status: number, marker: string) {
  errors.length = 0
  const res = await page.goto(path)
  expect(res?.status(), path).toBe(status)
  await page.waitForLoadState('networkidle')
  await page.locator(marker).first().waitFor({ state: 'attached' })
  return own(errors, status)
}

for (const width of [1280, 375]) {
  describe(`demo pages at ${width}px`, () => {
    let page: Page
    let errors: string[]
    beforeAll(async () => {
      const context = await h.browser.newContext({ baseURL: h.server.baseUrl, viewport: { width, height: width > 400 ? 900 : 812 } })
      page = await context.newPage()
      errors = watchErrors(page)
    })

    it.each(PAGES)('%s (%s) answers %i, renders, logs no errors', async (name, path, status, marker) => {
      expect(await visit(page, errors, path, status, marker)).toEqual([])
      if (width < 400) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0)
      }
      await screenshot(page, `pages-${name}-${width}`)
    })
  })
}

describe('visitor flows', () => {
  it('unlocks the locked page with its password, and shows an error for a wrong one', async () => {
    const page = h.page
    h.errors.length = 0
    await page.goto('/kiln-log')
    await page.fill('#lock-password', 'wrong')
    await Promise.all([page.waitForLoadState('load'), page.click('.lock-form button[type=submit]')])
    await expect.poll(() => page.locator('[data-lock-error]').textContent()).toContain('That password is not right.')
    await page.fill('#lock-password', 'demo')
    await Promise.all([page.waitForURL('**/kiln-log'), page.click('.lock-form button[type=submit]')])
    await page.getByText('Firing 42').waitFor()
    expect(unexpected(h.errors).filter((e) => !/status of 403 /.test(e))).toEqual([])
  })

  it("the owner's preview shows a draft page; visitors still get 404", async () => {
    const context = await h.browser.newContext({ baseURL: h.server.baseUrl })
    const page = await context.newPage()
    const crumb = async () => (await context.cookies()).find((c) => c.name === 'crumb')?.value ?? ''
    await context.request.get('/api/auth/me')
    const login = await context.request.post('/api/auth/login', { data: DEMO_OWNER, headers: { 'x-csrf-token': await crumb() } })
    const site = ((await login.json()) as { sites: { id: string; url: string }[] }).sites.find((s) => s.url === `${h.server.baseUrl}/`)!
    const created = await context.request.post(`/api/sites/${site.id}/content/collections`, {
      data: { typeName: 'page', title: 'Preview draft', status: 'draft', layout: { sections: [{ blocks: [{ type: 1001, value: { html: '<p>Only the owner sees this draft</p>' } }] }] } },
      headers: { 'x-csrf-token': await crumb() },
    })
    expect(created.status()).toBe(201)
    const res = await page.goto(`/config/preview?siteId=${site.id}&path=/preview-draft`)
    expect(res?.status()).toBe(200)
    expect(new URL(page.url()).pathname).toBe('/preview-draft')
    await page.getByText('Only the owner sees this draft').waitFor()
    expect((await page.goto('/preview-draft'))?.status()).toBe(200) // the preview cookie, without the token
    const visitor = await h.browser.newContext({ baseURL: h.server.baseUrl })
    expect((await (await visitor.newPage()).goto('/preview-draft'))?.status()).toBe(404)
    await visitor.close()
    await context.close()
  })

  it('a new comment updates the comment count heading', async () => {
    const page = h.page
    await page.goto('/blog/glaze-tests')
    const heading = page.locator('.comments-title')
    const before = Number((await heading.getAttribute('data-comment-count')) ?? '0')
    const form = page.locator('form[data-comment-form]')
    await form.getByLabel('Name').fill('Grace')
    await form.getByLabel('Comment').fill('Lovely greens.')
    // the demo's newsletter popup may cover the button: submit the form the way the button would
    await form.evaluate((f: HTMLFormElement) => f.requestSubmit())
    await page.locator('.comment-new').waitFor()
    const after = before + 1
    await expect.poll(() => heading.textContent()).toBe(after === 1 ? '1 Comment' : `${after} Comments`)
    expect(await page.locator('.comment-list > li').count()).toBe(after)
  })

  it('without JavaScript a comment is offered again with its crumb and then posted', async () => {
    // the blog post is a public page (shared by any cache): it prints no crumb, so the native post arrives without one
    const context = await h.browser.newContext({ baseURL: h.server.baseUrl, javaScriptEnabled: false, viewport: { width: 390, height: 800 } })
    const page = await context.newPage()
    const res = await page.goto('/blog/firing-the-kiln')
    expect(res?.headers()['set-cookie']).toBeUndefined()
    const form = page.locator('form[data-comment-form]')
    await form.getByLabel('Name').fill('Noor')
    await form.getByLabel('Comment').fill('Read without scripts.')
    await Promise.all([page.waitForLoadState('load'), form.getByRole('button', { name: 'Post Comment' }).click()])
    await page.getByRole('heading', { name: 'Send your form again' }).waitFor()
    await screenshot(page, 'comment-resend-390')
    await page.setViewportSize({ width: 1280, height: 800 })
    await screenshot(page, 'comment-resend-1280')
    await Promise.all([page.waitForURL((u) => u.pathname === '/blog/firing-the-kiln' && u.hash.startsWith('#comment-')), page.getByRole('button', { name: 'Send' }).click()])
    await page.locator('.comment-body', { hasText: 'Read without scripts.' }).waitFor()
    await context.close()
  })

  it('searches from the search page', async () => {
    const page = h.page
    await page.goto('/search')
    await page.fill('.search-page input[name=q]', 'glaze')
    await Promise.all([page.waitForURL('**/search?q=glaze'), page.press('.search-page input[name=q]', 'Enter')])
    await page.locator('.search-result a[href="/blog/glaze-tests"]:not(.search-result-media)').waitFor()
  })
})
