// The demo store at /shop: every kind of product, rendered through publishing, buyable through the cart.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlRows } from '../../platform/db/index.js'
import { BACKEND, startTestApp, type TestApp } from '../../../test/harness.js'
import { DEMO_OWNER } from '../demo.js'
import { BENCH_PRODUCTS, seedBenchProducts } from './index.js'

let t: TestApp
beforeAll(async () => {
  const started = Date.now()
  t = await startTestApp({ seedDemo: true })
  console.info(`demo seeded (${BACKEND}) in ${Date.now() - started} ms`)
})
afterAll(() => t?.close())

interface Variant { sku: string; qtyInStock: number; unlimited: boolean; onSale: boolean; priceMoney: { value: string }; attributes: Record<string, string> }
interface Item { id: string; urlId: string; fullUrl: string; recordType: number; mainImage?: { assetUrl?: string }; structuredContent: { productType: number; variants: Variant[]; isSubscribable: boolean; additionalFieldsForm: unknown; customAddButtonText: string; useCustomAddButtonText: boolean } }

describe(`demo store (${BACKEND})`, () => {
  it('/shop?format=json lists every kind of product with structuredContent (bench products hidden)', async () => {
    const res = await t.client().get('/shop?format=json')
    expect(res.status).toBe(200)
    const items = res.json.items as Item[]
    const by = (urlId: string) => items.find((i) => i.urlId === urlId)!
    expect(items.map((i) => i.urlId)).not.toContain(BENCH_PRODUCTS.many)
    expect(items.every((i) => i.recordType === 11 && i.fullUrl === `/shop/${i.urlId}`)).toBe(true)
    // images resolved by the files domain into the CONTEXT.md Image shape
    expect(items.every((i) => typeof i.mainImage?.assetUrl === 'string' && i.mainImage.assetUrl.startsWith('/files/'))).toBe(true)
    const mug = by('stoneware-mug').structuredContent
    expect(mug.variants).toHaveLength(4)
    expect(mug.variants.filter((v) => v.qtyInStock === 0)).toHaveLength(1)
    expect(by('moon-jar').structuredContent.variants.every((v) => v.qtyInStock === 0 && !v.unlimited)).toBe(true)
    expect(by('seconds-bowl').structuredContent.variants[0]!.onSale).toBe(true)
    expect(new Set(by('serving-platter').structuredContent.variants.map((v) => v.priceMoney.value)).size).toBe(2)
    expect(by('glaze-recipes-ebook').structuredContent.productType).toBe(2)
    expect(by('wheel-workshop').structuredContent.productType).toBe(3)
    expect(by('gift-card').structuredContent.productType).toBe(4)
    expect(by('mug-club').structuredContent.isSubscribable).toBe(true)
    // the personalisation form comes from the forms domain (additionalFieldsFormId -> additionalFieldsForm)
    const plate = by('name-plate').structuredContent as Item['structuredContent'] & { additionalFieldsFormId: string | null }
    expect(plate).toMatchObject({ useCustomAddButtonText: true, customAddButtonText: 'Personalise', additionalFieldsFormId: expect.any(String) })
    expect(plate.additionalFieldsForm).toMatchObject({ id: plate.additionalFieldsFormId, name: 'Personalisation', fields: [{ id: 'name', required: true }, { id: 'colour', type: 'select' }, { id: 'note' }] })
    expect(res.json.websiteSettings.storeSettings).toMatchObject({ currency: 'USD', multipleQuantityAllowedForServices: true })
  })

  it('product page renders; the 10,000-variant product (seeded by this test only) adds to cart by sku', async () => {
    const c = t.client()
    const page = await c.get('/shop/stoneware-mug')
    expect(page.status).toBe(200)
    expect(page.body).toContain('Stoneware mug')
    const shop = (await c.get('/shop?format=json')).json
    expect(await t.app.commerce.countProducts(shop.website.id, shop.collection.id)).toBe(10) // nine shop products and the hidden Studio membership; the benchmark products are not part of the demo
    await seedBenchProducts(t.app.commerce, shop.website.id, shop.collection.id)
    const many = await c.get(`/shop/${BENCH_PRODUCTS.many}?format=json`)
    expect(many.json.item.structuredContent.variants).toHaveLength(10000)
    const res = await c.post('/api/commerce/shopping-cart/entries', { itemId: many.json.item.id, sku: 'BENCH-99-42', quantity: 1, additionalFields: null })
    expect(res.status).toBe(200)
    expect(res.json.shoppingCart.entries[0].chosenVariant).toEqual({ sku: 'BENCH-99-42', attributes: { Row: 'R99', Column: 'C42' } })
    expect(res.json.shoppingCart.entries[0].variantText).toBe('R99 / C42')
  })

  it('"Free shipping over $100" is an automatic promotion: from $100 of goods the chosen shipping comes off as its own line', async () => {
    const c = t.client()
    const bowl = ((await c.get('/shop?format=json')).json.items as Item[]).find((i) => i.urlId === 'seconds-bowl')!
    const add = (quantity: number) => c.post('/api/commerce/shopping-cart/entries', { itemId: bowl.id, sku: 'BOWL-2ND', quantity, additionalFields: null })
    const below = (await add(3)).json.shoppingCart // 3 x 29.00 on sale = 87.00
    expect([below.promotions, below.shippingCostCents, below.grandTotalCents]).toEqual([[], 600, 3 * 2900 + 600])
    const over = (await add(1)).json.shoppingCart // 116.00
    expect(over.promotions.map((p: { name: string; amountCents: number }) => [p.name, p.amountCents])).toEqual([['Free shipping over $100', 600]])
    expect(over.grandTotalCents).toBe(4 * 2900)
    expect((await c.get('/cart')).body).toMatch(/<dt class="cart-promotion">Free shipping over \$100<\/dt>/)
    // a product promotion labels its product 'On sale' on the product page and in the shop
    const jar = ((await c.get('/shop?format=json')).json.items as Item[]).find((i) => i.urlId === 'moon-jar')!
    const before = (await c.get('/shop/moon-jar')).body
    expect(before).not.toContain('data-product-promotion')
    await t.app.commerce.addPromotion((await c.get('/shop?format=json')).json.website.id, { name: 'Moon jar week', kind: 'percentage', amount: 15, appliesTo: 'products', targetIds: [jar.id] })
    expect((await c.get('/shop/moon-jar')).body).toContain('<p class="product-promotion" data-product-promotion>On sale: Moon jar week</p>')
    expect((await c.get('/shop')).body).toContain('On sale: Moon jar week')
  })

  it('cart, checkout and confirmation pages render through the theme', async () => {
    const c = t.client()
    const shop = (await c.get('/shop?format=json')).json.items as Item[]
    const bowl = shop.find((i) => i.urlId === 'seconds-bowl')!
    await c.post('/api/commerce/shopping-cart/entries', { itemId: bowl.id, sku: 'BOWL-2ND', quantity: 2, additionalFields: null })
    const cart = await c.get('/cart')
    expect(cart.status).toBe(200)
    expect(String(cart.headers['cache-control'])).toContain('no-store')
    expect(cart.body).toContain('Seconds bowl')
    const checkout = await c.get('/checkout')
    expect(checkout.status).toBe(200)
    const placed = await c.post('/api/commerce/checkout', {
      email: 'demo-buyer@example.com',
      shippingAddress: { firstName: 'Ada', lastName: 'L', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' },
      card: { number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123' },
    })
    expect(placed.status).toBe(201)
    expect(placed.json.order).toMatchObject({ subtotalCents: 5800, shippingCostCents: 600, taxCents: 515, grandTotalCents: 6915 })
    const confirmed = await c.get(placed.json.confirmationUrl)
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toContain(`${placed.json.order.number}`)
    const again = await t.client().get('/shop/seconds-bowl?format=json')
    expect(again.json.item.structuredContent.variants[0].qtyInStock).toBe(13) // publishing cache dropped after the order

    // The demo owner's analytics count the demo's paid orders: revenue is the orders table's charged totals (test
    // mode is the demo's mode), refunds subtracted.
    const owner = t.client()
    expect((await owner.post('/api/auth/login', { email: DEMO_OWNER.email, password: DEMO_OWNER.password })).status).toBe(200)
    const siteId = placed.json.order.websiteId as string
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const [table] = await sqlRows<{ n: number; revenue: number }>(t.app.db.orm, sql`SELECT count(*)::int AS n,
      coalesce(sum(CASE WHEN status = 'refunded' THEN 0 ELSE charged_cents END), 0)::int AS revenue FROM commerce_orders
      WHERE site_id = ${siteId} AND status <> 'pending' AND created_at >= ${day(-29)}::date`)
    expect(table!.revenue).toBeGreaterThanOrEqual(placed.json.order.chargedCents)
    const funnel = (await owner.get(`/api/sites/${siteId}/analytics/funnel?from=${day(-29)}&to=${day(1)}`)).json
    expect(funnel.revenue).toBe(table!.revenue)
    expect(funnel.steps.find((x: { step: string }) => x.step === 'purchase').count).toBe(table!.n)
  })

  it("Portland, ME (the studio's own state) pays Maine sales tax: the cart and the checkout summary show it", async () => {
    const c = t.client()
    const bowl = ((await c.get('/shop?format=json')).json.items as Item[]).find((i) => i.urlId === 'seconds-bowl')!
    const unit = Number(bowl.structuredContent.variants[0]!.onSale ? (bowl.structuredContent.variants[0] as Variant & { salePriceMoney: { value: string } }).salePriceMoney.value : bowl.structuredContent.variants[0]!.priceMoney.value)
    await c.post('/api/commerce/shopping-cart/entries', { itemId: bowl.id, sku: 'BOWL-2ND', quantity: 3, additionalFields: null })
    const put = await c.request('PUT', '/api/commerce/shopping-cart/shipping', { json: { location: { country: 'US', region: 'me', postalCode: '04101' } } })
    expect(put.status, put.body).toBe(200)
    const goods = unit * 3 // Money.value is minor units
    const tax = Math.round((goods * 550) / 10000) // 5.5%, half up
    expect(tax).toBeGreaterThan(0)
    expect(put.json.shoppingCart).toMatchObject({ subtotalCents: goods, taxCents: tax, applicableTaxRules: [{ name: 'Maine sales tax', region: 'ME' }] })
    const summary = (await c.get('/checkout')).body
    const line = summary.slice(summary.indexOf('<dt>Tax</dt>'), summary.indexOf('<dt>Tax</dt>') + 200)
    expect(line).toContain(`${(tax / 100).toFixed(2)}`)
  })

  it('additional fields: the forms-domain form validates add-entry and PUT (400 with error.fields), the cart page can fetch the form', async () => {
    const c = t.client()
    const plate = ((await c.get('/shop?format=json')).json.items as Item[]).find((i) => i.urlId === 'name-plate')!
    const add = (fields: unknown) => c.post('/api/commerce/shopping-cart/entries', { itemId: plate.id, sku: 'NAME-PLATE', quantity: 1, additionalFields: fields === null ? null : JSON.stringify(fields) })
    const missing = await add({ name: '  ', colour: 'Cobalt' })
    expect(missing.status).toBe(400)
    expect(missing.json.error).toMatchObject({ code: 'additional_fields_invalid', fields: { name: expect.stringContaining('required') } })
    const badChoice = await add({ name: 'Ada', colour: 'Purple' })
    expect(badChoice.json.error.fields).toEqual({ colour: 'Purple is not one of the expected options' })
    expect((await add(null)).json.error.fields).toMatchObject({ name: expect.any(String), colour: expect.any(String) })
    const ok = await add({ name: 'Ada', colour: 'Cobalt' })
    expect(ok.status).toBe(200)
    const entry = ok.json.shoppingCart.entries[0]
    expect(entry).toMatchObject({ hasAdditionalFields: true, additionalFields: { name: 'Ada', colour: 'Cobalt' } })
    const put = (fields: unknown) => c.request('PUT', `/api/commerce/shopping-cart/entries/${entry.id}/additionalFields`, { json: { itemId: plate.id, sku: 'NAME-PLATE', additionalFields: JSON.stringify(fields) } })
    const badPut = await put({ name: '', colour: 'Black' })
    expect(badPut.status).toBe(400)
    expect(Object.keys(badPut.json.error.fields)).toEqual(['name'])
    const goodPut = await put({ name: 'Grace', colour: 'Black', note: 'Thanks' })
    expect(goodPut.json.updatedEntry.additionalFields).toMatchObject({ name: 'Grace', colour: 'Black', note: 'Thanks' })
    const form = await c.get(`/api/commerce/additional-fields-form?itemId=${plate.id}`)
    expect(form.json.form).toMatchObject({ name: 'Personalisation', fields: [{ id: 'name' }, { id: 'colour' }, { id: 'note' }] })
    expect((await c.get('/api/commerce/additional-fields-form?itemId=nope')).status).toBe(404)
  })

  it('express checkout: the store setting reaches websiteSettings.storeSettings and the product page markup', async () => {
    const owner = t.client()
    expect((await owner.post('/api/auth/login', { email: DEMO_OWNER.email, password: DEMO_OWNER.password })).status).toBe(200)
    const siteId = (await owner.get('/shop?format=json')).json.website.id as string
    const page = () => t.client().get('/shop/stoneware-mug')
    expect((await page()).body).not.toContain('data-express-checkout')
    const on = await owner.patch(`/api/sites/${siteId}/commerce/settings`, { expressCheckout: true })
    expect(on.json.settings.expressCheckout).toBe(true)
    expect((await t.client().get('/shop/stoneware-mug?format=json')).json.websiteSettings.storeSettings.expressCheckout).toBe(true)
    expect((await page()).body).toContain('data-express-checkout="true"')
    await owner.patch(`/api/sites/${siteId}/commerce/settings`, { expressCheckout: false })
    expect((await page()).body).not.toContain('data-express-checkout')
  })
})
