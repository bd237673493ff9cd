// Abandoned-checkout recovery through HTTP and a real SMTP sink, the recovery clock driven explicitly (the sweep is
// given its `now`): the owner's settings (typed 400s, crumb), the checkout's contact call, the reminders at their
// times and each exactly once (two sweeps at once send one), the signed link restoring the cart with the owner's
// coupon, the order ending the reminders and counting as recovered revenue, consent, unsubscribe and "paid since".
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AbandonedCheckoutPage, OrderBreakdown } from '@sitewright/contracts'
import { sqlRows } from '../../../platform/db/index.js'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink.js'

let t: TestApp
let smtp: SmtpSink
let site: { id: string; host: string; owner: Client }
let base: string
let mug: string
const HOUR = 3_600_000
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' }
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }
const TAX_BP = 800

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await startTestApp({ smtpUrl: smtp.url, seedDemo: false })
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup({ siteTitle: 'Mug Shop' }))
  site = { id: res.json.site.id, host: `${res.json.site.slug}.localhost`, owner }
  base = `/api/sites/${site.id}/commerce`
  mug = (await t.app.commerce.createProduct(site.id, {
    collectionId: 'shop',
    title: 'Mug',
    productType: 1,
    variantOptions: [{ name: 'Colour', values: ['Ink', 'Sand'] }],
    variants: [
      { sku: 'MUG-INK', attributes: { Colour: 'Ink' }, priceCents: 1200, unlimited: true },
      { sku: 'MUG-SAND', attributes: { Colour: 'Sand' }, priceCents: 1500, unlimited: true },
    ],
  })).id
  expect((await owner.post(`${base}/shipping-options`, { name: 'Standard', kind: 'flat', costCents: 700 })).status).toBe(201)
  expect((await owner.post(`${base}/tax-rules`, { name: 'New York', country: 'US', region: 'NY', rateBp: TAX_BP })).status).toBe(201)
  expect((await owner.post(`${base}/coupons`, { code: 'COMEBACK', kind: 'fixed', amount: 300 })).status).toBe(201)
})
afterAll(async () => {
  await t?.close()
  smtp?.close()
})

const settings = (body: Record<string, unknown>) => site.owner.request('PUT', `${base}/recovery-settings`, { json: body })
const sweep = (at: number) => t.app.commerce.sendRecoveryReminders(new Date(at))
const list = async () => (await site.owner.get(`${base}/abandoned-checkouts`)).json as AbandonedCheckoutPage
const roundHalf = (num: number, den: number) => Math.floor((2 * num + den) / (2 * den))

async function drainMail(): Promise<void> {
  await t.app.mailJobs.kick()
  const pending = async () => (await sqlRows<{ n: number }>(t.app.db.orm, sql`SELECT count(*)::int AS n FROM mail_jobs WHERE status IN ('queued', 'sending')`))[0]!.n
  await expect.poll(pending, { timeout: 15_000, interval: 100 }).toBe(0)
}
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to === email)
/** The shopper's cart: `items` [sku, quantity], then the email typed at checkout (at the real clock's now). */
async function checkoutWith(email: string, items: [string, number][], consent = true): Promise<{ c: Client; at: number }> {
  const c = t.client(site.host)
  for (const [sku, quantity] of items) expect((await c.post('/api/commerce/shopping-cart/entries', { itemId: mug, sku, quantity, additionalFields: null })).status).toBe(200)
  const before = Date.now()
  const r = await c.post('/api/commerce/checkout/contact', { email, consent })
  expect(r.status).toBe(200)
  expect(r.json).toEqual({ saved: true })
  return { c, at: before }
}

describe(`abandoned-checkout recovery (${BACKEND})`, () => {
  it('settings: off by default; typed 400s with the field; the coupon must exist; crumb required; the checkout box shows once on', async () => {
    expect((await site.owner.get(`${base}/recovery-settings`)).json.settings).toEqual({ enabled: false, delayHours: 1, reminders: 1, couponCode: null })
    // off: a contact is not kept
    const c = t.client(site.host)
    expect((await c.post('/api/commerce/shopping-cart/entries', { itemId: mug, sku: 'MUG-INK', quantity: 1, additionalFields: null })).status).toBe(200)
    expect((await c.post('/api/commerce/checkout/contact', { email: 'off@example.com', consent: true })).json).toEqual({ saved: false })
    expect((await c.get('/checkout')).body).not.toContain('recoveryConsent')
    const bad = await settings({ enabled: true, delayHours: 49, reminders: 4, couponCode: null })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.json.error)).toContain('The delay is 1 to 48 hours.')
    expect(JSON.stringify(bad.json.error)).toContain('Send 1 to 3 reminders.')
    const noCoupon = await settings({ enabled: true, delayHours: 2, reminders: 2, couponCode: 'NOPE' })
    expect(noCoupon.status).toBe(400)
    expect(noCoupon.json.error).toMatchObject({ code: 'coupon_not_found', fields: { couponCode: 'This coupon does not exist.' } })
    expect((await site.owner.request('PUT', `${base}/recovery-settings`, { json: { enabled: true, delayHours: 2, reminders: 2, couponCode: null }, crumb: false })).status).toBe(403)
    const ok = await settings({ enabled: true, delayHours: 2, reminders: 2, couponCode: 'comeback' })
    expect(ok.status).toBe(200)
    expect(ok.json.settings).toEqual({ enabled: true, delayHours: 2, reminders: 2, couponCode: 'COMEBACK' })
    expect((await c.get('/checkout')).body).toMatch(/name="recoveryConsent" value="1" checked/) // en-US: ticked at first
    // a site whose consent settings ask before tracking (restrictive mode, or the banner) asks here too: unticked
    for (const asks of [{ restrictive: true }, { bannerEnabled: true }]) {
      expect((await site.owner.patch(`/api/sites/${site.id}/tracking/settings`, asks)).status).toBe(200)
      expect((await c.get('/checkout')).body).toMatch(/name="recoveryConsent" value="1">/)
      expect((await site.owner.patch(`/api/sites/${site.id}/tracking/settings`, { restrictive: false, bannerEnabled: false })).status).toBe(200)
    }
    expect((await c.get('/checkout')).body).toMatch(/name="recoveryConsent" value="1" checked/)
    const bad2 = await c.post('/api/commerce/checkout/contact', { email: 'not-an-email', consent: true })
    expect(bad2.status).toBe(400)
    expect(JSON.stringify(bad2.json)).toContain('Email is not valid.')
  })

  it('reminds at the delay and a day later, each once (two sweeps at once send one); the link restores the cart with the coupon; the order recovers it', async () => {
    const email = 'ada@example.com'
    const { at } = await checkoutWith(email, [['MUG-INK', 2], ['MUG-SAND', 1]])
    expect(await sweep(at + 2 * HOUR - 60_000)).toBe(0) // not yet abandoned
    expect((await list()).checkouts.find((x) => x.email === email)).toMatchObject({ status: 'in_progress', remindersSent: 0 })
    const first = at + 2 * HOUR + 60_000
    const both = await Promise.all([sweep(first), sweep(first)]) // two nodes sweeping at once
    expect(both.reduce((a, b) => a + b, 0)).toBe(1)
    expect(await sweep(first + 1000)).toBe(0)
    await drainMail()
    expect(mailsTo(email)).toHaveLength(1)
    const mail = mailsTo(email)[0]!.text
    expect(mail).toContain('Subject: Your cart at Mug Shop is waiting, with your code COMEBACK')
    const value = 2 * 1200 + 1500 + 700 // the cart's total as the mail prints it (shipping, no tax before an address)
    expect(mail).toContain(`Total: $${(value / 100).toFixed(2)}`)
    const listed = (await list()).checkouts.find((x) => x.email === email)!
    expect(listed).toMatchObject({ status: 'abandoned', remindersSent: 1, valueCents: value, mailable: true, lastReminderOn: first })

    // the second reminder a day after the first, the last one (reminders: 2)
    expect(await sweep(first + 24 * HOUR - 60_000)).toBe(0)
    expect(await sweep(first + 24 * HOUR + 60_000)).toBe(1)
    expect(await sweep(first + 72 * HOUR)).toBe(0)
    await drainMail()
    expect(mailsTo(email)).toHaveLength(2)
    expect(mailsTo(email)[1]!.text).toContain('This is our last reminder about this cart.')

    // the link (another browser) restores the same entries, with the owner's coupon
    const link = /(http:\/\/[^\s]+\/commerce\/recover\/[^\s?]+\?x=\d+&t=[\w-]+)/.exec(mailsTo(email)[1]!.text)![1]!
    const b = t.client(site.host)
    const tampered = await b.get(link.replace(/t=[\w-]+$/, 't=AAAA'))
    expect(tampered.status).toBe(404)
    const back = await b.get(new URL(link).pathname + new URL(link).search)
    expect(back.status).toBe(302)
    expect(back.headers.location).toBe('/checkout')
    const cart = (await b.get('/api/commerce/shopping-cart')).json
    expect(cart.entries.map((e: { chosenVariant: { sku: string }; quantity: number }) => [e.chosenVariant.sku, e.quantity])).toEqual([['MUG-INK', 2], ['MUG-SAND', 1]])
    expect(cart.coupons).toEqual(['COMEBACK'])
    const placed = await b.post('/api/commerce/checkout', { email, shippingAddress: ADDRESS, card: CARD })
    expect(placed.status).toBe(201)
    const goods = 2 * 1200 + 1500 - 300
    const charged = goods + 700 + roundHalf(goods * TAX_BP, 10000)
    expect((placed.json.order.breakdown as OrderBreakdown).totalCents).toBe(charged)
    const after = await list()
    expect(after.checkouts.find((x) => x.email === email)).toMatchObject({ status: 'recovered', orderNumber: placed.json.order.number, recoveredCents: charged })
    expect(after.metrics).toMatchObject({ recovered: 1, recoveredRevenueCents: charged, recoveredRevenue: `$${(charged / 100).toFixed(2)}` })
    // analytics: the recovered order is part of the revenue and said apart
    const day = new Date().toISOString().slice(0, 10)
    const funnel = (await site.owner.get(`/api/sites/${site.id}/analytics/funnel?from=${day}&to=${day}`)).json
    expect(funnel.recoveredRevenue).toBe(charged)
    expect(funnel.revenue).toBe(charged) // the only order so far
    // the order ends the reminders; the link then leads to the cart page
    expect(await sweep(first + 200 * HOUR)).toBe(0)
    const late = await t.client(site.host).get(new URL(link).pathname + new URL(link).search)
    expect(late.headers.location).toBe('/cart')
  })

  it('no mail without consent, after unsubscribing, or to an address that paid since; a checkout paid before its reminder is not listed', async () => {
    const none = await checkoutWith('no-consent@example.com', [['MUG-INK', 1]], false)
    const unsub = await checkoutWith('unsub@example.com', [['MUG-INK', 1]])
    const oneClick = await checkoutWith('one-click@example.com', [['MUG-SAND', 2]])
    const paid = await checkoutWith('paid@example.com', [['MUG-SAND', 1]])
    // unsubscribing first: the reminder's unsubscribe link is signed per checkout; the page asks, the post does it
    const id = (await list()).checkouts.find((x) => x.email === 'unsub@example.com')!.id
    expect((await t.client(site.host).get(`/commerce/recover/unsubscribe?s=${id}&t=wrong`)).status).toBe(404)
    // paid since, from another cart
    const other = t.client(site.host)
    expect((await other.post('/api/commerce/shopping-cart/entries', { itemId: mug, sku: 'MUG-INK', quantity: 1, additionalFields: null })).status).toBe(200)
    expect((await other.post('/api/commerce/checkout', { email: 'Paid@Example.com', shippingAddress: ADDRESS, card: CARD })).status).toBe(201)
    const before = smtp.mails.length
    const when = Math.max(none.at, unsub.at, oneClick.at, paid.at) + 2 * HOUR + 60_000
    expect(await sweep(when)).toBe(2) // only the ones who may be mailed
    await drainMail()
    expect(smtp.mails.slice(before).filter((m) => m.text.includes('Subject: Your cart at')).map((m) => m.to).sort()).toEqual(['one-click@example.com', 'unsub@example.com'])
    // the mail client's one-click unsubscribe (RFC 8058): the List-Unsubscribe header's signed link takes a crumb-less post
    // the raw message's headers, unfolded (RFC 5322: a line break before white space goes, the white space stays)
    const headers = mailsTo('one-click@example.com')[0]!.data.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n(?=[ \t])/g, '')
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m)
    const oneClickUrl = new URL(/^List-Unsubscribe: <([^>]+)>\r?$/m.exec(headers)![1]!)
    expect(oneClickUrl.pathname).toBe('/commerce/recover/unsubscribe/one-click')
    const mailClient = t.client(site.host)
    const post = (search: string) => mailClient.request('POST', oneClickUrl.pathname + search, { body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded', crumb: false, headers: { accept: 'application/json' } })
    const forged = await post(oneClickUrl.search.replace(/t=[\w-]+/, 't=wrong'))
    expect(forged.status).toBe(404)
    expect(forged.json.error).toMatchObject({ code: 'unsubscribe_link_invalid' })
    const clicked = await post(oneClickUrl.search)
    expect(clicked.status).toBe(200)
    expect(clicked.json).toEqual({ unsubscribed: true })
    const text = mailsTo('unsub@example.com')[0]!.text
    const unsubscribe = /(http:\/\/[^\s]+\/commerce\/recover\/unsubscribe\?s=[\w-]+&t=[\w-]+)/.exec(text)![1]!
    const page = t.client(site.host)
    const ask = await page.get(new URL(unsubscribe).pathname + new URL(unsubscribe).search)
    expect(ask.status).toBe(200)
    expect(ask.body).toContain('Stop reminders about this cart?')
    const q = new URL(unsubscribe).searchParams
    const done = await page.post('/commerce/recover/unsubscribe', { s: q.get('s'), t: q.get('t') })
    expect(done.status).toBe(200)
    expect(done.body).toContain('You will get no more reminders about this cart.')
    expect(await sweep(when + 30 * HOUR)).toBe(0) // the second reminder is not sent
    const rows = (await list()).checkouts
    expect(rows.find((x) => x.email === 'unsub@example.com')).toMatchObject({ mailable: false, remindersSent: 1 })
    expect(rows.find((x) => x.email === 'one-click@example.com')).toMatchObject({ mailable: false, remindersSent: 1 })
    expect(rows.find((x) => x.email === 'no-consent@example.com')).toMatchObject({ mailable: false, remindersSent: 0, status: 'in_progress' })
    expect(rows.find((x) => x.email === 'paid@example.com')).toBeUndefined()
  })
  it('a plan without ABANDONED_CART_RECOVERY sends no reminder (the checkout waits); back on the commerce plan it goes out', async () => {
    await t.app.billing.setPlan(site.id, 'business')
    try {
      const waiting = await checkoutWith('downgraded@example.com', [['MUG-INK', 1]])
      const when = waiting.at + 2 * HOUR + 60_000
      expect(await sweep(when)).toBe(0)
      expect((await site.owner.get(`${base}/abandoned-checkouts`)).status).toBe(403)
      await t.app.billing.setPlan(site.id, 'commerce')
      expect((await list()).checkouts.find((x) => x.email === 'downgraded@example.com')).toMatchObject({ remindersSent: 0, mailable: true })
      expect(await sweep(when)).toBeGreaterThanOrEqual(1)
      await drainMail()
      expect(mailsTo('downgraded@example.com').filter((m) => m.text.includes('Subject: Your cart at'))).toHaveLength(1)
    } finally {
      await t.app.billing.setPlan(site.id, 'commerce')
    }
  })
})
