// Visitor cart calls: exact shapes and messages, idempotency, tenancy, crumb, 429.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import type { ProductCreate } from '../index.js'

let t: TestApp
let site: { id: string; slug: string; host: string }
const ids: Record<string, string> = {}
const skus: Record<string, string> = {}
const COLLECTION = 'col-shop'

async function signup(): Promise<{ id: string; slug: string; host: string; owner: Client }> {
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { id: res.json.site.id, slug: res.json.site.slug, host: `${res.json.site.slug}.localhost`, owner }
}

const product = (over: Partial<ProductCreate> & Pick<ProductCreate, 'title' | 'productType' | 'variants'>): ProductCreate => ({ collectionId: COLLECTION, ...over })

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  site = await signup()
  const c = t.app.commerce
  const shirt = await c.createProduct(site.id, product({
    title: 'Shirt', productType: 1,
    variantOptions: [{ name: 'Size', values: ['S', 'M'] }, { name: 'Color', values: ['Red', 'Blue'] }],
    variants: [
      { sku: 'SHIRT-S-RED', attributes: { Size: 'S', Color: 'Red' }, priceCents: 2000, salePriceCents: 0, onSale: false, qtyInStock: 3, unlimited: false },
      { sku: 'SHIRT-S-BLUE', attributes: { Size: 'S', Color: 'Blue' }, priceCents: 2000, salePriceCents: 1500, onSale: true, qtyInStock: 0, unlimited: false },
      { sku: 'SHIRT-M-RED', attributes: { Size: 'M', Color: 'Red' }, priceCents: 2200, salePriceCents: 0, onSale: false, qtyInStock: 5, unlimited: false },
    ],
  }))
  ids.shirt = shirt.id
  const three = await c.createProduct(site.id, product({
    title: 'Three options', productType: 1,
    variantOptions: [{ name: 'Size', values: ['S'] }, { name: 'Color', values: ['Red'] }, { name: 'Fit', values: ['Slim'] }],
    variants: [{ sku: 'THREE-1', attributes: { Size: 'S', Color: 'Red', Fit: 'Slim' }, priceCents: 100, salePriceCents: 0, onSale: false, qtyInStock: 1, unlimited: false }],
  }))
  ids.three = three.id
  const mug = await c.createProduct(site.id, product({ title: 'Mug', productType: 1, variants: [{ sku: 'MUG', attributes: {}, priceCents: 1200, salePriceCents: 0, onSale: false, qtyInStock: 0, unlimited: true }] }))
  ids.mug = mug.id
  const ebook = await c.createProduct(site.id, product({ title: 'E-book', productType: 2, variants: [{ sku: 'EBOOK', attributes: {}, priceCents: 900, salePriceCents: 0, onSale: false, qtyInStock: 0, unlimited: false }] }))
  ids.ebook = ebook.id
  const gift = await c.createProduct(site.id, product({
    title: 'Gift card', productType: 4, variantOptions: [{ name: 'Amount', values: ['25', '50'] }],
    variants: [
      { sku: 'GC-25', attributes: { Amount: '25' }, priceCents: 2500, salePriceCents: 0, onSale: false, qtyInStock: 0, unlimited: true },
      { sku: 'GC-50', attributes: { Amount: '50' }, priceCents: 5000, salePriceCents: 0, onSale: false, qtyInStock: 0, unlimited: true },
    ],
  }))
  ids.gift = gift.id
  const box = await c.createProduct(site.id, product({
    title: 'Coffee box', productType: 1, isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
    variants: [{ sku: 'BOX', attributes: {}, priceCents: 3000, salePriceCents: 0, onSale: false, qtyInStock: 10, unlimited: false }],
  }))
  ids.box = box.id
  skus.shirt = 'SHIRT-S-RED'
})
afterAll(() => t?.close())

const visitor = () => t.client(site.host)
const add = (c: Client, body: Record<string, unknown>, headers?: Record<string, string>) => c.post('/api/commerce/shopping-cart/entries', body, headers ? { headers } : {})

describe(`cart calls (${BACKEND})`, () => {
  it('GET shopping-cart without a cart answers the empty cart with every entity field', async () => {
    const res = await visitor().get('/api/commerce/shopping-cart?mock=false&timecode=123&calculateSubtotal=true')
    expect(res.status).toBe(200)
    expect(Object.keys(res.json).sort()).toEqual(
      ['applicableTaxRules', 'coupons', 'created', 'currency', 'discountCents', 'entries', 'grandTotalCents', 'hasDigital', 'id', 'invalidCoupons', 'isPurchased', 'orderId', 'purelyDigital', 'requiresShipping', 'selectedShippingOption', 'shippingCostCents', 'shippingLocation', 'shippingOptions', 'subtotalCents', 'taxCents', 'totalQuantity', 'unavailableShippingOptions', 'validCoupons', 'websiteId',
        // the totals again as Money (what the theme prints)
        'subtotal', 'taxTotal', 'shippingTotal', 'discountTotal', 'grandTotal',
        // automatic promotions: each applied one, and their sum in cents and as Money
        'promotions', 'promotionCents', 'promotionTotal'].sort(),
    )
    expect(res.json).toMatchObject({ id: null, websiteId: site.id, entries: [], totalQuantity: 0, subtotalCents: 0, grandTotalCents: 0, isPurchased: false })
  })

  it('add entry -> { newlyAdded, shoppingCart } with the entry shape; sets the sw_cart cookie; adding again merges', async () => {
    const v = visitor()
    const res = await add(v, { itemId: ids.shirt, sku: 'SHIRT-M-RED', quantity: 2, additionalFields: null })
    expect(res.status).toBe(200)
    expect(res.json.newlyAdded).toBe(true)
    const cart = res.json.shoppingCart
    expect(cart.id).toMatch(/^[0-9a-f]{24}$/)
    expect(cart.entries).toHaveLength(1)
    expect(cart.entries[0]).toMatchObject({
      itemId: ids.shirt, chosenVariant: { sku: 'SHIRT-M-RED', attributes: { Size: 'M', Color: 'Red' } }, quantity: 2, title: 'Shirt',
      subTotal: { value: '4400', currency: 'USD', decimalValue: '44.00', currencyCode: 'USD' }, purchasePriceCents: 2200,
    })
    expect(cart).toMatchObject({ subtotalCents: 4400, grandTotalCents: 4400, totalQuantity: 2, requiresShipping: true, hasDigital: false, purelyDigital: false })
    const cookie = (res.headers['set-cookie'] as string | string[]).toString()
    // the token is HttpOnly (no script reads it); the storefront's cart-start rule reads the marker beside it
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] as string | string[])
    expect(cookies.find((c) => c.startsWith('sw_cart='))).toMatch(/^sw_cart=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/)
    expect(cookies.find((c) => c.startsWith('sw_has_cart='))).toMatch(/^sw_has_cart=1; Max-Age=2592000; Path=\/; SameSite=Lax$/)
    expect(cookie).toMatch(/sw_cart=[A-Za-z0-9_-]{43};/)
    const again = await add(v, { itemId: ids.shirt, sku: 'SHIRT-M-RED', quantity: '1', additionalFields: null })
    expect(again.json.newlyAdded).toBe(false)
    expect(again.json.shoppingCart.entries[0].quantity).toBe(3)
    expect(again.json.shoppingCart.id).toBe(cart.id)
    const got = await v.get('/api/commerce/shopping-cart')
    expect(got.json.id).toBe(cart.id)
    expect(got.json.totalQuantity).toBe(3)
  })

  it('selection, variant, stock, quantity and denomination messages word for word', async () => {
    const v = visitor()
    const cases: [Record<string, unknown>, number, string][] = [
      [{ itemId: ids.shirt, sku: null, quantity: 1 }, 400, 'Please select the Size and Color options.'],
      [{ itemId: ids.three, quantity: 1 }, 400, 'Please select the Size, Color and Fit options.'],
      [{ itemId: ids.shirt, sku: 'NOPE', quantity: 1 }, 400, 'Sorry, that item variant is unavailable. Please select another variant.'],
      [{ itemId: ids.shirt, sku: 'MUG', quantity: 1 }, 400, 'Sorry, that item variant is unavailable. Please select another variant.'],
      [{ itemId: ids.shirt, sku: 'SHIRT-S-BLUE', quantity: 1 }, 409, 'Sorry, we do not have enough of that item available.'],
      [{ itemId: ids.shirt, sku: 'SHIRT-S-RED', quantity: 4 }, 409, 'Sorry, we do not have enough of that item available.'],
      [{ itemId: ids.shirt, sku: 'SHIRT-S-RED', quantity: 'two' }, 400, 'Quantity must be a number.'],
      [{ itemId: ids.shirt, sku: 'SHIRT-S-RED', quantity: 1.5 }, 400, 'Quantity must be a whole number'],
      [{ itemId: ids.gift, sku: null, quantity: 1 }, 400, 'Select a denomination for the Gift Card'],
    ]
    for (const [body, status, message] of cases) {
      const res = await add(v, { additionalFields: null, ...body })
      expect({ body, status: res.status, message: res.json.error?.message }).toEqual({ body, status, message })
    }
    const ok = await add(v, { itemId: ids.three, sku: 'THREE-1', quantity: 1 })
    expect(ok.status).toBe(200)
    const more = await add(v, { itemId: ids.three, sku: 'THREE-1', quantity: 1 })
    expect(more.json.error.message).toBe('Sorry, we do not have enough of that item available.')
    const one = await add(visitor(), { itemId: ids.mug, quantity: 9999 }) // single variant: sku optional; unlimited
    expect(one.status).toBe(200)
  })

  it('stock call: { results: [{ sku, variantId, unlimited, qtyInStock }] }', async () => {
    const res = await visitor().get(`/api/commerce/inventory/stock/?itemId=${ids.shirt}`)
    expect(res.status).toBe(200)
    expect(res.json.results).toEqual([
      { sku: 'SHIRT-S-RED', variantId: expect.any(String), unlimited: false, qtyInStock: 3 },
      { sku: 'SHIRT-S-BLUE', variantId: expect.any(String), unlimited: false, qtyInStock: 0 },
      { sku: 'SHIRT-M-RED', variantId: expect.any(String), unlimited: false, qtyInStock: 5 },
    ])
    const gc = await visitor().get(`/api/commerce/inventory/stock?itemId=${ids.gift}&sku=GC-50`)
    expect(gc.json.results).toEqual([{ sku: 'GC-50', variantId: expect.any(String), unlimited: true, qtyInStock: 0 }])
  })

  it('additional fields: JSON text of an object; PUT answers { updatedEntry, shoppingCart }', async () => {
    const v = visitor()
    const bad = await add(v, { itemId: ids.mug, sku: 'MUG', quantity: 1, additionalFields: '[1,2]' })
    expect(bad.status).toBe(400)
    const res = await add(v, { itemId: ids.mug, sku: 'MUG', quantity: 1, additionalFields: JSON.stringify({ engraving: 'Hi' }) })
    const entryId = res.json.shoppingCart.entries[0].id
    expect(res.json.shoppingCart.entries[0].additionalFields).toEqual({ engraving: 'Hi' })
    const second = await add(v, { itemId: ids.mug, sku: 'MUG', quantity: 1, additionalFields: JSON.stringify({ engraving: 'Yo' }) })
    expect(second.json.newlyAdded).toBe(true) // entries with answers are never merged
    const put = await v.request('PUT', `/api/commerce/shopping-cart/entries/${entryId}/additionalFields`, { json: { itemId: ids.mug, sku: 'MUG', additionalFields: JSON.stringify({ engraving: 'Hello' }) } })
    expect(put.status).toBe(200)
    expect(put.json.updatedEntry).toMatchObject({ id: entryId, additionalFields: { engraving: 'Hello' } })
    expect(put.json.shoppingCart.entries).toHaveLength(2)
  })

  it('quantity change, removal, coupons and shipping; digital flags', async () => {
    const owner = t.client(site.host)
    owner.cookies.clear()
    const v = visitor()
    const r1 = await add(v, { itemId: ids.shirt, sku: 'SHIRT-M-RED', quantity: 1 })
    const entry = r1.json.shoppingCart.entries[0].id
    const q = await v.request('PUT', `/api/commerce/shopping-cart/entries/${entry}`, { json: { quantity: 4 } })
    expect(q.json.updatedEntry.quantity).toBe(4)
    const tooMany = await v.request('PUT', `/api/commerce/shopping-cart/entries/${entry}`, { json: { quantity: 6 } })
    expect(tooMany.json.error.message).toBe('Sorry, we do not have enough of that item available.')
    const badQ = await v.request('PUT', `/api/commerce/shopping-cart/entries/${entry}`, { json: { quantity: '1.2' } })
    expect(badQ.json.error.message).toBe('Quantity must be a whole number')
    const e = await add(v, { itemId: ids.ebook, sku: 'EBOOK', quantity: 1 })
    expect(e.json.shoppingCart).toMatchObject({ hasDigital: true, purelyDigital: false, requiresShipping: true })
    const unknown = await v.post('/api/commerce/shopping-cart/coupons', { code: 'NOPE' })
    expect(unknown.status).toBe(404)
    const del = await v.request('DELETE', `/api/commerce/shopping-cart/entries/${entry}`)
    expect(del.json.shoppingCart).toMatchObject({ hasDigital: true, purelyDigital: true, requiresShipping: false, totalQuantity: 1, subtotalCents: 900 })
    const ship = await v.request('PUT', '/api/commerce/shopping-cart/shipping', { json: { location: { country: 'us', region: 'ny' } } })
    expect(ship.json.shoppingCart.shippingLocation).toEqual({ country: 'US', region: 'NY' })
  })

  it('subscription: POST /api/3/commerce/cart/subscription -> { cartToken }; regular cart refuses subscriptions', async () => {
    const v = visitor()
    const res = await v.post('/api/3/commerce/cart/subscription', { itemId: ids.box, sku: 'BOX', qty: 1, additionalFields: null })
    expect(res.status).toBe(200)
    expect(Object.keys(res.json)).toEqual(['cartToken'])
    const sub = await v.get(`/api/commerce/subscription-cart?cartToken=${encodeURIComponent(res.json.cartToken)}`)
    expect(sub.json.entries[0]).toMatchObject({ itemId: ids.box, quantity: 1 })
    const notSub = await v.post('/api/3/commerce/cart/subscription', { itemId: ids.mug, sku: 'MUG', qty: 1, additionalFields: null })
    expect(notSub.status).toBe(400)
    const inCart = await add(v, { itemId: ids.box, sku: 'BOX', quantity: 1 })
    expect(inCart.status).toBe(400)
  })

  it('Idempotency-Key: same key and body -> the same answer; another body -> 422', async () => {
    const v = visitor()
    const body = { itemId: ids.shirt, sku: 'SHIRT-M-RED', quantity: 1, additionalFields: null }
    const first = await add(v, body, { 'idempotency-key': 'k-1' })
    const second = await add(v, { additionalFields: null, quantity: 1, sku: 'SHIRT-M-RED', itemId: ids.shirt }, { 'idempotency-key': 'k-1' })
    expect(second.status).toBe(first.status)
    expect(second.json).toEqual(first.json)
    const cart = await v.get('/api/commerce/shopping-cart')
    expect(cart.json.totalQuantity).toBe(1) // not added twice
    const other = await add(v, { ...body, quantity: 2 }, { 'idempotency-key': 'k-1' })
    expect(other.status).toBe(422)
    const errFirst = await add(v, { ...body, sku: 'NOPE' }, { 'idempotency-key': 'k-2' })
    const errAgain = await add(v, { ...body, sku: 'NOPE' }, { 'idempotency-key': 'k-2' })
    expect(errAgain.status).toBe(400)
    expect(errAgain.json).toEqual(errFirst.json)
  })

  it('crumb required on state-changing calls', async () => {
    const v = visitor()
    const res = await v.post('/api/commerce/shopping-cart/entries', { itemId: ids.mug, quantity: 1 }, { crumb: false })
    expect(res.status).toBe(403)
    expect(res.json.crumbFail).toBe(true)
  })

  it('tenancy: another site host neither sees nor adds these products; carts are per site', async () => {
    const other = await signup()
    const v = t.client(other.host)
    const res = await add(v, { itemId: ids.mug, sku: 'MUG', quantity: 1 })
    expect(res.status).toBe(404)
    const stock = await v.get(`/api/commerce/inventory/stock?itemId=${ids.shirt}`)
    expect(stock.json.results).toEqual([])
    const mine = visitor()
    await add(mine, { itemId: ids.mug, sku: 'MUG', quantity: 1 })
    const token = mine.cookies.get('sw_cart')!
    const stolen = t.client(other.host)
    stolen.cookies.set('sw_cart', token)
    const cart = await stolen.get('/api/commerce/shopping-cart')
    expect(cart.json).toMatchObject({ id: null, websiteId: other.id, entries: [] })
    const owner = await other.owner.get(`/api/sites/${site.id}/commerce/products`)
    expect(owner.status).toBe(404)
  })
})

describe(`flood (${BACKEND})`, () => {
  it("answers 429 'Please try again in a few seconds.' with Retry-After", async () => {
    const v = t.client(site.host, '10.250.250.250')
    // sent together, so all 80 reach the limiter inside its 10 s window however slow each add is on a busy machine
    const answers = await Promise.all(Array.from({ length: 80 }, () => add(v, { itemId: ids.mug, sku: 'MUG', quantity: 1 })))
    const last = answers.find((a) => a.status === 429)!
    expect(last?.status).toBe(429)
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(20)
    expect(last.json.error.message).toBe('Please try again in a few seconds.')
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe(`housekeeping (${BACKEND})`, () => {
  it('sweep keeps fresh carts and replies, deletes expired replies and abandoned carts', async () => {
    const v = visitor()
    await add(v, { itemId: ids.mug, sku: 'MUG', quantity: 1 }, { 'idempotency-key': 'sweep-1' })
    await t.app.commerce.sweep()
    expect((await v.get('/api/commerce/shopping-cart')).json.totalQuantity).toBe(1)
    expect((await add(v, { itemId: ids.mug, sku: 'MUG', quantity: 2 }, { 'idempotency-key': 'sweep-1' })).status).toBe(422)
    await t.app.db.orm.execute(sql`UPDATE commerce_idempotency SET created_at = now() - interval '25 hours' WHERE key = 'sweep-1'`)
    await t.app.db.orm.execute(sql`UPDATE commerce_carts SET updated_at = now() - interval '31 days' WHERE site_id = ${site.id}`)
    const swept = await t.app.commerce.sweep()
    expect(swept.replies).toBeGreaterThanOrEqual(1)
    expect(swept.carts).toBeGreaterThanOrEqual(1)
    expect((await v.get('/api/commerce/shopping-cart')).json).toMatchObject({ id: null, totalQuantity: 0 })
    expect((await add(v, { itemId: ids.mug, sku: 'MUG', quantity: 2 }, { 'idempotency-key': 'sweep-1' })).status).toBe(200)
  })
})
