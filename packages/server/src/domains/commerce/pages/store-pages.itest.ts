// Store pages rendered through the theme: the gift-card page (card, denomination, recipient fields), a JPY store's
// cart/checkout/order pages (amounts printed with the currency's fraction digits), ORDER_RECEIVED (207) for an
// order whose payment awaits confirmation; and the server-side checks of additional fields (inline forms, gift cards).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import { TEST_CARDS } from '../index.js'

let t: TestApp
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }
const v = (sku: string, priceCents: number, qtyInStock: number, extra: Record<string, unknown> = {}) => ({ sku, attributes: {}, priceCents, qtyInStock, ...extra })

async function newSite(): Promise<{ id: string; host: string; owner: Client }> {
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { id: res.json.site.id, host: `${res.json.site.slug}.localhost`, owner }
}
const add = (c: Client, itemId: string, sku: string, additionalFields: unknown = null, quantity = 1) =>
  c.post('/api/commerce/shopping-cart/entries', { itemId, sku, quantity, additionalFields: additionalFields === null ? null : JSON.stringify(additionalFields) })

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
})
afterAll(() => t?.close())

describe(`store pages (${BACKEND})`, () => {
  it('gift-card page: the card with its denominations; the chosen one; the message when none is chosen; recipient fields', async () => {
    const site = await newSite()
    const card = await t.app.commerce.createProduct(site.id, {
      collectionId: 'shop', title: 'Studio gift card', productType: 4, variantOptions: [{ name: 'Amount', values: ['$25', '$50'] }],
      variants: [v('GC-25', 2500, 0, { attributes: { Amount: '$25' } }), v('GC-50', 5000, 0, { attributes: { Amount: '$50' } })],
    })
    const lamp = await t.app.commerce.createProduct(site.id, { collectionId: 'shop', title: 'Lamp', productType: 1, variants: [v('LAMP', 100, 1)] })
    const visitor = t.client(site.host)
    const none = await visitor.get(`/commerce/gift-card?itemId=${card.id}`)
    expect(none.status).toBe(200)
    expect(String(none.headers['cache-control'])).toContain('no-store')
    expect(none.body).toContain('Studio gift card')
    expect(none.body).toContain('Select a denomination for the Gift Card')
    expect(none.body).toContain('data-gift-card-form')
    expect(none.body.match(/name="sku" value="GC-(25|50)"/g)).toHaveLength(2)
    for (const field of ['recipientName', 'recipientEmail', 'senderName', 'message']) expect(none.body).toContain(`name="${field}"`)
    // an option value that only repeats the price ('$50' of 50.00) is not printed beside it
    expect(none.body).not.toContain('gift-card-label')
    expect(none.body).not.toContain('<details class="gift-card-change"')
    const chosen = await visitor.get(`/commerce/gift-card?itemId=${card.id}&sku=GC-50`)
    expect(chosen.body).not.toContain('Select a denomination for the Gift Card')
    expect(chosen.body).toMatch(/Amount: <span class="sqs-money-native" data-currency="USD">50\.00<\/span>/)
    expect(chosen.body).toMatch(/value="GC-50" checked/)
    expect(chosen.body).not.toContain('($50)')
    // the amount chosen on the product page is not asked again: the choices fold away behind 'Change amount'
    expect(chosen.body).toMatch(/<details class="gift-card-change">\s*<summary>Change amount<\/summary>\s*<fieldset class="checkout-section gift-card-denominations">/)
    expect((await visitor.get(`/commerce/gift-card?itemId=${card.id}&sku=NOPE`)).body).toContain('Select a denomination for the Gift Card')
    expect((await visitor.get(`/commerce/gift-card?itemId=${lamp.id}`)).status).toBe(404)
    expect((await visitor.get('/commerce/gift-card?itemId=missing')).status).toBe(404)

    // the page's fields go with the entry; the server checks them
    const badEmail = await add(visitor, card.id, 'GC-50', { recipientName: 'Grace', recipientEmail: 'not-an-email', message: 'Happy birthday' })
    expect(badEmail.status).toBe(400)
    expect(badEmail.json.error.fields).toEqual({ recipientEmail: expect.stringContaining('email') })
    expect((await add(visitor, card.id, 'GC-50', { recipientName: 'Grace', colour: 'red' })).json.error.fields).toHaveProperty('colour')
    const ok = await add(visitor, card.id, 'GC-50', { recipientName: ' Grace ', recipientEmail: 'grace@example.com', message: 'Happy birthday' })
    expect(ok.status).toBe(200)
    expect(ok.json.shoppingCart.entries[0].additionalFields).toEqual({ recipientName: 'Grace', recipientEmail: 'grace@example.com', message: 'Happy birthday' })
  })

  it('an inline additional-fields form is checked on add and PUT: required fields and choices, per field', async () => {
    const site = await newSite()
    const plate = await t.app.commerce.createProduct(site.id, {
      collectionId: 'shop', title: 'Plate', productType: 1,
      additionalFieldsForm: { name: 'Engraving', fields: [{ id: 'text', type: 'text', title: 'Text', required: true }, { id: 'font', type: 'radio', title: 'Font', options: ['Serif', 'Sans'] }] },
      variants: [v('PLATE', 1000, 5)],
    })
    const visitor = t.client(site.host)
    const missing = await add(visitor, plate.id, 'PLATE', { font: 'Serif' })
    expect(missing.status).toBe(400)
    expect(missing.json.error).toMatchObject({ code: 'additional_fields_invalid', message: 'Text is required.', fields: { text: 'Text is required.' } })
    expect((await add(visitor, plate.id, 'PLATE', { text: 'Hi', font: 'Comic' })).json.error.fields).toEqual({ font: 'Comic is not one of the expected options' })
    const ok = await add(visitor, plate.id, 'PLATE', { text: 'Hi', font: 'Sans', extra: 'dropped' })
    expect(ok.json.shoppingCart.entries[0]).toMatchObject({ hasAdditionalFields: true, additionalFields: { text: 'Hi', font: 'Sans' } })
    expect(ok.json.shoppingCart.entries[0].additionalFields).not.toHaveProperty('extra')
    const entryId = ok.json.shoppingCart.entries[0].id
    const put = await visitor.request('PUT', `/api/commerce/shopping-cart/entries/${entryId}/additionalFields`, { json: { additionalFields: JSON.stringify({ text: '' }) } })
    expect(put.status).toBe(400)
    expect(put.json.error.fields).toEqual({ text: 'Text is required.' })
    expect((await visitor.get(`/api/commerce/additional-fields-form?itemId=${plate.id}`)).json.form).toMatchObject({ name: 'Engraving' })
  })

  it('a JPY store prints its amounts without fraction digits on the cart, checkout and order pages', async () => {
    const site = await newSite()
    expect((await site.owner.patch(`/api/sites/${site.id}/commerce/settings`, { currency: 'JPY' })).status).toBe(200)
    expect((await site.owner.post(`/api/sites/${site.id}/commerce/shipping-options`, { name: 'Yamato', kind: 'flat', costCents: 800 })).status).toBe(201)
    const tea = await t.app.commerce.createProduct(site.id, { collectionId: 'shop', title: 'Tea bowl', productType: 1, variants: [v('TEA', 12500, 5)] })
    const visitor = t.client(site.host)
    const added = await add(visitor, tea.id, 'TEA', null, 2)
    expect(added.json.shoppingCart).toMatchObject({ currency: 'JPY', subtotalCents: 25000, subtotal: { value: '25000', currency: 'JPY' } })
    const cart = await visitor.get('/cart')
    expect(cart.body).toContain('data-page-type="205"') // the newer cart page: COMMERCE_CART_V2
    // the spec's older cart page, SHOW_CART 200, at the legacy address: HTML and ?format=json, the same cart
    const older = await visitor.get('/commerce/show-cart')
    expect(older.status).toBe(200)
    expect(older.body).toContain('data-page-type="200"')
    expect(older.body).toContain('>25,000<')
    const json = await visitor.get('/commerce/show-cart?format=json')
    expect(json.json).toMatchObject({ pageType: 200, shoppingCart: { currency: 'JPY', subtotalCents: 25000 } })
    expect((await visitor.get('/commerce/show-cart?format=xml')).status).toBe(400)
    expect(cart.body).toContain('>25,000<')
    expect(cart.body).not.toContain('250.00')
    const checkout = await visitor.get('/checkout')
    expect(checkout.body).toContain('>800<') // the shipping option's cost
    expect(checkout.body).toContain('>25,000<')
    expect(checkout.body).not.toMatch(/>(8\.00|250\.00)</)
    const placed = await visitor.post('/api/commerce/checkout', { email: 'buyer@example.com', shippingAddress: ADDRESS, card: CARD })
    expect(placed.status).toBe(201)
    expect(placed.json.order).toMatchObject({ currency: 'JPY', grandTotalCents: 25800, grandTotal: { value: '25800' } })
    const page = await visitor.get(placed.json.confirmationUrl)
    expect(page.body).toContain('Thank you for your order')
    expect(page.body).toContain('data-summary="total">¥25,800<') // the order's money lines: CLDR text
    expect(page.body).not.toContain('258.00')
  })

  it('ORDER_RECEIVED (207): an order whose payment awaits confirmation has its own page and page type', async () => {
    const site = await newSite()
    const lamp = await t.app.commerce.createProduct(site.id, { collectionId: 'shop', title: 'Lamp', productType: 1, variants: [v('LAMP', 2500, 3)] })
    const visitor = t.client(site.host)
    await add(visitor, lamp.id, 'LAMP')
    const placed = await visitor.post('/api/commerce/checkout', { email: 'wait@example.com', shippingAddress: ADDRESS, card: { ...CARD, number: TEST_CARDS.pending } })
    expect(placed.status).toBe(201)
    expect(placed.json.order).toMatchObject({ status: 'pending', testMode: true })
    const page = await visitor.get(placed.json.confirmationUrl)
    expect(page.status).toBe(200)
    expect(page.body).toContain('data-page-type="207"')
    expect(page.body).toContain('Order received')
    expect(page.body).toContain('awaiting confirmation')
    expect(page.body).toContain(`Order #${placed.json.order.number}`)
    expect(page.body).toContain('Lamp')
    const api = await visitor.get(`/api/commerce/orders/${placed.json.order.id}?token=${placed.json.confirmationToken}`)
    expect(api.json.pageType).toBe(207)
    // a paid order keeps ORDER_CONFIRMED
    await add(visitor, lamp.id, 'LAMP')
    const paid = await visitor.post('/api/commerce/checkout', { email: 'paid@example.com', shippingAddress: ADDRESS, card: CARD })
    expect((await visitor.get(paid.json.confirmationUrl)).body).toContain('data-page-type="202"')
  })
})
