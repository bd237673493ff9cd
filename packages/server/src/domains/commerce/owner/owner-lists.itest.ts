// Owner lists that stay fast with big catalogues: the orders list with q and status filters, the slim product
// list, the paged inventory (cursor, q, lowStock), and PATCH of product fields + variants in one transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import { TEST_CARDS } from '../index.js'

let t: TestApp
let site: { id: string; host: string; owner: Client }
const ids = {} as Record<'shirt' | 'ebook' | 'big' | 'lamp', string>
const base = () => `/api/sites/${site.id}/commerce`
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }
const v = (sku: string, priceCents: number, qtyInStock: number, extra: Record<string, unknown> = {}) => ({ sku, attributes: {}, priceCents, qtyInStock, ...extra })

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  site = { id: res.json.site.id, host: `${res.json.site.slug}.localhost`, owner }
  const c = t.app.commerce
  ids.shirt = (await c.createProduct(site.id, {
    collectionId: 'shop', title: 'Shirt', productType: 1, variantOptions: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    variants: [v('SH-S', 2000, 0, { attributes: { Size: 'S' } }), v('SH-M', 2200, 3, { attributes: { Size: 'M' }, salePriceCents: 1800, onSale: true }), v('SH-L', 2200, 9, { attributes: { Size: 'L' } })],
  })).id
  ids.ebook = (await c.createProduct(site.id, { collectionId: 'shop', title: 'E-book', productType: 2, variants: [v('EB', 900, 0)] })).id
  ids.lamp = (await c.createProduct(site.id, { collectionId: 'shop', title: 'Lamp', productType: 1, variants: [v('LAMP', 5000, 100)] })).id
  const rows = Array.from({ length: 250 }, (_, i) => v(`BIG-${String(i).padStart(3, '0')}`, 1000, i % 10, { attributes: { A: `a${Math.floor(i / 10)}`, B: `b${i % 10}` } }))
  const axis = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}${i}`)
  ids.big = (await c.createProduct(site.id, { collectionId: 'shop', title: 'Big matrix', productType: 1, variantOptions: [{ name: 'A', values: axis('a', 25) }, { name: 'B', values: axis('b', 10) }], variants: rows })).id
})
afterAll(() => t?.close())

async function order(email: string, card = CARD): Promise<{ id: string; number: number; status: string }> {
  const c = t.client(site.host)
  expect((await c.post('/api/commerce/shopping-cart/entries', { itemId: ids.lamp, sku: 'LAMP', quantity: 1, additionalFields: null })).status).toBe(200)
  const res = await c.post('/api/commerce/checkout', { email, shippingAddress: ADDRESS, card })
  expect(res.status).toBe(201)
  return res.json.order
}

describe(`owner lists (${BACKEND})`, () => {
  it('orders: q matches the order number or part of the email, status filters; paging says page and pageSize', async () => {
    const a = await order('alice@example.com')
    const b = await order('bob@shop.test')
    const p = await order('carol@example.com', { ...CARD, number: TEST_CARDS.pending })
    expect(p.status).toBe('pending')
    expect((await site.owner.post(`${base()}/orders/${a.id}/fulfil`)).json.order.status).toBe('fulfilled')
    const list = async (query: string) => {
      const res = await site.owner.get(`${base()}/orders${query}`)
      expect(res.status).toBe(200)
      return res.json as { orders: { number: number; email: string; status: string }[]; total: number; page: number; pageSize: number }
    }
    expect((await list('')).orders.map((o) => o.number)).toEqual([p.number, b.number, a.number])
    expect((await list(`?q=%23${b.number}`)).orders.map((o) => o.email)).toEqual(['bob@shop.test'])
    expect((await list(`?q=${a.number}`)).orders.map((o) => o.number)).toEqual([a.number])
    expect((await list('?q=EXAMPLE.COM')).orders.map((o) => o.email)).toEqual(['carol@example.com', 'alice@example.com'])
    expect((await list('?q=%25')).total).toBe(0) // LIKE wildcards are literal
    expect((await list('?status=pending')).orders.map((o) => o.number)).toEqual([p.number])
    expect((await list('?status=fulfilled&q=alice')).orders).toHaveLength(1)
    expect(await list('?status=paid&pageSize=1&page=1')).toMatchObject({ total: 1, page: 1, pageSize: 1, orders: [{ number: b.number }] })
    const bad = await site.owner.get(`${base()}/orders?status=lost`)
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.error.fields)).toEqual(['status'])
  })

  it('confirm payment: a pending test-mode order becomes paid (then fulfillable); a paid or refunded one is refused', async () => {
    const p = await order('dora@example.com', { ...CARD, number: TEST_CARDS.pending })
    expect(p.status).toBe('pending')
    const early = await site.owner.post(`${base()}/orders/${p.id}/fulfil`)
    expect(early.status).toBe(409)
    expect(early.json.error.message).toBe('A pending order cannot be fulfilled.')
    const visitor = t.client(site.host)
    expect((await visitor.post(`${base()}/orders/${p.id}/confirm-payment`)).status).toBe(401)
    const confirmed = await site.owner.post(`${base()}/orders/${p.id}/confirm-payment`)
    expect(confirmed.status).toBe(200)
    expect(confirmed.json.order).toMatchObject({ id: p.id, status: 'paid' })
    const again = await site.owner.post(`${base()}/orders/${p.id}/confirm-payment`)
    expect(again.status).toBe(409)
    expect(again.json.error).toMatchObject({ code: 'order_not_pending', message: 'A paid order has no payment awaiting confirmation.' })
    expect((await site.owner.post(`${base()}/orders/${p.id}/fulfil`)).json.order.status).toBe('fulfilled')
    const r = await order('eve@example.com')
    expect((await site.owner.post(`${base()}/orders/${r.id}/refund`)).json.order.status).toBe('refunded')
    const refused = await site.owner.post(`${base()}/orders/${r.id}/confirm-payment`)
    expect(refused.status).toBe(409)
    expect(refused.json.error.message).toBe('A refunded order has no payment awaiting confirmation.')
    expect((await site.owner.post(`${base()}/orders/nope/confirm-payment`)).status).toBe(404)
  })

  it('slim product list: no variants, counts, stock and price summary; q matches a title or a SKU', async () => {
    const res = await site.owner.get(`${base()}/products?view=summary&pageSize=200`)
    expect(res.status).toBe(200)
    const by = (id: string) => res.json.products.find((p: { id: string }) => p.id === id)
    expect(res.json.total).toBe(4)
    expect(res.json.products.every((p: Record<string, unknown>) => !('variants' in p) && !('structuredContent' in p))).toBe(true)
    expect(by(ids.shirt)).toMatchObject({
      title: 'Shirt', productType: 1, status: 'published', fullUrl: '/shop/shirt', variantCount: 3, stockTotal: 12, unlimitedVariants: 0,
      outOfStockVariants: 1, onSaleVariants: 1, priceRange: { minCents: 1800, maxCents: 2200 }, variedPrices: true, soldOut: false, onSale: true,
    })
    expect(by(ids.ebook)).toMatchObject({ variantCount: 1, soldOut: false, variedPrices: false, priceRange: { minCents: 900, maxCents: 900 } })
    expect(by(ids.big)).toMatchObject({ variantCount: 250, stockTotal: 25 * 45, outOfStockVariants: 25 })
    const sku = await site.owner.get(`${base()}/products?view=summary&q=big-12`)
    expect(sku.json.products.map((p: { id: string }) => p.id)).toEqual([ids.big])
    const full = await site.owner.get(`${base()}/products?q=shirt`)
    expect(full.json.products).toHaveLength(1)
    expect(full.json.products[0].structuredContent.variants).toHaveLength(3)
  })

  it('inventory: stock-tracked variants a page at a time with a cursor; q and lowStock filter', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const res: { json: { variants: { sku: string; productTitle: string; variantText: string }[]; nextCursor: string | null; total: number } } =
        await site.owner.get(`${base()}/inventory?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      expect(res.json.total).toBe(254) // 250 + 3 shirts + the lamp; the e-book keeps no stock
      seen.push(...res.json.variants.map((r) => r.sku))
      cursor = res.json.nextCursor
      pages++
    } while (cursor)
    expect(pages).toBe(3)
    expect(new Set(seen).size).toBe(254)
    expect(seen.slice(0, 2)).toEqual(['BIG-000', 'BIG-001']) // by product title, then variant order
    expect(seen.slice(-4)).toEqual(['LAMP', 'SH-S', 'SH-M', 'SH-L'])
    const low = await site.owner.get(`${base()}/inventory?lowStock=0`)
    expect(low.json.variants.map((r: { sku: string }) => r.sku)).toEqual([...Array.from({ length: 25 }, (_, i) => `BIG-${String(i * 10).padStart(3, '0')}`), 'SH-S'])
    const q = await site.owner.get(`${base()}/inventory?q=shirt`)
    expect(q.json.variants.map((r: { sku: string; variantText: string }) => `${r.sku}:${r.variantText}`)).toEqual(['SH-S:S', 'SH-M:M', 'SH-L:L'])
    expect((await site.owner.get(`${base()}/inventory?cursor=nonsense`)).status).toBe(400)
  })

  it('PATCH applies product fields and variants in one transaction (a bad matrix changes nothing)', async () => {
    const url = `${base()}/products/${ids.shirt}`
    const bad = await site.owner.patch(url, { title: 'Renamed', variantOptions: [{ name: 'Size', values: ['S', 'M'] }], variants: [v('SH-S', 2000, 1, { attributes: { Size: 'XL' } })] })
    expect(bad.status).toBe(400)
    const taken = await site.owner.patch(url, { title: 'Renamed', variants: [v('LAMP', 2000, 1, { attributes: { Size: 'S' } })] })
    expect(taken.status).toBe(409)
    expect((await site.owner.get(url)).json.product).toMatchObject({ title: 'Shirt', structuredContent: { variants: [{ sku: 'SH-S' }, { sku: 'SH-M' }, { sku: 'SH-L' }] } })
    const ok = await site.owner.patch(url, {
      title: 'Shirt II', variantOptions: [{ name: 'Size', values: ['S', 'XL'] }],
      variants: [v('SH-S', 2100, 4, { attributes: { Size: 'S' } }), v('SH-XL', 2500, 2, { attributes: { Size: 'XL' } })],
    })
    expect(ok.status).toBe(200)
    expect(ok.json.product).toMatchObject({ title: 'Shirt II', variantOptions: [{ name: 'Size', values: ['S', 'XL'] }] })
    expect(ok.json.product.structuredContent.variants.map((x: { sku: string; price: number }) => `${x.sku}:${x.price}`)).toEqual(['SH-S:2100', 'SH-XL:2500'])
  })
})
