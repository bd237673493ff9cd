// Automatic promotions from the owner's screen to the owner's figures, in real Chromium against the real server and
// an SMTP sink: the owner adds "Mug week" (15% off the Stoneware mug) in Commerce -> Promotions; the product page
// says it is on sale; the cart, the checkout (with a code on top), the confirmation page, the confirmation mail, the
// owner's order list and order page, the Promotions screen's use count and the analytics funnel each show the
// figure this file computes from the demo's prices, the promotion, the demo's "Free shipping over $100", the code
// and New York's tax rate: one breakdown whose lines sum to the charge.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected, watchErrors } from './support/browser.js'
import { fillContactAndAddress, fillTestCard } from './support/checkout.js'
import { demoSite, openHarness, type Harness, type SiteSummary } from './support/fixture.js'
import { ownerClient, type OwnerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js'

const PERCENT = 15
const MUGS = 3
const EMAIL = 'mug-week@example.com'

let h: Harness
let smtp: SmtpSink
let site: SiteSummary
let owner: OwnerClient
beforeAll(async () => {
  smtp = await startSmtpSink()
  h = await openHarness({ env: { SMTP_URL: smtp.url } })
  owner = ownerClient(h.server.baseUrl)
  site = await demoSite(h.server.baseUrl, owner)
})
afterAll(async () => {
  await h?.close()
  await smtp?.close()
})

const roundHalf = (num: number, den: number) => Math.floor((2 * num + den) / (2 * den))
const usd = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`
const api = (path: string) => `/api/sites/${site.id}${path}`

async function ownerPage(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  if (page.url().includes('/config/login')) {
    await page.getByLabel('Email', { exact: true }).fill(DEMO_OWNER.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL((u) => !u.pathname.endsWith('/config/login'))
    await page.goto(path)
  }
}

async function funnel(): Promise<{ revenue: number; products: { product: string; revenue: number }[] }> {
  const to = new Date().toISOString().slice(0, 10)
  const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10)
  const res = await owner.call<{ revenue: number; products: { product: string; revenue: number }[] }>('GET', api(`/analytics/funnel?from=${from}&to=${to}`))
  expect(res.status).toBe(200)
  return res.body
}
const productRevenue = (f: Awaited<ReturnType<typeof funnel>>, title: string) => f.products.find((p) => p.product === title)?.revenue ?? 0

/** 'Label: text' of each line of a <dl> whose <dt>s are followed by their <dd>. */
const dlLines = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((dl) => Array.from(dl.querySelectorAll('dt'), (dt) => `${dt.textContent?.trim()}: ${dt.nextElementSibling?.textContent?.trim()}`))

describe('an automatic promotion, from the owner\'s screen to the owner\'s figures', () => {
  it('Mug week: product page, cart, checkout, confirmation, mail, order list, Promotions and analytics agree with the figures computed here', async () => {
    type Item = { id: string; urlId: string; title: string; structuredContent: { variants: { sku: string; price: number; onSale: boolean }[] } }
    const items = ((await (await h.context.request.get('/shop?format=json')).json()) as { items: Item[] }).items
    const mug = items.find((i) => i.urlId === 'stoneware-mug')!
    const platter = items.find((i) => i.urlId === 'serving-platter')!
    const mugVariant = mug.structuredContent.variants.find((v) => v.sku === 'MUG-S-ASH')!
    const platterVariant = platter.structuredContent.variants.find((v) => v.sku === 'PLATTER-M')!
    expect([mugVariant.onSale, platterVariant.onSale]).toEqual([false, false])
    const coupon = (await owner.call<{ items: { code: string; kind: string; amount: number }[] }>('GET', api('/commerce/coupons'))).body.items.find((c) => c.code === 'WELCOME10')!
    expect(coupon.kind).toBe('percentage')
    const shipping = (await owner.call<{ items: { kind: string; costCents: number }[] }>('GET', api('/commerce/shipping-options'))).body.items.filter((s) => s.kind === 'flat')
    expect(shipping).toHaveLength(1)
    const taxRule = (await owner.call<{ items: { region: string; rateBp: number }[] }>('GET', api('/commerce/tax-rules'))).body.items.find((r) => r.region === 'NY')!
    const freeShipping = (await owner.call<{ promotions: { name: string; kind: string; minSubtotalCents: number }[] }>('GET', api('/commerce/promotions'))).body.promotions.find((p) => p.kind === 'free_shipping')!

    // the figures: 15% off the mugs, then the code's percent off what is left, the shipping free from its threshold, tax on the goods
    const mugsCents = MUGS * mugVariant.price
    const subtotal = mugsCents + platterVariant.price
    const mugWeek = roundHalf(mugsCents * PERCENT, 100)
    const discount = roundHalf((subtotal - mugWeek) * coupon.amount, 100)
    const goods = subtotal - mugWeek - discount
    expect(goods).toBeGreaterThanOrEqual(freeShipping.minSubtotalCents) // the demo's free shipping applies too
    const shippingCents = shipping[0]!.costCents
    const tax = roundHalf(goods * taxRule.rateBp, 10000)
    const charged = goods + shippingCents - shippingCents + tax
    const expectedLines = [
      `Subtotal: ${usd(subtotal)}`,
      `Mug week: ${usd(-mugWeek)}`,
      `${freeShipping.name}: ${usd(-shippingCents)}`,
      `Discount: ${usd(-discount)}`,
      `Shipping: ${usd(shippingCents)}`,
      `Tax: ${usd(tax)}`,
      `Total: ${usd(charged)}`,
    ]
    const before = await funnel()

    // the owner adds the promotion in Commerce -> Promotions
    const editor = h.page
    await ownerPage(editor, `/config/sites/${site.id}/commerce/promotions`)
    await editor.getByRole('button', { name: 'New promotion' }).click()
    const form = editor.getByRole('form', { name: 'New promotion' })
    await form.getByLabel('Name (shoppers see it in the cart)').fill('Mug week')
    await form.getByLabel('Offer').selectOption('percentage')
    await form.getByLabel('Percent off').fill(String(PERCENT))
    await form.getByLabel('Applies to').selectOption('products')
    await form.getByRole('group', { name: 'Products' }).getByLabel(mug.title, { exact: true }).check()
    await form.getByRole('button', { name: 'Save promotion' }).click()
    await editor.getByText('Saved "Mug week".').waitFor()

    // the shopper: the product page says it is on sale; the cart and the checkout show each promotion as a line
    const shopper = await h.browser.newContext({ baseURL: h.server.baseUrl, viewport: { width: 1280, height: 900 } })
    const page = await shopper.newPage()
    const shopperErrors = watchErrors(page)
    // (the crumb before any page: a page's own first call could replace it between the read and the post)
    expect((await page.context().request.get('/api/crumb')).status()).toBe(200)
    const crumb = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'crumb')!.value)
    for (const [item, sku, quantity] of [[mug, mugVariant.sku, MUGS], [platter, platterVariant.sku, 1]] as const) {
      const added = await page.context().request.post('/api/commerce/shopping-cart/entries', { data: { itemId: item.id, sku, quantity, additionalFields: null }, headers: { 'x-csrf-token': crumb } })
      expect(added.status()).toBe(200)
    }
    await page.goto(`/shop/${mug.urlId}`)
    expect(await page.locator('[data-product-promotion]').first().textContent()).toBe('On sale: Mug week')
    await page.goto('/cart')
    await expect.poll(() => page.locator('dt.cart-promotion').allTextContents()).toEqual(['Mug week', freeShipping.name])
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await screenshot(page, `promotions-cart-${width}`)
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/checkout')
    await page.getByLabel('Coupon code', { exact: true }).fill(coupon.code)
    await page.getByRole('button', { name: 'Apply', exact: true }).first().click()
    await page.getByText(`Coupon ${coupon.code} applied.`).waitFor()
    expect(((await (await page.context().request.get('/api/commerce/shopping-cart')).json()) as { coupons: string[] }).coupons).toEqual([coupon.code])
    await fillContactAndAddress(page, EMAIL)
    const total = page.locator('.checkout-summary dl [data-total="grandTotalCents"]')
    await expect.poll(() => total.textContent()).toBe(usd(charged).slice(1)) // the summary prints the amount, the currency beside it
    await fillTestCard(page)
    await screenshot(page, 'promotions-checkout-1280')
    await page.getByRole('button', { name: 'Place Order' }).click()
    await page.waitForURL('**/commerce/orders/**', { timeout: 15_000 })
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor()
    expect(await dlLines(page, '.order-summary')).toEqual(expectedLines)
    await screenshot(page, 'promotions-confirmation-1280')
    const orderId = /\/commerce\/orders\/([^/?]+)/.exec(page.url())![1]!

    // the stored order: one breakdown, its lines summing to the charge
    type Line = { key: string; label: string; amountCents: number; text: string }
    const order = (await owner.call<{ order: { number: number; chargedCents: number; summary: Line[]; breakdown: { promotionCents: number; promotions: { name: string; amountCents: number }[]; totalCents: number } } }>('GET', api(`/commerce/orders/${orderId}`))).body.order
    expect(order.chargedCents).toBe(charged)
    expect(order.breakdown.totalCents).toBe(charged)
    expect(order.breakdown.promotionCents).toBe(mugWeek + shippingCents)
    expect(order.breakdown.promotions.map((p) => [p.name, p.amountCents])).toEqual([['Mug week', mugWeek], [freeShipping.name, shippingCents]])
    expect(order.summary.map((l) => `${l.label}: ${l.text}`)).toEqual(expectedLines)
    expect(order.summary.filter((l) => l.key !== 'total').reduce((s, l) => s + l.amountCents, 0)).toBe(charged)

    // the confirmation mail prints the same lines
    const mail = await smtp.waitFor((m) => m.to.includes(EMAIL) && m.subject.startsWith(`Order #${order.number} confirmed`), 20_000)
    expect(mail.text).toContain(expectedLines.join('\n'))

    // the owner: the order list's total, the order page's lines, the promotion used once
    for (const width of [1280, 390]) {
      await editor.setViewportSize({ width, height: 900 })
      await ownerPage(editor, `/config/sites/${site.id}/commerce/orders`)
      const row = editor.getByRole('row', { name: new RegExp(`#${order.number}\\b`) })
      await row.waitFor()
      expect(await row.getByText(usd(charged), { exact: true }).count()).toBe(1)
      expect(await editor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width) // no sideways scrolling
      await screenshot(editor, `promotions-owner-orders-${width}`)
    }
    await editor.setViewportSize({ width: 1280, height: 900 })
    await ownerPage(editor, `/config/sites/${site.id}/commerce/orders/${orderId}`)
    await expect.poll(() => dlLines(editor, '[data-order-summary]')).toEqual(expectedLines)
    await screenshot(editor, 'promotions-owner-order-1280')
    for (const width of [1280, 390]) {
      await editor.setViewportSize({ width, height: 900 })
      await ownerPage(editor, `/config/sites/${site.id}/commerce/promotions`)
      const row = editor.getByRole('row', { name: /Mug week/ })
      await row.waitFor()
      expect(await row.locator('td[data-label="Used"]').textContent()).toBe('1')
      expect(await row.locator('td[data-label="Offer"]').textContent()).toContain(`${PERCENT}%`)
      await screenshot(editor, `promotions-owner-list-${width}`)
    }

    // analytics: the revenue grew by the charge; each product by its line's share of what was charged (by line
    // value, the mugs' line first: whole cents adding up to the charge), not by its list price
    const after = await funnel()
    expect(after.revenue - before.revenue).toBe(charged)
    const mugShare = Math.floor((charged * mugsCents) / (mugsCents + platterVariant.price))
    expect(productRevenue(after, mug.title) - productRevenue(before, mug.title)).toBe(mugShare)
    expect(productRevenue(after, platter.title) - productRevenue(before, platter.title)).toBe(charged - mugShare)
    await editor.setViewportSize({ width: 1280, height: 900 })
    await ownerPage(editor, `/config/sites/${site.id}/analytics`)
    const heading = editor.getByRole('heading', { name: /^Store funnel/ })
    await heading.waitFor()
    expect(await heading.textContent()).toBe(`Store funnel (${usd(after.revenue)} revenue)`)
    expect(unexpected(shopperErrors)).toEqual([])
    await shopper.close()
    expect(unexpected(h.errors)).toEqual([])
  })
})
