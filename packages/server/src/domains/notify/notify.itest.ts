// Store notifications end to end over SMTP: an order sends the buyer's confirmation (from the shop's name, values
// escaped) and the owner's new-order and low-stock mails; a partial then a final shipment with carrier and tracking
// each mail the buyer, the last one also the review request, whose page takes reviews into moderation (the owner
// is told); an event is mailed once however often it is raised; refunds mail; owner settings turn mails off;
// every template previews (COMMERCE_EMAIL_PREVIEW 301).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { startSmtpSink, type SmtpSink, type SunkMail } from '../../../test/smtp-sink.js'
import { drainMail, queuedMailCount } from '../../../test/mail.js'
import { sqlRows } from '../../platform/db/index.js'

let t: TestApp
let smtp: SmtpSink
let site: { id: string; host: string; title: string; owner: Client; ownerEmail: string }
const ids = {} as Record<'mug' | 'lamp', string>
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' }
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await startTestApp({ smtpUrl: smtp.url, seedDemo: false })
  const owner = t.client()
  const signup = newSignup()
  const title = `Tea & Toast <${signup.slug.slice(-6)}>`
  const res = await owner.post('/api/auth/signup', { ...signup, siteTitle: title })
  expect(res.status).toBe(201)
  site = { id: res.json.site.id, host: `${res.json.site.slug}.localhost`, title, owner, ownerEmail: signup.email }
  const v = (sku: string, priceCents: number, qtyInStock: number) => ({ sku, attributes: {}, priceCents, salePriceCents: 0, onSale: false, qtyInStock, unlimited: false })
  ids.mug = (await t.app.commerce.createProduct(site.id, { collectionId: 'shop', title: 'Mug <Large>', productType: 1, variants: [v('MUG', 1200, 50)] })).id
  ids.lamp = (await t.app.commerce.createProduct(site.id, { collectionId: 'shop', title: 'Lamp', productType: 1, variants: [v('LAMP', 2500, 5)] })).id
})
afterAll(async () => {
  await t?.close()
  smtp?.close()
})

const base = () => `/api/sites/${site.id}`
const subjectOf = (m: SunkMail) => /^Subject: (.*)$/m.exec(m.text)?.[1] ?? ''
const mailsTo = (to: string, subject: RegExp) => smtp.mails.filter((m) => m.to === to && subject.test(subjectOf(m)))
const waitMail = async (to: string, subject: RegExp) => {
  await expect.poll(() => mailsTo(to, subject).length, { timeout: 8000 }).toBeGreaterThan(0)
  return mailsTo(to, subject)[0]!
}

async function buy(email: string, items: [string, string, number][]) {
  const c = t.client(site.host)
  for (const [itemId, sku, quantity] of items) expect((await c.post('/api/commerce/shopping-cart/entries', { itemId, sku, quantity, additionalFields: null })).status).toBe(200)
  const r = await c.post('/api/commerce/checkout', { email, shippingAddress: ADDRESS, card: CARD })
  expect(r.status).toBe(201)
  return r.json.order as { id: string; number: number; entries: { id: string; itemId: string; quantity: number }[] }
}

describe(`store notifications (${BACKEND})`, () => {
  let order: Awaited<ReturnType<typeof buy>>

  it('an order mails the buyer from the shop (escaped, branded) and the owner (new order, low stock)', async () => {
    // PostgreSQL: mail jobs are sent through pg-boss; PGlite: the in-process worker
    expect(t.app.mailJobs.usesPgBoss).toBe(BACKEND === 'postgres')
    order = await buy('buyer@example.com', [[ids.mug, 'MUG', 2], [ids.lamp, 'LAMP', 3]])
    const mail = await waitMail('buyer@example.com', new RegExp(`^Order #${order.number} confirmed`))
    const fromName = /^From: "([^"]*)" </m.exec(mail.text)?.[1] ?? ''
    expect(fromName).toMatch(/^Tea & Toast \w+$/) // the shop's name (angle brackets dropped from a display name)
    expect(fromName).not.toMatch(/sitewright|localhost/i)
    expect(mail.text).toContain('2 x Mug <Large>: $24.00') // text part: as written
    expect(mail.text).toContain('Mug &lt;Large&gt;') // HTML part: escaped
    expect(mail.text).not.toContain('<td style="padding:6px 0;border-bottom:1px solid #e6e6e6">2 &times; Mug <Large>')
    expect(mail.text).toContain('Tea &amp; Toast &lt;')
    expect(mail.text).toMatch(new RegExp(`Order details: http://${site.host}(:\\d+)?/commerce/orders/${order.id}\\?token=`))
    const owner = await waitMail(site.ownerEmail, new RegExp(`^New order #${order.number}`))
    expect(owner.text).toContain('buyer@example.com')
    const low = await waitMail(site.ownerEmail, /^Low stock: Lamp \(2 left\)/)
    expect(low.text).toContain('your alert threshold is 3')
  })

  it('a partial shipment mails carrier and tracking; the last one also asks for reviews; the page takes them', async () => {
    const mug = order.entries.find((e) => e.itemId === ids.mug)!
    const part = await site.owner.post(`${base()}/commerce/orders/${order.id}/fulfil`, { carrier: 'UPS', trackingNumber: '1Z 999 <AA1>', lines: [{ entryId: mug.id, quantity: 1 }] })
    expect(part.status).toBe(200)
    expect(part.json.order.status).toBe('paid')
    expect(part.json.order.unfulfilled[mug.id]).toBe(1)
    expect(part.json.fulfilment).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z 999 <AA1>', lines: [{ entryId: mug.id, quantity: 1 }] })
    const first = await waitMail('buyer@example.com', new RegExp(`^Part of order #${order.number} has shipped`))
    expect(first.text).toContain('Carrier: UPS\nTracking number: 1Z 999 <AA1>')
    expect(first.text).toContain('1Z 999 &lt;AA1&gt;')
    expect(first.text).toContain('1 x Mug <Large>')

    const tooMany = await site.owner.post(`${base()}/commerce/orders/${order.id}/fulfil`, { lines: [{ entryId: mug.id, quantity: 2 }] })
    expect(tooMany.status).toBe(400)
    expect(tooMany.json.error.fields[`lines.0.quantity`]).toBe('At most 1 left to ship.')

    const rest = await site.owner.post(`${base()}/commerce/orders/${order.id}/fulfil`, { carrier: 'Royal Mail', trackingNumber: 'RM123456785GB', trackingUrl: 'https://example.com/track?n=RM123456785GB' })
    expect(rest.status).toBe(200)
    expect(rest.json.order.status).toBe('fulfilled')
    expect(rest.json.order.fulfilments).toHaveLength(2)
    const second = await waitMail('buyer@example.com', new RegExp(`^Your order #${order.number} has shipped`))
    expect(second.text).toContain('Tracking number: RM123456785GB')
    expect(second.text).toContain('3 x Lamp')
    const ask = await waitMail('buyer@example.com', new RegExp(`^How was your order #${order.number}`))
    const link = /Rate your purchase: (\S+)/.exec(ask.text)![1]!
    expect(link).toMatch(new RegExp(`^http://${site.host}:3000/reviews/request\\?order=${order.id}&token=`))

    const visitor = t.client(site.host)
    const path = link.replace(/^http:\/\/[^/]+/, '')
    const page = await visitor.get(path)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Rate your purchase')
    expect(page.body).toContain('Mug &lt;Large&gt;')
    expect(page.body).toContain(`name="rating_${ids.lamp}"`)
    expect((await visitor.get(path.replace(/token=[^&]+/, 'token=forged'))).status).toBe(404)
    const token = new URL(link).searchParams.get('token')!
    const posted = await visitor.post('/api/commerce/reviews/request', { order: order.id, token, name: 'Ada Lovelace', [`rating_${ids.mug}`]: '5', [`text_${ids.mug}`]: 'Holds a <lot> of tea', [`rating_${ids.lamp}`]: '4' })
    expect(posted.status).toBe(200)
    expect(posted.json.created).toBe(2)
    // the same request again adds nothing (one review per product and order)
    expect((await visitor.post('/api/commerce/reviews/request', { order: order.id, token, [`rating_${ids.mug}`]: '1' })).json.created).toBe(0)
    const pending = await site.owner.get(`${base()}/reviews?status=pending`)
    expect(pending.json.reviews).toHaveLength(2)
    expect(pending.json.reviews.every((r: { verifiedPurchase: boolean }) => r.verifiedPurchase)).toBe(true)
    const told = await waitMail(site.ownerEmail, /^New review: 5 of 5 stars for Mug <Large>/)
    expect(told.text).toContain('Holds a &lt;lot&gt; of tea')
  })

  it('an event is mailed once: repeated fulfil, repeated order event', async () => {
    const again = await site.owner.post(`${base()}/commerce/orders/${order.id}/fulfil`, { carrier: 'UPS', trackingNumber: 'X' })
    expect(again.status).toBe(200)
    expect(again.json.fulfilment).toBeNull()
    const view = await t.app.commerce.orderById(site.id, order.id)
    // the order-confirmed event delivered a second time (at least once): its subscriber queues nothing new
    await t.app.notify.orderConfirmed({ websiteId: site.id, orderId: order.id, cartId: view!.purchasedCartId, testMode: view!.testMode, confirmationUrl: 'http://x/', giftCards: [], donation: null })
    // and the shipment's event a second time: its subscriber queues nothing new
    await t.app.notify.orderEvents.fulfilled({ siteId: site.id, orderId: order.id, fulfilmentId: again.json.order.fulfilments[1].id, complete: true, notifyCustomer: true })
    // the queue's record has each event once; run it dry, then the sink holds every mail sent
    expect(await queuedMailCount(t.app, 'buyer@example.com', new RegExp(`^(Order #${order.number} confirmed|Your order #${order.number} has shipped|How was your order #${order.number})`))).toBe(3)
    await drainMail(t.app)
    expect(mailsTo('buyer@example.com', new RegExp(`^Order #${order.number} confirmed`))).toHaveLength(1)
    expect(mailsTo('buyer@example.com', new RegExp(`^Your order #${order.number} has shipped`))).toHaveLength(1)
    expect(mailsTo('buyer@example.com', new RegExp(`^How was your order #${order.number}`))).toHaveLength(1)
    expect(mailsTo(site.ownerEmail, new RegExp(`^New order #${order.number}`))).toHaveLength(1)
    const [row] = await sqlRows<{ n: number }>(t.app.db.orm, sql`SELECT count(*)::int AS n FROM mail_jobs WHERE id = ${`order-confirmation:${order.id}`} AND status = 'sent'`)
    expect(row!.n).toBe(1)
  })

  it('owner settings turn mails off; a refund mails the buyer', async () => {
    const s = await site.owner.patch(`${base()}/notifications/settings`, { newOrder: false, lowStockThreshold: 10 })
    expect(s.status).toBe(200)
    expect(s.json.settings).toMatchObject({ newOrder: false, lowStock: true, lowStockThreshold: 10, newReview: true })
    expect((await site.owner.get(`${base()}/notifications/settings`)).json.settings.newOrder).toBe(false)
    expect((await site.owner.patch(`${base()}/notifications/settings`, { lowStockThreshold: -1 })).status).toBe(400)
    const second = await buy('second@example.com', [[ids.mug, 'MUG', 1]])
    await waitMail('second@example.com', new RegExp(`^Order #${second.number} confirmed`))
    await drainMail(t.app)
    expect(await queuedMailCount(t.app, site.ownerEmail, new RegExp(`^New order #${second.number}`))).toBe(0)
    expect(mailsTo(site.ownerEmail, new RegExp(`^New order #${second.number}`))).toHaveLength(0)
    const refunded = await site.owner.post(`${base()}/commerce/orders/${second.id}/refund`)
    expect(refunded.status).toBe(200)
    const mail = await waitMail('second@example.com', new RegExp(`^Refund for order #${second.number}`))
    expect(mail.text).toContain('$12.00')
  })

  it('previews every email with sample data (COMMERCE_EMAIL_PREVIEW 301); other roles and strangers are refused', async () => {
    const list = await site.owner.get(`${base()}/notifications/emails`)
    expect(list.status).toBe(200)
    const names = (list.json.emails as { name: string; audience: string }[]).map((e) => e.name)
    expect(names).toContain('shipping-notification')
    for (const name of names) {
      const p = await site.owner.get(`${base()}/notifications/emails/${name}/preview`)
      expect(p.status, name).toBe(200)
      expect(p.json.pageType).toBe(301)
      expect(p.json.preview.from).toMatch(/^"Tea & Toast/)
      expect(p.json.preview.html).toContain('Tea &amp; Toast &lt;')
      expect(p.json.preview.text.length).toBeGreaterThan(20)
    }
    expect((await site.owner.get(`${base()}/notifications/emails/nope/preview`)).status).toBe(404)
    expect((await t.client().get(`${base()}/notifications/emails/refund/preview`)).status).toBe(401)
  })

  it('owner mails: a new member, a form entry (the form\'s address, from the theme), the daily restock demand summary', async () => {
    const visitor = t.client(site.host)
    expect((await visitor.post('/api/site-users/account/signup', { email: 'newbie@example.com', password: 'a-much-longer-password-2', name: 'New <Bie>' })).status).toBeLessThan(300)
    const member = await waitMail(site.ownerEmail, /^New member: newbie@example.com/)
    expect(member.text).toContain('New &lt;Bie&gt; (newbie@example.com)')

    const created = await site.owner.post(`${base()}/forms`, { name: 'Contact <us>', notifyEmail: site.ownerEmail, fields: [{ type: 'text', id: 'text', title: 'Question', description: '', placeholder: '', required: true }] })
    expect(created.status).toBe(201)
    const key = (await visitor.post('/api/form/FormSubmissionKey')).json.data.key
    expect((await visitor.post('/api/form/SaveFormSubmission', { key, formId: created.json.form.id, form: { text: 'Do you ship <abroad>?' } })).status).toBe(200)
    const entry = await waitMail(site.ownerEmail, /^Form Submission - Contact <us>/)
    expect(entry.text).toContain('Question: Do you ship <abroad>?')
    expect(entry.text).toContain('Do you ship &lt;abroad&gt;?')
    expect(/^From: "?([^"<]+?)"? </m.exec(entry.text)?.[1]).toBe(site.title.replace(/[<>]/g, ''))

    const product = (await t.app.commerce.getProductsByIds(site.id, [ids.lamp]))[0]!
    const variantId = product.structuredContent.variants[0]!.id
    await site.owner.patch(`${base()}/commerce/products/${ids.lamp}/variants/${variantId}/stock`, { qtyInStock: 0 })
    for (const email of ['w1@example.com', 'w2@example.com']) {
      const r = await visitor.post('/api/site-users/account/notifications/restock', { isJoinMailingList: false, productId: ids.lamp, siteVisitorEmail: email, variantId })
      expect(r.status).toBeLessThan(300)
    }
    const day = new Date('2026-11-25T08:00:00Z')
    expect(await t.app.notify.restockSummaries(day)).toBeGreaterThan(0)
    expect(await t.app.notify.restockSummaries(day)).toBe(0) // once a day
    const summary = await waitMail(site.ownerEmail, /^Shoppers are waiting for 1 item/)
    expect(summary.text).toContain('Lamp: 2 waiting')
  })
})
