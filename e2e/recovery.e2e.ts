// Abandoned-checkout recovery as the shopper and the owner live it, in real Chromium against the real server with
// its recovery clock shortened (RECOVERY_HOUR_MS: one of its hours lasts HOUR_MS; RECOVERY_SWEEP_MS: the sweep
// looks every SWEEP_MS) and its mail going to an SMTP sink: the owner switches recovery on in Commerce ->
// Abandoned checkouts with a coupon for the link; a shopper types an email at checkout with the reminder box ticked
// and leaves; the reminder arrives no sooner than the delay, once; its link (in another browser) restores the cart
// with the coupon; the shopper pays; the owner's screen and the analytics say the order's charge was recovered,
// each figure equal to the one this file computes from the prices, the coupon, the shipping and the tax rate.
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected, watchErrors } from './support/browser.js'
import { fillContactAndAddress, fillTestCard } from './support/checkout.js'
import { demoSite, openHarness, type Harness, type SiteSummary } from './support/fixture.js'
import { ownerClient, type OwnerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js'

const HOUR_MS = 3000
const SWEEP_MS = 300
const COUPON = { code: 'COMEBACK5', kind: 'fixed', amount: 500 }
const SKU = 'MUG-S-ASH'
const QUANTITY = 2
const EMAIL = 'come-back@example.com'

let h: Harness
let smtp: SmtpSink
let site: SiteSummary
let owner: OwnerClient
beforeAll(async () => {
  smtp = await startSmtpSink()
  h = await openHarness({ env: { SMTP_URL: smtp.url, RECOVERY_HOUR_MS: String(HOUR_MS), RECOVERY_SWEEP_MS: String(SWEEP_MS) } })
  owner = ownerClient(h.server.baseUrl)
  site = await demoSite(h.server.baseUrl, owner)
})
afterAll(async () => {
  await h?.close()
  await smtp?.close()
})

const roundHalf = (num: number, den: number) => Math.floor((2 * num + den) / (2 * den))
const usd = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`
const api = (path: string) => `/api/sites/${site.id}${path}`

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

async function shopperContext(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await h.browser.newContext({ baseURL: h.server.baseUrl, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  return { context, page, errors: watchErrors(page) }
}

async function funnel(): Promise<{ revenue: number; recoveredRevenue?: number }> {
  const to = new Date().toISOString().slice(0, 10)
  const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10)
  const res = await owner.call<{ revenue: number; recoveredRevenue?: number }>('GET', api(`/analytics/funnel?from=${from}&to=${to}`))
  expect(res.status).toBe(200)
  return res.body
}

describe('abandoned checkout -> reminder -> restored cart -> paid -> recovered', () => {
  it('the journey, each figure equal to the one computed here', async () => {
    // what the order will cost: the demo mug's price, the coupon the link applies, the flat shipping, NY's tax on the goods
    const shop = await h.context.request.get('/shop?format=json')
    type Item = { id: string; urlId: string; structuredContent: { variants: { sku: string; price: number; onSale: boolean }[] } }
    const mug = ((await shop.json()) as { items: Item[] }).items.find((i) => i.urlId === 'stoneware-mug')!
    const variant = mug.structuredContent.variants.find((v) => v.sku === SKU)!
    expect(variant.onSale).toBe(false)
    const price = variant.price
    const shipping = (await owner.call<{ items: { kind: string; costCents: number }[] }>('GET', api('/commerce/shipping-options'))).body.items.filter((s) => s.kind === 'flat')
    expect(shipping).toHaveLength(1)
    const taxRule = (await owner.call<{ items: { region: string; rateBp: number }[] }>('GET', api('/commerce/tax-rules'))).body.items.find((r) => r.region === 'NY')!
    const goods = QUANTITY * price - COUPON.amount
    const charged = goods + shipping[0]!.costCents + roundHalf(goods * taxRule.rateBp, 10000)
    const leftValue = QUANTITY * price + shipping[0]!.costCents // the cart the mail shows: no coupon yet, no address (no tax)
    expect(goods).toBeLessThan(10000) // below the demo's free-shipping promotion
    const before = await funnel()

    // the owner: a coupon, then recovery on (1 hour, 1 reminder, the coupon) in Commerce -> Abandoned checkouts
    expect((await owner.call('POST', api('/commerce/coupons'), COUPON)).status).toBe(201)
    const screen = await ownerPage(`/config/sites/${site.id}/commerce/abandoned-checkouts`)
    const form = screen.getByRole('form', { name: 'Recovery settings' })
    await form.getByLabel('Send recovery emails').check()
    await form.getByLabel('Hours before the first email (1-48)').fill('1')
    await form.getByLabel('Emails per checkout').selectOption('1')
    await form.getByLabel('Coupon code the link applies (optional)').fill(COUPON.code.toLowerCase())
    await form.getByRole('button', { name: 'Save settings' }).click()
    await form.getByText('Recovery settings saved.').waitFor()
    expect((await owner.call<{ settings: unknown }>('GET', api('/commerce/recovery-settings'))).body.settings).toEqual({ enabled: true, delayHours: 1, reminders: 1, couponCode: COUPON.code })

    // the shopper: two mugs, the checkout's email with the reminder box ticked, then gone
    const first = await shopperContext()
    // (the crumb before any page: a page's own first call could replace it between the read and the post)
    expect((await first.context.request.get('/api/crumb')).status()).toBe(200) // published pages set no cookie
    const crumb = (await first.context.cookies()).find((c) => c.name === 'crumb')!.value
    const added = await first.context.request.post('/api/commerce/shopping-cart/entries', { data: { itemId: mug.id, sku: SKU, quantity: QUANTITY, additionalFields: null }, headers: { 'x-csrf-token': decodeURIComponent(crumb) } })
    expect(added.status()).toBe(200)
    await first.page.goto('/checkout')
    const box = first.page.getByLabel("Email me a link to this cart if I don't finish my order")
    await box.check()
    const saved = first.page.waitForResponse((r) => r.url().endsWith('/api/commerce/checkout/contact') && r.request().method() === 'POST')
    const leftAt = Date.now()
    await first.page.getByLabel('Email', { exact: true }).fill(EMAIL)
    await first.page.getByLabel('Email', { exact: true }).press('Tab')
    const contact = await saved
    expect(contact.status()).toBe(200)
    expect(await contact.json()).toEqual({ saved: true })
    await screenshot(first.page, 'recovery-checkout-box-1280')
    expect(unexpected(first.errors)).toEqual([])
    await first.context.close()

    // the reminder: no sooner than the delay (one recovery hour after the email), with the cart and the coupon
    const mail = await smtp.waitFor((m) => m.to.includes(EMAIL), 30_000)
    expect(mail.at - leftAt).toBeGreaterThanOrEqual(HOUR_MS)
    expect(mail.subject).toBe(`Your cart at ${site.title} is waiting, with your code ${COUPON.code}`)
    expect(mail.text).toContain(`${QUANTITY} x Stoneware mug (Small / Ash): ${usd(QUANTITY * price)}`)
    expect(mail.text).toContain(`Total: ${usd(leftValue)}`)
    expect(mail.text).toContain(`Your code ${COUPON.code} is already applied to the cart.`)
    const link = /Pick up where you left off: (\S+)/.exec(mail.text)![1]!
    expect(new URL(link).origin).toBe(h.server.baseUrl)

    // the link, in another browser: the same cart with the coupon, at the checkout; the shopper pays
    const second = await shopperContext()
    const page = second.page
    await page.goto(link)
    await page.waitForURL('**/checkout')
    const cart = (await (await second.context.request.get('/api/commerce/shopping-cart')).json()) as { entries: { quantity: number; chosenVariant: { sku: string } }[]; coupons: string[] }
    expect(cart.entries.map((e) => [e.chosenVariant.sku, e.quantity])).toEqual([[SKU, QUANTITY]])
    expect(cart.coupons).toEqual([COUPON.code])
    await fillContactAndAddress(page, EMAIL)
    const total = page.locator('.checkout-summary dl [data-total="grandTotalCents"]')
    await expect.poll(() => total.textContent()).toBe(usd(charged).slice(1)) // the summary prints the amount, the currency beside it
    await fillTestCard(page)
    await screenshot(page, 'recovery-restored-checkout-1280')
    await page.getByRole('button', { name: 'Place Order' }).click()
    await page.waitForURL('**/commerce/orders/**', { timeout: 15_000 })
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor()
    const orderId = /\/commerce\/orders\/([^/?]+)/.exec(page.url())![1]!
    const order = (await owner.call<{ order: { number: number; chargedCents: number } }>('GET', api(`/commerce/orders/${orderId}`))).body.order
    expect(order.chargedCents).toBe(charged)
    expect(unexpected(second.errors)).toEqual([])
    await second.context.close()

    // the owner: recovered, with the order's charge, on the screen and in the analytics
    type Listed = { checkouts: { email: string; status: string; orderNumber: number | null; recoveredCents: number; remindersSent: number }[]; metrics: { recovered: number; recoveredRevenueCents: number } }
    await expect.poll(async () => (await owner.call<Listed>('GET', api('/commerce/abandoned-checkouts'))).body.checkouts.find((c) => c.email === EMAIL)?.status).toBe('recovered')
    const listed = (await owner.call<Listed>('GET', api('/commerce/abandoned-checkouts'))).body
    expect(listed.checkouts.find((c) => c.email === EMAIL)).toMatchObject({ orderNumber: order.number, recoveredCents: charged, remindersSent: 1 })
    expect(listed.metrics).toMatchObject({ recovered: 1, recoveredRevenueCents: charged })
    // still one mail: the reminder went once, and none after the order
    expect(smtp.mails.filter((m) => m.to.includes(EMAIL) && m.subject.startsWith('Your cart at'))).toHaveLength(1)

    for (const width of [1280, 390]) {
      await h.page.setViewportSize({ width, height: 900 })
      await ownerPage(`/config/sites/${site.id}/commerce/abandoned-checkouts`)
      await expect.poll(() => h.page.locator('[data-figure="recovered-revenue"]').textContent()).toBe(usd(charged))
      expect(await h.page.locator('[data-figure="recovered"]').textContent()).toBe('1')
      const row = h.page.getByRole('row', { name: new RegExp(EMAIL) })
      expect(await row.getByText(`Recovered (order #${order.number})`).count()).toBe(1)
      expect(await h.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width) // no sideways scrolling
      await screenshot(h.page, `recovery-owner-abandoned-${width}`)
    }
    const after = await funnel()
    expect(after.revenue - before.revenue).toBe(charged)
    expect(after.recoveredRevenue).toBe(charged)
    for (const width of [1280, 390]) {
      await h.page.setViewportSize({ width, height: 900 })
      await ownerPage(`/config/sites/${site.id}/analytics`)
      const heading = h.page.getByRole('heading', { name: /^Store funnel/ })
      await heading.waitFor()
      expect(await heading.textContent()).toBe(`Store funnel (${usd(after.revenue)} revenue, ${usd(charged)} of it from recovered checkouts)`)
      await heading.scrollIntoViewIfNeeded()
      await screenshot(h.page, `recovery-owner-analytics-${width}`)
    }
    expect(unexpected(h.errors)).toEqual([])
  })
})
