// Owner API of the store: roles, products and the variant matrix, stock, settings, rules; item shape for pages;
// the instalment dialog and offer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import { WEBSITE_ROLES } from '../../accounts/index.js'

let t: TestApp
let owner: { c: Client; siteId: string; host: string }
const base = () => `/api/sites/${owner.siteId}/commerce`

async function signup() {
  const c = t.client()
  const res = await c.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { c, siteId: res.json.site.id as string, host: `${res.json.site.slug}.localhost`, userId: res.json.user.id as string }
}

/** The site's own products collections (a product's collectionId must be one of them). */
const cols = { a: '', b: '', full: '' }
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = await signup()
  for (const k of ['a', 'b', 'full'] as const) {
    const res = await owner.c.post(`/api/sites/${owner.siteId}/content/collections`, { typeName: 'products', title: `Shop ${k}` })
    expect(res.status, res.body).toBe(201)
    cols[k] = res.json.collection.id
  }
})
afterAll(() => t?.close())

const shirt = (over: Record<string, unknown> = {}) => ({
  collectionId: cols.a,
  title: 'Linen shirt',
  productType: 1,
  description: 'Soft <linen>.\n\nTwo sizes.',
  variantOptions: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [
    { sku: 'LIN-S', attributes: { Size: 'S' }, priceCents: 5000, qtyInStock: 2 },
    { sku: 'LIN-M', attributes: { Size: 'M' }, priceCents: 5500, salePriceCents: 4500, onSale: true, qtyInStock: 0 },
  ],
  ...over,
})

describe(`owner store API (${BACKEND})`, () => {
  it('roles: ADMIN and STORE_MANAGER manage the store; EDITOR is refused; strangers see no site', async () => {
    const manager = await signup()
    await t.app.sites.addMember(owner.siteId, manager.userId, WEBSITE_ROLES.STORE_MANAGER)
    expect((await manager.c.get(`${base()}/settings`)).status).toBe(200)
    const editor = await signup()
    await t.app.sites.addMember(owner.siteId, editor.userId, WEBSITE_ROLES.EDITOR)
    expect((await editor.c.get(`${base()}/products`)).status).toBe(403)
    const stranger = await signup()
    expect((await stranger.c.get(`${base()}/orders`)).status).toBe(404)
  })

  it('creates a product; the item shape carries structuredContent, variants and both money shapes', async () => {
    const res = await owner.c.post(`${base()}/products`, shirt())
    expect(res.status).toBe(201)
    const p = res.json.product
    expect(p).toMatchObject({ recordType: 11, title: 'Linen shirt', status: 'published', body: '<p>Soft &lt;linen&gt;.</p><p>Two sizes.</p>' })
    // the title's slug, with a suffix only on a real clash in the collection
    expect(p.urlId).toBe('linen-shirt')
    const again = await owner.c.post(`${base()}/products`, shirt({ variants: [{ sku: 'LIN-2', attributes: { Size: 'S' }, priceCents: 5000 }] }))
    expect(again.json.product.urlId).toBe('linen-shirt-2')
    expect(p.structuredContent).toMatchObject({
      productType: 1, variantOptionOrdering: ['Size'], onSale: true, isSubscribable: false,
      variantOptions: [{ name: 'Size', displayText: 'Size', selectText: 'Select Size', values: ['S', 'M'] }],
    })
    expect(p.structuredContent.variants[1]).toMatchObject({
      sku: 'LIN-M', attributes: { Size: 'M' }, optionValues: [{ optionName: 'Size', value: 'M' }], price: 5500, salePrice: 4500, onSale: true,
      priceMoney: { value: '5500', currency: 'USD', decimalValue: '55.00', currencyCode: 'USD' }, salePriceMoney: { value: '4500', decimalValue: '45.00', currency: 'USD' }, qtyInStock: 0, unlimited: false,
    })
    const list = await t.app.commerce.listProducts(owner.siteId, cols.a, { page: 1, pageSize: 20, collectionUrl: '/shop' })
    expect(list.total).toBe(2)
    expect(list.items[0]!.fullUrl).toBe(`/shop/${p.urlId}`)
    expect(await t.app.commerce.getProductBySlug(owner.siteId, cols.a, p.urlId)).toMatchObject({ id: p.id })
  })

  it('validation: option/attribute mismatch, duplicate combination, subscription rules, SKU taken', async () => {
    const mismatch = await owner.c.post(`${base()}/products`, shirt({ variants: [{ sku: 'X1', attributes: { Colour: 'Red' }, priceCents: 1 }] }))
    expect(mismatch.status).toBe(400)
    const dup = await owner.c.post(`${base()}/products`, shirt({ variants: [{ sku: 'D1', attributes: { Size: 'S' }, priceCents: 1 }, { sku: 'D2', attributes: { Size: 'S' }, priceCents: 1 }] }))
    expect(dup.json.error.message).toMatch(/same options/)
    const digitalSub = await owner.c.post(`${base()}/products`, { collectionId: cols.a, title: 'Zine', productType: 2, isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 }, variants: [{ sku: 'ZINE', priceCents: 500 }] })
    expect(digitalSub.json.error.message).toBe('Only physical products and services can be subscriptions (and memberships, as membership plans).')
    const taken = await owner.c.post(`${base()}/products`, shirt({ title: 'Other', variants: [{ sku: 'LIN-S', attributes: { Size: 'S' }, priceCents: 1 }] }))
    expect(taken.status).toBe(409)
    expect(taken.json.error.code).toBe('sku_taken')
  })

  it('variant matrix replace keeps SKUs; stock absolute, delta (never below 0) and unlimited; draft hides', async () => {
    const p = (await owner.c.post(`${base()}/products`, shirt({ collectionId: cols.b, variants: [{ sku: 'MX-S', attributes: { Size: 'S' }, priceCents: 100, qtyInStock: 1 }] }))).json.product
    const keepId = p.structuredContent.variants[0].id
    const put = await owner.c.request('PUT', `${base()}/products/${p.id}/variants`, { json: { variants: [{ sku: 'MX-S', attributes: { Size: 'S' }, priceCents: 150, qtyInStock: 3 }, { sku: 'MX-M', attributes: { Size: 'M' }, priceCents: 160, qtyInStock: 1 }] } })
    expect(put.status).toBe(200)
    expect(put.json.product.structuredContent.variants.map((v: { id: string; sku: string; price: number }) => [v.sku, v.price])).toEqual([['MX-S', 150], ['MX-M', 160]])
    expect(put.json.product.structuredContent.variants[0].id).toBe(keepId)
    const stock = (body: unknown) => owner.c.patch(`${base()}/products/${p.id}/variants/${keepId}/stock`, body)
    expect((await stock({ qtyInStock: 10 })).json.stock).toMatchObject({ sku: 'MX-S', qtyInStock: 10, unlimited: false })
    expect((await stock({ delta: -25 })).json.stock.qtyInStock).toBe(0)
    expect((await stock({ unlimited: true })).json.stock.unlimited).toBe(true)
    await owner.c.patch(`${base()}/products/${p.id}`, { status: 'draft' })
    const visitor = t.client(owner.host)
    expect((await visitor.get(`/api/commerce/inventory/stock?itemId=${p.id}`)).json.results).toEqual([])
    expect((await visitor.post('/api/commerce/shopping-cart/entries', { itemId: p.id, sku: 'MX-S', quantity: 1, additionalFields: null })).status).toBe(404)
    expect((await t.app.commerce.listProducts(owner.siteId, cols.b, { page: 1, pageSize: 10 })).total).toBe(0)
    expect((await owner.c.request('DELETE', `${base()}/products/${p.id}`)).status).toBe(204)
  })

  it('at most 200 products per collection', async () => {
    for (let i = 0; i < 200; i++) await t.app.commerce.createProduct(owner.siteId, { collectionId: cols.full, title: `P${i}`, productType: 1, variants: [{ sku: `FULL-${i}`, priceCents: 1 }] })
    const res = await owner.c.post(`${base()}/products`, shirt({ collectionId: cols.full, title: 'One too many', variants: [{ sku: 'FULL-X', attributes: { Size: 'S' }, priceCents: 1 }] }))
    expect(res.status).toBe(409)
    expect(res.json.error.message).toBe('A products collection holds at most 200 products.')
  }, 120_000)

  it('store settings: defaults, change, bounds check; services quantity rule applies to the cart', async () => {
    const got = await owner.c.get(`${base()}/settings`)
    expect(got.json.settings).toEqual({ currency: 'USD', instalmentsEnabled: true, instalmentMinCents: 3500, instalmentMaxCents: 200000, multipleQuantityAllowedForServices: true, expressCheckout: false })
    expect((await owner.c.patch(`${base()}/settings`, { instalmentMinCents: 5000, instalmentMaxCents: 4000 })).status).toBe(400)
    const changed = await owner.c.patch(`${base()}/settings`, { currency: 'eur', multipleQuantityAllowedForServices: false })
    expect(changed.json.settings).toMatchObject({ currency: 'EUR', multipleQuantityAllowedForServices: false })
    const svc = await t.app.commerce.createProduct(owner.siteId, { collectionId: 'col-c', title: 'Lesson', productType: 3, variants: [{ sku: 'LESSON', priceCents: 4000, qtyInStock: 5 }] })
    const visitor = t.client(owner.host)
    const two = await visitor.post('/api/commerce/shopping-cart/entries', { itemId: svc.id, sku: 'LESSON', quantity: 2, additionalFields: null })
    expect(two.status).toBe(400)
    const one = await visitor.post('/api/commerce/shopping-cart/entries', { itemId: svc.id, sku: 'LESSON', quantity: 1, additionalFields: null })
    expect(one.json.shoppingCart.entries[0].subTotal).toEqual({ value: '4000', currency: 'EUR', decimalValue: '40.00', currencyCode: 'EUR' })
    await owner.c.patch(`${base()}/settings`, { currency: 'USD', multipleQuantityAllowedForServices: true })
  })

  it('coupons, shipping options and tax rules: create, list, delete; duplicate code 409', async () => {
    const made = await owner.c.post(`${base()}/coupons`, { code: 'spring', kind: 'fixed', amount: 500 })
    expect(made.json.item).toMatchObject({ code: 'SPRING', kind: 'fixed', amount: 500 })
    expect((await owner.c.post(`${base()}/coupons`, { code: 'SPRING', kind: 'fixed', amount: 1 })).status).toBe(409)
    expect((await owner.c.post(`${base()}/coupons`, { code: 'BIG', kind: 'percentage', amount: 150 })).status).toBe(400)
    expect((await owner.c.get(`${base()}/coupons`)).json.items).toHaveLength(1)
    expect((await owner.c.request('DELETE', `${base()}/coupons/${made.json.item.id}`)).status).toBe(204)
    expect((await owner.c.post(`${base()}/tax-rules`, { name: 'VAT', country: 'gb', rateBp: 2000 })).json.item).toMatchObject({ country: 'GB', region: '', rateBp: 2000 })
  })
})

describe(`instalments (${BACKEND})`, () => {
  it('dialog HTML per locale (en_US fallback) and the offer with the store bounds', async () => {
    const v = t.client(owner.host)
    const gb = await v.get('/api/commerce/instalments/dialog?locale=en_GB')
    expect(gb.status).toBe(200)
    expect(gb.headers['content-type']).toMatch(/^text\/html/)
    expect(gb.body).toContain('Clearpay')
    const xx = await v.get('/api/commerce/instalments/dialog?locale=de_DE')
    expect(xx.headers['content-language']).toBe('en-US')
    expect(xx.body).toContain('Afterpay')
    const offer = await v.get('/api/commerce/instalments/offer?amountCents=10000&locale=en-US')
    expect(offer.json).toMatchObject({ provider: 'AFTERPAY', numInstallments: 4, range: 'in', installment: { value: '2500', decimalValue: '25.00' }, minimum: { value: '3500', decimalValue: '35.00' }, maximum: { value: '200000', decimalValue: '2000.00' } })
    expect((await v.get('/api/commerce/instalments/offer?amountCents=3500&locale=en_GB')).json).toMatchObject({ provider: null, range: 'below' }) // a USD store is not a GB merchant
    expect((await v.get('/api/commerce/instalments/offer?amountCents=3500&locale=en_VI')).json).toMatchObject({ provider: null, range: 'below' }) // the spec's table: en_VI is not listed, so none
    expect((await v.get('/api/commerce/instalments/offer?amountCents=200001&locale=fr_FR')).json).toMatchObject({ provider: null, range: 'above' })
  })
})
