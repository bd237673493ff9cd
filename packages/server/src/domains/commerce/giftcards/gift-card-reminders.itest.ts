// Gift-card reminders through HTTP and a real SMTP sink, the sweep given its `now` (the recovery clock): the owner's
// settings (typed 400s, the country's expiry rules from contracts, crumb), the balance reminder after N months and
// the expiry notice before the expiry, each exactly once (two sweeps at once queue one, later sweeps none), consent
// where the country asks for it, the signed unsubscribe (page and RFC 8058 one-click), both mails previewable.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GIFT_CARD_MONTH_DAYS } from '@sitewright/contracts'
import { sqlRows } from '../../../platform/db/index.js'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink.js'

let t: TestApp
let smtp: SmtpSink
let site: { id: string; host: string; owner: Client }
let base: string
let giftId: string
const DAY = 86_400_000
const MONTH = GIFT_CARD_MONTH_DAYS * DAY
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' }
const DEFAULTS = { balanceReminder: false, balanceMonths: 6, expiryMonths: null, noticeDays: 30, country: 'US' }

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await startTestApp({ smtpUrl: smtp.url, seedDemo: false })
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup({ siteTitle: 'Card Shop' }))
  site = { id: res.json.site.id, host: `${res.json.site.slug}.localhost`, owner }
  base = `/api/sites/${site.id}/commerce`
  giftId = (await t.app.commerce.createProduct(site.id, {
    collectionId: 'shop', title: 'Gift card', productType: 4, variantOptions: [{ name: 'Amount', values: ['25'] }],
    variants: [{ sku: 'GC25', attributes: { Amount: '25' }, priceCents: 2500, salePriceCents: 0, onSale: false, qtyInStock: 0, unlimited: false }],
  })).id
})
afterAll(async () => {
  await t?.close()
  smtp?.close()
})

const put = (body: Record<string, unknown>) => site.owner.request('PUT', `${base}/gift-card-reminder-settings`, { json: body })
const sweep = (at: number) => t.app.commerce.sendGiftCardReminders(new Date(at))
/** A raw message's headers, unfolded (RFC 5322). */
const headersOf = (data: string) => data.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n(?=[ \t])/g, '')
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to === email)
async function drainMail(): Promise<void> {
  await t.app.mailJobs.kick()
  const pending = async () => (await sqlRows<{ n: number }>(t.app.db.orm, sql`SELECT count(*)::int AS n FROM mail_jobs WHERE status IN ('queued', 'sending')`))[0]!.n
  await expect.poll(pending, { timeout: 15_000, interval: 100 }).toBe(0)
}
/** Buys a $25 card for `recipient`; answers the card (its code, id, expiry) and when it was bought. */
async function buyCard(recipient: string, extra: Record<string, unknown> = {}) {
  const c = t.client(site.host)
  const at = Date.now()
  const fields = { recipientName: 'Grace', recipientEmail: recipient, message: 'Enjoy', ...extra }
  expect((await c.post('/api/commerce/shopping-cart/entries', { itemId: giftId, sku: 'GC25', quantity: 1, additionalFields: JSON.stringify(fields) })).status).toBe(200)
  const res = await c.post('/api/commerce/checkout', { email: 'buyer@example.com', card: CARD })
  expect(res.status).toBe(201)
  const cards = (await site.owner.get(`${base}/gift-cards`)).json.giftCards as { id: string; code: string; orderId: string; expiresAt: string | null; reminders: Record<string, unknown> }[]
  return { card: cards.find((g) => g.orderId === res.json.order.id)!, at }
}

describe(`gift-card reminders (${BACKEND})`, () => {
  it("settings: off by default; typed 400s; the country's rules refuse an expiry (none in CA, 60 months at least in the US); crumb required", async () => {
    expect((await site.owner.get(`${base}/gift-card-reminder-settings`)).json.settings).toEqual(DEFAULTS)
    const bad = await put({ ...DEFAULTS, balanceMonths: 0, noticeDays: 3, country: 'USA' })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.json.error)).toContain('Remind after 1 to 36 months.')
    expect(JSON.stringify(bad.json.error)).toContain('Send the notice 7 to 90 days before.')
    expect(JSON.stringify(bad.json.error)).toContain('A two-letter country code.')
    const ca = await put({ ...DEFAULTS, expiryMonths: 60, country: 'ca' })
    expect(ca.status).toBe(400)
    expect(ca.json.error).toMatchObject({ code: 'gift_card_expiry_not_allowed', fields: { expiryMonths: 'Gift cards may not expire in this country.' } })
    const soon = await put({ ...DEFAULTS, expiryMonths: 12 })
    expect(soon.json.error).toMatchObject({ fields: { expiryMonths: 'Gift cards may expire no sooner than 60 months in this country.' } })
    expect((await site.owner.request('PUT', `${base}/gift-card-reminder-settings`, { json: DEFAULTS, crumb: false })).status).toBe(403)
    expect((await t.client().get(`${base}/gift-card-reminder-settings`)).status).toBe(401)
    const ok = await put({ ...DEFAULTS, balanceReminder: true, balanceMonths: 2, country: 'us' })
    expect(ok.status).toBe(200)
    expect(ok.json.settings).toEqual({ ...DEFAULTS, balanceReminder: true, balanceMonths: 2 })
  })

  it('the balance reminder goes once, N months after issue, while a balance is left; the unsubscribe link stops the card', async () => {
    const { card, at } = await buyCard('grace@example.com')
    expect(card.expiresAt).toBeNull()
    expect(await sweep(at + 2 * MONTH - DAY)).toBe(0) // not yet
    const due = at + 2 * MONTH + DAY
    const both = await Promise.all([sweep(due), sweep(due)]) // two nodes sweeping at once
    expect(both[0]! + both[1]!).toBe(1)
    expect(await sweep(due + DAY)).toBe(0)
    expect(await sweep(due + 12 * MONTH)).toBe(0)
    await drainMail()
    const mails = mailsTo('grace@example.com').filter((m) => m.text.includes('still has'))
    expect(mails).toHaveLength(1)
    const text = mails[0]!.text
    expect(text).toContain('Subject: Your gift card at Card Shop still has $25.00')
    expect(text).toContain(card.code)
    expect(headersOf(mails[0]!.data)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m)
    const link = /No more reminders about this gift card: (\S+)/.exec(text)?.[1]
    expect(link).toBeTruthy()
    const url = new URL(link!)
    const visitor = t.client(site.host)
    const page = await visitor.get(`${url.pathname}${url.search}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Stop reminders about this gift card?')
    const forged = await visitor.get(`${url.pathname}?s=${card.id}&t=${'x'.repeat(32)}`)
    expect(forged.status).toBe(404)
    const done = await visitor.request('POST', url.pathname, { body: url.search.slice(1), contentType: 'application/x-www-form-urlencoded' })
    expect(done.status).toBe(200)
    expect(done.body).toContain('You will get no more reminders about this gift card.')
    const [row] = await sqlRows<{ reminders_off: boolean }>(t.app.db.orm, sql`SELECT reminders_off FROM commerce_gift_cards WHERE id = ${card.id}`)
    expect(row!.reminders_off).toBe(true)
  })

  it('an expiry the US allows is given to new cards; the notice goes once within noticeDays of it, not before; a spent card gets nothing', async () => {
    expect((await put({ ...DEFAULTS, balanceReminder: false, expiryMonths: 60, noticeDays: 30 })).status).toBe(200)
    const { card } = await buyCard('linus@example.com')
    const { card: spent } = await buyCard('spent@example.com')
    await t.app.db.orm.execute(sql`UPDATE commerce_gift_cards SET balance_cents = 0 WHERE id = ${spent.id}`)
    expect(card.expiresAt).not.toBeNull()
    const expires = Date.parse(card.expiresAt!)
    expect(Math.round((expires - Date.now()) / DAY)).toBe(60 * GIFT_CARD_MONTH_DAYS)
    expect(await sweep(expires - 31 * DAY)).toBe(0)
    const due = expires - 29 * DAY
    const both = await Promise.all([sweep(due), sweep(due)])
    expect(both[0]! + both[1]!).toBe(1)
    expect(await sweep(due + DAY)).toBe(0)
    await drainMail()
    expect(mailsTo('spent@example.com')).toHaveLength(1) // only the card's own gift-card mail at purchase
    const notices = mailsTo('linus@example.com').filter((m) => m.text.includes('expires on'))
    expect(notices).toHaveLength(1)
    expect(notices[0]!.text).toContain(`Subject: Your gift card at Card Shop expires on ${card.expiresAt!.slice(0, 10)}`)
    // the one-click unsubscribe of the mail's header (RFC 8058), no crumb
    const one = new URL(/^List-Unsubscribe: <([^>]+)>\r?$/m.exec(headersOf(notices[0]!.data))![1]!)
    expect(one.pathname).toBe('/commerce/gift-cards/unsubscribe/one-click')
    const r = await t.client(site.host).request('POST', `${one.pathname}${one.search}`, { body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded', crumb: false, headers: { accept: 'application/json' } })
    expect(r.status).toBe(200)
    expect(r.json).toEqual({ unsubscribed: true })
  })

  it('where the country needs consent (GB) only a card whose entry carries reminderConsent is mailed; both mails preview', async () => {
    expect((await put({ ...DEFAULTS, balanceReminder: true, balanceMonths: 1, country: 'GB' })).status).toBe(200)
    const { card: without, at } = await buyCard('noconsent@example.com')
    const { card: with_ } = await buyCard('consent@example.com', { reminderConsent: 'true' })
    expect(await sweep(at + MONTH + 2 * DAY)).toBe(1)
    expect(await sweep(at + MONTH + 3 * DAY)).toBe(0)
    await drainMail()
    expect(mailsTo('consent@example.com').filter((m) => m.text.includes('still has'))).toHaveLength(1)
    expect(mailsTo('noconsent@example.com').filter((m) => m.text.includes('still has'))).toHaveLength(0)
    expect([without.id, with_.id]).toHaveLength(2)
    for (const name of ['gift-card-balance', 'gift-card-expiry']) {
      const p = await site.owner.get(`/api/sites/${site.id}/notifications/emails/${name}/preview`)
      expect(p.status, name).toBe(200)
      expect(p.json.preview.text).toContain('K7QX-2M9P-TR4W-8HZN')
    }
  })

  it("the page's reminder box: shown while reminders are on, ticked in the US, not in GB; a refusal is never mailed, the owner's list says each card's reminders", async () => {
    const box = async () => {
      const page = await t.client(site.host).get(`/commerce/gift-card?itemId=${giftId}`)
      expect(page.status).toBe(200)
      return /<input type="checkbox" name="reminderConsent" value="true"( checked)?>/.exec(page.body)
    }
    expect((await put({ ...DEFAULTS })).status).toBe(200)
    expect(await box()).toBeNull() // no reminders, no box
    expect((await put({ ...DEFAULTS, balanceReminder: true, balanceMonths: 1, country: 'GB' })).status).toBe(200)
    expect((await box())![1]).toBeUndefined() // GB asks first: unticked
    expect((await put({ ...DEFAULTS, balanceReminder: true, balanceMonths: 1, country: 'US' })).status).toBe(200)
    expect((await box())![1]).toBe(' checked')
    const page = await t.client(site.host).get(`/commerce/gift-card?itemId=${giftId}`)
    expect(page.body).toContain('Email the recipient a reminder if money is left on the card</label>')

    const c = t.client(site.host)
    const bad = await c.post('/api/commerce/shopping-cart/entries', { itemId: giftId, sku: 'GC25', quantity: 1, additionalFields: JSON.stringify({ recipientName: 'X', recipientEmail: 'x@example.com', reminderConsent: 'maybe' }) })
    expect(bad.status).toBe(400)
    expect(bad.json.error.fields).toEqual({ reminderConsent: 'This value is not valid.' })

    // in the US a card never asked may be mailed, a refused one never
    const { card: refused, at } = await buyCard('refused@example.com', { reminderConsent: 'false' })
    const { card: agreed } = await buyCard('agreed@example.com', { reminderConsent: 'true' })
    expect(refused.reminders).toEqual({ consent: false, unsubscribed: false, mailable: false, balanceRemindedAt: null, expiryNoticedAt: null })
    expect(agreed.reminders).toMatchObject({ consent: true, mailable: true, balanceRemindedAt: null })
    const due = at + MONTH + 2 * DAY
    expect(await sweep(due)).toBe(1)
    await drainMail()
    expect(mailsTo('agreed@example.com').filter((m) => m.text.includes('still has'))).toHaveLength(1)
    expect(mailsTo('refused@example.com').filter((m) => m.text.includes('still has'))).toHaveLength(0)
    const listed = (await site.owner.get(`${base}/gift-cards`)).json.giftCards as { id: string; reminders: { consent: boolean | null; mailable: boolean; balanceRemindedAt: string | null } }[]
    const of = (id: string) => listed.find((g) => g.id === id)!.reminders
    expect(of(refused.id)).toMatchObject({ consent: false, mailable: false, balanceRemindedAt: new Date(due).toISOString() }) // handled, not mailed
    expect(of(agreed.id)).toMatchObject({ consent: true, mailable: true, balanceRemindedAt: new Date(due).toISOString() })
    // a card the owner issued has no holder to mail
    const issued = await site.owner.post(`${base}/gift-cards`, { amountCents: 1000 })
    expect(issued.status).toBe(201)
    expect(issued.json.giftCard.reminders).toEqual({ consent: null, unsubscribed: false, mailable: false, balanceRemindedAt: null, expiryNoticedAt: null })
  })
})
