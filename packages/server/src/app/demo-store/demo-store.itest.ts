// The demo store at /shop: every kind of product, rendered through publishing, buyable through the cart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, startTestApp, type TestApp } from '../../../test/harness.js'
import { BENCH_PRODUCTS } from './index.js'

let t: TestApp
beforeAll(async () => {
  const started = Date.now()
  t = await startTestApp({ seedDemo: true })
  console.info(`demo seeded (${BACKEND}) in ${Date.now() - started} ms`)
})
afterAll(() => t?.close())

interface Variant { sku: string; qtyInStock: number; unlimited: boolean; onSale: boolean; priceMoney: { value: string }; attributes: Record<string, string> }
interface Item { id: string; urlId: string; fullUrl: string; recordType: number; structuredContent: { productType: number; variants: Variant[]; isSubscribable: boolean; additionalFieldsForm: unknown; customAddButtonText: string; useCustomAddButtonText: boolean } }

describe(`demo store (${BACKEND})`, () => {
  it('/shop?format=json lists every kind of product with structuredContent (bench products hidden)', async () => {
    const res = await t.client().get('/shop?format=json')
    expect(res.status).toBe(200)
    const items = res.json.items as Item[]
    const by = (urlId: string) => items.find((i) => i.urlId === urlId)!
    expect(items.map((i) => i.urlId)).not.toContain(BENCH_PRODUCTS.many)
    expect(items.every((i) => i.recordType === 11 && i.fullUrl === `/shop/${i.urlId}`)).toBe(true)
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
    expect(by('name-plate').structuredContent).toMatchObject({ useCustomAddButtonText: true, customAddButtonText: 'Personalise', additionalFieldsForm: { fields: expect.any(Array) } })
    expect(res.json.websiteSettings.storeSettings).toMatchObject({ currency: 'USD', multipleQuantityAllowedForServices: true })
  })

  it('product page renders; the 10,000-variant product adds to cart by sku', async () => {
    const c = t.client()
    const page = await c.get('/shop/stoneware-mug')
    expect(page.status).toBe(200)
    expect(page.body).toContain('Stoneware mug')
    const many = await c.get(`/shop/${BENCH_PRODUCTS.many}?format=json`)
    expect(many.json.item.structuredContent.variants).toHaveLength(10000)
    const res = await c.post('/api/commerce/shopping-cart/entries', { itemId: many.json.item.id, sku: 'BENCH-99-42', quantity: 1, additionalFields: null })
    expect(res.status).toBe(200)
    expect(res.json.shoppingCart.entries[0].chosenVariant).toEqual({ sku: 'BENCH-99-42', attributes: { Row: 'R99', Column: 'C42' } })
    expect(res.json.shoppingCart.entries[0].variantText).toBe('R99 / C42')
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
  })
})
