// Shipping choices of a cart (issue 11 item 4): a free-over option the cart does not reach is not offered but
// explained, free shipping is preselected once it applies, and a subscription checkout sets its shipping by
// cartToken (it has no cart cookie).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../../test/harness.js'

let t: TestApp
let host = ''
const ids: Record<string, string> = {}
const SHIPPING_PATH = '/api/commerce/shopping-cart/shipping'

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  const siteId: string = res.json.site.id
  host = `${res.json.site.slug}.localhost`
  const c = t.app.commerce
  const variant = (sku: string, priceCents: number) => ({ sku, attributes: {}, priceCents, salePriceCents: 0, onSale: false, qtyInStock: 50, unlimited: false })
  ids.mug = (await c.createProduct(siteId, { collectionId: 'col-shop', title: 'Mug', productType: 1, variants: [variant('MUG', 2900)] })).id
  ids.box = (await c.createProduct(siteId, {
    collectionId: 'col-shop', title: 'Mug club', productType: 1, isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
    variants: [variant('CLUB', 3000)],
  })).id
  await c.addShippingOption(siteId, { name: 'Standard shipping', kind: 'flat', costCents: 600 })
  await c.addShippingOption(siteId, { name: 'Free shipping over $100', kind: 'free_over', costCents: 900, minSubtotalCents: 10000, ordering: 1 })
})
afterAll(() => t?.close())

interface Option { id: string; name: string; costCents: number }

describe(`shipping choices (${BACKEND})`, () => {
  it('below the threshold the free-over option is not offered (never $9.00 on a $29 cart) and says what is missing', async () => {
    const v = t.client(host)
    const added = await v.post('/api/commerce/shopping-cart/entries', { itemId: ids.mug, sku: 'MUG', quantity: 1, additionalFields: null })
    expect(added.status).toBe(200)
    const cart = added.json.shoppingCart
    expect(cart.shippingOptions.map((o: Option) => [o.name, o.costCents])).toEqual([['Standard shipping', 600]])
    expect(cart.selectedShippingOption).toMatchObject({ name: 'Standard shipping', costCents: 600 })
    expect(cart.unavailableShippingOptions).toEqual([
      expect.objectContaining({ name: 'Free shipping over $100', minSubtotalCents: 10000, remainingCents: 7100, remaining: expect.objectContaining({ value: '7100', decimalValue: '71.00', currency: 'USD' }) }),
    ])
    // choosing it anyway does not price it: the cart keeps the standard rate
    const free = (await v.get('/api/commerce/shopping-cart')).json.unavailableShippingOptions[0].id
    const put = await v.request('PUT', SHIPPING_PATH, { json: { optionId: free } })
    expect(put.status).toBe(200)
    expect(put.json.shoppingCart.selectedShippingOption.name).toBe('Standard shipping')
    expect(put.json.shoppingCart.shippingCostCents).toBe(600)
  })

  it('once the goods reach the threshold, free shipping is offered and preselected', async () => {
    const v = t.client(host)
    const added = await v.post('/api/commerce/shopping-cart/entries', { itemId: ids.mug, sku: 'MUG', quantity: 4, additionalFields: null })
    const cart = added.json.shoppingCart
    expect(cart.subtotalCents).toBe(11600)
    expect(cart.shippingOptions.map((o: Option) => [o.name, o.costCents])).toEqual([['Standard shipping', 600], ['Free shipping over $100', 0]])
    expect(cart.selectedShippingOption).toMatchObject({ name: 'Free shipping over $100', costCents: 0 })
    expect(cart.shippingCostCents).toBe(0)
    expect(cart.unavailableShippingOptions).toEqual([])
    // a visitor's own choice is kept
    const standard = cart.shippingOptions[0].id
    const put = await v.request('PUT', SHIPPING_PATH, { json: { optionId: standard } })
    expect(put.json.shoppingCart.selectedShippingOption.name).toBe('Standard shipping')
  })

  it('a subscription checkout sets its location and option by cartToken (it has no cart cookie)', async () => {
    const v = t.client(host)
    const started = await v.post('/api/3/commerce/cart/subscription', { itemId: ids.box, sku: 'CLUB', qty: 1, additionalFields: null })
    expect(started.status).toBe(200)
    const { cartToken } = started.json
    const put = await v.request('PUT', SHIPPING_PATH, { json: { cartToken, location: { country: 'us', region: 'ny' } } })
    expect(put.status).toBe(200)
    expect(put.json.shoppingCart).toMatchObject({ shippingLocation: { country: 'US', region: 'NY' }, subtotalCents: 3000, shippingCostCents: 600 })
    expect(put.json.shoppingCart.entries.map((e: { title: string }) => e.title)).toEqual(['Mug club'])
    const bad = await v.request('PUT', SHIPPING_PATH, { json: { cartToken: 'not-a-token', location: { country: 'US' } } })
    expect(bad.status).toBe(404)
    expect(bad.json.error).toMatchObject({ type: 'not_found', code: 'cart_not_found' })
  })
})
