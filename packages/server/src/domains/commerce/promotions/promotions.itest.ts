// Automatic promotions through HTTP: the owner API (crumb, typed 4xx, one site's rows only), the cart and checkout
// showing each promotion as its own line, the order's one stored breakdown whose lines sum to what was charged, the
// usage limits (overall, per email; two checkouts racing for the last use) and the stacking rules.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import type { OrderBreakdown, Promotion } from '@sitewright/contracts'

let t: TestApp
let site: { id: string; host: string; owner: Client }
let base: string
const ids = {} as Record<'mug' | 'lamp', string>
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' }
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }
const TAX_BP = 800

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  site = { id: res.json.site.id, host: `${res.json.site.slug}.localhost`, owner }
  base = `/api/sites/${site.id}/commerce`
  const v = (sku: string, priceCents: number) => ({ sku, attributes: {}, priceCents, salePriceCents: 0, onSale: false, qtyInStock: 0, unlimited: true })
  ids.mug = (await t.app.commerce.createProduct(site.id, { collectionId: 'shop', title: 'Mug', productType: 1, variants: [v('MUG', 1200)] })).id
  ids.lamp = (await t.app.commerce.createProduct(site.id, { collectionId: 'lights', title: 'Lamp', productType: 1, variants: [v('LAMP', 4500)] })).id
  expect((await owner.post(`${base}/shipping-options`, { name: 'Standard', kind: 'flat', costCents: 700 })).status).toBe(201)
  expect((await owner.post(`${base}/tax-rules`, { name: 'New York', country: 'US', region: 'NY', rateBp: TAX_BP })).status).toBe(201)
  expect((await owner.post(`${base}/coupons`, { code: 'FIVE', kind: 'fixed', amount: 500 })).status).toBe(201)
})
afterAll(() => t?.close())
/** Each case starts with no promotions (a failed case leaves none behind for the next). */
beforeEach(async () => {
  for (const p of (await site.owner.get(`${base}/promotions`)).json.promotions as Promotion[]) expect((await remove(p.id)).status).toBe(204)
})

const visitor = () => t.client(site.host)
async function cartWith(items: [string, string, number][]): Promise<Client> {
  const c = visitor()
  for (const [itemId, sku, quantity] of items) expect((await c.post('/api/commerce/shopping-cart/entries', { itemId, sku, quantity, additionalFields: null })).status).toBe(200)
  return c
}
const create = async (body: Record<string, unknown>): Promise<Promotion> => {
  const r = await site.owner.post(`${base}/promotions`, body)
  expect(r.status).toBe(201)
  return r.json.promotion
}
const put = (id: string, body: Record<string, unknown>) => site.owner.request('PUT', `${base}/promotions/${id}`, { json: body })
function remove(id: string) {
  return site.owner.request('DELETE', `${base}/promotions/${id}`)
}
const roundHalf = (num: number, den: number) => Math.floor((2 * num + den) / (2 * den))
/** The breakdown's lines (total excluded) sum to the total, and the total is what was charged. */
function expectSums(b: OrderBreakdown, chargedCents: number) {
  const total = b.lines.find((l) => l.key === 'total')!
  expect(b.lines.filter((l) => l.key !== 'total').reduce((s, l) => s + l.amountCents, 0)).toBe(total.amountCents)
  expect(total.amountCents).toBe(chargedCents)
  expect(b.totalCents).toBe(chargedCents)
}

describe(`automatic promotions (${BACKEND})`, () => {
  it('owner API: crumb required, typed 400s with the field, 404 for an unknown or another site\'s promotion', async () => {
    expect((await site.owner.post(`${base}/promotions`, { name: 'x', kind: 'percentage', amount: 10 }, { crumb: false })).status).toBe(403)
    const bad = await site.owner.post(`${base}/promotions`, { name: 'Too much', kind: 'percentage', amount: 150 })
    expect(bad.status).toBe(400)
    expect(bad.json.error).toMatchObject({ type: 'invalid_data' })
    expect(JSON.stringify(bad.json.error)).toContain('A percentage is 1 to 100.')
    expect((await site.owner.post(`${base}/promotions`, { name: 'B2G1', kind: 'buy_x_get_y', amount: 100, appliesTo: 'products', targetIds: [ids.mug] })).status).toBe(400) // no quantities
    expect((await site.owner.post(`${base}/promotions`, { name: 'Dates', kind: 'amount', amount: 100, startsAt: '2026-06-02T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' })).status).toBe(400)
    expect((await put('0123456789abcdef01234567', { name: 'x', kind: 'amount', amount: 100 })).status).toBe(404)
    const other = t.client()
    const theirs = (await other.post('/api/auth/signup', newSignup())).json.site.id
    const mine = await create({ name: 'Mine', kind: 'amount', amount: 100, active: false })
    expect((await other.request('DELETE', `/api/sites/${theirs}/commerce/promotions/${mine.id}`)).status).toBe(404)
    expect((await other.get(`${base}/promotions`)).status).toBe(404) // not a member of this site: no such site for them
    expect((await remove(mine.id)).status).toBe(204)
    expect((await site.owner.get(`${base}/promotions`)).json.promotions).toEqual([])
  })

  it('the cart shows each promotion as a line; the order stores them in its one breakdown, which sums to the charge', async () => {
    const mugs = await create({ name: 'Mugs 25% off', kind: 'percentage', amount: 25, appliesTo: 'products', targetIds: [ids.mug] })
    await create({ name: 'Buy 1 lamp, get 1 half price', kind: 'buy_x_get_y', amount: 50, buyQuantity: 1, getQuantity: 1, appliesTo: 'collections', targetIds: ['lights'] })
    await create({ name: 'Free shipping over $100', kind: 'free_shipping', minSubtotalCents: 10000 })
    expect(mugs.status).toBe('active')
    const c = await cartWith([[ids.mug, 'MUG', 3], [ids.lamp, 'LAMP', 2]])
    expect((await c.post('/api/commerce/shopping-cart/coupons', { code: 'FIVE' })).status).toBe(200)
    const cart = (await c.get('/api/commerce/shopping-cart')).json
    const subtotal = 3 * 1200 + 2 * 4500 // 12600
    const mugOff = roundHalf(3 * 1200 * 25, 100) // 900
    const lampOff = roundHalf(4500 * 50, 100) // 2250
    const goods = subtotal - mugOff - lampOff - 500 // 8950: below $100 after the goods promotions and the code
    expect(cart.promotions.map((p: { name: string; amountCents: number }) => [p.name, p.amountCents])).toEqual([['Mugs 25% off', mugOff], ['Buy 1 lamp, get 1 half price', lampOff]])
    expect(cart.discountCents).toBe(500)
    // the checkout page prints the lines through the theme
    const page = await c.get('/checkout')
    expect(page.body).toContain('Mugs 25% off')
    const printed = page.body.slice(page.body.indexOf('data-promotions'))
    expect(printed.slice(0, 600)).toMatch(/Mugs 25% off<\/dt><dd>-<span[^>]*>9\.00</) // the sign before the money span, whose style prints the symbol
    const placed = await c.post('/api/commerce/checkout', { email: 'ada@example.com', shippingAddress: ADDRESS, card: CARD })
    expect(placed.status).toBe(201)
    const tax = roundHalf(goods * TAX_BP, 10000)
    const charged = goods + 700 + tax
    const b = placed.json.order.breakdown as OrderBreakdown
    expect(b).toMatchObject({ subtotalCents: subtotal, promotionCents: mugOff + lampOff, discountCents: 500, shippingCents: 700, taxCents: tax })
    expect(b.lines.map((l) => [l.key, l.label, l.amountCents])).toEqual([
      ['subtotal', 'Subtotal', subtotal], ['promotion', 'Mugs 25% off', -mugOff], ['promotion', 'Buy 1 lamp, get 1 half price', -lampOff],
      ['discount', 'Discount', -500], ['shipping', 'Shipping', 700], ['tax', 'Tax', tax], ['total', 'Total', charged],
    ])
    expectSums(b, charged)
    // the owner reads the same stored breakdown
    const owned = (await site.owner.get(`${base}/orders/${placed.json.order.id}`)).json.order
    expect(owned.breakdown).toEqual(b)
    const listed = (await site.owner.get(`${base}/promotions`)).json.promotions as Promotion[]
    expect(listed.map((p) => [p.name, p.usedCount])).toEqual([['Mugs 25% off', 1], ['Buy 1 lamp, get 1 half price', 1], ['Free shipping over $100', 0]])
    // over $100 of goods the chosen shipping is free, as its own line
    const big = await cartWith([[ids.lamp, 'LAMP', 3]])
    const bigCart = (await big.get('/api/commerce/shopping-cart')).json
    expect(bigCart.promotions.map((p: { name: string; amountCents: number }) => [p.name, p.amountCents])).toEqual([['Buy 1 lamp, get 1 half price', lampOff], ['Free shipping over $100', 700]])
    expect(bigCart.grandTotalCents).toBe(3 * 4500 - lampOff) // no tax before an address; shipping 700 - 700
  })

  it('usage limits: overall (two checkouts racing for the last use: one gets it, the other is told and pays without it) and per email', async () => {
    const once = await create({ name: 'First order $3 off', kind: 'amount', amount: 300, usageLimit: 1 })
    const a = await cartWith([[ids.mug, 'MUG', 1]])
    const b = await cartWith([[ids.mug, 'MUG', 1]])
    for (const c of [a, b]) expect((await c.get('/api/commerce/shopping-cart')).json.promotionCents).toBe(300)
    const body = (email: string) => ({ email, shippingAddress: ADDRESS, card: CARD })
    const [ra, rb] = await Promise.all([a.post('/api/commerce/checkout', body('a@example.com')), b.post('/api/commerce/checkout', body('b@example.com'))])
    const statuses = [ra.status, rb.status].sort()
    expect(statuses).toEqual([201, 409])
    const lost = ra.status === 409 ? { r: ra, c: a } : { r: rb, c: b }
    expect(lost.r.json.error).toMatchObject({ type: 'conflict', code: 'promotion_unavailable' })
    expect((await lost.c.get('/api/commerce/shopping-cart')).json.promotions).toEqual([])
    const again = await lost.c.post('/api/commerce/checkout', body('b@example.com'))
    expect(again.status).toBe(201)
    expect(again.json.order.breakdown.promotionCents).toBe(0)
    expect(((await site.owner.get(`${base}/promotions`)).json.promotions as Promotion[]).find((p) => p.id === once.id)).toMatchObject({ usedCount: 1, status: 'ended' })

    await create({ name: 'Welcome $2 off', kind: 'amount', amount: 200, perCustomerLimit: 1 })
    const first = await (await cartWith([[ids.mug, 'MUG', 1]])).post('/api/commerce/checkout', body('Repeat@Example.com'))
    expect(first.json.order.breakdown.promotionCents).toBe(200)
    const second = await (await cartWith([[ids.mug, 'MUG', 1]])).post('/api/commerce/checkout', body('repeat@example.com'))
    expect(second.status).toBe(201)
    expect(second.json.order.breakdown.promotionCents).toBe(0)
    const stranger = await (await cartWith([[ids.mug, 'MUG', 1]])).post('/api/commerce/checkout', body('new@example.com'))
    expect(stranger.json.order.breakdown.promotionCents).toBe(200)
  })

  it('a refunded order gives its promotion use back: the overall limit and the per-email limit count it no more', async () => {
    const once = await create({ name: 'One use only', kind: 'amount', amount: 300, usageLimit: 1, perCustomerLimit: 1 })
    const body = (email: string) => ({ email, shippingAddress: ADDRESS, card: CARD })
    const usedCount = async () => ((await site.owner.get(`${base}/promotions`)).json.promotions as Promotion[]).find((p) => p.id === once.id)!
    const first = await (await cartWith([[ids.mug, 'MUG', 1]])).post('/api/commerce/checkout', body('back@example.com'))
    expect(first.json.order.breakdown.promotionCents).toBe(300)
    expect(await usedCount()).toMatchObject({ usedCount: 1, status: 'ended' })
    // while the use stands, the same email (and anyone else) pays without it
    const blocked = await (await cartWith([[ids.mug, 'MUG', 1]])).post('/api/commerce/checkout', body('back@example.com'))
    expect(blocked.json.order.breakdown.promotionCents).toBe(0)
    expect((await site.owner.post(`${base}/orders/${first.json.order.id}/refund`, {})).status).toBe(200)
    expect(await usedCount()).toMatchObject({ usedCount: 0, status: 'active' })
    // refunding again changes nothing (the count never goes below what is used)
    expect((await site.owner.post(`${base}/orders/${first.json.order.id}/refund`, {})).status).toBe(200)
    expect((await usedCount()).usedCount).toBe(0)
    const again = await (await cartWith([[ids.mug, 'MUG', 1]])).post('/api/commerce/checkout', body('back@example.com'))
    expect(again.status).toBe(201)
    expect(again.json.order.breakdown.promotionCents).toBe(300)
    expect(await usedCount()).toMatchObject({ usedCount: 1, status: 'ended' })
  })

  it('stacking: a promotion that does not combine with codes gives way to one; one that does not combine with gift cards is left out when a card pays', async () => {
    await create({ name: 'Ten off, no codes', kind: 'percentage', amount: 10, combinesWithCodes: false })
    await create({ name: 'One dollar, no gift cards', kind: 'amount', amount: 100, combinesWithGiftCards: false })
    const c = await cartWith([[ids.lamp, 'LAMP', 1]])
    expect((await c.get('/api/commerce/shopping-cart')).json.promotions.map((p: { name: string }) => p.name)).toEqual(['Ten off, no codes', 'One dollar, no gift cards'])
    expect((await c.post('/api/commerce/shopping-cart/coupons', { code: 'FIVE' })).status).toBe(200)
    expect((await c.get('/api/commerce/shopping-cart')).json.promotions.map((p: { name: string }) => p.name)).toEqual(['One dollar, no gift cards'])
    const card = (await site.owner.post(`${base}/gift-cards`, { amountCents: 1000 })).json.giftCard
    const summary = (await c.get(`/api/commerce/checkout/summary?giftCardCode=${card.code}`)).json
    expect(summary.lines.filter((l: { key: string }) => l.key === 'promotion')).toEqual([])
    const placed = await c.post('/api/commerce/checkout', { email: 'g@example.com', shippingAddress: ADDRESS, card: CARD, giftCardCode: card.code })
    expect(placed.status).toBe(201)
    const goods = 4500 - 500
    const grand = goods + 700 + roundHalf(goods * TAX_BP, 10000)
    const b = placed.json.order.breakdown as OrderBreakdown
    expect([b.promotionCents, b.discountCents, b.giftCardCents]).toEqual([0, 500, 1000])
    expectSums(b, grand - 1000)
    expect(summary.totalCents).toBe(goods + 700 - 1000) // before the address: no tax yet
  })

  it('starts and ends at its times: a promotion that has not started is not applied', async () => {
    const later = await create({ name: 'Next year', kind: 'amount', amount: 100, startsAt: new Date(Date.now() + 365 * 86400_000).toISOString() })
    expect(later.status).toBe('scheduled')
    const c = await cartWith([[ids.mug, 'MUG', 1]])
    expect((await c.get('/api/commerce/shopping-cart')).json.promotions).toEqual([])
    const now = await put(later.id, { name: 'Now', kind: 'amount', amount: 100, startsAt: new Date(Date.now() - 1000).toISOString() })
    expect(now.json.promotion).toMatchObject({ status: 'active', name: 'Now' })
    expect((await c.get('/api/commerce/shopping-cart')).json.promotions.map((p: { name: string }) => p.name)).toEqual(['Now'])
  })
})
