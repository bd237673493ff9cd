import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, type Harness } from './support/fixture.js'
import { DEMO_OWNER } from './support/paths.js'

let h: Harness
beforeAll(async () => {
  h = await openHarness()
})
afterAll(async () => h?.close())

describe('website settings', () => {
  it('persist across a server restart and show on the published home page', async () => {
    const page = h.page
    const site = await demoSite(h.server.baseUrl)
    const newTitle = `Restart proof ${Date.now().toString(36)}`

    await page.goto(`/config/sites/${site.id}/settings`)
    await page.waitForURL('**/config/login')
    await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click()
    await page.waitForURL(`**/config/sites/${site.id}/settings`)

    const title = page.getByLabel('Site title')
    await expect.poll(() => title.inputValue()).toBe(site.title)
    // client-side validation first: an empty title is refused under the field
    await title.fill('')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Enter a site title.').waitFor()

    await title.fill(newTitle)
    await page.getByLabel('Time zone').selectOption('Europe/Paris')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Settings saved').waitFor()
    await screenshot(page, 'settings-saved')

    const code = await h.restart()
    expect(code, h.server.output()).toBe(0)

    await page.reload()
    await expect.poll(() => page.getByLabel('Site title').inputValue(), { timeout: 15_000 }).toBe(newTitle)
    expect(await page.getByLabel('Time zone').inputValue()).toBe('Europe/Paris')
    expect(await page.getByLabel('Site', { exact: true }).locator('option:checked').textContent()).toContain(
      newTitle,
    )
    await screenshot(page, 'settings-after-restart')

    const res = await page.goto('/')
    expect(res?.status()).toBe(200)
    await page.getByText(newTitle).first().waitFor({ state: 'visible' })
    expect(await page.title()).toContain(newTitle)
    await screenshot(page, 'home-after-restart')
    expect(unexpected(h.errors)).toEqual([])
  })
})
