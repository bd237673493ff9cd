// Quick View: product lists and product summary blocks print a 'Quick View' button per product (the lightbox's
// content is the product's page, which carries images, price, variants and add to cart); opening it is recorded
// by POST /api/census/RecordQuickView/{id} and counted in the owner's event report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'
let t: TestApp
let owner: Client
let siteId: string
let host: string

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
})
afterAll(() => t?.close())

const api = (p: string) => `/api/sites/${siteId}${p}`
const quickViewButtons = (html: string) => [...html.matchAll(/<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="([^"]+)"[^>]*>([^<]*)<\/span>/g)]

describe(`Quick View (${BACKEND})`, () => {
  it('product lists and product summaries carry the Quick View button; the product page has what the lightbox shows; opening it is recorded', async () => {
    const shop = (await owner.post(api('/content/collections'), { typeName: 'products', title: 'Store' })).json.collection
    const created = await owner.post(api('/commerce/products'), {
      collectionId: shop.id, productType: 1, title: 'Linen shirt', variantOptions: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [{ sku: 'SH-S', priceCents: 4500, qtyInStock: 3, attributes: { Size: 'S' } }, { sku: 'SH-M', priceCents: 4500, qtyInStock: 0, attributes: { Size: 'M' } }],
    })
    expect(created.status, created.body).toBe(201)
    const product = created.json.product
    const home = await owner.post(api('/content/collections'), {
      typeName: 'page', title: 'Featured',
      layout: { sections: [{ blocks: [{ type: 20, value: { collectionId: shop.id, design: 'grid', title: 'New in', limit: 3 } }] }] },
    })
    expect(home.status, home.body).toBe(201)
    const visitor = t.client(host)

    const list = await visitor.get(shop.fullUrl)
    expect(list.status).toBe(200)
    expect(quickViewButtons(list.body).map((m) => [m[1], m[2]])).toEqual([[product.id, 'Quick View']])
    const summary = await visitor.get(home.json.collection.fullUrl)
    expect(quickViewButtons(summary.body).map((m) => [m[1], m[2]])).toEqual([[product.id, 'Quick View']])
    expect(summary.body).toContain(`href="${product.fullUrl}"`)

    // the lightbox takes the product page's gallery, price, variants and add-to-cart button
    const page = await visitor.get(product.fullUrl)
    expect(page.body).toContain(`data-store-slot="products-item"`)
    for (const part of ['class="product-gallery"', 'class="product-price"', 'data-variant-option-name="Size"', `class="sqs-add-to-cart-button`]) expect(page.body).toContain(part)

    const recorded = await visitor.request('POST', `/api/census/RecordQuickView/${product.id}`, {
      body: new URLSearchParams({ pagePath: shop.fullUrl, visitorCookie: 'abc|1|1|1|1' }).toString(),
      contentType: 'application/x-www-form-urlencoded', crumb: false, headers: { 'user-agent': CHROME },
    })
    expect(recorded.status, recorded.body).toBe(202)
    await t.app.tracking.flush()
    const today = new Date().toISOString().slice(0, 10)
    const funnel = await owner.get(api(`/analytics/funnel?from=${today}&to=${today}`))
    expect(funnel.json.events).toEqual(expect.arrayContaining([{ event: 'quick-view', count: 1 }]))
  })
})
