// Subscription renewals end to end: a bought subscription is billed again once its period has passed (the
// runner's clock is moved, not waited for): two runners at once place exactly one renewal order and one
// "renewed" mail; the plan's number of cycles ends the billing; a declined renewal marks the subscription
// past_due and mails the shopper once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../../test/harness.js'
import { startSmtpSink, type SmtpSink, type SunkMail } from '../../../../test/smtp-sink.js'
import { drainMail, queuedMailCount } from '../../../../test/mail.js'
import { sqlRows } from '../../../platform/db/index.js'
import { TEST_CARDS } from '../index.js'

let t: TestApp
let smtp: SmtpSink
let siteId: string
const ids = {} as Record<'box' | 'beans', string>
const DAY = 24 * 60 * 60 * 1000
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await startTestApp({ smtpUrl: smtp.url, seedDemo: false })
  const res = await t.client().post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  siteId = res.json.site.id
  const v = (sku: string, priceCents: number) => ({ sku, attributes: {}, priceCents, salePriceCents: 0, onSale: false, qtyInStock: 100, unlimited: false })
  const plan = (numBillingCycles: number) => ({ billingPeriod: { value: 1, unit: 'MONTH' as const }, numBillingCycles })
  ids.box = (await t.app.commerce.createProduct(siteId, { collectionId: 'shop', title: 'Tea box', productType: 1, isSubscribable: true, subscriptionPlan: plan(2), variants: [v('RN-BOX', 1500)] })).id
  ids.beans = (await t.app.commerce.createProduct(siteId, { collectionId: 'shop', title: 'Coffee beans', productType: 1, isSubscribable: true, subscriptionPlan: plan(0), variants: [v('RN-BEANS', 900)] })).id
})
afterAll(async () => {
  await t?.close()
  smtp?.close()
})

const subjectOf = (m: SunkMail) => /^Subject: (.*)$/m.exec(m.text)?.[1] ?? ''
const mailsTo = (to: string, subject: RegExp) => smtp.mails.filter((m) => m.to === to && subject.test(subjectOf(m)))

async function subscribe(itemId: string, email: string, cardNumber: string, qty = 1) {
  const { cartToken } = await t.app.commerce.startSubscription({ siteId, itemId, qty })
  const card = { number: cardNumber, expMonth: 12, expYear: 2099, cvc: '123' }
  const placed = await t.app.commerce.placeOrder({ siteId, cartToken, subscription: true, checkout: { email, shippingAddress: ADDRESS, card }, site: { title: 'Renew shop', baseUrl: 'http://renew.localhost/' } })
  const [sub] = await sqlRows<{ id: string; status: string }>(t.app.db.orm, sql`SELECT id, status FROM commerce_subscriptions WHERE order_id = ${placed.order.id}`)
  return { order: placed.order, subscriptionId: sub!.id }
}
const renewalsOf = (subscriptionId: string) =>
  sqlRows<{ cycle: number; status: string; order_id: string | null; failure_code: string | null }>(t.app.db.orm, sql`SELECT cycle, status, order_id, failure_code FROM commerce_subscription_renewals WHERE subscription_id = ${subscriptionId} ORDER BY cycle`)
const ordersOf = (email: string) =>
  sqlRows<{ id: string; number: number; grand_total_cents: number; entries: { sku: string; quantity: number; unitPriceCents: number }[]; payment_ref: string }>(t.app.db.orm, sql`SELECT id, number, grand_total_cents, entries, payment_ref FROM commerce_orders WHERE site_id = ${siteId} AND email = ${email} ORDER BY number`)
const statusOf = async (subscriptionId: string) => (await sqlRows<{ status: string }>(t.app.db.orm, sql`SELECT status FROM commerce_subscriptions WHERE id = ${subscriptionId}`))[0]!.status

describe(`subscription renewals (${BACKEND})`, () => {
  it('a due cycle is billed once by two concurrent runners: one renewal order, one mail; the plan ends the billing', async () => {
    const { order, subscriptionId } = await subscribe(ids.box, 'renew@example.com', TEST_CARDS.success[0], 2)
    expect(await t.app.commerce.renewSubscriptions(new Date(Date.now() + 10 * DAY))).toMatchObject({ renewed: 0 })
    expect(await renewalsOf(subscriptionId)).toEqual([])

    const later = new Date(Date.now() + 32 * DAY)
    await Promise.all([t.app.commerce.renewSubscriptions(later), t.app.commerce.renewSubscriptions(later)])
    const renewals = await renewalsOf(subscriptionId)
    expect(renewals).toMatchObject([{ cycle: 2, status: 'paid' }])
    const placed = await ordersOf('renew@example.com')
    expect(placed.map((o) => o.id)).toEqual([order.id, renewals[0]!.order_id])
    const renewal = placed[1]!
    expect(renewal.entries).toMatchObject([{ sku: 'RN-BOX', quantity: 2, unitPriceCents: 1500 }])
    expect(renewal.grand_total_cents).toBe(placed[0]!.grand_total_cents) // same entry, price, shipping and tax
    const [payment] = await sqlRows<{ state: string; captured_cents: number; card_last4: string }>(t.app.db.orm, sql`SELECT state, captured_cents, card_last4 FROM commerce_test_payments WHERE ref = ${renewal.payment_ref}`)
    expect(payment).toEqual({ state: 'captured', captured_cents: renewal.grand_total_cents, card_last4: '4242' })

    await expect.poll(() => mailsTo('renew@example.com', /^Your subscription to Tea box has renewed/).length, { timeout: 8000 }).toBe(1)
    const mail = mailsTo('renew@example.com', /renewed/)[0]!
    expect(mail.text).toContain(`Order #${renewal.number}`)
    expect(mail.text).toContain('2 x Tea box: $30.00')
    expect(mail.text).toContain('This was the last payment of your subscription.')

    // the plan has 2 cycles: later runs bill nothing more
    await Promise.all([t.app.commerce.renewSubscriptions(new Date(Date.now() + 70 * DAY)), t.app.commerce.renewSubscriptions(new Date(Date.now() + 400 * DAY))])
    expect(await renewalsOf(subscriptionId)).toHaveLength(1)
    expect(await ordersOf('renew@example.com')).toHaveLength(2)
    expect(await queuedMailCount(t.app, 'renew@example.com', /renewed/)).toBe(1)
    await drainMail(t.app)
    expect(mailsTo('renew@example.com', /renewed/)).toHaveLength(1)
    expect(await statusOf(subscriptionId)).toBe('active')
  })

  it('a declined renewal marks the subscription past_due and mails the shopper once; it is not billed again', async () => {
    const { subscriptionId } = await subscribe(ids.beans, 'declined@example.com', TEST_CARDS.renewalDeclined)
    const later = new Date(Date.now() + 33 * DAY)
    await Promise.all([t.app.commerce.renewSubscriptions(later), t.app.commerce.renewSubscriptions(later)])
    expect(await renewalsOf(subscriptionId)).toMatchObject([{ cycle: 2, status: 'failed', order_id: null, failure_code: 'card_declined' }])
    expect(await statusOf(subscriptionId)).toBe('past_due')
    expect(await ordersOf('declined@example.com')).toHaveLength(1)
    await expect.poll(() => mailsTo('declined@example.com', /^We could not renew your subscription to Coffee beans/).length, { timeout: 8000 }).toBe(1)
    expect(mailsTo('declined@example.com', /could not renew/)[0]!.text).toContain('charge $9.00 for Coffee beans')
    await t.app.commerce.renewSubscriptions(new Date(Date.now() + 70 * DAY))
    expect(await renewalsOf(subscriptionId)).toHaveLength(1)
    await drainMail(t.app)
    expect(await queuedMailCount(t.app, 'declined@example.com', /could not renew/)).toBe(1)
    expect(await queuedMailCount(t.app, 'declined@example.com', /renewed/)).toBe(0)
    expect(mailsTo('declined@example.com', /could not renew/)).toHaveLength(1)
    expect(mailsTo('declined@example.com', /renewed/)).toHaveLength(0)
  })
})
