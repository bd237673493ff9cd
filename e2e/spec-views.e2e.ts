// SPEC.md section 2 in Chromium: the breakpoints (mobile up to 432 px, desktop from 433 px, a tablet width never a
// layout of its own) and the editor's unsaved-changes dialog (leaving a screen with unsaved edits asks first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, type Harness } from './support/fixture.js'
import { DEMO_OWNER } from './support/paths.js'

let h: Harness
beforeAll(async () => {
  h = await openHarness()
})
afterAll(async () => h?.close())

describe('breakpoints', () => {
  it('432 px is the mobile layout, 433 px and a tablet width (768 px) the desktop one', async () => {
    const page = h.page
    for (const [width, mobile] of [[432, true], [433, false], [768, false]] as const) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      expect(await page.evaluate(() => [matchMedia('(max-width: 432px)').matches, matchMedia('(min-width: 433px)').matches])).toEqual([mobile, !mobile])
      expect(await page.locator('.nav-toggle-label').isVisible(), `menu button at ${width}`).toBe(mobile)
      expect(await page.locator('#site-nav').isVisible(), `navigation at ${width}`).toBe(!mobile)
      const columns = await page.locator('.site-footer-inner').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)
      expect(columns, `footer columns at ${width}`).toBe(mobile ? 1 : 3)
      await screenshot(page, `breakpoint-${width}`)
    }
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      await screenshot(page, `breakpoint-${width}`)
    }
    await page.setViewportSize({ width: 1200, height: 900 })
    expect(unexpected(h.errors)).toEqual([])
  })
})

describe('unsaved-changes dialog', () => {
  it('asks before leaving a screen with unsaved edits: Keep editing stays, Discard changes leaves', async () => {
    const page = h.page
    const site = await demoSite(h.server.baseUrl)
    await page.goto(`/config/sites/${site.id}/settings`)
    await page.waitForURL('**/config/login')
    await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    const sections = page.getByRole('navigation', { name: 'Sections' })
    await sections.getByRole('link', { name: 'Settings' }).click()
    await page.waitForURL(`**/config/sites/${site.id}/settings`)
    const title = page.getByLabel('Site title')
    await expect.poll(() => title.inputValue()).toBe(site.title)

    await title.fill(`${site.title} (draft)`)
    await sections.getByRole('link', { name: 'Pages' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes' })
    await dialog.getByText('You have unsaved changes. If you leave now, they will be lost.').waitFor()
    await page.setViewportSize({ width: 1280, height: 900 })
    await screenshot(page, 'unsaved-changes-dialog-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'unsaved-changes-dialog-390')
    await page.setViewportSize({ width: 1200, height: 900 })
    await dialog.getByRole('button', { name: 'Keep editing' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe(`/config/sites/${site.id}/settings`)
    expect(await title.inputValue()).toBe(`${site.title} (draft)`)

    await sections.getByRole('link', { name: 'Pages' }).click()
    await dialog.getByRole('button', { name: 'Discard changes' }).click()
    await page.waitForURL(`**/config/sites/${site.id}/pages/*`) // Pages opens on the home page
    // nothing was saved
    const home = (await (await h.context.request.get('/?format=json')).json()) as { website: { siteTitle: string } }
    expect(home.website.siteTitle).toBe(site.title)
    expect(unexpected(h.errors)).toEqual([])
  })
})
