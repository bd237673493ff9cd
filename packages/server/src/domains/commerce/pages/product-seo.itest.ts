// Product editor details on the published product page: the SEO title, description and social image go into
// <title>, the meta description and the og tags (else the product's own title, excerpt and main image); a rich-text
// description is stored sanitized and printed as HTML; weight, dimensions, tags and categories round-trip.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'

let t: TestApp
let owner: Client
let siteId: string
let host: string
let shopId: string

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
  shopId = (await owner.post(`/api/sites/${siteId}/content/collections`, { typeName: 'products', title: 'Shop' })).json.collection.id
})
afterAll(() => t?.close())

const api = (p: string) => `/api/sites/${siteId}/commerce${p}`
const meta = (html: string, attr: 'name' | 'property', key: string) => new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html)?.[1]

describe(`product and post SEO and details (${BACKEND})`, () => {
  it('the page uses the product title, excerpt and main image until SEO fields are set, then those', async () => {
    const main = await t.app.files.storeBuffer(siteId, 'jug.png', await sharp({ create: { width: 400, height: 300, channels: 3, background: '#aa5500' } }).png().toBuffer())
    const social = await t.app.files.storeBuffer(siteId, 'jug-social.png', await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#225588' } }).png().toBuffer())
    const created = await owner.post(api('/products'), {
      collectionId: shopId, productType: 1, title: 'Water jug', excerpt: 'A jug for the table.', imageIds: [main.id],
      variants: [{ sku: 'JUG-1', priceCents: 4200, qtyInStock: 3 }],
    })
    expect(created.status).toBe(201)
    const p = created.json.product
    const visitor = t.client(host)
    const before = (await visitor.get(`/shop/${p.urlId}`)).body
    expect(before).toMatch(/<title>Water jug — Site [^<]+<\/title>/)
    expect(meta(before, 'name', 'description')).toBe('A jug for the table.')
    expect(meta(before, 'property', 'og:image')).toContain(main.id)
    expect(meta(before, 'property', 'og:type')).toBe('product')

    const patched = await owner.patch(api(`/products/${p.id}`), {
      seoTitle: 'Stoneware water jug, 1 litre | Studio',
      seoDescription: 'Wood-fired stoneware jug with an ash glaze. Holds one litre.',
      socialImageId: social.id,
      descriptionFormat: 'html',
      description: '<p>Thrown by <strong>hand</strong>.</p><script>alert(1)</script><p onclick="x()">Ash <em>glaze</em>.</p>',
      weight: { value: 1.2, unit: 'kg' },
      dimensions: { length: 20, width: 14, height: 24, unit: 'cm' },
      tags: ['jug', 'Jug', 'stoneware'],
      categories: ['Tableware'],
    })
    expect(patched.status).toBe(200)
    const q = patched.json.product
    expect(q).toMatchObject({ seoTitle: 'Stoneware water jug, 1 litre | Studio', socialImageId: social.id, descriptionFormat: 'html', tags: ['jug', 'stoneware'], categories: ['Tableware'], weight: { value: 1.2, unit: 'kg' }, dimensions: { length: 20, width: 14, height: 24, unit: 'cm' } })
    expect(q.description).not.toContain('<script')
    expect(q.description).not.toContain('onclick')
    expect((await owner.get(api(`/products/${p.id}`))).json.product).toMatchObject({ seoDescription: 'Wood-fired stoneware jug with an ash glaze. Holds one litre.', tags: ['jug', 'stoneware'] })

    const after = (await visitor.get(`/shop/${p.urlId}`)).body
    expect(after).toContain('<title>Stoneware water jug, 1 litre | Studio</title>')
    expect(meta(after, 'property', 'og:title')).toBe('Stoneware water jug, 1 litre | Studio')
    expect(meta(after, 'name', 'description')).toBe('Wood-fired stoneware jug with an ash glaze. Holds one litre.')
    expect(meta(after, 'property', 'og:description')).toBe('Wood-fired stoneware jug with an ash glaze. Holds one litre.')
    expect(meta(after, 'property', 'og:image')).toContain(social.id)
    expect(after).toContain('<p>Thrown by <strong>hand</strong>.</p>')
    expect(after).not.toContain('alert(1)')
  })

  it('switching a plain description to rich text keeps it escaped; bad values are refused per field', async () => {
    const created = await owner.post(api('/products'), { collectionId: shopId, productType: 1, title: 'Bowl', description: 'Soft <b>glaze</b>', variants: [{ sku: 'BOWL-1', priceCents: 1000, qtyInStock: 1 }] })
    const id = created.json.product.id
    const r = await owner.patch(api(`/products/${id}`), { descriptionFormat: 'html' })
    expect(r.json.product.body).toBe('<p>Soft &lt;b&gt;glaze&lt;/b&gt;</p>')
    const bad = await owner.patch(api(`/products/${id}`), { weight: { value: -1, unit: 'stone' }, seoTitle: 'x'.repeat(201), tags: [''] })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.error.fields ?? {}).sort()).toEqual(expect.arrayContaining(['seoTitle']))
  })

  it('a blog post page uses its SEO title, description and social image the same way', async () => {
    const blog = (await owner.post(`/api/sites/${siteId}/content/collections`, { typeName: 'blog', title: 'Journal' })).json.collection
    const item = (await owner.post(`/api/sites/${siteId}/content/collections/${blog.id}/items`, { title: 'Kiln day', excerpt: '<p>We fired.</p>' })).json.item
    const visitor = t.client(host)
    const before = (await visitor.get(item.fullUrl)).body
    expect(before).toMatch(/<title>Kiln day — Site [^<]+<\/title>/)
    expect(meta(before, 'name', 'description')).toBe('We fired.')
    const social = await t.app.files.storeBuffer(siteId, 'kiln.png', await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#553311' } }).png().toBuffer())
    const r = await owner.patch(`/api/sites/${siteId}/content/items/${item.id}`, { seoTitle: 'Firing the wood kiln: a day log', seoDescription: 'Thirty hours of stoking.', socialImageId: social.id })
    expect(r.status).toBe(200)
    expect(r.json.item).toMatchObject({ seoTitle: 'Firing the wood kiln: a day log', seoDescription: 'Thirty hours of stoking.', socialImageId: social.id })
    const after = (await visitor.get(item.fullUrl)).body
    expect(after).toContain('<title>Firing the wood kiln: a day log</title>')
    expect(meta(after, 'name', 'description')).toBe('Thirty hours of stoking.')
    expect(meta(after, 'property', 'og:image')).toContain(social.id)
    // cleared: back to the post's own
    await owner.patch(`/api/sites/${siteId}/content/items/${item.id}`, { seoTitle: '', seoDescription: '', socialImageId: null })
    expect((await visitor.get(item.fullUrl)).body).toMatch(/<title>Kiln day — /)
  })
})
