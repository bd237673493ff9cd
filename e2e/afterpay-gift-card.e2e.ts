// A shopper on a phone (390 x 844): two stoneware mugs, a $20 gift card and Afterpay. Every number they read is checked
// against one computed here from the demo store's own prices (its catalogue JSON) and rules (Standard shipping $6
// under $100, no tax rule for Illinois): the folded order summary at the top of checkout, the Afterpay offer
// after the card, and the confirmation page's lines and its four payments two weeks apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, type Harness } from './support/fixture.js'
import { ownerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'

interface Item {
  id: string
  urlId: string
  structuredContent: { variants: { sku: string; price: number; onSale: boolean }[] }
}

let h: Harness
beforeAll(async () => {
  h = await openHarness()
})
afterAll(async () => h?.close())

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const DAY = 86_400_000

describe('Afterpay after a gift card, on a phone', () => {
  it('shows the total at the top, recomputes Afterpay for the card, and confirms the numbers and the schedule', async () => {
    const site = await demoSite(h.server.baseUrl)
    const owner = ownerClient(h.server.baseUrl)
    expect((await owner.call('POST', '/api/auth/login', DEMO_OWNER)).status).toBe(200)
    const issued = await owner.call<{ giftCard: { code: string } }>('POST', `/api/sites/${site.id}/commerce/gift-cards`, { amountCents: 2000 })
    expect(issued.status).toBe(201)

    const page = h.page
    await page.setViewportSize({ width: 390, height: 844 })
    const shop = (await (await h.context.request.get('/shop?format=json')).json()) as { items: Item[] }
    const mug = shop.items.find((i) => i.urlId === 'stoneware-mug')!
    const variant = mug.structuredContent.variants[0]!
    expect(variant.onSale).toBe(false)
    const subtotal = 2 * variant.price
    const shipping = subtotal < 10_000 ? 600 : 0
    const total = subtotal + shipping - 2000
    const first = total - 3 * Math.floor(total / 4) // the instalments add up to the total
    const instalments = [first, ...Array<number>(3).fill(Math.floor(total / 4))]

    // two mugs in the cart (the product page's own steps are store.e2e's)
    await page.goto(`/shop/${mug.urlId}`)
    const crumb = (await h.context.cookies()).find((c) => c.name === 'crumb')!.value
    const added = await h.context.request.post('/api/commerce/shopping-cart/entries', { data: { itemId: mug.id, sku: variant.sku, quantity: 2, additionalFields: null }, headers: { 'x-csrf-token': decodeURIComponent(crumb) } })
    expect(added.status(), await added.text()).toBe(200)
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
  }, 90_000)
})
