// The store's visitor flows as domain functions, called without HTTP: add to cart, start a subscription, place an
// order. Each writes in one transaction: a refused call leaves nothing behind.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'
import { sqlRows } from '../../platform/db/index.js'
import { isAppError } from '../../platform/errors.js'
import { TEST_CARDS, type ProductCreate } from './index.js'

let t: TestApp
let siteId: string
const ids: Record<string, string> = {}
const variant = (sku: string, qtyInStock: number, unlimited = false) => ({ sku, attributes: {}, priceCents: 1000, salePriceCents: 0, onSale: false, qtyInStock, unlimited })
const product = (over: Pick<ProductCreate, 'title' | 'productType' | 'variants'> & Partial<ProductCreate>): ProductCreate => ({ collectionId: 'col-shop', ...over })
const count = async (table: 'commerce_carts' | 'commerce_cart_entries' | 'commerce_orders') =>
  (await sqlRows<{ n: number }>(t.app.db.orm, sql`select count(*)::int as n from ${sql.identifier(table)} where site_id = ${siteId}`))[0]!.n
async function refusal(p: Promise<unknown>) {
  const e = await p.then(() => null, (x: unknown) => x)
  if (!isAppError(e)) throw new Error(`expected an AppError, got ${String(e)}`)
  return e
}

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  const res = await t.client().post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  siteId = res.json.site.id
  const c = t.app.commerce
  ids.ebook = (await c.createProduct(siteId, product({ title: 'E-book', productType: 2, variants: [variant('FLOW-EBOOK', 0, true)] }))).id
  ids.poster = (await c.createProduct(siteId, product({ title: 'Poster', productType: 1, variants: [variant('FLOW-POSTER', 2)] }))).id
  ids.box = (
    await c.createProduct(siteId, product({
      title: 'Tea box', productType: 1, isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 6 },
      variants: [variant('FLOW-BOX', 10)],
    }))
  ).id
})
afterAll(() => t?.close())

describe(`commerce flows without HTTP (${BACKEND})`, () => {
  it('addToCart opens a cart (its token comes back once), then adds to the same cart by that token', async () => {
    const first = await t.app.commerce.addToCart({ siteId, cartToken: undefined, itemId: ids.ebook!, quantity: 1 })
    expect(first.newlyAdded).toBe(true)
    expect(first.newCartToken).toMatch(/.{20,}/)
    expect(first.shoppingCart.entries.map((e) => [e.chosenVariant.sku, e.quantity])).toEqual([['FLOW-EBOOK', 1]])
    const again = await t.app.commerce.addToCart({ siteId, cartToken: first.newCartToken, itemId: ids.ebook!, quantity: '2' })
    expect(again.newCartToken).toBeUndefined()
    expect(again.newlyAdded).toBe(false)
    expect(again.shoppingCart.entries.map((e) => [e.chosenVariant.sku, e.quantity])).toEqual([['FLOW-EBOOK', 3]])
  })

  it('a refused add (not enough stock) opens no cart', async () => {
    const [carts, entries] = [await count('commerce_carts'), await count('commerce_cart_entries')]
    const e = await refusal(t.app.commerce.addToCart({ siteId, cartToken: undefined, itemId: ids.poster!, quantity: 3 }))
    expect(e.code).toBe('insufficient_stock')
    expect([await count('commerce_carts'), await count('commerce_cart_entries')]).toEqual([carts, entries])
  })

  it('startSubscription makes a one-entry subscription cart; an item that is not subscribable is refused and writes nothing', async () => {
    const carts = await count('commerce_carts')
    expect((await refusal(t.app.commerce.startSubscription({ siteId, itemId: ids.poster! }))).code).toBe('not_subscribable')
    expect(await count('commerce_carts')).toBe(carts)
    const { cartToken } = await t.app.commerce.startSubscription({ siteId, itemId: ids.box!, qty: 1 })
    const cart = await t.app.commerce.subscriptionCart(siteId, cartToken)
    expect(cart?.entries.map((e) => [e.chosenVariant.sku, e.quantity])).toEqual([['FLOW-BOX', 1]])
    expect(await t.app.commerce.cartOfRequest(siteId, { cookies: { sw_cart: cartToken } } as never)).toMatchObject({ entries: [] })
  })

  it('placeOrder places the order of a cart once: the order, its confirmation URL, then the cart is purchased', async () => {
    const { newCartToken } = await t.app.commerce.addToCart({ siteId, cartToken: undefined, itemId: ids.ebook!, quantity: 1 })
    const site = { title: 'Flow shop', baseUrl: 'http://flow.localhost' }
    const checkout = { email: 'buyer@example.com', card: { number: TEST_CARDS.success[0], expMonth: 12, expYear: 2099, cvc: '123' } }
    const orders = await count('commerce_orders')
    const placed = await t.app.commerce.placeOrder({ siteId, cartToken: newCartToken!, checkout, site })
    expect(placed.confirmationUrl).toBe(`/commerce/orders/${placed.order.id}?token=${placed.confirmationToken}`)
    expect(await count('commerce_orders')).toBe(orders + 1)
    expect((await refusal(t.app.commerce.placeOrder({ siteId, cartToken: newCartToken!, checkout, site }))).code).toBe('cart_purchased')
    expect(await count('commerce_orders')).toBe(orders + 1)
  })
})
