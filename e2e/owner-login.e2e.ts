import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './support/axe.js'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, type Harness } from './support/fixture.js'
import { DEMO_OWNER } from './support/paths.js'

let h: Harness
beforeAll(async () => {
  h = await openHarness()
})
afterAll(async () => h?.close())

describe('owner login at /config', () => {
  it('refuses a wrong password with the server message', async () => {
    const page = h.page
    await page.goto('/config')
    await page.waitForURL('**/config/login')
    await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
    await page.getByLabel('Password', { exact: true }).fill('not-the-password')
    await page.getByRole('button', { name: 'Log in' }).click()
    const alert = page.getByRole('alert')
    await alert.waitFor({ state: 'visible' })
    expect((await alert.textContent())?.trim()).not.toBe('')
    expect(page.url()).toContain('/config/login')
    expect(await axeViolations(page)).toEqual([])
  })

  it('logs the demo owner in and shows the editor shell for the demo site', async () => {
    const page = h.page
    const site = await demoSite(h.server.baseUrl)
    await page.goto('/config')
    await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    // the owner lands on the home page open in the canvas, not on an empty 'Choose a page' screen
    await page.waitForURL(`**/config/sites/${site.id}/pages/*`)
    const collections = (await (await page.request.get(`/api/sites/${site.id}/content/collections`)).json()) as { collections: { id: string; homepage: boolean }[] }
    const home = collections.collections.find((c) => c.homepage)!
    expect(new URL(page.url()).pathname).toBe(`/config/sites/${site.id}/pages/${home.id}`)
    await page.frameLocator('[data-editor-canvas]').locator('[data-block-id]').first().waitFor()
    const nav = page.getByRole('navigation', { name: 'Sections' })
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Pages',
      'Commerce',
      'Forms',
      'Members',
      'Analytics',
      'History',
      'Settings',
    ])
    expect(await page.getByLabel('Site', { exact: true }).inputValue()).toBe(String(site.id))
    await screenshot(page, 'editor-pages')
    expect(await axeViolations(page)).toEqual([])

    // the session survives a reload (server-side session, HttpOnly cookie)
    await page.reload()
    await page.frameLocator('[data-editor-canvas]').locator('[data-block-id]').first().waitFor()
    const cookies = await h.context.cookies()
    expect(cookies.find((c) => c.name === 'sw_session')?.httpOnly).toBe(true)
    expect(cookies.find((c) => c.name === 'crumb')?.httpOnly).toBe(false)
    expect(unexpected(h.errors)).toEqual([])
  })

  it('logs out', async () => {
    const page = h.page
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.waitForURL('**/config/login')
    await page.reload()
    await page.getByRole('heading', { name: 'Log in' }).waitFor()
  })

  it('signs a new owner up with a new site, published at <slug>.localhost', async () => {
    const page = h.page
    const slug = `e2e-${Date.now().toString(36)}`
    await page.goto('/config/login')
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.waitForURL('**/config/signup')
    await page.getByLabel('Email', { exact: true }).fill(`${slug}@example.com`)
    await page.getByLabel('Password', { exact: true }).fill('short')
    await page.getByLabel('Site title', { exact: true }).fill('E2E Bakery')
    await page.getByLabel('Site address (optional)', { exact: true }).fill(slug)
    await page.getByRole('button', { name: 'Create site' }).click()
    await page.getByText('Use at least 10 characters.').waitFor()
    // long enough but guessable: the server's strength check answers with its feedback under the field
    await page.getByLabel('Password', { exact: true }).fill('password1234')
    await page.getByRole('button', { name: 'Create site' }).click()
    await page
      .locator('[data-field-error]', { hasText: 'This is too close to an often used password.' })
      .waitFor()
    await screenshot(page, 'signup-weak-password')
    await page.getByLabel('Password', { exact: true }).fill('long-enough-secret')
    await page.getByRole('button', { name: 'Create site' }).click()
    // the starter chooser follows sign-up; a blank site is one link away
    await page.waitForURL('**/config/start/*')
    await page.getByRole('button', { name: 'Start from a blank site' }).click()
    await page.waitForURL('**/config/sites/*/pages')
    await page.getByRole('link', { name: 'Settings' }).click()
    await page.waitForURL('**/config/sites/*/settings')
    await expect.poll(() => page.getByLabel('Site title', { exact: true }).inputValue()).toBe('E2E Bakery')
    const options = await page.getByLabel('Site', { exact: true }).locator('option').allTextContents()
    expect(options).toEqual(['E2E Bakery (Administrator)'])
    const published = await page.getByRole('link', { name: 'View site' }).getAttribute('href')
    expect(published).toBe(`http://${slug}.localhost:${h.server.port}/`)
    await screenshot(page, 'signup-settings')
    expect(await axeViolations(page)).toEqual([])

    const res = await page.goto(published!)
    expect(res?.status()).toBe(200)
    await page.getByText('E2E Bakery').first().waitFor({ state: 'visible' })
  })
})
