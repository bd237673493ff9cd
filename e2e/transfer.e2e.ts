// Settings -> Export / Import in Chromium: the demo owner exports the demo site (a real download of the .swz
// archive, with its progress), imports that archive as a new site at another address (upload progress, then the
// new site), and the new site is in the site switcher, opens in the editor and is served at its own address.
// Screenshots at 1280 and 390 px.
import { readFileSync, rmSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, type Harness } from './support/fixture.js'
import { DEMO_OWNER } from './support/paths.js'

let h: Harness
const dir = mkdtempSync(join(tmpdir(), 'sw-e2e-transfer-'))
beforeAll(async () => {
  h = await openHarness()
})
afterAll(async () => {
  await h?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('Settings -> Export / Import', () => {
  it('exports the site, imports the archive as a new site, and the new site is there', async () => {
    const page = h.page
    await page.setViewportSize({ width: 1280, height: 900 })
    const site = await demoSite(h.server.baseUrl)
    await page.goto(`/config/sites/${site.id}/settings`)
    await page.waitForURL('**/config/login')
    await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click()
    await page.getByRole('heading', { name: 'Export / Import' }).waitFor()

    // export: a real download, progress, then the saved file's name
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export site' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^demo-\d{4}-\d{2}-\d{2}\.swz$/)
    const archive = join(dir, download.suggestedFilename())
    await download.saveAs(archive)
    const bytes = readFileSync(archive)
    expect(bytes.subarray(0, 13).toString()).toBe('manifest.json')
    await page.getByText(/^Saved demo-\d{4}-\d{2}-\d{2}\.swz \(.+\)\.$/).waitFor()

    // import: the archive as a new site at "e2e-copy"
    await page.getByLabel('Site archive').setInputFiles(archive)
    await page.getByLabel('New site address (optional)').fill('e2e-copy')
    await page.getByRole('button', { name: 'Import as a new site' }).click()
    const done = page.getByText(/^Imported “.+” as http:\/\/e2e-copy\.localhost:\d+\/: \d+ pages, \d+ files\.$/)
    await done.waitFor({ timeout: 60_000 })
    await page.getByRole('heading', { name: 'Export / Import' }).scrollIntoViewIfNeeded()
    await screenshot(page, 'transfer-1280')

    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('heading', { name: 'Export / Import' }).scrollIntoViewIfNeeded()
    await screenshot(page, 'transfer-390')
    // nothing of the panel is wider than the phone's screen
    const wide = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.transfer *')).filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1).map((el) => el.outerHTML.slice(0, 80)),
    )
    expect(wide).toEqual([])
    await page.setViewportSize({ width: 1280, height: 900 })

    // the new site: in the site switcher, opens in the editor, served at its own address
    const switcher = page.getByLabel('Site', { exact: true })
    await expect.poll(async () => (await switcher.locator('option').allTextContents()).length).toBeGreaterThan(1)
    await page.getByRole('button', { name: /^Open / }).click()
    await page.waitForURL(/\/config\/sites\/[0-9a-f]{24}\/pages$/)
    expect(page.url()).not.toContain(String(site.id))
    const copy = await page.goto(`http://e2e-copy.localhost:${h.server.port}/`)
    expect(copy?.status()).toBe(200)
    expect(await page.title()).toContain(site.title)

    // the same address again: the server's message under the field
    await page.goto(`/config/sites/${site.id}/settings`)
    await page.getByLabel('Site archive').setInputFiles(archive)
    await page.getByLabel('New site address (optional)').fill('e2e-copy')
    await page.getByRole('button', { name: 'Import as a new site' }).click()
    await page.getByText('This site address is already taken.').waitFor()
    // the browser logs the 409 of the taken address it was meant to get
    expect(unexpected(h.errors).filter((e) => !/status of 409 .*\/api\/sites\/import\?slug=e2e-copy\)$/.test(e))).toEqual([])
  }, 180_000)
})
