// Checkout and orders: totals, payment in test mode, confirmation mail over SMTP, the order event, downloads,
// gift cards and subscriptions, owner fulfil/refund, and the two races (stock and gift-card balance).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink.js'
import type { OrderConfirmedEvent } from '../index.js'

let t: TestApp
let smtp: SmtpSink
let mails: SmtpSink['mails'] = []
const events: OrderConfirmedEvent[] = []
let site: { id: string; host: string; title: string; owner: Client }
const ids = {} as Record<'lamp' | 'mug' | 'ebook' | 'gift' | 'box', string>
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' }
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }

beforeAll(async () => {
  smtp = await startSmtpSink()
  mails = smtp.mails
  t = await startTestApp({ smtpUrl: smtp.url, seedDemo: false })
  t.app.commerce.events.on('commerce_checkout_order_confirmed', (e) => {
    events.push(e)
  })
  const owner = t.client()
  const signup = newSignup()
  const res = await owner.post('/api/auth/signup', signup)
  site = { id: res.json.site.id, host: `${res.json.site.slug}.localhost`, title: signup.siteTitle, owner }
  const c = t.app.commerce
  const v = (sku: string, priceCents: number, qtyInStock: number, unlimited = false) => ({ sku, attributes: {}, priceCents, salePriceCents: 0, onSale: false, qtyInStock, unlimited })
  ids.lamp = (await c.createProduct(site.id, { collectionId: 'shop', title: 'Lamp', productType: 1, variants: [v('LAMP', 2500, 5)] })).id
  ids.mug = (await c.createProduct(site.id, { collectionId: 'shop', title: 'Mug', productType: 1, variants: [v('MUG', 1200, 0, true)] })).id
  ids.ebook = (await c.createProduct(site.id, { collectionId: 'shop', title: 'E-book', productType: 2, digitalAssetUrl: '/files/demo/ebook.pdf', variants: [v('EBOOK', 900, 0)] })).id
  ids.gift = (await c.createProduct(site.id, { collectionId: 'shop', title: 'Gift card', productType: 4, variantOptions: [{ name: 'Amount', values: ['25'] }], variants: [{ ...v('GC25', 2500, 0), attributes: { Amount: '25' } }] })).id
  ids.box = (await c.createProduct(site.id, { collectionId: 'shop', title: 'Coffee box', productType: 1, isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 }, variants: [v('BOX', 3000, 50)] })).id
  const base = `/api/sites/${site.id}/commerce`
  expect((await owner.post(`${base}/shipping-options`, { name: 'Standard', kind: 'flat', costCents: 500 })).status).toBe(201)
  expect((await owner.post(`${base}/shipping-options`, { name: 'Free over $100', kind: 'free_over', costCents: 900, minSubtotalCents: 10000, ordering: 1 })).status).toBe(201)
  expect((await owner.post(`${base}/tax-rules`, { name: 'New York', country: 'us', region: 'ny', rateBp: 800 })).status).toBe(201)
  expect((await owner.post(`${base}/coupons`, { code: 'save10', kind: 'percentage', amount: 10 })).status).toBe(201)
  expect((await owner.post(`${base}/coupons`, { code: 'OLD', kind: 'fixed', amount: 500, endsAt: '2020-01-01T00:00:00Z' })).status).toBe(201)
})
afterAll(async () => {
  await t?.close()
  smtp?.close()
})

const visitor = () => t.client(site.host)
async function cartWith(items: [string, string, number][]): Promise<Client> {
  const c = visitor()
  for (const [itemId, sku, quantity] of items) {
    const r = await c.post('/api/commerce/shopping-cart/entries', { itemId, sku, quantity, additionalFields: null })
    expect(r.status).toBe(200)
  }
  return c
}
const checkout = (c: Client, body: Record<string, unknown>, headers?: Record<string, string>) => c.post('/api/commerce/checkout', { email: 'buyer@example.com', ...body }, headers ? { headers } : {})

describe(`checkout (${BACKEND})`, () => {
  it('places a test-mode order with coupon, shipping and tax; mails the buyer; emits the event; clears the cart', async () => {
    const c = await cartWith([[ids.lamp, 'LAMP', 2]])
    const cartId = (await c.get('/api/commerce/shopping-cart')).json.id
    expect((await c.post('/api/commerce/shopping-cart/coupons', { code: 'save10' })).status).toBe(200)
    const page = await c.get('/api/commerce/checkout')
    expect(page.json).toMatchObject({ pageType: 201, requiresShipping: true, testMode: true, paymentProvider: 'test' })
    expect(page.json.cart.shippingOptions.map((o: { name: string }) => o.name)).toEqual(['Standard']) // free over $100 not reached
    const res = await checkout(c, { shippingAddress: ADDRESS, card: CARD })
    expect(res.status).toBe(201)
    const o = res.json.order
    expect(o).toMatchObject({ number: 1, status: 'paid', testMode: true, subtotalCents: 5000, discountCents: 500, shippingCostCents: 500, taxCents: 360, grandTotalCents: 5360, chargedCents: 5360, coupons: ['SAVE10'] })
    expect(o.entries[0]).toMatchObject({ sku: 'LAMP', quantity: 2, unitPriceCents: 2500, subTotalCents: 5000 })
    expect(res.json.confirmationUrl).toBe(`/commerce/orders/${o.id}?token=${res.json.confirmationToken}`)
    expect(c.cookies.has('sw_cart')).toBe(false)
    expect(events).toContainEqual(expect.objectContaining({ orderId: o.id, cartId, testMode: true, websiteId: site.id, donation: null }))
    const confirmed = await visitor().get(`/api/commerce/orders/${o.id}?token=${res.json.confirmationToken}`)
    expect(confirmed.json).toMatchObject({ pageType: 202, order: { id: o.id, number: 1 } })
    expect((await visitor().get(`/api/commerce/orders/${o.id}?token=wrong`)).status).toBe(404)
    const find = () => mails.find((m) => /Subject: Order #1 confirmed/.test(m.data))
    await expect.poll(find, { timeout: 5000 }).toBeTruthy()
    const mail = find()
    expect(mail?.to).toBe('buyer@example.com')
    expect(mail?.data).toContain('Total: $53.60')
    const stock = await visitor().get(`/api/commerce/inventory/stock?itemId=${ids.lamp}`)
    expect(stock.json.results[0].qtyInStock).toBe(3)
  })

  it('refuses: empty cart, missing address, expired coupon, declined card (and keeps the stock)', async () => {
    expect((await checkout(visitor(), { card: CARD })).json.error.message).toBe('Your cart is empty.')
    const c = await cartWith([[ids.lamp, 'LAMP', 1]])
    expect((await checkout(c, { card: CARD })).json.error.code).toBe('shipping_address_required')
    const declined = await checkout(c, { shippingAddress: ADDRESS, card: { ...CARD, number: '4000000000000002' } })
    expect(declined.status).toBe(422)
    expect(declined.json.error.message).toBe('The card was declined.')
    await c.post('/api/commerce/shopping-cart/coupons', { code: 'OLD' }).then((r) => expect(r.status).toBe(400))
    const stock = await visitor().get(`/api/commerce/inventory/stock?itemId=${ids.lamp}`)
    expect(stock.json.results[0].qtyInStock).toBe(3)
  })

  it('Idempotency-Key on checkout: the same order again; another body 422', async () => {
    const c = await cartWith([[ids.mug, 'MUG', 1]])
    const body = { shippingAddress: ADDRESS, card: CARD }
    const first = await checkout(c, body, { 'idempotency-key': 'order-1' })
    const again = await checkout(c, body, { 'idempotency-key': 'order-1' })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.json).toEqual(first.json)
    const other = await checkout(c, { ...body, email: 'x@example.com' }, { 'idempotency-key': 'order-1' })
    expect(other.status).toBe(422)
  })

  it('Idempotency-Key: a declined card then another card with the same key is a new attempt; exact replays answer the kept reply', async () => {
    const c = await cartWith([[ids.mug, 'MUG', 1]])
    const key = { 'idempotency-key': 'attempt-1' }
    const declinedBody = { shippingAddress: ADDRESS, card: { ...CARD, number: '4000000000000002' } }
    const declined = await checkout(c, declinedBody, key)
    expect(declined.status).toBe(422)
    expect(declined.json.error.code).toBe('payment_card_declined')
    const replayDeclined = await checkout(c, declinedBody, key)
    expect(replayDeclined.json.error.code).toBe('payment_card_declined') // the same attempt: the kept answer
    const paid = await checkout(c, { shippingAddress: ADDRESS, card: CARD }, key)
    expect(paid.status).toBe(201)
    expect(paid.json.order.status).toBe('paid')
    const replayPaid = await checkout(c, { shippingAddress: ADDRESS, card: CARD }, key)
    expect(replayPaid.json).toEqual(paid.json)
    // After a success the key is spent: another body with it changes nothing.
    const after = await checkout(c, declinedBody, key)
    expect(after.status).toBe(422)
    expect(after.json.error.code).toBe('idempotency_key_reused')
  })

  it('Idempotency-Key belongs to the visitor: another visitor replaying the key and body never gets the first order or its token', async () => {
    const body = { shippingAddress: ADDRESS, card: CARD }
    const key = { 'idempotency-key': 'shared-key' }
    const a = await cartWith([[ids.mug, 'MUG', 1]])
    const first = await checkout(a, body, key)
    expect(first.status).toBe(201)
    const stranger = await checkout(visitor(), body, key)
    expect(stranger.status).toBe(400)
    expect(stranger.json.error.message).toBe('Your cart is empty.')
    expect(JSON.stringify(stranger.json)).not.toContain(first.json.confirmationToken)
    const b = await cartWith([[ids.mug, 'MUG', 1]])
    const second = await checkout(b, body, key)
    expect(second.status).toBe(201)
    expect(second.json.order.id).not.toBe(first.json.order.id)
    expect(second.json.confirmationToken).not.toBe(first.json.confirmationToken)
    expect((await checkout(a, body, key)).json).toEqual(first.json) // the first visitor's replay still answers theirs
  })

  it('digital goods get a signed download link; gift-card purchase issues a code that pays a later order', async () => {
    const c = await cartWith([[ids.ebook, 'EBOOK', 1], [ids.gift, 'GC25', 1]])
    const res = await checkout(c, { card: CARD })
    expect(res.status).toBe(201)
    const o = res.json.order
    const dl = o.entries.find((e: { sku: string }) => e.sku === 'EBOOK').downloadUrl as string
    expect(dl).toMatch(new RegExp(`^/api/commerce/downloads/${o.id}/`))
    const got = await visitor().get(dl)
    expect(got.status).toBe(302)
    expect(got.headers.location).toBe('/files/demo/ebook.pdf')
    expect((await visitor().get(dl.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(403)
    expect(o.giftCards).toEqual([{ code: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/), amountCents: 2500, amount: { value: '2500', currency: 'USD', decimalValue: '25.00', currencyCode: 'USD' } }])
    const code = o.giftCards[0].code as string
    const bal = await visitor().get(`/api/commerce/gift-cards/balance?code=${code}`)
    expect(bal.json).toMatchObject({ code, balanceCents: 2500 })
    const pay = await cartWith([[ids.mug, 'MUG', 1]])
    const paid = await checkout(pay, { shippingAddress: { ...ADDRESS, region: 'CA' }, giftCardCode: code.toLowerCase() })
    expect(paid.status).toBe(201)
    expect(paid.json.order).toMatchObject({ grandTotalCents: 1700, giftCardCents: 1700, chargedCents: 0 })
    expect((await visitor().get(`/api/commerce/gift-cards/balance?code=${code}`)).json.balanceCents).toBe(800)
  })

  it('a gift card paying the whole order: the summary shows its line and $0.00 to pay; no card; page, mail and owner view print the same lines; the recipient gets the code and the message', async () => {
    const base = `/api/sites/${site.id}/commerce`
    const paying = (await site.owner.post(`${base}/gift-cards`, { amountCents: 10000 })).json.giftCard as { code: string }
    const c = visitor()
    const fields = { recipientName: 'Grace Hopper', recipientEmail: 'grace@example.com', message: 'Happy birthday!' }
    expect((await c.post('/api/commerce/shopping-cart/entries', { itemId: ids.gift, sku: 'GC25', quantity: 1, additionalFields: JSON.stringify(fields) })).status).toBe(200)
    const plain = await c.get('/api/commerce/checkout/summary')
    expect(plain.json).toMatchObject({ totalCents: 2500, total: '$25.00', paymentRequired: true, giftCard: null })
    const wrong = await c.get('/api/commerce/checkout/summary?giftCardCode=NOPE-NOPE')
    expect(wrong.status).toBe(400)
    expect(wrong.json.error).toMatchObject({ code: 'gift_card_not_found', message: 'This gift card does not exist.' })
    const summary = await c.get(`/api/commerce/checkout/summary?giftCardCode=${paying.code.toLowerCase()}`)
    expect(summary.status).toBe(200)
    const lines = (summary.json.lines as { label: string; text: string }[]).map((l) => `${l.label}: ${l.text}`)
    expect(lines).toEqual(['Subtotal: $25.00', 'Tax: $0.00', 'Gift card: -$25.00', 'Total: $0.00'])
    expect(summary.json).toMatchObject({ totalCents: 0, total: '$0.00', paymentRequired: false, giftCard: { code: paying.code, appliedCents: 2500, balanceCents: 10000 } })

    const res = await checkout(c, { email: 'giver@example.com', giftCardCode: paying.code }) // no card fields at all
    expect(res.status).toBe(201)
    const o = res.json.order
    expect(o).toMatchObject({ status: 'paid', grandTotalCents: 2500, giftCardCents: 2500, chargedCents: 0 })
    expect(o.summary).toEqual(summary.json.lines)
    const issued = o.giftCards[0].code as string

    const page = await visitor().get(res.json.confirmationUrl)
    expect(page.status).toBe(200)
    const shown = [...page.body.matchAll(/<dt class="summary-[a-zA-Z]+[^"]*">([^<]*)<\/dt><dd [^>]*>([^<]*)<\/dd>/g)].map((m) => `${m[1]}: ${m[2]}`)
    expect(shown).toEqual(lines)
    expect(page.body).not.toContain('$-')

    const owner = await site.owner.get(`${base}/orders/${o.id}`)
    expect((owner.json.order.summary as { label: string; text: string }[]).map((l) => `${l.label}: ${l.text}`)).toEqual(lines)

    const mailTo = (to: string) => mails.find((m) => m.to === to)
    await expect.poll(() => mailTo('grace@example.com'), { timeout: 5000 }).toBeTruthy()
    await expect.poll(() => mailTo('giver@example.com'), { timeout: 5000 }).toBeTruthy()
    const confirmation = mailTo('giver@example.com')!.text
    expect(confirmation).toContain(lines.join('\n'))
    expect(confirmation).toContain(`Gift card for Grace Hopper (sent to grace@example.com): ${issued} ($25.00)`)
    const gift = mailTo('grace@example.com')!.text
    expect(gift).toContain(`Subject: giver@example.com sent you a $25.00 gift card for ${site.title}`)
    expect(gift).toContain('Hello Grace Hopper,')
    expect(gift).toContain('Their message:\nHappy birthday!')
    expect(gift).toContain(`Your gift card code: ${issued}`)
    expect(gift).not.toContain(paying.code) // the card that paid stays the buyer's business
    expect((await visitor().get(`/api/commerce/gift-cards/balance?code=${issued}`)).json.balanceCents).toBe(2500)
    expect((await visitor().get(`/api/commerce/gift-cards/balance?code=${paying.code}`)).json.balanceCents).toBe(7500)
  })

  it('subscriptions: cartToken checkout records the plan; SUBSCRIPTION_CONFIRMED page type', async () => {
    const v = visitor()
    const { cartToken } = (await v.post('/api/3/commerce/cart/subscription', { itemId: ids.box, sku: 'BOX', qty: 1, additionalFields: null })).json
    const page = await v.get(`/api/commerce/checkout?cartToken=${encodeURIComponent(cartToken)}`)
    expect(page.json).toMatchObject({ pageType: 206, subscription: true })
    const res = await checkout(v, { cartToken, shippingAddress: ADDRESS, card: CARD })
    expect(res.status).toBe(201)
    expect(res.json.order.subscriptions).toEqual([expect.objectContaining({ sku: 'BOX', billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0, priceCents: 3000, status: 'active' })])
    const confirmed = await v.get(`/api/commerce/orders/${res.json.order.id}?token=${res.json.confirmationToken}`)
    expect(confirmed.json.pageType).toBe(206)
    expect((await checkout(v, { cartToken, shippingAddress: ADDRESS, card: CARD })).status).toBe(409)
  })

  it('owner: orders list, detail, fulfil, refund (stock and gift-card balance come back)', async () => {
    const base = `/api/sites/${site.id}/commerce`
    const list = await site.owner.get(`${base}/orders`)
    expect(list.status).toBe(200)
    expect(list.json.orders[0]).toMatchObject({ number: list.json.total, status: 'paid', testMode: true })
    const c = await cartWith([[ids.lamp, 'LAMP', 1]])
    const o = (await checkout(c, { shippingAddress: ADDRESS, card: CARD })).json.order
    expect((await site.owner.post(`${base}/orders/${o.id}/fulfil`)).json.order.status).toBe('fulfilled')
    const before = (await visitor().get(`/api/commerce/inventory/stock?itemId=${ids.lamp}`)).json.results[0].qtyInStock
    const refunded = await site.owner.post(`${base}/orders/${o.id}/refund`)
    expect(refunded.json.order.status).toBe('refunded')
    expect((await visitor().get(`/api/commerce/inventory/stock?itemId=${ids.lamp}`)).json.results[0].qtyInStock).toBe(before + 1)
    const visitorTry = await visitor().get(`${base}/orders`)
    expect(visitorTry.status).toBe(401)
  })
})

describe(`races (${BACKEND})`, () => {
  it('120 concurrent checkouts for 4 units: sold == stock, stock never below 0', async () => {
    const tee = await t.app.commerce.createProduct(site.id, { collectionId: 'shop', title: 'Limited tee', productType: 1, variants: [{ sku: 'TEE-LTD', attributes: {}, priceCents: 1000, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false }] })
    const carts: Client[] = []
    for (let i = 0; i < 120; i++) carts.push(await cartWith([[tee.id, 'TEE-LTD', 1]]))
    const results = await Promise.all(carts.map((c) => checkout(c, { shippingAddress: ADDRESS, card: CARD })))
    const sold = results.filter((r) => r.status === 201).length
    const refused = results.filter((r) => r.status === 409 && r.json.error.message === 'Sorry, we do not have enough of that item available.').length
    const stock = (await visitor().get(`/api/commerce/inventory/stock?itemId=${tee.id}`)).json.results[0].qtyInStock
    console.info(`oversell race (${BACKEND}): 120 checkouts, stock 4 -> sold ${sold}, refused ${refused}, stock left ${stock}`)
    expect(sold).toBe(4)
    expect(refused).toBe(116)
    expect(stock).toBe(0)
  }, 120_000)

  it('gift-card double spend: 30 concurrent orders of 17.00 on a 51.00 balance: exactly 3 placed, the rest refused', async () => {
    // 51.00 is three orders exactly (every placed order takes 17.00 whatever the interleaving), so the number
    // placed is known: a test where every order was refused cannot pass.
    const base = `/api/sites/${site.id}/commerce`
    const card = (await site.owner.post(`${base}/gift-cards`, { amountCents: 5100 })).json.giftCard
    const carts: Client[] = []
    for (let i = 0; i < 30; i++) carts.push(await cartWith([[ids.mug, 'MUG', 1]]))
    const results = await Promise.all(carts.map((c) => checkout(c, { shippingAddress: { ...ADDRESS, region: 'CA' }, giftCardCode: card.code, card: CARD })))
    const ok = results.filter((r) => r.status === 201)
    const spent = ok.reduce((s, r) => s + (r.json.order.giftCardCents as number), 0)
    const balance = (await visitor().get(`/api/commerce/gift-cards/balance?code=${card.code}`)).json.balanceCents
    const ledger = (await site.owner.get(`${base}/gift-cards/${card.id}/ledger`)).json.ledger as { deltaCents: number }[]
    console.info(`gift-card race (${BACKEND}): 30 orders of 17.00 on 51.00 -> ${ok.length} placed, spent ${spent}, balance ${balance}`)
    expect(ok.length).toBe(3)
    for (const r of ok) expect(r.json.order).toMatchObject({ grandTotalCents: 1700, giftCardCents: 1700, chargedCents: 0 })
    expect(spent).toBe(5100)
    expect(balance).toBe(0)
    expect(ledger.reduce((s, l) => s + l.deltaCents, 0)).toBe(0)
    expect(ledger.filter((l) => l.deltaCents < 0)).toHaveLength(3)
    // Refused orders: the balance changed under them (409) or was already spent (400 gift_card_empty).
    const refused = results.filter((r) => r.status !== 201)
    expect(refused).toHaveLength(27)
    for (const r of refused) expect(['gift_card_balance_changed', 'gift_card_empty']).toContain(r.json.error.code)
  }, 120_000)
})
