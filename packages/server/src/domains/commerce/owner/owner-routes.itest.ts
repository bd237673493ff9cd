// Store routes without tests of their own until now: shipping options and tax rules (list, delete), gift cards
// (list), and a visitor removing a coupon from the cart. Each: the answer and its effect on what visitors are
// charged and shown, another site's owner (or cart) neither reads nor changes anything (uniform 404), roles, and the
// crumb on writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import { WEBSITE_ROLES } from '../../accounts/index.js'

let t: TestApp
interface Owner {
  c: Client
  siteId: string
  host: string
  userId: string
}
let a: Owner
let b: Owner
let lamp: string

async function signup(): Promise<Owner> {
  const c = t.client()
  const res = await c.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { c, siteId: res.json.site.id, host: `${res.json.site.slug}.localhost`, userId: res.json.user.id }
}

const base = (o: Owner) => `/api/sites/${o.siteId}/commerce`
const del = (c: Client, url: string, opts: { crumb?: false } = {}) => c.request('DELETE', url, opts)
const names = (rows: { name: string }[]) => rows.map((r) => r.name)

/** A visitor of site A with two lamps (a physical product) in the cart. */
async function shopper(): Promise<Client> {
  const v = t.client(a.host)
  const r = await v.post('/api/commerce/shopping-cart/entries', { itemId: lamp, sku: 'LAMP', quantity: 2, additionalFields: null })
  expect(r.status).toBe(200)
  return v
}
const cartOf = async (v: Client) => (await v.get('/api/commerce/shopping-cart')).json

/** A member of site A with `role` (signed in on their own client). */
async function member(role: number): Promise<Owner> {
  const m = await signup()
  await t.app.sites.addMember(a.siteId, m.userId, role as never)
  return m
}

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  a = await signup()
  b = await signup()
  lamp = (await t.app.commerce.createProduct(a.siteId, { collectionId: 'shop', title: 'Lamp', productType: 1, variants: [{ sku: 'LAMP', attributes: {}, priceCents: 2500, salePriceCents: 0, onSale: false, qtyInStock: 50, unlimited: false }] })).id
})
afterAll(() => t?.close())

describe(`store owner routes: shipping options, tax rules, gift cards (${BACKEND})`, () => {
  it('shipping options: the list in the order visitors are offered them; a delete drops the option from carts and checkout at once', async () => {
    expect(await a.c.get(`${base(a)}/shipping-options`)).toMatchObject({ status: 200, json: { items: [] } })
    const express = (await a.c.post(`${base(a)}/shipping-options`, { name: 'Express', kind: 'flat', costCents: 1500, ordering: 2 })).json.item
    const standard = (await a.c.post(`${base(a)}/shipping-options`, { name: 'Standard', kind: 'flat', costCents: 500, ordering: 1 })).json.item
    await a.c.post(`${base(a)}/shipping-options`, { name: 'Courier', kind: 'flat', costCents: 900, ordering: 1 })
    const list = await a.c.get(`${base(a)}/shipping-options`)
    expect(list.status).toBe(200)
    expect(names(list.json.items)).toEqual(['Courier', 'Standard', 'Express'])
    expect(list.json.items[2]).toMatchObject({ id: express.id, name: 'Express', kind: 'flat', costCents: 1500, minSubtotalCents: 0, ordering: 2 })
    const v = await shopper()
    const offered = await cartOf(v)
    expect(names(offered.shippingOptions)).toEqual(names(list.json.items))
    expect((await v.request('PUT', '/api/commerce/shopping-cart/shipping', { json: { optionId: express.id } })).json.shoppingCart).toMatchObject({ selectedShippingOption: { id: express.id }, shippingCostCents: 1500 })
    expect((await v.get('/checkout')).body).toContain('Express')

    // refused: no crumb, another site's owner (through either site id), a role without the store
    expect(await del(a.c, `${base(a)}/shipping-options/${express.id}`, { crumb: false })).toMatchObject({ status: 403, json: { crumbFail: true } })
    expect((await del(b.c, `${base(a)}/shipping-options/${express.id}`)).json.error.code).toBe('site_not_found')
    expect((await del(b.c, `${base(b)}/shipping-options/${express.id}`))).toMatchObject({ status: 404, json: { error: { code: 'rule_not_found' } } })
    expect((await b.c.get(`${base(a)}/shipping-options`)).status).toBe(404)
    expect((await b.c.get(`${base(b)}/shipping-options`)).json.items).toEqual([])
    const editor = await member(WEBSITE_ROLES.EDITOR)
    expect((await editor.c.get(`${base(a)}/shipping-options`)).status).toBe(403)
    expect((await del(editor.c, `${base(a)}/shipping-options/${express.id}`)).status).toBe(403)
    expect(names((await a.c.get(`${base(a)}/shipping-options`)).json.items)).toEqual(['Courier', 'Standard', 'Express'])

    const gone = await del(a.c, `${base(a)}/shipping-options/${express.id}`)
    expect(gone.status).toBe(204)
    expect(gone.body).toBe('')
    expect(names((await a.c.get(`${base(a)}/shipping-options`)).json.items)).toEqual(['Courier', 'Standard'])
    // the visitor who had chosen it falls back to the cheapest option left (the preselection rule), on the cart and on the checkout page
    const after = await cartOf(v)
    expect(names(after.shippingOptions)).toEqual(['Courier', 'Standard'])
    expect(after).toMatchObject({ selectedShippingOption: { name: 'Standard' }, shippingCostCents: 500, grandTotalCents: 5500 })
    const checkout = await v.get('/checkout')
    expect(checkout.body).not.toContain('Express')
    expect(checkout.headers['cache-control']).toMatch(/no-store/)
    expect((await del(a.c, `${base(a)}/shipping-options/${express.id}`)).json.error.code).toBe('rule_not_found')
    // a store manager may delete
    const manager = await member(WEBSITE_ROLES.STORE_MANAGER)
    expect((await del(manager.c, `${base(a)}/shipping-options/${standard.id}`)).status).toBe(204)
  })

  it('tax rules: listed per site; a delete stops the tax on carts at once', async () => {
    const ny = (await a.c.post(`${base(a)}/tax-rules`, { name: 'New York', country: 'us', region: 'ny', rateBp: 800 })).json.item
    await a.c.post(`${base(a)}/tax-rules`, { name: 'California', country: 'US', region: 'CA', rateBp: 725 })
    await b.c.post(`${base(b)}/tax-rules`, { name: 'B rule', country: 'US', region: 'NY', rateBp: 500 })
    const list = await a.c.get(`${base(a)}/tax-rules`)
    expect(list.status).toBe(200)
    expect(names(list.json.items).sort()).toEqual(['California', 'New York'])
    expect(list.json.items.find((r: { id: string }) => r.id === ny.id)).toMatchObject({ name: 'New York', country: 'US', region: 'NY', rateBp: 800 })
    const v = await shopper()
    const taxed = (await v.request('PUT', '/api/commerce/shopping-cart/shipping', { json: { location: { country: 'us', region: 'ny' } } })).json.shoppingCart
    expect(taxed.taxCents).toBeGreaterThan(0)
    expect(taxed.applicableTaxRules).toHaveLength(1)

    expect(await del(a.c, `${base(a)}/tax-rules/${ny.id}`, { crumb: false })).toMatchObject({ status: 403, json: { crumbFail: true } })
    expect((await del(b.c, `${base(a)}/tax-rules/${ny.id}`)).json.error.code).toBe('site_not_found')
    expect((await del(b.c, `${base(b)}/tax-rules/${ny.id}`)).json.error.code).toBe('rule_not_found')
    expect((await b.c.get(`${base(a)}/tax-rules`)).status).toBe(404)
    expect(names((await b.c.get(`${base(b)}/tax-rules`)).json.items)).toEqual(['B rule'])
    expect((await t.client().get(`${base(a)}/tax-rules`)).status).toBe(401)
    expect((await cartOf(v)).taxCents).toBe(taxed.taxCents)

    expect((await del(a.c, `${base(a)}/tax-rules/${ny.id}`)).status).toBe(204)
    expect(names((await a.c.get(`${base(a)}/tax-rules`)).json.items)).toEqual(['California'])
    const untaxed = await cartOf(v)
    expect(untaxed).toMatchObject({ taxCents: 0, applicableTaxRules: [] })
    expect(untaxed.grandTotalCents).toBe(taxed.grandTotalCents - taxed.taxCents)
    expect((await del(a.c, `${base(a)}/tax-rules/${ny.id}`)).status).toBe(404)
    // B's rule for the same region is untouched
    expect(names((await b.c.get(`${base(b)}/tax-rules`)).json.items)).toEqual(['B rule'])
  })

  it('gift cards: the list holds this site\'s cards with balances, newest first; no one else reads it', async () => {
    const first = (await a.c.post(`${base(a)}/gift-cards`, { amountCents: 2500 })).json.giftCard
    const second = (await a.c.post(`${base(a)}/gift-cards`, { amountCents: 5000, code: 'BIRTHDAY-2026' })).json.giftCard
    const theirs = (await b.c.post(`${base(b)}/gift-cards`, { amountCents: 900 })).json.giftCard
    const list = await a.c.get(`${base(a)}/gift-cards`)
    expect(list.status).toBe(200)
    expect(list.json.giftCards.map((g: { id: string }) => g.id)).toEqual([second.id, first.id])
    expect(list.json.giftCards[0]).toMatchObject({ code: 'BIRTHDAY-2026', initialCents: 5000, balanceCents: 5000, currency: 'USD' })
    expect(JSON.stringify(list.json)).not.toContain(theirs.code)
    expect((await b.c.get(`${base(b)}/gift-cards`)).json.giftCards.map((g: { id: string }) => g.id)).toEqual([theirs.id])
    expect((await b.c.get(`${base(a)}/gift-cards`))).toMatchObject({ status: 404, json: { error: { code: 'site_not_found' } } })
    expect((await t.client().get(`${base(a)}/gift-cards`)).status).toBe(401)
    expect((await (await member(WEBSITE_ROLES.EDITOR)).c.get(`${base(a)}/gift-cards`)).status).toBe(403)
    expect((await (await member(WEBSITE_ROLES.STORE_MANAGER)).c.get(`${base(a)}/gift-cards`)).json.giftCards).toHaveLength(2)
    // a visitor's balance check reads this site's cards only
    expect((await t.client(b.host).get(`/api/commerce/gift-cards/balance?code=${second.code}`)).status).toBe(404)
  })
})

describe(`cart coupon removal (${BACKEND})`, () => {
  it('DELETE /api/commerce/shopping-cart/coupons/:code removes the discount (any letter case); crumb and cart required; per site', async () => {
    await a.c.post(`${base(a)}/coupons`, { code: 'save10', kind: 'percentage', amount: 10 })
    const v = await shopper()
    const applied = (await v.post('/api/commerce/shopping-cart/coupons', { code: 'SAVE10' })).json.shoppingCart
    expect(applied).toMatchObject({ coupons: ['SAVE10'], discountCents: 500 })
    expect((await v.get('/cart')).body).toContain('data-total="discountCents"')

    expect(await v.request('DELETE', '/api/commerce/shopping-cart/coupons/save10', { crumb: false })).toMatchObject({ status: 403, json: { crumbFail: true } })
    // the same cart token on another site's host finds no cart there
    const elsewhere = t.client(b.host)
    await elsewhere.get('/api/auth/me')
    for (const [k, val] of v.cookies) if (k !== 'crumb') elsewhere.cookies.set(k, val)
    expect((await elsewhere.request('DELETE', '/api/commerce/shopping-cart/coupons/save10'))).toMatchObject({ status: 404, json: { error: { code: 'cart_not_found' } } })
    expect(await t.client(a.host).request('DELETE', '/api/commerce/shopping-cart/coupons/save10')).toMatchObject({ status: 404, json: { error: { code: 'cart_not_found' } } })
    expect((await cartOf(v)).coupons).toEqual(['SAVE10'])

    const res = await v.request('DELETE', '/api/commerce/shopping-cart/coupons/save10')
    expect(res.status).toBe(200)
    expect(res.json.shoppingCart).toMatchObject({ coupons: [], validCoupons: [], discountCents: 0, subtotalCents: 5000 })
    expect(await cartOf(v)).toMatchObject({ coupons: [], discountCents: 0 })
    const cartPage = await v.get('/cart')
    expect(cartPage.body).not.toContain('data-total="discountCents"')
    expect(cartPage.headers['cache-control']).toMatch(/no-store/)
    // removing a code the cart does not hold changes nothing
    const again = await v.request('DELETE', '/api/commerce/shopping-cart/coupons/NOT-THERE')
    expect(again).toMatchObject({ status: 200, json: { shoppingCart: { coupons: [], subtotalCents: 5000 } } })
  })
})

describe(`another site's owner against site A's store (${BACKEND})`, () => {
  const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }
  const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }
  const stockOf = async () => (await t.client(a.host).get(`/api/commerce/inventory/stock?itemId=${lamp}`)).json.results[0].qtyInStock as number
  const orderOf = async (id: string) => (await a.c.get(`${base(a)}/orders/${id}`)).json.order

  it("B's admin cannot put a product in A's collection, nor read the ledger of A's gift card", async () => {
    const aShop = (await a.c.post(`/api/sites/${a.siteId}/content/collections`, { typeName: 'products', title: 'A shop' })).json.collection.id as string
    const bShop = (await b.c.post(`/api/sites/${b.siteId}/content/collections`, { typeName: 'products', title: 'B shop' })).json.collection.id as string
    const product = (collectionId: string, sku: string) => ({ collectionId, title: 'Kite', productType: 1, variants: [{ sku, priceCents: 900, qtyInStock: 3 }] })
    const refused = await b.c.post(`${base(b)}/products`, product(aShop, 'KITE-1'))
    expect(refused).toMatchObject({ status: 404, json: { error: { code: 'collection_not_found', fields: { collectionId: expect.any(String) } } } })
    expect((await b.c.post(`${base(b)}/products`, product('no-such-collection', 'KITE-1'))).status).toBe(404)
    expect((await b.c.get(`${base(b)}/products`)).json.total).toBe(0)
    // a product of B's own collection is created, and cannot be moved (a PATCH has no collectionId)
    const kite = await b.c.post(`${base(b)}/products`, product(bShop, 'KITE-2'))
    expect(kite.status).toBe(201)
    expect((await b.c.patch(`${base(b)}/products/${kite.json.product.id}`, { collectionId: aShop })).status).toBe(400)
    expect((await t.app.commerce.listProducts(a.siteId, aShop, { page: 1, pageSize: 10 })).total).toBe(0)
    expect((await t.app.commerce.listProducts(b.siteId, bShop, { page: 1, pageSize: 10 })).total).toBe(1)

    const card = (await a.c.post(`${base(a)}/gift-cards`, { amountCents: 1200 })).json.giftCard
    const own = await a.c.get(`${base(a)}/gift-cards/${card.id}/ledger`)
    expect(own.status).toBe(200)
    expect(own.json.ledger.map((l: { deltaCents: number; reason: string }) => [l.deltaCents, l.reason])).toEqual([[1200, 'issued']])
    expect(await b.c.get(`${base(b)}/gift-cards/${card.id}/ledger`)).toMatchObject({ status: 404, json: { error: { code: 'gift_card_not_found' } } })
    expect((await b.c.get(`${base(a)}/gift-cards/${card.id}/ledger`)).json.error.code).toBe('site_not_found')
  })

  it("refund, fulfil and confirm-payment of A's orders by B's admin: 404, and the orders, stock and card are unchanged", async () => {
    const card = (await a.c.post(`${base(a)}/gift-cards`, { amountCents: 1000 })).json.giftCard
    const paidCart = await shopper()
    const paid = await paidCart.post('/api/commerce/checkout', { email: 'pat@example.com', shippingAddress: ADDRESS, card: CARD, giftCardCode: card.code })
    expect(paid.status, paid.body).toBe(201)
    const pendingCart = await shopper()
    const pending = await pendingCart.post('/api/commerce/checkout', { email: 'pen@example.com', shippingAddress: ADDRESS, card: { ...CARD, number: '4000000000003220' } })
    expect(pending.json.order.status).toBe('pending')
    const before = { paid: await orderOf(paid.json.order.id), pending: await orderOf(pending.json.order.id), stock: await stockOf(), ledger: (await a.c.get(`${base(a)}/gift-cards/${card.id}/ledger`)).json.ledger }
    expect(before.paid).toMatchObject({ status: 'paid', giftCardCents: 1000 })

    for (const siteOfUrl of [a, b]) {
      for (const [id, action] of [[paid.json.order.id, 'refund'], [paid.json.order.id, 'fulfil'], [pending.json.order.id, 'confirm-payment'], [pending.json.order.id, 'refund']] as const) {
        const res = await b.c.post(`${base(siteOfUrl)}/orders/${id}/${action}`)
        expect(res.status, `${action} via site ${siteOfUrl === a ? 'A' : 'B'}`).toBe(404)
        expect(res.json.error.code).toBe(siteOfUrl === a ? 'site_not_found' : 'order_not_found')
      }
    }
    expect(await orderOf(paid.json.order.id)).toEqual(before.paid)
    expect(await orderOf(pending.json.order.id)).toEqual(before.pending)
    expect(await stockOf()).toBe(before.stock)
    expect((await a.c.get(`${base(a)}/gift-cards/${card.id}/ledger`)).json.ledger).toEqual(before.ledger)
    // A's own admin still can (the refusals above were not the order's state)
    expect((await a.c.post(`${base(a)}/orders/${pending.json.order.id}/confirm-payment`)).json.order.status).toBe('paid')
  })
})
