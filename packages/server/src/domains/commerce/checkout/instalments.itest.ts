// Paying in instalments at checkout: eligible carts (every item physical, total within the store's bounds, a
// provider for the site's locale) get the Afterpay / Clearpay choice; the order records the method, the
// test-mode provider keeps the 4-instalment schedule with the first captured, and the owner sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'

let t: TestApp
let site: { id: string; host: string; owner: Client }
const ids = {} as Record<'lamp' | 'ebook' | 'pin' | 'box', string>
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' }
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'CA', postalCode: '90001', country: 'US' }

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  site = { id: res.json.site.id, host: `${res.json.site.slug}.localhost`, owner }
  const c = t.app.commerce
  const v = (sku: string, priceCents: number) => ({ sku, attributes: {}, priceCents, salePriceCents: 0, onSale: false, qtyInStock: 50, unlimited: false })
  ids.lamp = (await c.createProduct(site.id, { collectionId: 'shop', title: 'Lamp', productType: 1, variants: [v('LAMP', 10000)] })).id
  ids.pin = (await c.createProduct(site.id, { collectionId: 'shop', title: 'Pin', productType: 1, variants: [v('PIN', 500)] })).id
  ids.ebook = (await c.createProduct(site.id, { collectionId: 'shop', title: 'E-book', productType: 2, digitalAssetUrl: '/files/demo/ebook.pdf', variants: [v('EBOOK', 9000)] })).id
  ids.box = (await c.createProduct(site.id, { collectionId: 'shop', title: 'Coffee box', productType: 1, isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 }, variants: [v('BOX', 6000)] })).id
  expect((await owner.post(`/api/sites/${site.id}/commerce/shipping-options`, { name: 'Standard', kind: 'flat', costCents: 1 })).status).toBe(201)
})
afterAll(async () => t?.close())

async function cartWith(items: [string, string, number][]): Promise<Client> {
  const c = t.client(site.host)
  for (const [itemId, sku, quantity] of items) expect((await c.post('/api/commerce/shopping-cart/entries', { itemId, sku, quantity, additionalFields: null })).status).toBe(200)
  return c
}
const checkout = (c: Client, body: Record<string, unknown>) => c.post('/api/commerce/checkout', { email: 'buyer@example.com', shippingAddress: ADDRESS, ...body })

describe(`instalments at checkout (${BACKEND})`, () => {
  it('an eligible cart is offered Afterpay (en-US); the order is paid by a 4-instalment plan, the first captured; the owner sees the schedule', async () => {
    const c = await cartWith([[ids.lamp, 'LAMP', 1]])
    const page = await c.get('/api/commerce/checkout')
    expect(page.json.instalments).toMatchObject({ provider: 'Afterpay', method: 'afterpay', numInstallments: 4, available: true, installmentCents: 2501, installment: { value: '2501', currency: 'USD', decimalValue: '25.01' } })
    const html = await c.get('/checkout')
    expect(html.body).toContain('value="instalments"')
    expect(html.body).toContain('Afterpay')
    const res = await checkout(c, { paymentMethod: 'instalments' })
    expect(res.status).toBe(201)
    expect(res.json.order).toMatchObject({ status: 'paid', paymentMethod: 'afterpay', grandTotalCents: 10001, chargedCents: 10001 })
    const base = `/api/sites/${site.id}/commerce/orders/${res.json.order.id}`
    const detail = (await site.owner.get(base)).json.order
    expect(detail.payment).toMatchObject({ method: 'afterpay', state: 'captured', authorizedCents: 10001, capturedCents: 2501, refundedCents: 0 })
    expect(detail.payment.instalments.map((i: { amountCents: number; status: string }) => [i.amountCents, i.status])).toEqual([[2501, 'captured'], [2500, 'scheduled'], [2500, 'scheduled'], [2500, 'scheduled']])
    // A refund releases the scheduled instalments and gives back the captured one.
    const refunded = await site.owner.post(`${base}/refund`)
    expect(refunded.status).toBe(200)
    expect(refunded.json.order.payment).toMatchObject({ state: 'refunded', capturedCents: 2501, voidedCents: 7500, refundedCents: 2501 })
    expect(refunded.json.order.payment.instalments.map((i: { status: string }) => i.status)).toEqual(['captured', 'cancelled', 'cancelled', 'cancelled'])
  })

  it('en-GB sites selling in GBP get Clearpay; in another currency none (merchant country and currency)', async () => {
    const currency = (to: string) => site.owner.patch(`/api/sites/${site.id}/commerce/settings`, { currency: to })
    await t.app.sites.updateSettings(site.id, { locale: 'en-GB' })
    try {
      const usd = await cartWith([[ids.lamp, 'LAMP', 1]])
      expect((await usd.get('/api/commerce/checkout')).json.instalments).toBeNull()
      expect((await currency('GBP')).status).toBe(200)
      const c = await cartWith([[ids.lamp, 'LAMP', 1]])
      expect((await c.get('/api/commerce/checkout')).json.instalments).toMatchObject({ provider: 'Clearpay', method: 'clearpay' })
      const res = await checkout(c, { paymentMethod: 'instalments', shippingAddress: { ...ADDRESS, region: 'London', postalCode: 'SW1A 1AA', city: 'London', country: 'GB' } })
      expect(res.status, res.body).toBe(201)
      expect(res.json.order.paymentMethod).toBe('clearpay')
    } finally {
      await t.app.sites.updateSettings(site.id, { locale: 'en-US' })
      await currency('USD')
    }
  })

  it('the spec\'s locale table: a site in en-PR has no provider (others none), though a US store ships instalment orders to its territories', async () => {
    await t.app.sites.updateSettings(site.id, { locale: 'en-PR' })
    try {
      const c = await cartWith([[ids.lamp, 'LAMP', 1]])
      expect((await c.get('/api/commerce/checkout')).json.instalments).toBeNull()
    } finally {
      await t.app.sites.updateSettings(site.id, { locale: 'en-US' })
    }
    const pr = await checkout(await cartWith([[ids.lamp, 'LAMP', 1]]), { paymentMethod: 'instalments', shippingAddress: { ...ADDRESS, region: 'PR', postalCode: '00901', city: 'San Juan', country: 'PR' } })
    expect(pr.status, pr.body).toBe(201)
    expect(pr.json.order.paymentMethod).toBe('afterpay')
    const mx = await checkout(await cartWith([[ids.lamp, 'LAMP', 1]]), { paymentMethod: 'instalments', shippingAddress: { ...ADDRESS, region: 'CDMX', postalCode: '06000', city: 'Ciudad de México', country: 'MX' } })
    expect(mx.json.error).toMatchObject({ code: 'instalments_unavailable', message: "Afterpay is available only for orders shipped within the store's country." })
  })

  it('refused: a digital item, a total below the minimum, a subscription, a locale without a provider; a card order records card', async () => {
    const digital = await cartWith([[ids.lamp, 'LAMP', 1], [ids.ebook, 'EBOOK', 1]])
    expect((await digital.get('/api/commerce/checkout')).json.instalments).toBeNull()
    const d = await checkout(digital, { paymentMethod: 'instalments' })
    expect(d.status).toBe(400)
    expect(d.json.error).toMatchObject({ code: 'instalments_unavailable', message: 'Afterpay is available only for physical products.' })

    const small = await cartWith([[ids.pin, 'PIN', 1]])
    expect((await small.get('/api/commerce/checkout')).json.instalments).toMatchObject({ available: false, reason: 'Afterpay is available for orders over 35.00 USD.' })
    const s = await checkout(small, { paymentMethod: 'instalments' })
    expect(s.json.error).toMatchObject({ code: 'instalments_unavailable', message: 'Afterpay is available for orders over 35.00 USD.' })
    const byCard = await checkout(small, { card: CARD })
    expect(byCard.status).toBe(201)
    expect(byCard.json.order.paymentMethod).toBe('card')

    const v = t.client(site.host)
    const { cartToken } = (await v.post('/api/3/commerce/cart/subscription', { itemId: ids.box, sku: 'BOX', qty: 1, additionalFields: null })).json
    expect((await v.get(`/api/commerce/checkout?cartToken=${encodeURIComponent(cartToken)}`)).json.instalments).toBeNull()
    expect((await checkout(v, { cartToken, paymentMethod: 'instalments' })).json.error.code).toBe('instalments_unavailable')

    await t.app.sites.updateSettings(site.id, { locale: 'de-DE' })
    try {
      const c = await cartWith([[ids.lamp, 'LAMP', 1]])
      expect((await c.get('/api/commerce/checkout')).json.instalments).toBeNull()
      expect((await checkout(c, { paymentMethod: 'instalments' })).json.error.message).toBe('Instalment payments are not available in this store.')
    } finally {
      await t.app.sites.updateSettings(site.id, { locale: 'en-US' })
    }
  })

  it('a gift card paying part: the summary recomputes each payment for what is left, and below the minimum withdraws the plan', async () => {
    const card = async (amountCents: number) => (await site.owner.post(`/api/sites/${site.id}/commerce/gift-cards`, { amountCents })).json.giftCard.code as string
    const total = 10000 + 1 // the lamp and its shipping
    const [part, most] = [await card(total - 4200), await card(total - 1700)]
    const c = await cartWith([[ids.lamp, 'LAMP', 1]])
    const summary = async (code: string) => (await c.get(`/api/commerce/checkout/summary?giftCardCode=${code}`)).json
    expect((await summary(part)).instalments).toEqual({ provider: 'Afterpay', numInstallments: 4, available: true, reason: '', installmentCents: 1050, installment: '$10.50' })
    expect((await summary(most)).instalments).toMatchObject({ available: false, reason: 'Afterpay is available for orders over 35.00 USD.', installmentCents: 425 })
    const refused = await checkout(c, { giftCardCode: most, paymentMethod: 'instalments' })
    expect(refused.status).toBe(400)
    expect(refused.json.error).toMatchObject({ code: 'instalments_unavailable', message: 'Afterpay is available for orders over 35.00 USD.' })
    const paid = await checkout(c, { giftCardCode: part, paymentMethod: 'instalments' })
    expect(paid.status).toBe(201)
    const detail = (await site.owner.get(`/api/sites/${site.id}/commerce/orders/${paid.json.order.id}`)).json.order
    expect(detail.payment.instalments.map((i: { amountCents: number }) => i.amountCents)).toEqual([1050, 1050, 1050, 1050])
  })

  it('owner: a card order refunded twice is refunded once; the provider holds the refund', async () => {
    const c = await cartWith([[ids.pin, 'PIN', 2]])
    const o = (await checkout(c, { card: CARD })).json.order
    const base = `/api/sites/${site.id}/commerce/orders/${o.id}`
    expect((await site.owner.get(base)).json.order.payment).toMatchObject({ method: 'card', state: 'captured', capturedCents: 1001 })
    const [a, b] = await Promise.all([site.owner.post(`${base}/refund`), site.owner.post(`${base}/refund`)])
    expect([a.status, b.status].filter((s) => s === 200).length).toBeGreaterThanOrEqual(1)
    const after = (await site.owner.get(base)).json.order
    expect(after.status).toBe('refunded')
    expect(after.payment).toMatchObject({ state: 'refunded', refundedCents: 1001 })
    expect((await site.owner.post(`${base}/refund`)).json.order.payment.refundedCents).toBe(1001)
  })
})
