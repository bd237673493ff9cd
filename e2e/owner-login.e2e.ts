import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
  })

  it('logs the demo owner in and shows the editor shell for the demo site', async () => {
    const page = h.page
    const site = await demoSite(h.server.baseUrl)
    await page.goto('/config')
    await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(`**/config/sites/${site.id}/pages`)
    const nav = page.getByRole('navigation', { name: 'Sections' })
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Pages',
      'Commerce',
      'Forms',
      'Analytics',
      'Settings',
    ])
    expect(await page.getByLabel('Site', { exact: true }).inputValue()).toBe(String(site.id))
    await page.getByRole('heading', { name: 'Pages' }).waitFor()
    await screenshot(page, 'editor-pages')

    // the session survives a reload (server-side session, HttpOnly cookie)
    await page.reload()
    await page.getByRole('heading', { name: 'Pages' }).waitFor()
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
})
