// A shopper's language through the order: the order records the checkout's locale (the page's language, else the
// remembered choice), the confirmation page is in it (lang, texts, links under the prefix) and so is the order
// mail, through the SMTP sink; an order without one stays in the site's default (English, as before).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js'

let t: TestApp
let smtp: SmtpSink
let siteId: string
let host: string
let mugId: string
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await startTestApp({ smtpUrl: smtp.url, seedDemo: false })
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
  expect((await owner.post(`/api/sites/${siteId}/locales`, { locale: 'fr-FR' })).status).toBe(201)
  mugId = (await t.app.commerce.createProduct(siteId, { collectionId: 'shop', title: 'Mug', productType: 1, variants: [{ sku: 'MUG', attributes: {}, priceCents: 1800, qtyInStock: 50 }] })).id
}, 120_000)
afterAll(async () => {
  await t?.close()
  smtp?.close()
})

async function buy(c: Client, email: string, extra: Record<string, unknown> = {}) {
  expect((await c.post('/api/commerce/shopping-cart/entries', { itemId: mugId, sku: 'MUG', quantity: 1, additionalFields: null })).status).toBe(200)
  const placed = await c.post('/api/commerce/checkout', { email, shippingAddress: ADDRESS, card: CARD, ...extra })
  expect(placed.status, JSON.stringify(placed.json)).toBe(201)
  return placed.json as { order: { id: string; number: number; locale: string | null }; confirmationUrl: string }
}
const mailTo = async (to: string) => {
  await expect.poll(() => smtp.mails.filter((m) => m.to === to).length, { timeout: 8000 }).toBeGreaterThan(0)
  return smtp.mails.find((m) => m.to === to)!.text
}

describe(`the shopper's language (${BACKEND})`, () => {
  it('a French checkout gives a French order, confirmation page and mail', async () => {
    const shopper = t.client(host)
    const placed = await buy(shopper, 'marie@example.com', { locale: 'fr-fr' })
    expect(placed.order.locale).toBe('fr-FR')
    const page = await shopper.get(placed.confirmationUrl)
    expect(page.status).toBe(200)
    expect(page.body).toContain('<html lang="fr-FR">')
    expect(page.body).toContain('<h1 class="page-title">Merci pour votre commande</h1>')
    expect(page.body).toContain(`Commande nº ${placed.order.number}`)
    expect(page.body).toContain('Une confirmation a été envoyée à <strong>marie@example.com</strong>.')
    expect(page.body).toContain('<h2>Livraison à</h2>')
    expect(page.body).toContain('<a class="sqs-editable-button" href="/fr">Continuer mes achats</a>')
    expect(page.body).not.toContain('Thank you for your order')
    const mail = await mailTo('marie@example.com')
    expect(mail).toContain('Merci pour votre commande')
    expect(mail).toContain(`<strong>#${placed.order.number}</strong>`)
    expect(mail).toContain('Voir votre commande')
    expect(mail).not.toContain('Thank you for your order')
  })

  it('the remembered choice (the locale cookie) is the checkout locale when the page sends none', async () => {
    const shopper = t.client(host)
    shopper.cookies.set('sw_locale', 'fr-FR')
    const placed = await buy(shopper, 'luc@example.com')
    expect(placed.order.locale).toBe('fr-FR')
    expect((await shopper.get(placed.confirmationUrl)).body).toContain('Merci pour votre commande')
  })

  it('an order without a locale stays in the default language, word for word as before', async () => {
    const shopper = t.client(host)
    const placed = await buy(shopper, 'ann@example.com')
    expect(placed.order.locale).toBeNull()
    const page = await shopper.get(placed.confirmationUrl)
    expect(page.body).toContain('<html lang="en-US">')
    expect(page.body).toContain('<h1 class="page-title">Thank you for your order</h1>')
    expect(page.body).toContain(`<p class="order-number">Order #${placed.order.number}</p>`)
    expect(page.body).toContain('A confirmation has been sent to <strong>ann@example.com</strong>.')
    expect(page.body).toContain('<a class="sqs-editable-button" href="/">Continue Shopping</a>')
    const mail = await mailTo('ann@example.com')
    expect(mail).toContain(`Order <strong>#${placed.order.number}</strong> is confirmed.`)
    expect(mail).toMatch(new RegExp(`Subject: Order #${placed.order.number} confirmed: `))
    expect(mail).toContain('View your order')
  })
})
