// Scenario: the site search finds what a visitor looks for across domains. The demo owner adds a product (commerce,
// owner API); a visitor searches a word of its title and a word of its description (publishing) and finds it with
// its image and price; the demo's own products, events and posts are found by their words too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import { DEMO_OWNER } from '../../../app/demo.js'

let t: TestApp
let owner: Client
let siteId: string
beforeAll(async () => {
  t = await startTestApp()
  owner = t.client()
  const login = await owner.post('/api/auth/login', { email: DEMO_OWNER.email, password: DEMO_OWNER.password })
  expect(login.status, login.body).toBe(200)
  siteId = login.json.sites[0].id
})
afterAll(() => t?.close())

interface Result { title: string; fullUrl: string; excerpt: string; collectionTitle: string; recordType: number; mainImage?: { assetUrl: string }; structuredContent?: unknown }
const search = async (q: string, page = 1): Promise<{ total: number; results: Result[] }> => {
  const res = await t.client().get(`/search?q=${encodeURIComponent(q)}&page=${page}&format=json`)
  expect(res.status).toBe(200)
  return res.json.search
}
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

describe(`site search across content and the store (${BACKEND})`, () => {
  it('"mug" finds both mugs of the shop, with their image and price, beside the post and pages', async () => {
    const { results, total } = await search('mug')
    const titles = results.map((r) => r.title)
    expect(titles).toEqual(expect.arrayContaining(['Stoneware mug', 'Mug club (monthly)']))
    expect(total).toBe(results.length)
    const mug = results.find((r) => r.title === 'Stoneware mug')!
    expect(mug).toMatchObject({ fullUrl: '/shop/stoneware-mug', collectionTitle: 'Shop', recordType: 11 })
    expect(mug.mainImage?.assetUrl).toMatch(/^\/files\//)
    // the search page prints the image and the price (the cheapest variant: $28.00) of the result
    const html = (await t.client().get('/search?q=mug')).body
    const li = html.slice(html.indexOf('href="/shop/stoneware-mug"') - 400, html.indexOf('href="/shop/stoneware-mug"') + 1200)
    expect(li).toContain(`src="${mug.mainImage!.assetUrl}`)
    expect(li).toContain(dollars(2800))
  })

  it('a new product is found by a word of its title and by a word of its description; a draft is not', async () => {
    const shop = (await owner.get(`/api/sites/${siteId}/content/collections`)).json.collections.find((c: { typeName: string }) => c.typeName === 'products')
    const priceCents = 5400
    const created = await owner.post(`/api/sites/${siteId}/commerce/products`, {
      collectionId: shop.id, productType: 1, title: 'Walnut serving board',
      description: 'Oiled by hand with beeswax and cut from one plank.',
      variants: [{ sku: 'BOARD-1', priceCents, qtyInStock: 5 }],
    })
    expect(created.status, created.body).toBe(201)
    const draft = await owner.post(`/api/sites/${siteId}/commerce/products`, {
      collectionId: shop.id, productType: 1, title: 'Walnut spoon', status: 'draft', variants: [{ sku: 'SPOON-1', priceCents: 900, qtyInStock: 5 }],
    })
    expect(draft.status, draft.body).toBe(201)

    for (const word of ['walnut', 'beeswax']) {
      const found = await search(word)
      expect(found.results.map((r) => r.title), word).toEqual(['Walnut serving board'])
      expect(found.total).toBe(1)
      expect(found.results[0]).toMatchObject({ fullUrl: created.json.product.fullUrl, recordType: 11, excerpt: 'Oiled by hand with beeswax and cut from one plank.' })
    }
    const html = (await t.client().get('/search?q=beeswax')).body
    expect(html).toContain(`href="${created.json.product.fullUrl}"`)
    expect(html).toContain(dollars(priceCents))
  })

  it('events and posts are found by words of their text; pages of results keep one order', async () => {
    expect((await search('raku')).results.map((r) => r.fullUrl)).toContain('/events/raku-weekend')
    expect((await search('fountain')).results.map((r) => r.fullUrl)).toEqual(['/events/harbour-market'])
    // "glaze" matches posts, events and products: the merged pages hold each hit once
    const all = await search('glaze')
    expect(all.total).toBeGreaterThan(1)
    expect(all.results.length).toBe(Math.min(all.total, 20))
    expect(all.results.some((r) => r.recordType === 11)).toBe(true)
    expect(all.results.some((r) => r.recordType !== 11)).toBe(true)
    expect(new Set(all.results.map((r) => r.fullUrl)).size).toBe(all.results.length)
  })
})
