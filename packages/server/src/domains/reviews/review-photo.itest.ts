// The review request page (REVIEWS_REQUEST 209) takes an optional photo per product: the form posts as
// multipart/form-data, the photo is stored through the files domain and becomes the review's photo
// (importedImageUrls, whose first the storefront shows); a file that is not an image is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { startSmtpSink, type SmtpSink, type SunkMail } from '../../../test/smtp-sink.js'

let t: TestApp
let smtp: SmtpSink
let site: { id: string; host: string; owner: Client }
const ids = {} as Record<'mug' | 'lamp', string>
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' }
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await startTestApp({ smtpUrl: smtp.url, seedDemo: false })
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  site = { id: res.json.site.id, host: `${res.json.site.slug}.localhost`, owner }
  const v = (sku: string) => ({ sku, attributes: {}, priceCents: 1000, salePriceCents: 0, onSale: false, qtyInStock: 50, unlimited: false })
  ids.mug = (await t.app.commerce.createProduct(site.id, { collectionId: 'shop', title: 'Mug', productType: 1, variants: [v('PH-MUG')] })).id
  ids.lamp = (await t.app.commerce.createProduct(site.id, { collectionId: 'shop', title: 'Lamp', productType: 1, variants: [v('PH-LAMP')] })).id
})
afterAll(async () => {
  await t?.close()
  smtp?.close()
})

const subjectOf = (m: SunkMail) => /^Subject: (.*)$/m.exec(m.text)?.[1] ?? ''

/** A multipart/form-data body: text fields and files ([name, filename, bytes]). */
function multipart(fields: Record<string, string>, files: [string, string, Buffer][]) {
  const boundary = `----swreview${Date.now()}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  for (const [k, filename, bytes] of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

describe(`review photos (${BACKEND})`, () => {
  it('a review posted with a photo shows it as the review photo; an empty file part adds none; not an image is refused', async () => {
    const c = t.client(site.host)
    for (const [itemId, sku] of [[ids.mug, 'PH-MUG'], [ids.lamp, 'PH-LAMP']] as const) {
      expect((await c.post('/api/commerce/shopping-cart/entries', { itemId, sku, quantity: 1, additionalFields: null })).status).toBe(200)
    }
    const bought = await c.post('/api/commerce/checkout', { email: 'photo@example.com', shippingAddress: ADDRESS, card: CARD })
    expect(bought.status).toBe(201)
    const order = bought.json.order as { id: string; number: number }
    expect((await site.owner.post(`/api/sites/${site.id}/commerce/orders/${order.id}/fulfil`, { carrier: 'UPS', trackingNumber: '1Z' })).status).toBe(200)
    await expect.poll(() => smtp.mails.some((m) => m.to === 'photo@example.com' && subjectOf(m).startsWith(`How was your order #${order.number}`)), { timeout: 8000 }).toBe(true)
    const ask = smtp.mails.find((m) => m.to === 'photo@example.com' && subjectOf(m).startsWith('How was your order'))!
    const link = new URL(/Rate your purchase: (\S+)/.exec(ask.text)![1]!)
    const token = link.searchParams.get('token')!

    const page = await c.get(`${link.pathname}${link.search}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('enctype="multipart/form-data"')
    expect(page.body).toContain(`name="photo_${ids.mug}"`)

    const post = (fields: Record<string, string>, files: [string, string, Buffer][]) => {
      const b = multipart({ order: order.id, token, ...fields }, files)
      return t.app.fastify.inject({ method: 'POST', url: '/api/commerce/reviews/request', headers: { host: site.host, 'content-type': b.contentType }, payload: b.payload })
    }
    const notImage = await post({ [`rating_${ids.mug}`]: '5' }, [[`photo_${ids.mug}`, 'notes.txt', Buffer.from('just some text, not a picture')]])
    expect(notImage.statusCode).toBe(400)
    expect(notImage.json().error.fields[`photo_${ids.mug}`]).toMatch(/must be a JPEG, PNG, GIF or WebP image/)

    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc6633' } }).jpeg().toBuffer()
    const res = await post(
      { name: 'Ada Lovelace', [`rating_${ids.mug}`]: '5', [`text_${ids.mug}`]: 'Lovely glaze', [`rating_${ids.lamp}`]: '4' },
      [[`photo_${ids.mug}`, 'mug.jpg', photo], [`photo_${ids.lamp}`, '', Buffer.alloc(0)]],
    )
    expect(res.statusCode).toBe(303) // a form post goes back to the page
    expect(res.headers.location).toContain('done=1')
    await t.app.files.whenIdle()
    const pending = (await site.owner.get(`/api/sites/${site.id}/reviews?status=pending`)).json.reviews as { productId: string; importedImageUrls?: string[] }[]
    const mug = pending.find((r) => r.productId === ids.mug)!
    const lamp = pending.find((r) => r.productId === ids.lamp)!
    expect(mug.importedImageUrls).toHaveLength(1)
    expect(mug.importedImageUrls![0]).toMatch(/^\/files\/[^/]+\/[0-9a-f]{24}\//)
    expect(lamp.importedImageUrls ?? []).toEqual([])
    const served = await t.client(site.host).get(mug.importedImageUrls![0]!)
    expect(served.status).toBe(200)
  })
})
