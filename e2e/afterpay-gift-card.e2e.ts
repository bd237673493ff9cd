// A shopper on a phone (390 x 844): two products (a stoneware mug and a seconds bowl at its sale price), a $20 gift
// card and Afterpay. Every number they read is checked against one computed here from the demo store's own prices
// (its catalogue JSON) and rules (Standard shipping $6 under $100, no tax rule for Illinois): the folded order
// summary at the top of checkout, the Afterpay offer after the card, the confirmation page's lines and its four
// payments two weeks apart, and the shopper's mail. Then the owner, in the editor: the order list's total, the
// order page's lines, the owner's new-order mail, and the analytics revenue, which grows by the charged total.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, signInToPages, type Harness } from './support/fixture.js'
import { ownerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js'
import { analyticsRevenue } from './support/checkout.js'

interface Item {
  id: string
  urlId: string
  title: string
  structuredContent: { variants: { sku: string; price: number; salePrice: number; onSale: boolean }[] }
}

let h: Harness
let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
  h = await openHarness({ env: { SMTP_URL: sink.url } })
})
afterAll(async () => {
  await h?.close()
  await sink?.close()
})

/** The demo owner in the editor, at 1280 px (signed in on the site's Pages). */
async function editorPage(browser: Browser, baseUrl: string, siteId: string | number): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await signInToPages(page, siteId)
  return page
}

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const DAY = 86_400_000

describe('Afterpay after a gift card, on a phone', () => {
  it('shows the total at the top, recomputes Afterpay for the card, confirms the numbers and the schedule; mails, owner list, order page and analytics agree', async () => {
    const site = await demoSite(h.server.baseUrl)
    const owner = ownerClient(h.server.baseUrl)
    expect((await owner.call('POST', '/api/auth/login', DEMO_OWNER)).status).toBe(200)
    const issued = await owner.call<{ giftCard: { code: string } }>('POST', `/api/sites/${site.id}/commerce/gift-cards`, { amountCents: 2000 })
    expect(issued.status).toBe(201)

    const ownerPage = await editorPage(h.browser, h.server.baseUrl, site.id)
    const revenueBefore = await analyticsRevenue(ownerPage, site.id)

    const page = h.page
    await page.setViewportSize({ width: 390, height: 844 })
    const shop = (await (await h.context.request.get('/shop?format=json')).json()) as { items: Item[] }
    const mug = shop.items.find((i) => i.urlId === 'stoneware-mug')!
    const bowl = shop.items.find((i) => i.urlId === 'seconds-bowl')!
    const price = (v: Item['structuredContent']['variants'][number]) => (v.onSale ? v.salePrice : v.price)
    const bought = [
      { item: mug, variant: mug.structuredContent.variants[0]!, quantity: 1 },
      { item: bowl, variant: bowl.structuredContent.variants[0]!, quantity: 1 },
    ]
    expect(bought[1]!.variant.onSale).toBe(true) // the bowl sells at its sale price
    const subtotal = bought.reduce((sum, l) => sum + l.quantity * price(l.variant), 0)
    expect(subtotal).toBeLessThan(10_000) // below the free-shipping promotion
    const shipping = subtotal < 10_000 ? 600 : 0
    const total = subtotal + shipping - 2000
    const first = total - 3 * Math.floor(total / 4) // the instalments add up to the total
    const instalments = [first, ...Array<number>(3).fill(Math.floor(total / 4))]

    // both products in the cart (the product page's own steps are store.e2e's)
    await page.goto(`/shop/${mug.urlId}`)
    const crumb = (await h.context.cookies()).find((c) => c.name === 'crumb')!.value
    for (const l of bought) {
      const added = await h.context.request.post('/api/commerce/shopping-cart/entries', { data: { itemId: l.item.id, sku: l.variant.sku, quantity: l.quantity, additionalFields: null }, headers: { 'x-csrf-token': decodeURIComponent(crumb) } })
      expect(added.status(), await added.text()).toBe(200)
    }
    await page.goto('/checkout')

    // the summary comes first, folded to its total, above the first field
    const fold = page.locator('details[data-summary-fold]')
    const glance = fold.locator('[data-summary-glance]')
    await expect.poll(() => fold.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false)
    const email = page.getByLabel('Email')
    expect((await fold.boundingBox())!.y).toBeLessThan((await email.boundingBox())!.y)
    expect((await fold.boundingBox())!.y).toBeLessThan(844)
    await email.pressSequentially('phone.shopper@example.com')
    await page.getByLabel('First name').pressSequentially('Ada')
    await page.getByLabel('Last name').pressSequentially('Lovelace')
    await page.getByLabel('Address', { exact: true }).pressSequentially('1 Main Street')
    await page.getByLabel('City').pressSequentially('Springfield')
    await page.getByLabel('State / region').pressSequentially('IL')
    await page.getByLabel('Postal code').pressSequentially('62701')
    await page.getByLabel('Country').selectOption('US')
    await expect.poll(() => glance.textContent()).toBe(((subtotal + shipping) / 100).toFixed(2)) // the sign comes from CSS
    await screenshot(page, 'afterpay-gift-card-checkout-folded-390')

    await page.getByLabel('Gift card code (optional)').pressSequentially(issued.body.giftCard.code)
    await page.getByRole('button', { name: 'Apply gift card' }).click()
    // the server's summary text, with its sign (and no second one from CSS)
    await expect.poll(() => glance.evaluate((el) => [el.textContent, getComputedStyle(el, '::before').content])).toEqual([usd(total), 'none'])
    // Afterpay follows the total left to pay
    const afterpay = page.getByRole('radio', { name: `Afterpay: 4 interest-free payments of ${usd(total / 4)}` })
    await afterpay.check()
    await fold.locator('summary').click()
    await expect.poll(() => fold.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true)
    const atCheckout = await fold.locator('dl.cart-totals').evaluate((dl) => Array.from(dl.querySelectorAll('dt'), (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`))
    expect(atCheckout).toEqual([`Subtotal: ${usd(subtotal)}`, `Shipping: ${usd(shipping)}`, 'Tax: $0.00', 'Gift card: -$20.00', `Total: ${usd(total)}`])
    await screenshot(page, 'afterpay-gift-card-checkout-open-390')

    await page.getByRole('button', { name: 'Place Order' }).click()
    await page.waitForURL('**/commerce/orders/**', { timeout: 15_000 })
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor()
    const lines = await page.locator('.order-summary').evaluate((dl) => Array.from(dl.querySelectorAll('dt'), (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`))
    expect(lines).toEqual(atCheckout)
    const payments = await page.locator('.order-payment-plan-list li').evaluateAll((lis) => lis.map((li) => ({ date: li.querySelector('.order-payment-date')!.textContent!, amount: li.querySelector('.order-payment-amount')!.textContent! })))
    expect(payments.map((p) => p.amount)).toEqual(instalments.map(usd))
    const dates = payments.map((p) => Date.parse(`${p.date} UTC`))
    expect(Math.abs(dates[0]! - Date.now())).toBeLessThan(2 * DAY) // the first is taken today
    expect(dates.slice(1).map((d, i) => (d - dates[i]!) / DAY)).toEqual([14, 14, 14])
    expect(await page.locator('[data-payment-plan] h2').textContent()).toBe('Paid with Afterpay')
    await screenshot(page, 'afterpay-gift-card-confirmation-390')
    await page.setViewportSize({ width: 1280, height: 800 })
    await screenshot(page, 'afterpay-gift-card-confirmation-1280')
    expect(unexpected(h.errors)).toEqual([])

    // the shopper's mail: the same lines and the same four dated payments
    const number = /^Order #(\d+)$/.exec((await page.locator('.order-number').textContent()) ?? '')?.[1]
    expect(number, 'the confirmation names the order number').toBeTruthy()
    const mail = await sink.waitFor((m) => m.to.includes('phone.shopper@example.com') && m.subject.startsWith(`Order #${number} confirmed`))
    expect(mail.text).toContain(atCheckout.join('\n'))
    expect(mail.text).toContain(`Paid with Afterpay in 4 interest-free payments:\n${payments.map((p, i) => `${i + 1}. ${p.date}: ${usd(instalments[i]!)}${i === 0 ? ' (paid)' : ''}`).join('\n')}`)
    // the owner's new-order mail carries the charged total
    const ownerMail = await sink.waitFor((m) => m.to.includes(DEMO_OWNER.email) && m.subject.startsWith(`New order #${number}:`))
    expect(ownerMail.subject).toContain(usd(total))
    expect(ownerMail.text).toContain(`Gift card: -$20.00\nTotal: ${usd(total)}`)

    // the owner's order list and order page
    await ownerPage.goto(`/config/sites/${site.id}/commerce/orders`)
    const row = ownerPage.locator('tbody tr', { has: ownerPage.getByRole('link', { name: `#${number}`, exact: true }) })
    await row.waitFor()
    expect(await row.locator('td').nth(3).textContent()).toBe(usd(total))
    await screenshot(ownerPage, 'afterpay-gift-card-owner-orders-1280')
    await row.getByRole('link', { name: `#${number}`, exact: true }).click()
    const totals = ownerPage.locator('.totals[data-order-summary]')
    await totals.waitFor()
    expect(await totals.evaluate((dl) => Array.from(dl.querySelectorAll('dt'), (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`))).toEqual(atCheckout)
    await screenshot(ownerPage, 'afterpay-gift-card-owner-order-1280')
    // analytics revenue grew by what was charged
    expect(await analyticsRevenue(ownerPage, site.id)).toBe(revenueBefore + total)
    await screenshot(ownerPage, 'afterpay-gift-card-analytics-1280')
    await ownerPage.setViewportSize({ width: 390, height: 844 })
    await screenshot(ownerPage, 'afterpay-gift-card-analytics-390')
    await ownerPage.context().close()
  }, 120_000)
})
