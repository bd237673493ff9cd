// Quick View in real Chromium on the demo shop: the product card's 'Quick View' button (keyboard) opens a lightbox
// with the product's images, price, variants and add to cart; focus stays inside; adding fills the cart pill;
// Escape closes it and focus returns to the button; each opening posts /api/census/RecordQuickView/{id}.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected, watchErrors } from './support/browser.js'
import { demoSite, openHarness, type Harness } from './support/fixture.js'
import { ownerClient } from './support/owner-api.js'
import { ARTIFACTS, DEMO_OWNER } from './support/paths.js'

// Headless Chromium names itself in its user agent and bots are not counted: the visitor uses a desktop Chrome one.
const VISITOR_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'

interface Variant {
  sku: string
  attributes: Record<string, string>
  qtyInStock: number
  unlimited: boolean
}
interface Item {
  id: string
  title: string
  fullUrl: string
  structuredContent: { productType: number; variants: Variant[]; variantOptionOrdering?: string[]; additionalFieldsForm?: unknown }
}

let h: Harness
let page: Page
let errors: string[]
let tee: Item
const inStock = (v: Variant) => v.unlimited || v.qtyInStock > 0

beforeAll(async () => {
  h = await openHarness()
  const res = await h.context.request.get('/shop?format=json')
  const items = ((await res.json()) as { items: Item[] }).items
  tee = items.find((i) => i.structuredContent.productType === 1 && (i.structuredContent.variantOptionOrdering ?? []).length === 2 && i.structuredContent.variants.some(inStock) && !i.structuredContent.additionalFieldsForm)!
  expect(tee, 'the demo store has a product with two options and stock').toBeDefined()
  const ctx = await h.browser.newContext({ baseURL: h.server.baseUrl, userAgent: VISITOR_UA, viewport: { width: 1280, height: 900 } })
  page = await ctx.newPage()
  errors = watchErrors(page)
})
afterAll(async () => {
  await h?.close()
})

describe('Quick View', () => {
  it('opens from the keyboard, shows images, price, variants and add to cart, adds to the cart and closes on Escape', async () => {
    await page.goto('/shop')
    const opener = page.locator(`.sqs-product-quick-view-button[data-id="${tee.id}"]`)
    expect((await opener.textContent())?.trim()).toBe('Quick View')
    await expect.poll(() => opener.getAttribute('data-quick-view-bound'), { timeout: 15_000 }).toBe('true')
    const recorded = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/census/RecordQuickView/${tee.id}`))
    await opener.focus()
    await page.keyboard.press('Enter')
    expect((await (await recorded).response())?.status()).toBe(202)

    const dialog = page.locator('.quick-view [role="dialog"]')
    await dialog.waitFor({ state: 'visible' })
    const add = dialog.locator('.sqs-add-to-cart-button')
    await expect.poll(() => add.getAttribute('data-commerce-bound'), { timeout: 15_000 }).toBe('true')
    expect((await dialog.locator('.sw-dialog-title').textContent())?.trim()).toBe(tee.title)
    expect(await dialog.locator('.quick-view-media img').count()).toBeGreaterThan(0)
    expect(await dialog.locator('.product-price').textContent()).toMatch(/\$\d/)
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab')
      expect(await page.evaluate(() => !!document.activeElement?.closest('.quick-view [role="dialog"]'))).toBe(true)
    }
    await screenshot(page, 'quick-view-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: join(ARTIFACTS, 'quick-view-390.png') }) // the viewport: the lightbox is fixed
    await dialog.locator('.quick-view-details').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(ARTIFACTS, 'quick-view-390-scrolled.png') })
    await page.setViewportSize({ width: 1280, height: 900 })

    const [first, second] = tee.structuredContent.variantOptionOrdering!
    const variant = tee.structuredContent.variants.find(inStock)!
    await dialog.locator(`select[data-variant-option-name="${first}"]`).selectOption(variant.attributes[first!]!)
    await dialog.locator(`select[data-variant-option-name="${second}"]`).selectOption(variant.attributes[second!]!)
    await add.click()
    await expect.poll(() => page.locator('[data-cart-pill]').isVisible(), { timeout: 10_000 }).toBe(true)
    expect((await page.locator('[data-cart-pill] [data-cart-count]').textContent())?.trim()).toBe('1')
    const cart = (await (await page.context().request.get('/api/commerce/shopping-cart')).json()) as { entries: { chosenVariant: { sku: string } }[] }
    expect(cart.entries.map((e) => e.chosenVariant.sku)).toEqual([variant.sku])

    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.classList.contains('sqs-product-quick-view-button'))).toBe(true)
    expect(unexpected(errors)).toEqual([])

    // the owner's event report counts the quick view
    const owner = ownerClient(h.server.baseUrl)
    expect((await owner.call('POST', '/api/auth/login', DEMO_OWNER)).status).toBe(200)
    const site = await demoSite(h.server.baseUrl)
    const day = new Date().toISOString().slice(0, 10)
    const events = async () => (await owner.call<{ events: { event: string; count: number }[] }>('GET', `/api/sites/${site.id}/analytics/funnel?from=${day}&to=${day}`)).body.events
    await expect.poll(async () => (await events()).find((e) => e.event === 'quick-view')?.count, { timeout: 10_000 }).toBe(1)
  })
})
