// Issue 33: the money path's tests that must be exact, each reading what the payment provider and the gift card
// keep (the provider's own rows, the card's ledger) against amounts computed here from the prices:
// a refund of an order paid partly by gift card returns the card's part exactly once; two refunds at once refund once;
// confirm-payment captures the amount charged; a declined card then a good one makes one order, one capture and moves
// the stock once.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import { sqlRows } from '../../../platform/db/index.js'
import { TEST_CARDS } from '../index.js'

let t: TestApp
let site: { id: string; host: string; owner: Client }
let lamp: string
const PRICE = 2500
const STOCK = 40
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }
const base = () => `/api/sites/${site.id}/commerce`

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  site = { id: res.json.site.id, host: `${res.json.site.slug}.localhost`, owner }
  lamp = (await t.app.commerce.createProduct(site.id, { collectionId: 'shop', title: 'Lamp', productType: 1, variants: [{ sku: 'LAMP', attributes: {}, priceCents: PRICE, salePriceCents: 0, onSale: false, qtyInStock: STOCK, unlimited: false }] })).id
})
afterAll(() => t?.close())

async function cart(quantity: number): Promise<Client> {
  const c = t.client(site.host)
  expect((await c.post('/api/commerce/shopping-cart/entries', { itemId: lamp, sku: 'LAMP', quantity, additionalFields: null })).status).toBe(200)
  return c
}
const stock = async () => (await t.client(site.host).get(`/api/commerce/inventory/stock?itemId=${lamp}`)).json.results[0].qtyInStock as number
const card = async (amountCents: number) => (await site.owner.post(`${base()}/gift-cards`, { amountCents })).json.giftCard as { id: string; code: string }
const balance = async (id: string) => ((await site.owner.get(`${base()}/gift-cards`)).json.giftCards as { id: string; balanceCents: number }[]).find((g) => g.id === id)!.balanceCents
const ledger = async (id: string) => ((await site.owner.get(`${base()}/gift-cards/${id}/ledger`)).json.ledger as { deltaCents: number; reason: string }[]).map((l) => [l.reason, l.deltaCents])

interface Payment { state: string; authorized_cents: number; captured_cents: number; refunded_cents: number }
/** The provider's own record of an order's payment (commerce_test_payments, by the order's payment_ref). */
async function payment(orderId: string): Promise<Payment> {
  const [row] = await sqlRows<Payment>(t.app.db.orm, sql`SELECT p.state, p.authorized_cents, p.captured_cents, p.refunded_cents FROM commerce_test_payments p JOIN commerce_orders o ON o.payment_ref = p.ref WHERE o.id = ${orderId} AND o.site_id = ${site.id}`)
  return row!
}
const payments = async () => (await sqlRows<{ n: number; captured: number }>(t.app.db.orm, sql`SELECT count(*)::int AS n, coalesce(sum(captured_cents), 0)::int AS captured FROM commerce_test_payments WHERE site_id = ${site.id}`))[0]!

describe(`money, exactly (${BACKEND})`, () => {
  it("a refund of an order paid partly by gift card gives the card's part back exactly once, and refunds the capture", async () => {
    const gift = await card(1000)
    const before = await stock()
    const placed = await (await cart(2)).post('/api/commerce/checkout', { email: 'gia@example.com', shippingAddress: ADDRESS, card: CARD, giftCardCode: gift.code })
    expect(placed.status, placed.body).toBe(201)
    const o = placed.json.order
    const total = 2 * PRICE
    expect(o).toMatchObject({ status: 'paid', grandTotalCents: total, giftCardCents: 1000, chargedCents: total - 1000 })
    expect(await payment(o.id)).toEqual({ state: 'captured', authorized_cents: total - 1000, captured_cents: total - 1000, refunded_cents: 0 })
    expect(await balance(gift.id)).toBe(0)
    expect(await stock()).toBe(before - 2)

    const refunded = await site.owner.post(`${base()}/orders/${o.id}/refund`)
    expect(refunded.status, refunded.body).toBe(200)
    expect(refunded.json.order.status).toBe('refunded')
    expect(await balance(gift.id)).toBe(1000)
    expect(await ledger(gift.id)).toEqual([['issued', 1000], ['redemption', -1000], ['refund', 1000]])
    expect((await payment(o.id)).refunded_cents).toBe(total - 1000)
    expect(await stock()).toBe(before)
    // a second refund answers the refunded order and changes nothing
    expect((await site.owner.post(`${base()}/orders/${o.id}/refund`)).json.order.status).toBe('refunded')
    expect(await balance(gift.id)).toBe(1000)
    expect(await ledger(gift.id)).toHaveLength(3)
    expect((await payment(o.id)).refunded_cents).toBe(total - 1000)
    expect(await stock()).toBe(before)
  })

  it('two refunds at once: one succeeds, the other is refused; stock, gift-card balance and the capture come back once', async () => {
    const gift = await card(700)
    const before = await stock()
    const o = (await (await cart(3)).post('/api/commerce/checkout', { email: 'two@example.com', shippingAddress: ADDRESS, card: CARD, giftCardCode: gift.code })).json.order
    expect(o).toMatchObject({ grandTotalCents: 3 * PRICE, giftCardCents: 700, chargedCents: 3 * PRICE - 700 })
    expect(await stock()).toBe(before - 3)
    const answers = await Promise.all([site.owner.post(`${base()}/orders/${o.id}/refund`), site.owner.post(`${base()}/orders/${o.id}/refund`)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(await stock()).toBe(before)
    expect(await balance(gift.id)).toBe(700)
    expect((await ledger(gift.id)).filter(([reason]) => reason === 'refund')).toEqual([['refund', 700]])
    expect(await payment(o.id)).toMatchObject({ captured_cents: 3 * PRICE - 700, refunded_cents: 3 * PRICE - 700 })
  })

  it("confirm-payment captures the order's charged amount at the provider", async () => {
    const o = (await (await cart(1)).post('/api/commerce/checkout', { email: 'wait@example.com', shippingAddress: ADDRESS, card: { ...CARD, number: TEST_CARDS.pending } })).json.order
    expect(o).toMatchObject({ status: 'pending', chargedCents: PRICE })
    expect(await payment(o.id)).toEqual({ state: 'authorized', authorized_cents: PRICE, captured_cents: 0, refunded_cents: 0 })
    const confirmed = await site.owner.post(`${base()}/orders/${o.id}/confirm-payment`)
    expect(confirmed.json.order.status).toBe('paid')
    expect(await payment(o.id)).toEqual({ state: 'captured', authorized_cents: PRICE, captured_cents: PRICE, refunded_cents: 0 })
  })

  it('a declined card then a good one: exactly one order, the stock moved once, one payment captured', async () => {
    const c = await cart(2)
    const before = { stock: await stock(), payments: await payments(), orders: (await site.owner.get(`${base()}/orders?q=retry@example.com`)).json.total as number }
    expect(before.orders).toBe(0)
    const declined = await c.post('/api/commerce/checkout', { email: 'retry@example.com', shippingAddress: ADDRESS, card: { ...CARD, number: TEST_CARDS.declined } })
    expect(declined).toMatchObject({ status: 422, json: { error: { code: 'payment_card_declined' } } })
    expect(await stock()).toBe(before.stock)
    expect(await payments()).toEqual(before.payments)
    const paid = await c.post('/api/commerce/checkout', { email: 'retry@example.com', shippingAddress: ADDRESS, card: CARD })
    expect(paid.status, paid.body).toBe(201)
    expect(paid.json.order).toMatchObject({ status: 'paid', chargedCents: 2 * PRICE })
    expect((await site.owner.get(`${base()}/orders?q=retry@example.com`)).json.total).toBe(1)
    expect(await stock()).toBe(before.stock - 2)
    expect(await payments()).toEqual({ n: before.payments.n + 1, captured: before.payments.captured + 2 * PRICE })
    expect(await payment(paid.json.order.id)).toEqual({ state: 'captured', authorized_cents: 2 * PRICE, captured_cents: 2 * PRICE, refunded_cents: 0 })
  })
})
