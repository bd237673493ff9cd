// Donations on a real database (PGlite, or PostgreSQL with DATABASE_URL) with mail through a real SMTP sink: the
// donation block links to its DONATE page (203) with the owner's presets; amounts are checked (minimum, maximum,
// not a number) with clear messages; a donation is paid, shown on CONTRIBUTION_CONFIRMED (204), receipted by mail,
// listed in the owner's orders as a donation and told to analytics (revenue); a monthly one is a subscription.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlRows } from '../../../platform/db/index.js'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink.js'
import { TEST_CARDS } from '../index.js'

let t: TestApp
let smtp: SmtpSink
let owner: Client
let siteId: string
let host: string
let pageId: string
let blockId: string
const card = { number: TEST_CARDS.success[0], expMonth: 12, expYear: 2099, cvc: '123' }
const api = (p: string) => `/api/sites/${siteId}${p}`
const confirmed: unknown[] = []

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await startTestApp({ smtpUrl: smtp.url, seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
  const value = { title: 'Keep the kiln lit', description: 'Clay for the school club.', presets: [5, 20, 75], recurring: true, buttonText: 'Give now' }
  const page = await owner.post(api('/content/collections'), { typeName: 'page', title: 'Support', urlId: 'support', layout: { sections: [{ blocks: [{ type: 52, value }] }] } })
  expect(page.status).toBe(201)
  pageId = page.json.collection.id
  t.app.commerce.events.on('commerce_checkout_order_confirmed', (e) => void confirmed.push(e))
}, 60_000)
afterAll(async () => {
  await t?.close()
  smtp?.close()
})

async function mailTo(email: string, subject: RegExp) {
  for (let i = 0; i < 200; i++) {
    const found = smtp.mails.find((m) => m.to.includes(email) && subject.test(m.text))
    if (found) return found
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no mail ${subject} to ${email}`)
}
const donate = (c: Client, body: Record<string, unknown>) => c.post('/api/commerce/donations', { pageId, blockId, email: 'donor@example.com', card, ...body })

describe(`donations (${BACKEND})`, () => {
  it('the donation block links to its DONATE page, which offers the owner\'s presets and the monthly choice', async () => {
    const c = t.client(host)
    const page = await c.get('/support')
    expect(page.status).toBe(200)
    const link = /href="(\/donate\?page=[^"]+)"[^>]*>Give now</.exec(page.body)
    expect(link).not.toBeNull()
    blockId = new URLSearchParams(link![1]!.replace(/&amp;/g, '&').split('?')[1]).get('block')!
    expect(page.body).toMatch(/class="donation-presets"[^\n]*data-currency="USD">5\.00<[^\n]*>20\.00<[^\n]*>75\.00</)
    const form = await c.get(link![1]!.replace(/&amp;/g, '&'))
    expect(form.status).toBe(200)
    expect(form.body).toContain('data-donate-form')
    expect(form.body).toMatch(/value="5\.00"> <span>\$5\.00<\/span>/)
    expect(form.body).toContain('value="monthly"')
    expect(form.body).toContain('From $1.00 to $10,000.00.')
    expect((await c.get(`/donate?page=${pageId}&block=nope`)).status).toBe(404)
  })

  it('amounts are validated with clear messages', async () => {
    const c = t.client(host)
    const cases: [string, string][] = [
      ['', 'Enter an amount to donate.'],
      ['0.50', 'The smallest donation is $1.00.'],
      ['10000.01', 'The largest donation is $10,000.00.'],
      ['12.345', 'Enter the amount as a number, for example 25 or 25.50.'],
      ['ten', 'Enter the amount as a number, for example 25 or 25.50.'],
    ]
    for (const [amount, message] of cases) {
      const r = await donate(c, { amount })
      expect(r.status, amount).toBe(400)
      expect(r.json.error).toMatchObject({ code: 'donation_amount_invalid', message, fields: { amount: message } })
    }
    const bad = await donate(c, { amount: '25', email: 'not-an-email' })
    expect(bad.status).toBe(400)
    expect((await donate(c, { amount: '25', blockId: 'gone' })).status).toBe(404)
    const declined = await donate(c, { amount: '25', card: { ...card, number: TEST_CARDS.declined } })
    expect(declined.status).toBe(422)
    expect(await sqlRows(t.app.db.orm, sql`SELECT id FROM commerce_orders WHERE site_id = ${siteId}`)).toEqual([])
  })

  it('a custom amount: paid, CONTRIBUTION_CONFIRMED page, receipt mail, a donation in the orders list and in revenue', async () => {
    const c = t.client(host)
    const r = await donate(c, { amount: '42.50', name: 'Grace', email: 'grace@example.com' })
    expect(r.status).toBe(201)
    expect(r.json).toMatchObject({ recurring: false })
    const page = await c.get(r.json.confirmationUrl)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Thank you for your donation')
    expect(page.body).toContain('You gave <strong class="sqs-money-native" data-currency="USD">42.50</strong>.')
    expect((await c.get(`/api${r.json.confirmationUrl}`)).json.pageType).toBe(204)

    const mail = await mailTo('grace@example.com', /Subject: Thank you for your donation/)
    expect(mail.text).toContain('We received your donation of $42.50')
    expect(mail.text).toContain('Thank you Grace!')

    const list = await owner.get(api('/commerce/orders'))
    expect(list.json.orders).toMatchObject([{ email: 'grace@example.com', kind: 'donation', totalCents: 4250, status: 'paid' }])
    const detail = await owner.get(api(`/commerce/orders/${r.json.orderId}`))
    expect(detail.json.order).toMatchObject({ kind: 'donation', entries: [{ title: 'Donation', sku: 'DONATION', subTotalCents: 4250 }] })

    // revenue: the donation is told to analytics like an order (the tracking domain books its total; test-mode
    // payments are left out of revenue there, for orders and donations alike)
    expect(confirmed).toContainEqual(expect.objectContaining({ orderId: r.json.orderId, cartId: `donation:${r.json.orderId}`, testMode: true, websiteId: siteId, donation: { name: expect.any(String), recurring: expect.any(Boolean) } }))
    const booked = await t.app.commerce.analyticsOrder(siteId, r.json.orderId)
    expect(booked).toMatchObject({ grandTotal: { value: '4250', decimalValue: '42.50', currency: 'USD' }, items: [{ sku: 'DONATION', productName: 'Donation', quantity: 1 }] })
  })

  it('a monthly donation is a subscription, renewed monthly and listed (and cancellable) on the account page', async () => {
    const c = t.client(host)
    const r = await donate(c, { amount: '20', recurring: true, email: 'monthly@example.com' })
    expect(r.status).toBe(201)
    expect(r.json.recurring).toBe(true)
    const subs = await sqlRows<{ id: string; price_cents: number; billing_period_unit: string; billing_period_value: number; num_billing_cycles: number; status: string }>(
      t.app.db.orm,
      sql`SELECT id, price_cents, billing_period_unit, billing_period_value, num_billing_cycles, status FROM commerce_subscriptions WHERE order_id = ${r.json.orderId}`,
    )
    expect(subs).toMatchObject([{ price_cents: 2000, billing_period_unit: 'MONTH', billing_period_value: 1, num_billing_cycles: 0, status: 'active' }])
    const page = await c.get(r.json.confirmationUrl)
    expect(page.body).toContain('every month until you cancel')
    expect((await mailTo('monthly@example.com', /Subject: Thank you for your donation/)).text).toContain('We received your monthly donation of $20.00')

    await t.app.commerce.renewSubscriptions(new Date(Date.now() + 32 * 24 * 60 * 60 * 1000))
    const renewals = await sqlRows<{ kind: string; grand_total_cents: number }>(t.app.db.orm, sql`SELECT o.kind, o.grand_total_cents FROM commerce_subscription_renewals r JOIN commerce_orders o ON o.id = r.order_id WHERE r.subscription_id = ${subs[0]!.id}`)
    expect(renewals).toEqual([{ kind: 'donation', grand_total_cents: 2000 }])

    await t.app.members.ensureMember(siteId, { email: 'monthly@example.com', password: 'glaze-and-kiln-2024', name: 'Ada' })
    expect((await c.post('/api/site-users/account/session', { email: 'monthly@example.com', password: 'glaze-and-kiln-2024' })).status).toBe(200)
    // signed in now: the confirmation no longer asks the member to sign in
    expect(page.body).toContain('(sign in or create one with this email address)')
    const signedIn = await c.get(r.json.confirmationUrl)
    expect(signedIn.body).toContain('from your <a href="/account">account</a>.</p>')
    expect(signedIn.body).not.toContain('sign in or create one')
    // the owner's mail is titled as a donation, not as an order
    const ownerMail = await mailTo('@', /Subject: New donation #\d+: \$20\.00/)
    expect(ownerMail.text).toContain('gave a donation to')
    expect(smtp.mails.some((m) => /Subject: New order #/.test(m.text))).toBe(false)
    const listed = await c.get('/api/site-users/account/subscriptions')
    expect(listed.json.data.subscriptions).toMatchObject([{ title: 'Monthly donation', price: '$20.00', every: 'Every month', donation: true, status: 'active' }])
  })

  it('monthly is refused where the block does not offer it; the owner previews the receipt mail', async () => {
    const page = await owner.post(api('/content/collections'), { typeName: 'page', title: 'Once', urlId: 'once', layout: { sections: [{ blocks: [{ type: 52, value: { presets: [10] } }] }] } })
    const body = (await t.client(host).get('/once')).body
    const once = new URLSearchParams(/href="\/donate\?([^"]+)"/.exec(body)![1]!.replace(/&amp;/g, '&'))
    const r = await t.client(host).post('/api/commerce/donations', { pageId: page.json.collection.id, blockId: once.get('block'), amount: '10', recurring: true, email: 'x@example.com', card })
    expect(r.status).toBe(400)
    expect(r.json.error.code).toBe('donation_recurring_unavailable')
    const bad = await owner.post(api('/content/collections'), { typeName: 'page', title: 'Bad', layout: { sections: [{ blocks: [{ type: 52, value: { presets: [0.5] } }] }] } })
    expect(bad.status).toBe(400)

    const preview = await owner.get(api('/notifications/emails/donation-receipt/preview'))
    expect(preview.status).toBe(200)
    expect(preview.json.preview.subject).toMatch(/^Thank you for your donation to /)
    expect(preview.json.preview.html).toContain('Grace &lt;Hopper&gt;')
  })
})
