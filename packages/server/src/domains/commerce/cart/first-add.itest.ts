// A visitor's first add (no open cart): answered from the rows the add read and wrote and the site's cached store
// data. Its answer is the cart a later read shows; every owner change (store settings, shipping options, a variant's
// price, the collection's address, the site's plan) shows on the very next first add. Across nodes (PostgreSQL): a
// change through node A shows on node B's next first add within 1 s (the cache message).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, Client, newSignup, startTestApp, type TestApp } from '../../../../test/harness.js'
import { startNodes, type Nodes } from '../../../../test/nodes.js'
import type { App } from '../../../app/index.js'

const ENTRIES = '/api/commerce/shopping-cart/entries'
const FORM = { fields: [{ id: 'name', type: 'text', title: 'Name on the cup', required: true }, { id: 'colour', type: 'select', title: 'Colour', options: ['Red', 'Blue'] }] }

interface Shop {
  siteId: string
  host: string
  owner: Client
  shop: { id: string; fullUrl: string }
  shirt: { id: string }
  mug: { id: string }
}

async function openShop(app: App): Promise<Shop> {
  const owner = new Client(app, 'localhost')
  const res = await owner.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  const siteId = res.json.site.id as string
  const api = (p: string) => `/api/sites/${siteId}${p}`
  const shop = (await owner.post(api('/content/collections'), { typeName: 'products', title: 'Store' })).json.collection
  const shirt = await owner.post(api('/commerce/products'), {
    collectionId: shop.id, productType: 1, title: 'Linen shirt', variantOptions: [{ name: 'Size', values: ['S', 'M'] }, { name: 'Colour', values: ['Sand'] }],
    variants: [
      { sku: 'SH-S', priceCents: 4500, qtyInStock: 3, attributes: { Size: 'S', Colour: 'Sand' } },
      { sku: 'SH-M', priceCents: 4700, salePriceCents: 3900, onSale: true, qtyInStock: 1, attributes: { Size: 'M', Colour: 'Sand' } },
    ],
  })
  expect(shirt.status, shirt.body).toBe(201)
  const mug = await owner.post(api('/commerce/products'), {
    collectionId: shop.id, productType: 1, title: 'Mug', additionalFieldsForm: FORM,
    variants: [{ sku: 'MUG', priceCents: 1200, unlimited: true, attributes: {} }],
  })
  expect(mug.status, mug.body).toBe(201)
  return { siteId, host: `${res.json.site.slug}.localhost`, owner, shop, shirt: shirt.json.product, mug: mug.json.product }
}

const firstAdd = (app: App, s: Shop, body: Record<string, unknown>) => new Client(app, s.host).post(ENTRIES, { quantity: 1, additionalFields: null, ...body })

describe(`first add (${BACKEND})`, () => {
  let t: TestApp
  let s: Shop
  beforeAll(async () => {
    t = await startTestApp({ seedDemo: false })
    s = await openShop(t.app)
  })
  afterAll(() => t?.close())
  const api = (p: string) => `/api/sites/${s.siteId}${p}`

  it('answers the cart a later read shows, field for field (variant text, sale price, field answers and labels, product link, shipping)', async () => {
    expect((await s.owner.post(api('/commerce/shipping-options'), { name: 'Post', kind: 'flat', costCents: 500 })).status).toBe(201)
    const cases: Record<string, unknown>[] = [
      { itemId: s.shirt.id, sku: 'SH-M', quantity: 1 },
      { itemId: s.shirt.id, sku: 'SH-S', quantity: 2 },
      { itemId: s.mug.id, sku: null, quantity: 3, additionalFields: JSON.stringify({ colour: 'Blue', name: 'Ada' }) },
    ]
    for (const body of cases) {
      const v = new Client(t.app, s.host)
      const added = await v.post(ENTRIES, { additionalFields: null, ...body })
      expect(added.status, added.body).toBe(200)
      expect(added.json.newlyAdded).toBe(true)
      const read = await v.get('/api/commerce/shopping-cart')
      expect(added.json.shoppingCart).toEqual(read.json)
    }
    const v = new Client(t.app, s.host)
    const sale = (await v.post(ENTRIES, { itemId: s.shirt.id, sku: 'SH-M', quantity: 1, additionalFields: null })).json.shoppingCart
    expect(sale.entries[0]).toMatchObject({ variantText: 'M / Sand', purchasePriceCents: 3900 })
    expect(sale.entries[0].fullUrl).toMatch(new RegExp(`^${s.shop.fullUrl}/`))
    expect(sale.shippingOptions.map((o: { name: string }) => o.name)).toEqual(['Post'])
    const mug = (await new Client(t.app, s.host).post(ENTRIES, { itemId: s.mug.id, quantity: 1, additionalFields: JSON.stringify({ name: 'Bo' }) })).json.shoppingCart
    expect(mug.entries[0].additionalFieldLabels).toEqual([{ id: 'name', label: 'Name on the cup' }, { id: 'colour', label: 'Colour' }])
  })

  it('is checked as every add: stock, fields, a cart with nothing in it is never left behind', async () => {
    const product = async (over: Record<string, unknown>) => {
      const res = await s.owner.post(api('/commerce/products'), { collectionId: s.shop.id, productType: 1, variants: [{ sku: `X-${Math.random()}`, priceCents: 100, unlimited: true, attributes: {} }], ...over })
      expect(res.status, res.body).toBe(201)
      return res.json.product as { id: string; structuredContent: { variants: { sku: string }[] } }
    }
    const draft = await product({ title: 'Draft', status: 'draft' })
    const box = await product({ title: 'Box', isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 } })
    const lesson = await product({ title: 'Lesson', productType: 3 })
    expect((await s.owner.patch(api('/commerce/settings'), { multipleQuantityAllowedForServices: false })).status).toBe(200)
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ itemId: draft.id, sku: draft.structuredContent.variants[0]!.sku }, 404, 'item_not_found'],
      [{ itemId: 'no-such-item', sku: 'SH-S' }, 404, 'item_not_found'],
      [{ itemId: s.shirt.id, sku: 'MUG' }, 400, 'variant_unavailable'],
      [{ itemId: box.id, sku: box.structuredContent.variants[0]!.sku }, 400, 'subscription_item'],
      [{ itemId: lesson.id, sku: lesson.structuredContent.variants[0]!.sku, quantity: 2 }, 400, 'invalid_quantity'],
      [{ itemId: s.shirt.id, sku: 'SH-S', quantity: 10_000 }, 400, 'invalid_quantity'],
    ]
    for (const [body, status, code] of refusals) {
      const res = await firstAdd(t.app, s, body)
      expect({ body, status: res.status, code: res.json.error?.code }).toEqual({ body, status, code })
    }
    expect((await firstAdd(t.app, s, { itemId: lesson.id, sku: lesson.structuredContent.variants[0]!.sku })).status).toBe(200)
    expect((await s.owner.patch(api('/commerce/settings'), { multipleQuantityAllowedForServices: true })).status).toBe(200)
    expect((await firstAdd(t.app, s, { itemId: lesson.id, sku: lesson.structuredContent.variants[0]!.sku, quantity: 2 })).status).toBe(200)
    const v = new Client(t.app, s.host)
    expect((await v.post(ENTRIES, { itemId: s.shirt.id, sku: 'SH-M', quantity: 2, additionalFields: null })).status).toBe(409)
    const noName = await v.post(ENTRIES, { itemId: s.mug.id, quantity: 1, additionalFields: JSON.stringify({ colour: 'Red' }) })
    expect(noName.status).toBe(400)
    expect(noName.json.error.code).toBe('additional_fields_invalid')
    expect(v.cookies.get('sw_cart')).toBeUndefined()
    expect((await v.get('/api/commerce/shopping-cart')).json).toMatchObject({ id: null, entries: [] })
  })

  it("the owner's changes show on the next first add: currency, shipping options, a variant's price, the collection's address", async () => {
    const add = () => firstAdd(t.app, s, { itemId: s.shirt.id, sku: 'SH-S' }).then((r) => r.json.shoppingCart)
    const before = await add()
    expect(before).toMatchObject({ currency: 'USD', subtotalCents: 4500 })

    expect((await s.owner.patch(api('/commerce/settings'), { currency: 'EUR' })).status).toBe(200)
    const options = (await s.owner.get(api('/commerce/shipping-options'))).json.items as { id: string }[]
    for (const o of options) expect((await s.owner.request('DELETE', api(`/commerce/shipping-options/${o.id}`))).status).toBe(204)
    expect((await s.owner.post(api('/commerce/shipping-options'), { name: 'Courier', kind: 'flat', costCents: 900 })).status).toBe(201)
    const variants = [
      { sku: 'SH-S', priceCents: 5100, qtyInStock: 3, attributes: { Size: 'S', Colour: 'Sand' } },
      { sku: 'SH-M', priceCents: 4700, salePriceCents: 3900, onSale: true, qtyInStock: 1, attributes: { Size: 'M', Colour: 'Sand' } },
    ]
    expect((await s.owner.request('PUT', api(`/commerce/products/${s.shirt.id}/variants`), { json: { variants } })).status).toBe(200)
    expect((await s.owner.patch(api(`/content/collections/${s.shop.id}`), { urlId: 'boutique' })).status).toBe(200)

    const after = await add()
    expect(after).toMatchObject({ currency: 'EUR', subtotalCents: 5100, subtotal: { currency: 'EUR' } })
    expect(after.shippingOptions.map((o: { name: string }) => o.name)).toEqual(['Courier'])
    expect(after.entries[0].fullUrl).toMatch(/^\/boutique\//)
  })

  it("a plan change shows on the next add (the plan guard's kept copy is dropped)", async () => {
    await t.app.billing.setPlan(s.siteId, 'personal')
    const refused = await firstAdd(t.app, s, { itemId: s.shirt.id, sku: 'SH-S' })
    expect(refused.status).toBe(403)
    expect(refused.json.error.code).toBe('feature_not_in_plan')
    await t.app.billing.setPlan(s.siteId, 'commerce')
    expect((await firstAdd(t.app, s, { itemId: s.shirt.id, sku: 'SH-S' })).status).toBe(200)
  })
})

const adminUrl = process.env.DATABASE_URL

describe.skipIf(!adminUrl)('first add across nodes (postgres)', () => {
  let nodes: Nodes
  beforeAll(async () => {
    nodes = await startNodes(adminUrl!, 2)
  })
  afterAll(() => nodes?.close())

  /** Adds through `app` until `ok` holds of the answer, for at most 1 s. */
  async function within1s(app: App, s: Shop, ok: (res: Awaited<ReturnType<typeof firstAdd>>) => boolean): Promise<void> {
    const t0 = performance.now()
    for (;;) {
      if (ok(await firstAdd(app, s, { itemId: s.shirt.id, sku: 'SH-S' }))) return
      expect(performance.now() - t0).toBeLessThan(1000)
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  it("a change through A shows on B's next first add within 1 s: currency, shipping options, plan", async () => {
    const [a, b] = nodes.apps as [App, App]
    const s = await openShop(a)
    const api = (p: string) => `/api/sites/${s.siteId}${p}`
    expect((await firstAdd(b, s, { itemId: s.shirt.id, sku: 'SH-S' })).json.shoppingCart.currency).toBe('USD') // B keeps it now

    expect((await s.owner.patch(api('/commerce/settings'), { currency: 'GBP' })).status).toBe(200)
    await within1s(b, s, (r) => r.json.shoppingCart?.currency === 'GBP')
    expect((await s.owner.post(api('/commerce/shipping-options'), { name: 'Van', kind: 'flat', costCents: 700 })).status).toBe(201)
    await within1s(b, s, (r) => r.json.shoppingCart?.shippingOptions.length === 1)

    await a.billing.setPlan(s.siteId, 'personal')
    await within1s(b, s, (r) => r.status === 403)
  })
})
