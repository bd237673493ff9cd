// The store as a visitor uses it, in real Chromium against the real server: pick a size x colour variant on
// /shop, see the unselected-option message and the button states, watch the cart pill, change the quantity at
// /cart, check out in test mode and see the confirmation; a sold-out product says so; the instalment dialog
// traps focus and closes on Escape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, type Harness } from './support/fixture.js'
import { ownerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'

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
let tee: Item
let soldOut: Item
let withForm: Item

const inStock = (v: Variant) => v.unlimited || v.qtyInStock > 0

/** The shop's items as the page's ?format=json gives them. */
async function shopItems(): Promise<{ collectionId: string; items: Item[] }> {
  const res = await h.context.request.get('/shop?format=json')
  expect(res.status()).toBe(200)
  const body = (await res.json()) as { collection: { id: string }; items: Item[] }
  return { collectionId: body.collection.id, items: body.items }
}

const isSizeColour = (i: Item) =>
  i.structuredContent.productType === 1 &&
  (i.structuredContent.variantOptionOrdering ?? []).length === 2 &&
  i.structuredContent.variants.some(inStock) &&
  i.structuredContent.variants.some((v) => !inStock(v))
const isSoldOut = (i: Item) => i.structuredContent.productType === 1 && !i.structuredContent.variants.some(inStock)
const hasForm = (i: Item) => !!i.structuredContent.additionalFieldsForm && i.structuredContent.variants.length === 1 && i.structuredContent.variants.some(inStock)

/** The demo store has both products; a store without them gets them through the owner API. */
async function ensureProducts(): Promise<void> {
  let shop = await shopItems()
  if (!shop.items.some(isSizeColour) || !shop.items.some(isSoldOut) || !shop.items.some(hasForm)) {
    const site = await demoSite(h.server.baseUrl)
    const api = ownerClient(h.server.baseUrl)
    expect((await api.call('POST', '/api/auth/login', DEMO_OWNER)).status).toBe(200)
    const base = `/api/sites/${site.id}/commerce/products`
    const v = (sku: string, Size: string, Color: string, qtyInStock: number) => ({ sku, attributes: { Size, Color }, priceCents: 4800, qtyInStock })
    if (!shop.items.some(isSizeColour)) {
      const res = await api.call('POST', base, {
        collectionId: shop.collectionId, productType: 1, title: 'E2E Tee', status: 'published',
        variantOptions: [{ name: 'Size', values: ['S', 'M'] }, { name: 'Color', values: ['Red', 'Blue'] }],
        variants: [v('E2E-S-RED', 'S', 'Red', 5), v('E2E-S-BLUE', 'S', 'Blue', 0), v('E2E-M-RED', 'M', 'Red', 5), v('E2E-M-BLUE', 'M', 'Blue', 5)],
      })
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300)
    }
    if (!shop.items.some(isSoldOut)) {
      const res = await api.call('POST', base, {
        collectionId: shop.collectionId, productType: 1, title: 'E2E Sold Out', status: 'published',
        variants: [{ sku: 'E2E-GONE', attributes: {}, priceCents: 2000, qtyInStock: 0 }],
      })
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300)
    }
    if (!shop.items.some(hasForm)) {
      const res = await api.call('POST', base, {
        collectionId: shop.collectionId, productType: 1, title: 'E2E Name Plate', status: 'published',
        additionalFieldsForm: { name: 'Personalisation', fields: [{ id: 'name', type: 'text', title: 'Name to paint', required: true }, { id: 'colour', type: 'select', title: 'Paint colour', required: true, options: ['Cobalt', 'Black'] }] },
        variants: [{ sku: 'E2E-PLATE', attributes: {}, priceCents: 3500, qtyInStock: 20 }],
      })
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300)
    }
    shop = await shopItems()
  }
  tee = shop.items.find(isSizeColour)!
  soldOut = shop.items.find(isSoldOut)!
  withForm = shop.items.find(hasForm)!
  expect(tee).toBeDefined()
  expect(soldOut).toBeDefined()
}

const button = (page: Page) => page.locator('.sqs-add-to-cart-button').first()
const label = async (page: Page) => (await button(page).textContent())?.trim()
const pill = (page: Page) => page.locator('[data-cart-pill]')

beforeAll(async () => {
  h = await openHarness()
  await ensureProducts()
})
afterAll(async () => h?.close())

describe('store: product page to order confirmation', () => {
  it('shows the unselected-option message, then adds a variant: Adding…, Added!, and the pill shows 1 item', async () => {
    const page = h.page
    await page.goto('/shop')
    await page.locator(`a[href="${tee.fullUrl}"]`).first().click()
    await page.waitForURL(`**${tee.fullUrl}`)
    const [first, second] = tee.structuredContent.variantOptionOrdering!
    await button(page).waitFor({ state: 'visible' })
    await expect.poll(() => button(page).getAttribute('data-commerce-bound')).toBe('true')
    await button(page).click()
    const alert = page.getByRole('alertdialog')
    await alert.waitFor({ state: 'visible' })
    expect(await alert.getByRole('heading').textContent()).toBe('Unable to Add Item')
    expect(await alert.locator('.sw-alert-message').textContent()).toBe(`Please select the ${first} and ${second} options.`)
    await page.keyboard.press('Escape')
    await alert.waitFor({ state: 'detached' })

    const variant = tee.structuredContent.variants.find(inStock)!
    await page.locator(`select[data-variant-option-name="${first}"]`).selectOption(variant.attributes[first!]!)
    await page.locator(`select[data-variant-option-name="${second}"]`).selectOption(variant.attributes[second!]!)
    await expect.poll(() => button(page).getAttribute('data-state')).toBe('idle')
    await button(page).click()
    await expect.poll(() => label(page)).toBe('Adding…')
    await expect.poll(() => label(page), { timeout: 5000 }).toBe('Added!')
    await expect.poll(() => pill(page).isVisible()).toBe(true)
    expect((await pill(page).locator('[data-cart-count]').textContent())?.trim()).toBe('1')
    expect((await pill(page).locator('[data-cart-word]').textContent())?.trim()).toBe('item')
    await expect.poll(() => label(page), { timeout: 5000 }).toBe('Add To Cart')
    await screenshot(page, 'store-product-added')
  })

  it('opens the instalment dialog, keeps focus inside it and closes it on Escape', async () => {
    const page = h.page
    const offer = page.locator('[data-instalments]')
    await expect.poll(() => offer.isVisible()).toBe(true)
    expect(await offer.locator('.instalments-text').textContent()).toMatch(/^(or 4 interest-free payments of \$[\d,.]+ with|available for orders (up to|over) \$[\d,.]+)$/)
    const opener = offer.locator('.instalments-pill')
    await opener.click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor({ state: 'visible' })
    await expect.poll(() => dialog.locator('.instalment-dialog').count()).toBe(1) // the server's HTML arrived
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab')
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.classList.contains('instalments-pill'))).toBe(true)
  })

  it('shows a sold-out product as sold out: the button reads the sold-out text and is disabled', async () => {
    const page = h.page
    await page.goto(soldOut.fullUrl)
    expect((await page.locator('.product-mark.sold-out').first().textContent())?.trim()).toBe('sold out')
    await expect.poll(() => button(page).getAttribute('data-commerce-bound')).toBe('true')
    expect(await label(page)).toBe('sold out')
    expect(await button(page).getAttribute('aria-disabled')).toBe('true')
    const before = (await (await h.context.request.get('/api/commerce/shopping-cart')).json()).totalQuantity
    await button(page).click({ force: true })
    await page.waitForTimeout(500)
    expect(await page.getByRole('alertdialog').count()).toBe(0)
    expect(await label(page)).toBe('sold out')
    expect((await (await h.context.request.get('/api/commerce/shopping-cart')).json()).totalQuantity).toBe(before)
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await screenshot(page, `store-sold-out-${width}`)
    }
    await page.setViewportSize({ width: 1200, height: 900 })
  })

  it('a sold-out variant disables the button; a quantity above stock says how many are available', async () => {
    const page = h.page
    await page.goto(tee.fullUrl)
    await expect.poll(() => button(page).getAttribute('data-commerce-bound')).toBe('true')
    const [first, second] = tee.structuredContent.variantOptionOrdering!
    const choose = async (v: Variant) => {
      await page.locator(`select[data-variant-option-name="${first}"]`).selectOption(v.attributes[first!]!)
      await page.locator(`select[data-variant-option-name="${second}"]`).selectOption(v.attributes[second!]!)
    }
    await choose(tee.structuredContent.variants.find((v) => !inStock(v))!)
    await expect.poll(() => label(page)).toBe('sold out')
    expect(await button(page).getAttribute('aria-disabled')).toBe('true')
    const cart = await (await h.context.request.get('/api/commerce/shopping-cart')).json()
    const notInCart = tee.structuredContent.variants.filter((v) => inStock(v) && !v.unlimited && !cart.entries.some((e: { chosenVariant: { sku: string } }) => e.chosenVariant.sku === v.sku))
    const v = notInCart[notInCart.length - 1]!
    await choose(v)
    await expect.poll(() => label(page)).toBe('Add To Cart')
    expect(await button(page).getAttribute('aria-disabled')).toBe('false')
    await page.locator('.product-quantity-input input').fill(String(v.qtyInStock + 1))
    await button(page).click()
    const alert = page.getByRole('alertdialog')
    await alert.waitFor({ state: 'visible' })
    expect(await alert.locator('.sw-alert-message').textContent()).toBe(`Sorry, we do not have enough of that item available. Only ${v.qtyInStock} available.`)
    await page.keyboard.press('Escape')
    await alert.waitFor({ state: 'detached' })
    expect(unexpected(h.errors)).toEqual([])
  })

  it('changes the quantity at /cart, checks out in test mode and shows the order confirmation', async () => {
    const page = h.page
    await page.goto('/shop')
    await pill(page).waitFor({ state: 'visible' })
    await pill(page).click()
    await page.waitForURL('**/cart')
    const entry = page.locator('.cart-entry')
    await entry.first().waitFor({ state: 'visible' })
    expect(await entry.count()).toBe(1)
    const quantity = entry.locator('input[type="number"]')
    await quantity.fill('2')
    await quantity.press('Enter')
    await expect.poll(() => pill(page).locator('[data-cart-count]').textContent()).toBe('2')
    expect((await pill(page).locator('[data-cart-word]').textContent())?.trim()).toBe('items')
    await screenshot(page, 'store-cart')

    await page.getByRole('link', { name: 'Checkout' }).click()
    await page.waitForURL('**/checkout')
    await page.getByLabel('Email').fill('shopper@example.com')
    await page.getByLabel('First name').fill('Ada')
    await page.getByLabel('Last name').fill('Lovelace')
    await page.getByLabel('Address', { exact: true }).fill('1 Main Street')
    await page.getByLabel('City').fill('Springfield')
    await page.getByLabel('State / region').fill('NY')
    await page.getByLabel('Postal code').fill('10001')
    await page.getByLabel('Country').selectOption('US')
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByLabel('Expiry month').fill('12')
    await page.getByLabel('Expiry year').fill(String((new Date().getFullYear() + 2) % 100))
    await page.getByLabel('Security code').fill('123')
    await screenshot(page, 'store-checkout')
    await page.getByRole('button', { name: 'Place Order' }).click()
    await page.waitForURL('**/commerce/orders/**', { timeout: 15_000 })
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor()
    expect(await page.locator('.order-test-mode').textContent()).toContain('Test mode')
    expect(await page.locator('.cart-line-quantity').first().textContent()).toContain('2')
    await screenshot(page, 'store-order-confirmed')
    expect(unexpected(h.errors)).toEqual([])
  })

  it('a product with additional fields opens the lightbox form: Required, then the entry is added with its fields', async () => {
    const page = h.page
    await page.goto(withForm.fullUrl)
    await expect.poll(() => button(page).getAttribute('data-commerce-bound')).toBe('true')
    await button(page).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor({ state: 'visible' })
    const form = dialog.locator('form.additional-fields-form')
    await form.locator('button[type="submit"]').click()
    await expect.poll(() => form.locator('.field-error').allTextContents()).toEqual(['Required', 'Required'])
    await form.locator('input[name="name"]').fill('Ada')
    await form.locator('select[name="colour"]').selectOption({ index: 1 })
    await screenshot(page, 'store-additional-fields')
    await form.locator('button[type="submit"]').click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => label(page), { timeout: 5000 }).toBe('Added!')
    await expect.poll(() => pill(page).locator('[data-cart-count]').textContent()).toBe('1')
    const cart = await (await h.context.request.get('/api/commerce/shopping-cart')).json()
    expect(cart.entries[0].additionalFields).toMatchObject({ name: 'Ada' })
    expect(unexpected(h.errors)).toEqual([])
  })

  it('edits the entry\'s additional fields at /cart: the lightbox opens filled in and saves', async () => {
    const page = h.page
    await page.goto('/cart')
    const edit = page.locator('.cart-entry-edit-fields').first()
    await edit.waitFor({ state: 'visible' })
    expect(await page.locator('.cart-entry-fields dd').first().textContent()).toBe('Ada')
    // the row shows the form's field titles (not the ids), a thumbnail, a styled 'Edit details', price and Remove
    const row = page.locator('.cart-entry').first()
    expect(await row.locator('.cart-entry-fields dt').allTextContents()).toEqual(['Name to paint', 'Paint colour'])
    expect(await row.locator('img.cart-entry-image').count()).toBe(1)
    expect(await row.locator('img.cart-entry-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    expect(await edit.evaluate((b) => getComputedStyle(b).borderRadius)).not.toBe('0px')
    const continueLink = page.getByRole('link', { name: 'Continue shopping' })
    expect(await continueLink.getAttribute('href')).toBe(withForm.fullUrl.replace(/\/[^/]+$/, ''))
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      const box = (await row.boundingBox())!
      for (const part of [row.locator('.cart-entry-price'), row.getByRole('button', { name: /^Remove/ }), edit]) {
        const b = (await part.boundingBox())!
        expect(b.x >= box.x - 1 && b.x + b.width <= box.x + box.width + 1 && b.y >= box.y - 1 && b.y + b.height <= box.y + box.height + 1).toBe(true)
      }
      await screenshot(page, `store-cart-fields-${width}`)
    }
    await page.setViewportSize({ width: 1200, height: 900 })
    await edit.click()
    const form = page.getByRole('dialog').locator('form.additional-fields-form')
    await form.waitFor({ state: 'visible' })
    expect(await form.locator('input[name="name"]').inputValue()).toBe('Ada')
    await form.locator('input[name="name"]').fill('Grace')
    await form.locator('button[type="submit"]').click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await expect.poll(() => page.locator('.cart-entry-fields dd').first().textContent()).toBe('Grace')
    const cart = await (await h.context.request.get('/api/commerce/shopping-cart')).json()
    expect(cart.entries[0].additionalFields).toMatchObject({ name: 'Grace' })
    expect(unexpected(h.errors)).toEqual([])
  })

  it('a subscription checkout recalculates shipping and tax for its own cart (no 404 from the shipping call)', async () => {
    const sub = (await shopItems()).items.find((i) => (i.structuredContent as { isSubscribable?: boolean }).isSubscribable && i.structuredContent.variants.some(inStock))
    expect(sub, 'the demo store has a subscription product').toBeDefined()
    const page = h.page
    await page.goto(sub!.fullUrl)
    await expect.poll(() => button(page).getAttribute('data-commerce-bound')).toBe('true')
    await button(page).click()
    await page.waitForURL('**/checkout?cartToken=**')
    const [put] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/commerce/shopping-cart/shipping') && r.request().method() === 'PUT'),
      page.getByLabel('Country').selectOption('GB'),
    ])
    expect(put.status()).toBe(200)
    const cart = ((await put.json()) as { shoppingCart: { entries: { itemId: string }[]; taxCents: number; grandTotalCents: number } }).shoppingCart
    expect(cart.entries.map((e) => e.itemId)).toEqual([sub!.id])
    expect(cart.taxCents).toBeGreaterThan(0) // the demo's GB VAT
    await expect.poll(() => page.locator('[data-total="taxCents"]').textContent()).toBe((cart.taxCents / 100).toFixed(2)) // the currency sign comes from CSS
    expect(unexpected(h.errors)).toEqual([])
  })

  it('a gift card goes to the gift-card page with its denomination, then to checkout with the recipient', async () => {
    const giftCard = (await shopItems()).items.find((i) => i.structuredContent.productType === 4 && (i.structuredContent.variantOptionOrdering ?? []).length === 1)
    expect(giftCard, 'the demo store has a gift card with denominations').toBeDefined()
    const page = h.page
    await page.goto(giftCard!.fullUrl)
    await expect.poll(() => button(page).getAttribute('data-commerce-bound')).toBe('true')
    await button(page).click()
    const alert = page.getByRole('alertdialog')
    await alert.waitFor({ state: 'visible' })
    expect(await alert.getByRole('heading').textContent()).toBe('Unable to purchase Gift Card')
    expect(await alert.locator('.sw-alert-message').textContent()).toBe('Select a denomination for the Gift Card')
    await page.keyboard.press('Escape')
    await alert.waitFor({ state: 'detached' })
    const option = giftCard!.structuredContent.variantOptionOrdering![0]!
    const denomination = giftCard!.structuredContent.variants[1]!
    await page.locator(`select[data-variant-option-name="${option}"]`).selectOption(denomination.attributes[option]!)
    await expect.poll(() => button(page).getAttribute('data-state')).toBe('idle')
    await button(page).click()
    await page.waitForURL(`**/commerce/gift-card?itemId=${giftCard!.id}&sku=${denomination.sku}`)
    const form = page.locator('form[data-gift-card-form]')
    expect(await form.locator(`input[name="sku"][value="${denomination.sku}"]`).isChecked()).toBe(true)
    await form.getByLabel('Recipient name').fill('Grace Hopper')
    await form.getByLabel('Recipient email').fill('grace@example.com')
    await form.getByLabel('Message (optional)').fill('Happy birthday!')
    await screenshot(page, 'store-gift-card')
    await form.getByRole('button', { name: 'Continue to Checkout' }).click()
    await page.waitForURL('**/checkout')
    expect(await page.locator('.checkout-summary').textContent()).toContain(giftCard!.title)
    const cart = await (await h.context.request.get('/api/commerce/shopping-cart')).json()
    const entry = cart.entries.find((e: { itemId: string }) => e.itemId === giftCard!.id)
    expect(entry).toMatchObject({ chosenVariant: { sku: denomination.sku }, additionalFields: { recipientName: 'Grace Hopper', recipientEmail: 'grace@example.com', message: 'Happy birthday!' } })
    expect(unexpected(h.errors)).toEqual([])
  })
})
