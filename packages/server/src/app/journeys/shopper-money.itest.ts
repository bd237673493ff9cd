// The shopper's journey across commerce, mail and analytics: two products, a gift card and Afterpay. Every number a
// person reads (confirmation page, shopper mail, the owner's order list, order page and new-order mail) is checked
// against amounts computed here from the product prices, the shipping cost, the tax rate and the gift card, never
// against the server's own summary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js'

let t: TestApp
let smtp: SmtpSink
let site: { id: string; host: string; owner: Client; ownerEmail: string }
const ids = {} as Record<'mug' | 'towel', string>
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' }
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }

// The expectation, from the shop's own prices (minor units).
const MUG = 2400
const TOWEL = 1900
const SHIPPING = 500
const TAX_BP = 800
const GIFT = 2500
const subtotal = 2 * MUG + TOWEL
const tax = Math.round((subtotal * TAX_BP) / 10_000)
const beforeGift = subtotal + SHIPPING + tax
const charged = beforeGift - GIFT
const usd = (c: number) => `$${(Math.floor(c / 100)).toLocaleString('en-US')}.${String(c % 100).padStart(2, '0')}`

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await startTestApp({ smtpUrl: smtp.url, seedDemo: false })
  const owner = t.client()
  const signup = newSignup()
  const res = await owner.post('/api/auth/signup', signup)
  site = { id: res.json.site.id, host: `${res.json.site.slug}.localhost`, owner, ownerEmail: signup.email }
  const v = (sku: string, priceCents: number) => ({ sku, attributes: {}, priceCents, salePriceCents: 0, onSale: false, qtyInStock: 50, unlimited: false })
  ids.mug = (await t.app.commerce.createProduct(site.id, { collectionId: 'shop', title: 'Stoneware mug', productType: 1, variants: [v('MUG', MUG)] })).id
  ids.towel = (await t.app.commerce.createProduct(site.id, { collectionId: 'shop', title: 'Tea towel', productType: 1, variants: [v('TOWEL', TOWEL)] })).id
  const base = `/api/sites/${site.id}/commerce`
  expect((await owner.post(`${base}/shipping-options`, { name: 'Standard', kind: 'flat', costCents: SHIPPING })).status).toBe(201)
  expect((await owner.post(`${base}/tax-rules`, { name: 'NY', country: 'US', region: 'NY', rateBp: TAX_BP })).status).toBe(201)
})
afterAll(async () => {
  await t?.close()
  smtp?.close()
})

const mailTo = (to: string, subject: RegExp) => smtp.mails.find((m) => m.to === to && subject.test(m.text))

describe(`shopper journey: two products, a gift card and Afterpay (${BACKEND})`, () => {
  it('the confirmation page, the shopper mail, the owner list, order page and mail all show the charged total', async () => {
    const issued = await site.owner.post(`/api/sites/${site.id}/commerce/gift-cards`, { amountCents: GIFT })
    expect(issued.status).toBe(201)
    const code = issued.json.giftCard.code as string

    const shopper = t.client(site.host)
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: ids.mug, sku: 'MUG', quantity: 2, additionalFields: null })).status).toBe(200)
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: ids.towel, sku: 'TOWEL', quantity: 1, additionalFields: null })).status).toBe(200)
    const placed = await shopper.post('/api/commerce/checkout', { email: 'shopper@example.com', shippingAddress: ADDRESS, card: CARD, giftCardCode: code, paymentMethod: 'instalments' })
    expect(placed.status).toBe(201)
    const order = placed.json.order as { id: string; number: number; paymentMethod: string }
    expect(order.paymentMethod).toBe('afterpay')

    // What the confirmation page shows.
    const page = await shopper.get(placed.json.confirmationUrl as string)
    expect(page.status).toBe(200)
    const shown = (key: string) => new RegExp(`data-summary="${key}">([^<]*)<`).exec(page.body)?.[1]
    expect([shown('subtotal'), shown('shipping'), shown('tax'), shown('giftCard'), shown('total')]).toEqual([usd(subtotal), usd(SHIPPING), usd(tax), `-${usd(GIFT)}`, usd(charged)])

    // The Afterpay schedule: 4 payments two weeks apart from today, the first paid, summing to the charged total.
    const amounts = [0, 1, 2, 3].map((i) => Math.floor(charged / 4) + (i < charged % 4 ? 1 : 0))
    const placedAt = placed.json.order.created as number
    const dates = [0, 14, 28, 42].map((d) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(placedAt + d * 86_400_000)))
    const planOnPage = [...page.body.matchAll(/<li><span class="order-payment-date">([^<]*)<\/span> <span class="order-payment-amount">([^<]*)<\/span>/g)].map((m) => [m[1], m[2]])
    expect(page.body).toContain('Paid with Afterpay')
    expect(planOnPage).toEqual(dates.map((d, i) => [d, usd(amounts[i]!)]))

    // The shopper's mail.
    await expect.poll(() => !!mailTo('shopper@example.com', /Subject: Order #\d+ confirmed/), { timeout: 10_000 }).toBe(true)
    const shopperMail = mailTo('shopper@example.com', /Subject: Order #\d+ confirmed/)!.text
    expect(shopperMail).toContain(`Subtotal: ${usd(subtotal)}\nShipping: ${usd(SHIPPING)}\nTax: ${usd(tax)}\nGift card: -${usd(GIFT)}\nTotal: ${usd(charged)}`)
    expect(shopperMail).toContain(`Paid with Afterpay in 4 interest-free payments:\n${dates.map((d, i) => `${i + 1}. ${d}: ${usd(amounts[i]!)}${i === 0 ? ' (paid)' : ''}`).join('\n')}`)

    // The owner's order list and order page.
    const list = await site.owner.get(`/api/sites/${site.id}/commerce/orders`)
    const row = (list.json.orders as { id: string; totalCents: number; total: { value: string; decimalValue: string } }[]).find((o) => o.id === order.id)!
    expect([row.totalCents, row.total.value, row.total.decimalValue]).toEqual([charged, String(charged), (charged / 100).toFixed(2)])
    const detail = (await site.owner.get(`/api/sites/${site.id}/commerce/orders/${order.id}`)).json.order
    expect(detail.breakdown).toMatchObject({ subtotalCents: subtotal, shippingCents: SHIPPING, taxCents: tax, giftCardCents: GIFT, totalCents: charged, refundedCents: 0 })
    expect(detail.summary.at(-1)).toMatchObject({ key: 'total', amountCents: charged, text: usd(charged) })
    expect(detail.payment.authorizedCents).toBe(charged)

    // The owner's new-order mail: its subject and its lines carry the charged total, not the total before the gift card.
    const ownerSubject = new RegExp(`Subject: New order #${order.number}:`)
    await expect.poll(() => !!mailTo(site.ownerEmail, ownerSubject), { timeout: 10_000 }).toBe(true)
    const ownerMail = mailTo(site.ownerEmail, ownerSubject)!.text
    expect(ownerMail).toContain(`Subject: New order #${order.number}: ${usd(charged)}`)
    expect(ownerMail).toContain(`Gift card: -${usd(GIFT)}\nTotal: ${usd(charged)}`)
    expect(ownerMail).not.toContain(usd(beforeGift))

    // Analytics: the store funnel's purchases and revenue are the paid orders; a refunded order gives its charge back.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const range = `from=${day(-1)}&to=${day(1)}` // around today, whatever the clock does meanwhile
    const funnel = async () => (await site.owner.get(`/api/sites/${site.id}/analytics/funnel?${range}`)).json
    expect(await funnel()).toMatchObject({ revenue: charged, currency: 'USD' })
    expect((await funnel()).steps.find((s: { step: string }) => s.step === 'purchase').count).toBe(1)
    const again = t.client(site.host)
    expect((await again.post('/api/commerce/shopping-cart/entries', { itemId: ids.towel, sku: 'TOWEL', quantity: 1, additionalFields: null })).status).toBe(200)
    const second = await again.post('/api/commerce/checkout', { email: 'second@example.com', shippingAddress: ADDRESS, card: CARD })
    expect(second.status).toBe(201)
    const secondCharged = TOWEL + SHIPPING + Math.round((TOWEL * TAX_BP) / 10_000)
    expect(await funnel()).toMatchObject({ revenue: charged + secondCharged })
    expect((await site.owner.post(`/api/sites/${site.id}/commerce/orders/${second.json.order.id}/refund`)).status).toBe(200)
    const after = await funnel()
    expect(after.revenue).toBe(charged)
    // revenue by product is what was charged (after the gift card, with shipping and tax), each line's share of the
    // order's charge by its value (the mugs' line first, whole cents adding up to the charge), not list prices
    const mugShare = Math.floor((charged * 2 * MUG) / subtotal)
    expect(after.products.map((p: { product: string; revenue: number }) => [p.product, p.revenue])).toEqual([['Stoneware mug', mugShare], ['Tea towel', charged - mugShare]])
    expect(mugShare).toBeLessThan(2 * MUG)
    const products = await site.owner.get(`/api/sites/${site.id}/analytics/funnel?${range}&format=csv&table=products`)
    expect(products.body).toContain(`Stoneware mug,0,0,${(mugShare / 100).toFixed(2)},USD\r\nTea towel,0,0,${((charged - mugShare) / 100).toFixed(2)},USD\r\n`)
    // the CSV export reads the same number
    const csv = await site.owner.get(`/api/sites/${site.id}/analytics/funnel?${range}&format=csv&table=revenue`)
    expect(csv.body).toBe(`# revenue\r\nrevenue,currency\r\n${(charged / 100).toFixed(2)},USD\r\n`)
  })
})
