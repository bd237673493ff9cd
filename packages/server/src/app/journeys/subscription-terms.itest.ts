// The subscriber's journey: the checkout states the terms before "Subscribe" (each payment, how often, how many,
// whether shipping recurs), the confirmation mail repeats them, and a renewal adds its charge to analytics revenue.
// Amounts are computed here from the plan's price and the shipping cost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js'

let t: TestApp
let smtp: SmtpSink
let site: { id: string; host: string; owner: Client }
let boxId = ''
const PRICE = 3000
const SHIPPING = 500
const CYCLES = 3
const DAY = 86_400_000
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' }
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }
const usd = (c: number) => `$${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await startTestApp({ smtpUrl: smtp.url, seedDemo: false })
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  site = { id: res.json.site.id, host: `${res.json.site.slug}.localhost`, owner }
  boxId = (await t.app.commerce.createProduct(site.id, {
    collectionId: 'shop', title: 'Coffee box', productType: 1, isSubscribable: true,
    subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: CYCLES },
    variants: [{ sku: 'BOX', attributes: {}, priceCents: PRICE, salePriceCents: 0, onSale: false, qtyInStock: 50, unlimited: false }],
  })).id
  expect((await owner.post(`/api/sites/${site.id}/commerce/shipping-options`, { name: 'Standard', kind: 'flat', costCents: SHIPPING })).status).toBe(201)
})
afterAll(async () => {
  await t?.close()
  smtp?.close()
})

describe(`subscription journey: terms before paying, in the mail, renewals in revenue (${BACKEND})`, () => {
  it('shows each payment, how often, how many and that shipping recurs; a renewal adds to revenue', async () => {
    const v = t.client(site.host)
    const { cartToken } = (await v.post('/api/3/commerce/cart/subscription', { itemId: boxId, sku: 'BOX', qty: 1, additionalFields: null })).json as { cartToken: string }
    const page = await v.get(`/checkout?cartToken=${encodeURIComponent(cartToken)}`)
    expect(page.status).toBe(200)
    const terms = /<div class="checkout-terms" data-subscription-terms>([\s\S]*?)<\/div>/.exec(page.body)?.[1] ?? ''
    const text = terms.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()
    expect(text).toContain(`every month, ${CYCLES} payments in all, this one included`)
    expect(text).toContain('Shipping Shipping and tax are charged again with every payment.')
    // the terms come before the Subscribe button
    expect(page.body.indexOf('data-subscription-terms')).toBeLessThan(page.body.indexOf('>Subscribe</button>'))

    const placed = await v.post('/api/commerce/checkout', { cartToken, email: 'subscriber@example.com', shippingAddress: ADDRESS, card: CARD })
    expect(placed.status).toBe(201)
    const each = PRICE + SHIPPING
    expect(placed.json.order.chargedCents).toBe(each)
    await expect.poll(() => smtp.mails.some((m) => m.to === 'subscriber@example.com'), { timeout: 10_000 }).toBe(true)
    const mail = smtp.mails.find((m) => m.to === 'subscriber@example.com')!.text
    expect(mail).toContain(`Subscription to Coffee box: ${usd(each)} every month, ${CYCLES} payments in all, this one included. Shipping and tax are charged again with every payment.`)

    // a month later the renewal is charged; analytics revenue is both payments
    const range = `from=${new Date(Date.now() - DAY).toISOString().slice(0, 10)}&to=${new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10)}`
    const revenue = async () => (await site.owner.get(`/api/sites/${site.id}/analytics/funnel?${range}`)).json.revenue as number
    expect(await revenue()).toBe(each)
    expect(await t.app.commerce.renewSubscriptions(new Date(Date.now() + 32 * DAY))).toMatchObject({ renewed: 1 })
    expect(await revenue()).toBe(2 * each)
  })
})
