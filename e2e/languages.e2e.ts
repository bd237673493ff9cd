// A visitor on a site in two languages: the French home page under /fr with French navigation, <html lang>, the
// language switcher (1280 and 390 px), and the switch back to English remembered in the locale cookie.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from './support/browser.js'
import { demoSite, openHarness, type Harness } from './support/fixture.js'
import { ownerClient } from './support/owner-api.js'

let h: Harness

beforeAll(async () => {
  h = await openHarness()
}, 120_000)
afterAll(async () => h?.close())

describe('languages in the browser', () => {
  it('shows the French home page with its switcher and remembers the switch back to English', async () => {
    const api = ownerClient(h.server.baseUrl)
    const site = await demoSite(h.server.baseUrl, api)
    expect((await api.call('POST', `/api/sites/${site.id}/locales`, { locale: 'fr-FR' })).status).toBe(201)
    const pages = await api.call<{ collections: { id: string; homepage: boolean; title: string }[] }>('GET', `/api/sites/${site.id}/content/collections`)
    const home = pages.body.collections.find((c) => c.homepage)!
    expect((await api.call('PUT', `/api/sites/${site.id}/content/collections/${home.id}/translations?locale=fr-FR`, { fields: { title: 'Accueil', navigationTitle: 'Accueil' } })).status).toBe(200)

    const { page } = h
    for (const [width, height] of [[1280, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height })
      await page.goto('/fr')
      expect(await page.getAttribute('html', 'lang')).toBe('fr-FR')
      const switcher = page.locator('[data-language-switcher]')
      await switcher.waitFor({ state: 'visible' })
      expect(await switcher.locator('a[aria-current="true"]').textContent()).toBe('Français')
      await screenshot(page, `languages-fr-${width}`)
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.locator('[data-language-switcher] a[hreflang="en-US"]').click()
    await page.waitForURL(`${h.server.baseUrl}/`)
    expect(await page.getAttribute('html', 'lang')).toBe('en-US')
    const cookie = (await h.context.cookies()).find((c) => c.name === 'sw_locale')
    expect(cookie?.value).toBe('en-US')
  })
})
