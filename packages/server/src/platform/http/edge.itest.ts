// The edge (issue 11, items 14 and 15): U+0000 anywhere is a typed 400, never a 500; the answers Fastify's router and
// Node's HTTP parser make on their own carry the typed error shape too.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, startTestApp, type TestApp } from '../../../test/harness.js'
import { createForm, newKey, ownerSite, type OwnerSite } from '../../domains/forms/forms-test-kit.js'

let t: TestApp
let site: OwnerSite<ReturnType<TestApp['client']>>
let port: number
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  site = await ownerSite(t)
  await t.app.fastify.listen({ host: '127.0.0.1', port: 0 })
  port = (t.app.fastify.server.address() as { port: number }).port
})
afterAll(() => t?.close())

const isNul400 = (res: { status: number; json: any }) => {
  expect(res.status).toBe(400)
  expect(res.json.error).toMatchObject({ type: 'invalid_data', code: 'nul_character', message: expect.stringContaining('U+0000') })
}

/** Raw bytes over a socket: what Node's parser answers (no client library in between). */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => s.write(request))
    let data = ''
    s.setEncoding('utf8')
    s.on('data', (d: string) => (data += d))
    s.on('error', reject)
    s.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n')
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body })
    })
    s.setTimeout(10_000, () => s.destroy())
  })
}

describe(`NUL characters are a typed 400 (${BACKEND})`, () => {
  it('in a login', async () => {
    isNul400(await t.client().post('/api/auth/login', { email: 'a\u0000@example.com', password: 'a-long-password' }))
    isNul400(await t.client().post('/api/auth/login', { email: 'a@example.com', password: 'pass\u0000word' }))
  })

  it('in ids of the path and in the query', async () => {
    for (const url of [`/api/sites/${site.siteId}/content/items/%00`, `/api/sites/%00/forms`, `/api/sites/${site.siteId}/commerce/products/a%00b`, `/api/sites/${site.siteId}/files?query=%00`]) {
      const res = await site.owner.get(url)
      isNul400(res)
    }
    isNul400(await site.visitor().request('DELETE', '/api/commerce/shopping-cart/entries/%00'))
  })

  it('in a search and a page path (an HTML answer outside /api)', async () => {
    for (const url of ['/search?q=%00', '/%00', '/blog/%00x']) {
      const res = await site.visitor().get(url)
      expect(res.status, url).toBe(400)
      expect(res.headers['content-type']).toMatch(/text\/html/)
      expect(res.body).toContain('U+0000')
    }
  })

  it('in titles and other body strings, and in keys', async () => {
    isNul400(await site.owner.post(`/api/sites/${site.siteId}/content/collections`, { typeName: 'page', title: 'About\u0000us' }))
    isNul400(await site.owner.post(`/api/sites/${site.siteId}/content/collections`, { typeName: 'page', title: 'About', ['seo\u0000Title']: 'x' }))
    isNul400(await site.visitor().post('/api/commerce/shopping-cart/entries', { itemId: 'x\u0000', sku: 'A', quantity: 1 }))
  })

  it("in form values (the spec's form answer shape), also inside the JSON text of `form` and of additionalFields", async () => {
    const form = await createForm(site)
    const v = site.visitor()
    for (const values of [{ text: 'Hi\u0000' }, JSON.stringify({ text: 'Hi\u0000there' })]) {
      const res = await v.post('/api/form/SaveFormSubmission', { key: await newKey(v), formId: form.id, form: values })
      expect(res.status).toBe(400)
      expect(res.json.data.error).toContain('U+0000')
    }
    const shop = await site.owner.post(`/api/sites/${site.siteId}/content/collections`, { typeName: 'products', title: 'Shop' })
    const product = await site.owner.post(`/api/sites/${site.siteId}/commerce/products`, { collectionId: shop.json.collection.id, productType: 1, title: 'Mug', status: 'published', variants: [{ sku: 'MUG-1', priceCents: 1000, qtyInStock: 5 }] })
    expect(product.status).toBe(201)
    const cart = await v.post('/api/commerce/shopping-cart/entries', { itemId: product.json.product.id, sku: 'MUG-1', quantity: 1, additionalFields: '{"note":"a\\u0000b"}' })
    expect(cart.status).toBe(400)
    expect(cart.json.error.message).toContain('U+0000')
  })
})

describe(`framework and parser errors keep the typed shape (${BACKEND})`, () => {
  it('a malformed percent-encoding is 400 bad_url (JSON under /api, a page elsewhere)', async () => {
    const api = await site.owner.get(`/api/sites/${site.siteId}/commerce/products/%ff%fe`)
    expect(api.status).toBe(400)
    expect(api.json).toEqual({ error: { type: 'invalid_data', code: 'bad_url', message: expect.any(String) } })
    const page = await site.visitor().get('/shop/%ff')
    expect(page.status).toBe(400)
    expect(page.headers['content-type']).toMatch(/text\/html/)
  })

  it('a path parameter over the router limit is 414 uri_too_long', async () => {
    const res = await site.owner.request('DELETE', `/api/sites/${site.siteId}/commerce/products/${'a'.repeat(5000)}`)
    expect(res.status).toBe(414)
    expect(res.json).toEqual({ error: { type: 'uri_too_long', code: 'uri_too_long', message: expect.any(String) } })
  })

  it("Node's parser errors (bad request line, headers too large) answer typed JSON", async () => {
    const bad = await raw('GET /api/auth/me HTTP/1.1\r\nHost: localhost\r\nContent-Length: x\r\n\r\n')
    expect(bad.status).toBe(400)
    expect(JSON.parse(bad.body)).toEqual({ error: { type: 'invalid_data', code: 'bad_request', message: expect.any(String) } })
    expect(bad.headers).toMatch(/content-type: application\/json/i)
    const big = await raw(`GET /api/auth/me HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(big.status).toBe(431)
    expect(JSON.parse(big.body).error).toMatchObject({ type: 'headers_too_large', code: 'headers_too_large' })
  })
})

// Issue 33 item 2: a lone UTF-16 surrogate ("\ud800", which JSON carries as an escape) answered 500 on these routes
// (jsonb refuses it) and text columns stored U+FFFD in its place. One rule at the edge: a typed 400 naming the field.
const LONE = '\ud800'
const isIllFormed400 = (res: { status: number; json: any; body: string }, field: string) => {
  expect(res.status, res.body).toBe(400)
  expect(res.json.error).toMatchObject({ type: 'invalid_data', code: 'ill_formed_unicode', message: expect.stringContaining(`"${field}"`) })
  expect(res.json.error.message).toContain('U+D800')
  expect(res.json.error.fields).toEqual({ [field]: expect.stringContaining('well-formed Unicode') })
}

describe(`ill-formed Unicode is a typed 400 naming the field (${BACKEND})`, () => {
  it('in a form submission (an object and the JSON text of one), keyed by the field id', async () => {
    const form = await createForm(site)
    const v = site.visitor()
    for (const values of [{ text: `Hi ${LONE}` }, JSON.stringify({ text: `Hi ${LONE}` })]) {
      const res = await v.post('/api/form/SaveFormSubmission', { key: await newKey(v), formId: form.id, form: values })
      expect(res.status, res.body).toBe(400)
      expect(res.json.data.error).toContain('U+D800')
      expect(res.json.data.errors).toEqual({ text: expect.stringContaining('well-formed Unicode') })
    }
    // a well-formed pair (an emoji) is stored as sent
    const ok = await v.post('/api/form/SaveFormSubmission', { key: await newKey(v), formId: form.id, form: { text: 'Hi \ud83d\ude00' } })
    expect(ok.status, ok.body).toBe(200)
    const stored = await site.owner.get(`/api/sites/${site.siteId}/forms/${form.id}/submissions`)
    expect(JSON.stringify(stored.json)).toContain('Hi \ud83d\ude00')
    expect(stored.json.total).toBe(1)
  })

  it('in a checkout address and in the JSON text of a cart line', async () => {
    const shop = await site.owner.post(`/api/sites/${site.siteId}/content/collections`, { typeName: 'products', title: 'Store' })
    const product = await site.owner.post(`/api/sites/${site.siteId}/commerce/products`, { collectionId: shop.json.collection.id, productType: 1, title: 'Cup', status: 'published', variants: [{ sku: 'CUP-1', priceCents: 1000, qtyInStock: 5 }] })
    expect(product.status).toBe(201)
    const v = site.visitor()
    expect((await v.post('/api/commerce/shopping-cart/entries', { itemId: product.json.product.id, sku: 'CUP-1', quantity: 1 })).status).toBe(200)
    const address = { firstName: 'Ada', lastName: 'Lovelace', line1: `1 Main${LONE}`, city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }
    isIllFormed400(await v.post('/api/commerce/checkout', { email: 'buyer@example.com', shippingAddress: address, card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' } }), 'shippingAddress.line1')
    isIllFormed400(await v.post('/api/commerce/shopping-cart/entries', { itemId: product.json.product.id, sku: 'CUP-1', quantity: 1, additionalFields: JSON.stringify({ note: LONE }) }), 'additionalFields.note')
    // nothing was bought: the cart still holds its one line (a placed order clears it)
    const cart = await v.get('/api/commerce/shopping-cart')
    expect(cart.json.entries.map((e: { quantity: number }) => e.quantity)).toEqual([1])
  })

  it("in a form field's title, a page layout and a variant's imageId (owner)", async () => {
    const form = await createForm(site)
    isIllFormed400(await site.owner.request('PATCH', `/api/sites/${site.siteId}/forms/${form.id}`, { json: { fields: [{ type: 'text', id: 'text', title: `Name${LONE}`, required: true }] } }), 'fields.0.title')
    const page = await site.owner.post(`/api/sites/${site.siteId}/content/collections`, { typeName: 'page', title: 'About' })
    expect(page.status).toBe(201)
    const layout = { sections: [{ blocks: [{ type: 2, value: { html: '<p>Hi</p>' } }, { type: 2, value: { html: `<p>${LONE}</p>` } }] }] }
    isIllFormed400(await site.owner.request('PUT', `/api/sites/${site.siteId}/content/collections/${page.json.collection.id}/layout`, { json: layout }), 'sections.0.blocks.1.value.html')
    const shop = await site.owner.post(`/api/sites/${site.siteId}/content/collections`, { typeName: 'products', title: 'Goods' })
    isIllFormed400(await site.owner.post(`/api/sites/${site.siteId}/commerce/products`, { collectionId: shop.json.collection.id, productType: 1, title: 'Pen', variants: [{ sku: 'PEN', priceCents: 100, imageId: `a${LONE}` }] }), 'variants.0.imageId')
    const list = await site.owner.get(`/api/sites/${site.siteId}/commerce/products`)
    expect(JSON.stringify(list.json)).not.toContain('Pen')
  })
})
