// A gift card bought with a payment that awaits confirmation (test card 4000 0000 0000 3220): no card exists and
// nobody is mailed a code until the owner confirms the payment; then the card is issued once, remembers its entry
// (recipient and message), and its recipient gets the code and the buyer's message over SMTP, exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink.js'
import { TEST_CARDS } from '../index.js'

let t: TestApp
let smtp: SmtpSink
let mails: SmtpSink['mails'] = []
let site: { id: string; slug: string; host: string; title: string; owner: Client }
let giftId = ''
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' }
const PENDING = { ...CARD, number: TEST_CARDS.pending }
const FIELDS = { recipientName: 'Grace Hopper', recipientEmail: 'grace@example.com', message: 'Happy birthday!\nLove, Ada' }

beforeAll(async () => {
  smtp = await startSmtpSink()
  mails = smtp.mails
  t = await startTestApp({ smtpUrl: smtp.url, seedDemo: false })
  const owner = t.client()
  const signup = newSignup()
  const res = await owner.post('/api/auth/signup', signup)
  site = { id: res.json.site.id, slug: res.json.site.slug, host: `${res.json.site.slug}.localhost`, title: signup.siteTitle, owner }
  giftId = (await t.app.commerce.createProduct(site.id, {
    collectionId: 'shop', title: 'Gift card', productType: 4, variantOptions: [{ name: 'Amount', values: ['25'] }],
    variants: [{ sku: 'GC25', attributes: { Amount: '25' }, priceCents: 2500, salePriceCents: 0, onSale: false, qtyInStock: 0, unlimited: false }],
  })).id
})
afterAll(async () => {
  await t?.close()
  smtp?.close()
})

const base = () => `/api/sites/${site.id}/commerce`
const mailsTo = (to: string) => mails.filter((m) => m.to === to)
async function buyGiftCard(email: string, card: typeof CARD, fields: Record<string, string> | null) {
  const c = t.client(site.host)
  const added = await c.post('/api/commerce/shopping-cart/entries', { itemId: giftId, sku: 'GC25', quantity: 1, additionalFields: fields ? JSON.stringify(fields) : null })
  expect(added.status).toBe(200)
  const res = await c.post('/api/commerce/checkout', { email, card })
  expect(res.status).toBe(201)
  return res.json.order as { id: string; number: number; status: string; entries: { id: string }[]; giftCards: { code: string }[] }
}
const cardsOf = async (orderId: string) =>
  ((await site.owner.get(`${base()}/gift-cards`)).json.giftCards as { code: string; orderId: string | null; entryId: string | null; balanceCents: number }[]).filter((g) => g.orderId === orderId)

describe(`gift card of an order whose payment awaits confirmation (${BACKEND})`, () => {
  it('no card and no recipient mail while pending; the owner confirms: the card is issued and its recipient mailed once; a second confirm is refused and sends nothing', async () => {
    const order = await buyGiftCard('ada@example.com', PENDING, FIELDS)
    expect(order.status).toBe('pending')
    expect(order.giftCards).toEqual([])
    // The buyer's confirmation went out; the recipient got nothing, and no code exists that could be spent.
    await expect.poll(() => mailsTo('ada@example.com').length, { timeout: 5000 }).toBe(1)
    expect(mailsTo('ada@example.com')[0]!.text).not.toMatch(/Gift card.*[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/)
    expect(mailsTo('grace@example.com')).toEqual([])
    expect(await cardsOf(order.id)).toEqual([])

    const confirmed = await site.owner.post(`${base()}/orders/${order.id}/confirm-payment`)
    expect(confirmed.status).toBe(200)
    expect(confirmed.json.order.status).toBe('paid')
    expect(confirmed.json.order.giftCards).toHaveLength(1)
    const code = confirmed.json.order.giftCards[0].code as string
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)
    // The order remembers which card came from which entry (so which recipient and message).
    expect(await cardsOf(order.id)).toEqual([expect.objectContaining({ code, entryId: order.entries[0]!.id, balanceCents: 2500 })])
    expect((await t.client(site.host).get(`/api/commerce/gift-cards/balance?code=${code}`)).json).toMatchObject({ code, balanceCents: 2500 })

    await expect.poll(() => mailsTo('grace@example.com').length, { timeout: 5000 }).toBe(1)
    const gift = mailsTo('grace@example.com')[0]!.text
    expect(gift).toContain(`Subject: ada@example.com sent you a $25.00 gift card for ${site.title}`)
    expect(gift).toContain('Hello Grace Hopper,')
    expect(gift).toContain('Their message:\nHappy birthday!\nLove, Ada')
    expect(gift).toContain(`Your gift card code: ${code}`)
    expect(gift).toMatch(new RegExp(`Enter the code at checkout on http://${site.slug}\\.localhost(:\\d+)?/ to pay with it\\.`))

    const again = await site.owner.post(`${base()}/orders/${order.id}/confirm-payment`)
    expect(again.status).toBe(409)
    expect(again.json.error).toMatchObject({ code: 'order_not_pending', message: 'A paid order has no payment awaiting confirmation.' })
    // A later order's mail arrives after anything the refused confirm could have sent: still one card, one mail.
    await buyGiftCard('later@example.com', CARD, null)
    await expect.poll(() => mailsTo('later@example.com').length, { timeout: 5000 }).toBe(1)
    expect(mailsTo('grace@example.com')).toHaveLength(1)
    expect(await cardsOf(order.id)).toHaveLength(1)
  })

  it('a paid order still issues the card and mails its recipient at checkout, once', async () => {
    const fields = { ...FIELDS, recipientEmail: 'alan@example.com', recipientName: 'Alan' }
    const order = await buyGiftCard('joan@example.com', CARD, fields)
    expect(order.status).toBe('paid')
    expect(order.giftCards).toHaveLength(1)
    const code = order.giftCards[0]!.code
    expect(await cardsOf(order.id)).toEqual([expect.objectContaining({ code, entryId: order.entries[0]!.id })])
    await expect.poll(() => mailsTo('alan@example.com').length, { timeout: 5000 }).toBe(1)
    expect(mailsTo('alan@example.com')[0]!.text).toContain(`Your gift card code: ${code}`)
    const refused = await site.owner.post(`${base()}/orders/${order.id}/confirm-payment`)
    expect(refused.status).toBe(409)
    await expect.poll(() => mailsTo('joan@example.com').length, { timeout: 5000 }).toBe(1)
    expect(mailsTo('alan@example.com')).toHaveLength(1)
  })
})
