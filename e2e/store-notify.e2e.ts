// The product page's reviews and restock sections in Chromium: reviews load (product first, then the store's),
// the sold-out Moon jar takes a restock sign-up (spec messages), the owner restocks one unit and sends, and the
// alert arrives in the SMTP sink. Screenshots at 1280 and 390 px; axe-clean sections.
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { injectAxe } from './support/axe.js'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, type Harness } from './support/fixture.js'
import { ownerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js'

let h: Harness
let smtp: SmtpSink
beforeAll(async () => {
  smtp = await startSmtpSink()
  h = await openHarness({ env: { SMTP_URL: smtp.url } })
})
afterAll(async () => {
  await h?.close()
  smtp?.close()
})

async function violations(page: Page, selector: string): Promise<string[]> {
  await injectAxe(page)
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe
    const r = await axe.run({ include: [[sel]] }, { resultTypes: ['violations'] })
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  }, selector)
}

/** The editor at `path`, signed in as the demo owner. */
async function ownerPage(path: string): Promise<Page> {
  const page = h.page
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  if (page.url().includes('/config/login')) {
    await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL((u) => !u.pathname.endsWith('/config/login'))
    await page.goto(path)
  }
  return page
}

describe('fulfilment with tracking (editor) -> the shipping email; email previews', () => {
  it('buy -> the owner fulfils with carrier and tracking in the dialog -> the shipping email arrives', async () => {
    const site = await demoSite(h.server.baseUrl)
    const owner = ownerClient(h.server.baseUrl)
    expect((await owner.call('POST', '/api/auth/login', DEMO_OWNER)).status).toBe(200)
    type Variant = { sku: string; qtyInStock: number; unlimited: boolean }
    const found = await owner.call<{ products: { id: string; structuredContent: { variants: Variant[] } }[] }>('GET', `/api/sites/${site.id}/commerce/products?q=Stoneware`)
    const mug = found.body.products[0]!
    const sku = mug.structuredContent.variants.find((v) => v.unlimited || v.qtyInStock > 0)!.sku
    const buyer = ownerClient(h.server.baseUrl)
    expect((await buyer.call('POST', '/api/commerce/shopping-cart/entries', { itemId: mug.id, sku, quantity: 2, additionalFields: null })).status).toBe(200)
    const address = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main Street', city: 'Springfield', region: 'NY', postalCode: '10001', country: 'US' }
    const placed = await buyer.call<{ order: { id: string; number: number } }>('POST', '/api/commerce/checkout', { email: 'shipme@example.com', shippingAddress: address, card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' } })
    expect(placed.status).toBe(201)
    const confirmation = await smtp.waitFor((m) => m.to.includes('shipme@example.com') && m.subject.startsWith(`Order #${placed.body.order.number} confirmed`))
    // the sender is the shop: the site's title (the demo site is called "Sitewright Demo"), never a bare default
    expect(/^From: "?([^"<]+?)"? </m.exec(confirmation.text)?.[1]).toBe(site.title)

    const page = await ownerPage(`/config/sites/${site.id}/commerce/orders/${placed.body.order.id}`)
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.getByRole('button', { name: /^Fulfil/ }).click()
      const dialog = page.getByRole('dialog', { name: `Fulfil order #${placed.body.order.number}` })
      await dialog.waitFor()
      await dialog.getByLabel('Carrier').fill('UPS')
      await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784')
      await dialog.getByLabel(/^Quantity of/).fill('1')
      await screenshot(page, `fulfil-dialog-${width}`)
      if (width === 1280) await dialog.getByRole('button', { name: 'Cancel' }).click()
    }
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Fulfil these items' }).click()
    await page.getByText('Shipment recorded: the order stays open until every item has shipped.').waitFor()
    await page.getByRole('region', { name: 'Shipments' }).getByText('1Z999AA10123456784').waitFor()
    const shipped = await smtp.waitFor((m) => m.to.includes('shipme@example.com') && m.subject === `Part of order #${placed.body.order.number} has shipped`)
    expect(shipped.text).toContain('Carrier: UPS\nTracking number: 1Z999AA10123456784')

    // the rest ships: the buyer is asked for reviews; the REVIEWS_REQUEST page takes them into moderation
    expect((await owner.call('POST', `/api/sites/${site.id}/commerce/orders/${placed.body.order.id}/fulfil`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456785' })).status).toBe(200)
    const ask = await smtp.waitFor((m) => m.to.includes('shipme@example.com') && m.subject === `How was your order #${placed.body.order.number}?`)
    const link = /Rate your purchase: (\S+)/.exec(ask.text)![1]!
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(link.replace(/^http:\/\/[^/]+/, ''))
      await page.getByRole('heading', { name: 'Rate your purchase' }).waitFor()
      await screenshot(page, `reviews-request-${width}`)
    }
    await page.getByLabel('Your name (shown with your reviews)').fill('Ada L.')
    await page.getByRole('radio', { name: '5 stars' }).first().check()
    await page.getByLabel('Your review', { exact: true }).first().fill('Holds a lot of tea.')
    // an optional photo per product: the form posts as multipart and the photo becomes the review's photo
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b4653a' } }).jpeg().toBuffer()
    await page.getByLabel('Add a photo (optional)').first().setInputFiles({ name: 'tea.jpg', mimeType: 'image/jpeg', buffer: photo })
    await page.getByRole('button', { name: 'Post my reviews' }).click()
    await page.getByText('Thank you! Your reviews will appear once the shop has approved them.').waitFor()
    const pending = await owner.call<{ reviews: { text: string; verifiedPurchase: boolean; importedImageUrls?: string[] }[] }>('GET', `/api/sites/${site.id}/reviews?status=pending`)
    expect(pending.body.reviews).toEqual(expect.arrayContaining([expect.objectContaining({ text: 'Holds a lot of tea.', verifiedPurchase: true })]))
    const withPhoto = pending.body.reviews.find((r) => r.text === 'Holds a lot of tea.')!
    expect(withPhoto.importedImageUrls?.[0]).toMatch(/^\/files\//)

    // the owner approves it in Commerce > Reviews and replies; it shows on the product page with the reply
    await ownerPage(`/config/sites/${site.id}/commerce/reviews`)
    await page.getByLabel('Status').selectOption('pending')
    const item = page.locator('.review-admin', { hasText: 'Holds a lot of tea.' })
    await item.waitFor()
    expect(await item.textContent()).toContain('Verified purchase')
    await item.getByRole('button', { name: 'Approve' }).click()
    await item.getByText('Approved', { exact: true }).waitFor()
    await item.getByRole('button', { name: 'Reply' }).click()
    await item.getByLabel('Reply (shown under the review on the site)').fill('Thank you, Ada!')
    await item.getByRole('button', { name: 'Save reply' }).click()
    await item.locator('.review-admin-reply', { hasText: 'Thank you, Ada!' }).waitFor()
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await screenshot(page, `commerce-reviews-${width}`)
    }
    expect(await violations(page, '.reviews-admin')).toEqual([])
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/shop/stoneware-mug')
    const shown = page.locator('[data-reviews-list="product"] .product-review', { hasText: 'Holds a lot of tea.' })
    await shown.waitFor()
    expect(await shown.locator('.product-review-reply').textContent()).toBe('Reply from the shop: Thank you, Ada!')
    // hidden again from the screen: the product page's counts below stay those of the demo store
    await ownerPage(`/config/sites/${site.id}/commerce/reviews`)
    await page.getByLabel('Status').selectOption('approved')
    await page.locator('.review-admin', { hasText: 'Holds a lot of tea.' }).getByRole('button', { name: 'Hide' }).click()
    await page.locator('.review-admin', { hasText: 'Holds a lot of tea.' }).getByText('Hidden', { exact: true }).waitFor()
    expect(unexpected(h.errors)).toEqual([])
  })

  it('previews every email (COMMERCE_EMAIL_PREVIEW 301) at 1280 and 390 px', async () => {
    const site = await demoSite(h.server.baseUrl)
    const page = await ownerPage(`/config/sites/${site.id}/commerce/emails`)
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`/config/sites/${site.id}/commerce/emails`)
      await page.getByRole('heading', { name: 'Email me when' }).waitFor()
      await page.getByRole('button', { name: 'Shipping notification' }).click()
      const frame = page.frameLocator('iframe.email-frame')
      await frame.getByText('Your order is on its way').waitFor()
      await frame.getByText('RM123456785GB').waitFor()
      await screenshot(page, `email-preview-${width}`)
    }
    await page.getByRole('button', { name: 'Plain text' }).click()
    expect(await page.locator('.email-text').textContent()).toContain('Tracking number: RM123456785GB')
    expect(unexpected(h.errors)).toEqual([])
  })
})

describe('product page: reviews and restock', () => {
  it('shows the product reviews, then the store reviews, with counts and stars, at 1280 and 390 px', async () => {
    const page = h.page
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/shop/stoneware-mug')
      const section = page.locator('.product-reviews-section')
      await section.waitFor()
      expect(await page.locator('.product-reviews-count').textContent()).toBe('4 Review(s)')
      expect(await page.locator('.product-reviews-store-count').textContent()).toMatch(/^\d+ Store Review\(s\)$/)
      expect(await page.locator('[data-reviews-list="product"] .product-review').count()).toBe(4)
      expect(await page.locator('.product-review-source').first().textContent()).toBe('Posted on Etsy')
      // the Etsy text's <stunning> is shown as text, not markup
      expect(await page.locator('.product-review-text', { hasText: '<stunning>' }).count()).toBe(1)
      await section.scrollIntoViewIfNeeded()
      await screenshot(page, `product-reviews-${width}`)
      expect(await violations(page, '.product-reviews')).toEqual([])
    }
    expect(unexpected(h.errors)).toEqual([])
  })

  it('sold-out Moon jar: sign up (spec messages), owner restocks one unit and sends, the alert email arrives', async () => {
    const page = h.page
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/shop/moon-jar')
      const box = page.locator('.product-restock-notification').first()
      await box.waitFor()
      await box.scrollIntoViewIfNeeded()
      await screenshot(page, `product-restock-${width}`)
      expect(await violations(page, '.product-restock')).toEqual([])
    }
    const box = page.locator('.product-restock-notification').first()
    await box.locator('input[type=submit]').click()
    expect(await box.locator('.product-restock-message').textContent()).toBe('Email cannot be blank')
    await box.locator('input[name=email]').fill('jar-fan@example')
    await box.locator('input[type=submit]').click()
    expect(await box.locator('.product-restock-message').textContent()).toBe('Email is invalid')
    await box.locator('input[name=email]').fill('jar-fan@example.com')
    await box.locator('input[type=submit]').click()
    await box.locator('.product-restock-success').waitFor()
    expect(await box.locator('.product-restock-success').textContent()).toBe('Signed up!')
    await screenshot(page, 'product-restock-signed-up-1280')
    const productId = await box.getAttribute('data-product-id')
    const variantId = await box.getAttribute('data-variant-id')

    const site = await demoSite(h.server.baseUrl)
    const owner = ownerClient(h.server.baseUrl)
    expect((await owner.call('POST', '/api/auth/login', DEMO_OWNER)).status).toBe(200)
    const groups = await owner.call<{ signUpGroups: { variantId: string; waiting: number }[] }>('GET', `/api/sites/${site.id}/restock/groups`)
    expect(groups.body.signUpGroups).toEqual([expect.objectContaining({ variantId, waiting: 1 })])
    expect((await owner.call('PATCH', `/api/sites/${site.id}/commerce/products/${productId}/variants/${variantId}/stock`, { qtyInStock: 1 })).status).toBe(200)
    const sent = await owner.call<{ notified: number }>('POST', `/api/sites/${site.id}/restock/send`, { productId, variantId })
    expect(sent.body.notified).toBe(1)
    const mail = await smtp.waitFor((m) => m.to.includes('jar-fan@example.com'))
    expect(mail.subject).toBe('Back in stock: Moon jar')
    expect(mail.text).toContain('/shop/moon-jar')
    // a second send alerts nobody: the one unit is covered
    expect((await owner.call<{ notified: number }>('POST', `/api/sites/${site.id}/restock/send`, { productId, variantId })).body.notified).toBe(0)

    // Commerce > Restock: the group with its counts and its sign-ups
    await ownerPage(`/config/sites/${site.id}/commerce/restock`)
    const row = page.getByRole('row', { name: /Moon jar/ })
    await row.waitFor()
    await row.getByRole('button', { name: 'Sign-ups' }).click()
    await page.getByRole('table', { name: /Sign-ups for Moon jar/ }).getByText('jar-fan@example.com').waitFor()
    await page.getByLabel('Send alerts automatically when stock returns').waitFor()
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await screenshot(page, `commerce-restock-${width}`)
    }
    expect(await violations(page, '.restock-admin')).toEqual([])
    expect(unexpected(h.errors)).toEqual([])
  })
})

describe('checkout: address autocomplete (offline places)', () => {
  it('the city combobox suggests cities and fills the state and country, at 1280 and 390 px', async () => {
    const page = h.page
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/shop/stoneware-mug')
    const res = await page.context().request.get('/shop?format=json')
    type Item = { id: string; urlId: string; structuredContent: { variants: { sku: string; unlimited: boolean; qtyInStock: number }[] } }
    const mug = ((await res.json()) as { items: Item[] }).items.find((i) => i.urlId === 'stoneware-mug')!
    const crumb = (await page.context().cookies()).find((c) => c.name === 'crumb')!.value
    const sku = mug.structuredContent.variants.find((v) => v.unlimited || v.qtyInStock > 0)!.sku
    const added = await page.context().request.post('/api/commerce/shopping-cart/entries', { data: { itemId: mug.id, sku, quantity: 1, additionalFields: null }, headers: { 'x-csrf-token': decodeURIComponent(crumb) } })
    expect(added.status()).toBe(200)
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/checkout')
      const city = page.getByRole('combobox', { name: 'City' })
      await city.fill('')
      await city.pressSequentially('Springf', { delay: 30 })
      const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option')
      await options.first().waitFor()
      expect(await options.first().textContent()).toBe('Springfield MO, United States')
      await city.press('ArrowDown')
      await city.scrollIntoViewIfNeeded()
      await screenshot(page, `checkout-address-autocomplete-${width}`)
      expect(await violations(page, '.checkout-shipping')).toEqual([])
    }
    const city = page.getByRole('combobox', { name: 'City' })
    await city.press('Enter')
    await expect.poll(() => page.getByLabel('State / region').inputValue()).toBe('MO')
    expect(await city.inputValue()).toBe('Springfield')
    expect(await page.getByLabel('Country').inputValue()).toBe('US')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('shipping.postalCode')
    expect(unexpected(h.errors)).toEqual([])
  })
})
