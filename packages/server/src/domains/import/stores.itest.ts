// Shopify and WooCommerce product CSVs and a Ghost JSON export (sample files written here in the platforms' public
// formats: fixtures/) imported through the owner API, as the editor's Settings -> Import does. The products come
// into the shop with their options, variants, prices (compare-at and sale), stock and images (fetched from a local
// stand-in image host; one on an unreachable host is reported missing); old addresses answer 301 to the new pages;
// Ghost's posts, page and members (with their consent to mail) come in; importing a file again updates, never
// duplicates; a bad file imports nothing and says which line.
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportJobView } from '@sitewright/contracts'
import { BACKEND, keepEnv, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { sqlRows } from '../../platform/db/index.js'

keepEnv(['GALLERY_FEED_ALLOW_PRIVATE'])
let t: TestApp
let images: Server
let imageBase = ''
const served: string[] = []

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8').replaceAll('https://images.example.test/', `${imageBase}/`)

interface Site {
  owner: Client
  id: string
  visitor: Client
}
async function newSite(): Promise<Site> {
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  return { owner, id: res.json.site.id, visitor: t.client(`${res.json.site.slug}.localhost`) }
}

async function importFile(site: Site, kind: string, name: string, body: string): Promise<ImportJobView> {
  const res = await site.owner.request('POST', `/api/sites/${site.id}/imports?kind=${kind}&fileName=${name}`, { body, contentType: kind === 'ghost' ? 'application/json' : 'text/csv' })
  expect(res.status, res.body).toBe(202)
  await t.app.imports.jobs.drain()
  const job = await site.owner.get(`/api/sites/${site.id}/imports/${res.json.job.id}`)
  return job.json.job as ImportJobView
}

const count = async (table: string, siteId: string) => (await sqlRows<{ n: number }>(t.app.db.orm, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE site_id = ${siteId}`))[0]!.n

async function products(site: Site) {
  const res = await site.owner.get(`/api/sites/${site.id}/commerce/products?pageSize=200`)
  expect(res.status).toBe(200)
  const full = await Promise.all(
    (res.json.products as { id: string }[]).map(async (p) => {
      const product = (await site.owner.get(`/api/sites/${site.id}/commerce/products/${p.id}`)).json.product
      const variants = await sqlRows(
        t.app.db.orm,
        sql`SELECT sku, attributes, price_cents AS "priceCents", sale_price_cents AS "salePriceCents", on_sale AS "onSale", qty_in_stock AS "qtyInStock", unlimited, image_id AS "imageId" FROM commerce_variants WHERE site_id = ${site.id} AND product_id = ${p.id} ORDER BY ordering`,
      )
      return { ...product, variants }
    }),
  )
  return full as {
    id: string
    title: string
    urlId: string
    status: string
    imageIds: string[]
    tags: string[]
    categories: string[]
    seoTitle: string
    variantOptions: { name: string; values: string[] }[]
    variants: { sku: string; attributes: Record<string, string>; priceCents: number; salePriceCents: number; onSale: boolean; qtyInStock: number; unlimited: boolean; imageId: string | null }[]
  }[]
}

/** The old address answers 301 to a page that answers 200 with `text`. */
async function movedTo(site: Site, from: string, text: string): Promise<string> {
  const res = await site.visitor.get(from)
  expect(res.status, from).toBe(301)
  const to = String(res.headers.location)
  const page = await site.visitor.get(to)
  expect(page.status, to).toBe(200)
  expect(page.body).toContain(text)
  return to
}

beforeAll(async () => {
  const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#b0764a' } }).png().toBuffer()
  images = createServer((req, res) => {
    served.push(req.url ?? '')
    // each address a picture of its own (stored once per content)
    const bytes = Buffer.concat([png, Buffer.from(req.url ?? '')])
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length }).end(bytes)
  })
  await new Promise<void>((r) => images.listen(0, '127.0.0.1', r))
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`
  process.env.GALLERY_FEED_ALLOW_PRIVATE = '1'
  t = await startTestApp({ seedDemo: false })
}, 120_000)
afterAll(async () => {
  await t?.close()
  images?.close()
})

describe(`product CSV and Ghost imports (${BACKEND})`, () => {
  it('imports a Shopify product CSV: options, variants, prices, stock, images, SEO; old addresses redirect; again updates', async () => {
    const site = await newSite()
    const job = await importFile(site, 'shopify-csv', 'products_export_1.csv', fixture('shopify-products.csv'))
    expect(job.error).toBeNull()
    expect(job.status).toBe('done')
    expect(job).toMatchObject({ done: 4, total: 4 })
    expect(job.report!.counts).toMatchObject({ products: 4, variants: 7, images: 3, 'images missing': 1, redirects: 4, 'products on sale': 1 })
    expect(job.report!.missingImages).toEqual([{ url: 'https://cdn.shopify.invalid/s/files/note.png', reason: expect.stringMatching(/could not be found/) }])
    const list = await products(site)
    const apron = list.find((p) => p.title === 'Linen Apron')!
    expect(apron).toMatchObject({ urlId: 'linen-apron', status: 'published', tags: ['linen', 'kitchen'], categories: ['Aprons'], seoTitle: 'Linen apron | Kiln & Co' })
    expect(apron.variantOptions.map((o) => [o.name, o.values])).toEqual([
      ['Color', ['Natural', 'Charcoal']],
      ['Size', ['S', 'M']],
    ])
    expect(apron.variants.map((v) => [v.sku, v.priceCents, v.salePriceCents, v.onSale, v.qtyInStock, v.unlimited])).toEqual([
      ['APRON-NAT-S', 4900, 3900, true, 5, false],
      ['APRON-NAT-M', 4900, 3900, true, 0, false],
      ['APRON-CHA-S', 3900, 0, false, 2, false],
      ['APRON-CHA-M', 4150, 0, false, 0, true],
    ])
    // the product's two pictures and the variant's own, stored once each
    expect(apron.imageIds).toHaveLength(3)
    expect(apron.variants[1]!.imageId).toBe(apron.imageIds[2])
    expect(list.find((p) => p.title === 'Gift note')!.variants[0]!.sku).toBe('GIFT-NOTE-1')
    expect(list.find((p) => p.title === 'Winter Mug')!.status).toBe('draft')
    expect(list.find((p) => p.title === 'Old Vase')!.status).toBe('hidden')
    const to = await movedTo(site, '/products/linen-apron', 'Linen Apron')
    expect(to).toMatch(/^\/[a-z0-9-]+\/linen-apron$/)
    expect((await site.visitor.get(to)).body).toContain('Stonewashed linen, cut long.')

    // again, with a changed price: the same products, updated; the images are not fetched again
    const fetched = served.length
    const again = await importFile(site, 'shopify-csv', 'products_export_2.csv', fixture('shopify-products.csv').replace('MUG-WINTER,450,shopify,10,deny,manual,18,', 'MUG-WINTER,450,shopify,10,deny,manual,21,'))
    expect(again.status).toBe('done')
    expect(await count('commerce_products', site.id)).toBe(4)
    expect(await count('commerce_variants', site.id)).toBe(7)
    expect((await products(site)).find((p) => p.title === 'Winter Mug')!.variants[0]!.priceCents).toBe(2100)
    expect(served.length).toBe(fetched)
  })

  it('refuses a bad CSV whole: a price that is none, missing columns, another platform\'s file', async () => {
    const site = await newSite()
    const csv = fixture('shopify-products.csv')
    const bad = await importFile(site, 'shopify-csv', 'bad.csv', csv.replace('MUG-WINTER,450,shopify,10,deny,manual,18,', 'MUG-WINTER,450,shopify,10,deny,manual,eighteen,'))
    expect(bad).toMatchObject({ status: 'failed', error: 'Line 8: Variant Price “eighteen” is not a price.' })
    const columns = await importFile(site, 'shopify-csv', 'cut.csv', 'Handle,Title\nmug,Mug\n')
    expect(columns.error).toBe('This Shopify product CSV lacks the column Variant Price (line 1 names the columns).')
    const other = await importFile(site, 'woo-csv', 'shopify.csv', csv)
    expect(other.error).toMatch(/^This looks like a Shopify product CSV, not a WooCommerce one/)
    const xml = await importFile(site, 'shopify-csv', 'site.csv', '<?xml version="1.0"?>\n<rss></rss>')
    expect(xml.error).toMatch(/^This is not a Shopify product CSV: the file is XML/)
    expect(await count('commerce_products', site.id)).toBe(0)
    expect(await count('import_sources', site.id)).toBe(0)
  })

  it('imports a WooCommerce product CSV: variable products with their variations, simple ones, what is skipped and why', async () => {
    const site = await newSite()
    const job = await importFile(site, 'woo-csv', 'wc-product-export.csv', fixture('woo-products.csv'))
    expect(job.error).toBeNull()
    expect(job.report!.counts).toMatchObject({ products: 4, variants: 6, images: 4, redirects: 4 })
    expect(job.report!.skipped.map((s) => [s.what, s.items.length])).toEqual([
      ['variations set to “any” value of an attribute', 1],
      ['grouped products (not sold as one product here)', 1],
      ['external products (not sold as one product here)', 1],
    ])
    const hoodie = (await products(site)).find((p) => p.title === 'Hoodie')!
    expect(hoodie.categories).toEqual(['Hoodies', 'Sale'])
    expect(hoodie.variants.map((v) => [v.sku, v.attributes, v.priceCents, v.salePriceCents, v.qtyInStock, v.unlimited])).toEqual([
      ['HOODIE-BLUE-S', { Color: 'Blue', Size: 'S' }, 4500, 4000, 3, false],
      ['HOODIE-BLUE-M', { Color: 'Blue', Size: 'M' }, 4500, 0, 0, false],
      ['HOODIE-GREEN-S', { Color: 'Green', Size: 'S' }, 4500, 0, 0, true],
    ])
    expect(hoodie.imageIds).toHaveLength(3)
    await movedTo(site, '/product/hoodie', 'Hoodie')
    expect((await importFile(site, 'woo-csv', 'wc-product-export.csv', fixture('woo-products.csv'))).status).toBe('done')
    expect(await count('commerce_products', site.id)).toBe(4)
  })

  it('imports a Ghost export: posts from Lexical and mobiledoc, a page, members with their consent to mail', async () => {
    const site = await newSite()
    const job = await importFile(site, 'ghost', 'the-studio.ghost.2024-01-20.json', fixture('ghost-export.json'))
    expect(job.error).toBeNull()
    const r = job.report!
    expect(r.source).toMatchObject({ title: 'The Studio', authors: 2, tags: 3 })
    expect(r.counts).toMatchObject({ posts: 4, pages: 1, members: 4, 'members who agreed to mail': 2, images: 1, 'images missing': 2 })
    expect(r.skipped).toEqual([{ what: 'members without a valid email address', items: ['not-an-email'] }])
    expect(r.keptAsHtml.map((k) => k.name)).toContain('Ghost signup card')
    expect(r.notes.map((n) => n.what)).toEqual(expect.arrayContaining([expect.stringMatching(/^posts for members only on Ghost/), expect.stringMatching(/^paid or comped members/)]))
    // the old addresses: /<slug>/ on Ghost
    const welcome = await movedTo(site, '/welcome/', 'The kiln is')
    expect(welcome).toBe('/blog/welcome')
    const body = (await site.visitor.get(welcome)).body
    expect(body).toContain('What we fire')
    expect(body).toContain('href="/blog/glaze-notes"') // __GHOST_URL__/glaze-notes/ rewritten
    expect(body).toMatch(/<img[^>]+src="\/files\//)
    expect((await site.visitor.get('/blog/glaze-notes')).body).toContain('Celadon')
    expect((await site.visitor.get('/blog/next-firing')).status).toBe(404) // a draft stays a draft
    const about = await site.visitor.get('/about')
    expect(about.status).toBe(200)
    expect(about.body).toContain('href="/blog/welcome"')
    const members = await sqlRows<{ email: string; newsletter: boolean; tags: string[] }>(t.app.db.orm, sql`SELECT email, newsletter, tags FROM site_users WHERE site_id = ${site.id} ORDER BY email`)
    expect(members).toEqual([
      { email: 'ada@readers.example.com', newsletter: true, tags: [] },
      { email: 'ben@readers.example.com', newsletter: false, tags: [] },
      { email: 'cy@shops.example.com', newsletter: true, tags: ['Wholesale', 'ghost-paid'] },
      { email: 'dee@readers.example.com', newsletter: false, tags: [] },
    ])
    // an imported member has no password yet: none signs in
    const signIn = await t.client(site.visitor.host).post('/api/site-users/account/session', { email: 'ada@readers.example.com', password: '!imported-without-password' })
    expect(signIn.status).toBe(401)
    // again: nothing twice
    const again = await importFile(site, 'ghost', 'the-studio.json', fixture('ghost-export.json'))
    expect(again.report!.counts).toMatchObject({ posts: 4, 'members already here (left as they are)': 4 })
    expect(await count('content_items', site.id)).toBe(4)
    expect(await count('site_users', site.id)).toBe(4)
    const broken = await importFile(site, 'ghost', 'cut.json', fixture('ghost-export.json').slice(0, 2000))
    expect(broken.error).toMatch(/^The file is not well-formed JSON \(line \d+\)/)
  })
})
