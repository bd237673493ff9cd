// Scarcity in real Chromium: the owner sets the threshold, text and shown-by-default in the editor's store
// settings; the product page of a low-stock product shows the message with its stock. Screenshots at 1280/390.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, signInToPages, type Harness, type SiteSummary } from './support/fixture.js'
import { ownerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'

interface Item {
  id: string
  fullUrl: string
  structuredContent: { productType: number; variants: { sku: string; qtyInStock: number; unlimited: boolean }[] }
}

let h: Harness
let site: SiteSummary
beforeAll(async () => {
  h = await openHarness()
  site = await demoSite(h.server.baseUrl)
  await signInToPages(h.page, site.id)
})
afterAll(async () => {
  await h?.close()
})

describe('scarcity message', () => {
  it('owner settings in the store settings feed the product page message', async () => {
    const page = h.page
    const items = ((await (await h.context.request.get('/shop?format=json')).json()) as { items: Item[] }).items
    const product = items.find((i) => i.structuredContent.productType === 1 && i.structuredContent.variants.length === 1 && !i.structuredContent.variants[0]!.unlimited && i.structuredContent.variants[0]!.qtyInStock > 0)
    expect(product, 'the demo store has a single-variant product with stock').toBeDefined()
    const qty = product!.structuredContent.variants[0]!.qtyInStock

    await page.goto(`/config/sites/${site.id}/commerce/settings`)
    const threshold = page.getByLabel('Show it at or below this stock', { exact: true })
    await threshold.waitFor()
    await threshold.fill(String(qty))
    await page.getByLabel('Message', { exact: true }).fill('Hurry: {qtyInStock} left')
    await page.getByLabel('Show it before a variant is chosen', { exact: true }).check()
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await screenshot(page, `scarcity-settings-${width}`)
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.locator('form.scarcity-settings').getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => page.locator('form.scarcity-settings [role="status"]').last().textContent()).toBe('Scarcity settings saved')

    // the saved settings, as the server holds them
    const api = ownerClient(h.server.baseUrl)
    expect((await api.call('POST', '/api/auth/login', DEMO_OWNER)).status).toBe(200)
    const saved = await api.call<{ config: Record<string, unknown> }>('GET', `/api/sites/${site.id}/restock-settings`)
    expect(saved.body.config).toMatchObject({ scarcityThreshold: qty, scarcityText: 'Hurry: {qtyInStock} left', scarcityShownByDefault: true })

    const visitor = await h.browser.newContext({ baseURL: h.server.baseUrl })
    const shopper = await visitor.newPage()
    await shopper.goto(product!.fullUrl)
    const message = shopper.locator('.product-scarcity')
    await expect.poll(() => message.isVisible()).toBe(true)
    expect((await message.textContent())?.trim()).toBe(`Hurry: ${qty} left`)
    for (const width of [1280, 390]) {
      await shopper.setViewportSize({ width, height: 900 })
      await screenshot(shopper, `scarcity-product-${width}`)
    }
    await visitor.close()
    expect(unexpected(h.errors).filter((e) => e.startsWith('pageerror'))).toEqual([])
  })
})
