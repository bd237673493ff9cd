// The product CSV readers on sample exports written here in Shopify's and WooCommerce's public formats: products
// with their options, variants, prices (compare-at and sale prices, "1,250.00" and "9,50"), stock (tracked, not
// tracked, sold when out), images and SEO fields; what is skipped and why; and bad files refused naming the line.
// Also the Ghost readers: Lexical and mobiledoc documents rendered to HTML, and an export read whole.
import { readFileSync } from 'node:fs'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { lexicalHtml, mobiledocHtml } from './ghost-content.js'
import { readGhost } from './ghost.js'
import { readShopifyCsv, readWooCsv, type ProductSkip, type SourceProduct } from './products-csv.js'

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)))
/** The file in small pieces, as an upload streams it. */
const chunks = (bytes: Buffer | string, size = 97) => () => {
  const b = Buffer.from(bytes)
  return Readable.from(Array.from({ length: Math.ceil(b.length / size) }, (_, i) => b.subarray(i * size, (i + 1) * size)))
}

async function shopify(bytes: Buffer | string) {
  const products: SourceProduct[] = []
  const skipped: ProductSkip[] = []
  await readShopifyCsv(chunks(bytes)(), (p) => void products.push(p), (s) => void skipped.push(s))
  return { products, skipped }
}
async function woo(bytes: Buffer | string) {
  const products: SourceProduct[] = []
  const skipped: ProductSkip[] = []
  await readWooCsv(chunks(bytes), (p) => void products.push(p), (s) => void skipped.push(s))
  return { products, skipped }
}

describe('Shopify product CSV', () => {
  it('reads products over their rows: options, variants, prices, stock, images, SEO', async () => {
    const { products, skipped } = await shopify(fixture('shopify-products.csv'))
    expect(skipped).toEqual([])
    expect(products.map((p) => [p.key, p.status, p.variants.length])).toEqual([
      ['linen-apron', 'published', 4],
      ['gift-note', 'published', 1],
      ['winter-mug', 'draft', 1],
      ['old-vase', 'hidden', 1],
    ])
    const apron = products[0]!
    expect(apron.descriptionHtml).toBe('<p>Stonewashed linen, cut long.</p>\n<p>Two deep pockets.</p>')
    expect(apron.options).toEqual([
      { name: 'Color', values: ['Natural', 'Charcoal'] },
      { name: 'Size', values: ['S', 'M'] },
    ])
    expect(apron.variants.map((v) => [v.sku, v.attributes, v.priceCents, v.wasCents, v.qty, v.image])).toEqual([
      ['APRON-NAT-S', { Color: 'Natural', Size: 'S' }, 3900, 4900, 5, ''],
      ['APRON-NAT-M', { Color: 'Natural', Size: 'M' }, 3900, 4900, 0, 'https://images.example.test/apron-m.png'],
      ['APRON-CHA-S', { Color: 'Charcoal', Size: 'S' }, 3900, null, 2, ''],
      ['APRON-CHA-M', { Color: 'Charcoal', Size: 'M' }, 4150, null, null, ''],
    ])
    expect(apron.images).toEqual([
      { src: 'https://images.example.test/apron.png', alt: 'Linen apron' },
      { src: 'https://images.example.test/apron-back.png', alt: 'The back' },
    ])
    expect(apron).toMatchObject({ tags: ['linen', 'kitchen'], categories: ['Aprons'], seoTitle: 'Linen apron | Kiln & Co', weight: { value: 300, unit: 'g' }, oldPath: '/products/linen-apron' })
    // "Default Title" is no option; no inventory tracker: never out of stock
    expect(products[1]!.options).toEqual([])
    expect(products[1]!.variants[0]).toMatchObject({ attributes: {}, priceCents: 250, qty: null })
    expect(products[2]!.categories).toEqual(['Mugs'])
    expect(products[3]!.variants[0]!.priceCents).toBe(125000)
  })

  it('refuses a bad file whole, naming the line or the columns', async () => {
    const csv = fixture('shopify-products.csv').toString()
    const badPrice = csv.replace('APRON-CHA-S,300,shopify,2,deny,manual,39.00', 'APRON-CHA-S,300,shopify,2,deny,manual,thirty-nine')
    await expect(shopify(badPrice)).rejects.toThrow('Line 5: Variant Price “thirty-nine” is not a price.')
    await expect(shopify(csv.replace('Variant Price,', 'Price,'))).rejects.toThrow('This Shopify product CSV lacks the column Variant Price (line 1 names the columns).')
    await expect(shopify(fixture('woo-products.csv'))).rejects.toThrow(/^This looks like a WooCommerce product CSV, not a Shopify one/)
    await expect(shopify('<?xml version="1.0"?><rss/>')).rejects.toThrow(/^This is not a Shopify product CSV: the file is XML/)
    await expect(shopify('Handle,Title,Variant Price\n"open,x,1\n')).rejects.toThrow(/^The file is not well-formed CSV at line \d: Quote Not Closed/)
    await expect(shopify('')).rejects.toThrow('This is not a Shopify product CSV: the file is empty.')
  })
})

describe('WooCommerce product CSV', () => {
  it('reads simple and variable products with their variations; skips what is not sold as one product', async () => {
    const { products, skipped } = await woo(fixture('woo-products.csv'))
    expect(products.map((p) => [p.key, p.title, p.status, p.variants.length])).toEqual([
      ['id:101', 'Hoodie', 'published', 3],
      ['id:110', 'Beanie', 'published', 1],
      ['id:140', 'Draft Scarf', 'draft', 1],
      ['id:150', 'Socks', 'published', 1],
    ])
    const hoodie = products[0]!
    expect(hoodie.options).toEqual([
      { name: 'Color', values: ['Blue', 'Green'] },
      { name: 'Size', values: ['S', 'M'] },
    ])
    expect(hoodie.variants.map((v) => [v.sku, v.priceCents, v.wasCents, v.qty])).toEqual([
      ['HOODIE-BLUE-S', 4000, 4500, 3],
      ['HOODIE-BLUE-M', 4500, null, 0],
      ['HOODIE-GREEN-S', 4500, null, null],
    ])
    expect(hoodie).toMatchObject({
      categories: ['Hoodies', 'Sale'],
      tags: ['warm', 'cotton'],
      excerpt: 'Warm, soft, roomy.',
      descriptionHtml: '<p>A heavy cotton hoodie.</p><p>Brushed inside.</p>',
      seoTitle: 'Hoodie | Studio shop',
      weight: { value: 0.5, unit: 'kg' },
      oldPath: '/product/hoodie',
    })
    expect(hoodie.images.map((i) => i.src)).toEqual(['https://images.example.test/hoodie.png', 'https://images.example.test/hoodie-2.png'])
    expect(hoodie.variants[0]!.image).toBe('https://images.example.test/hoodie-blue.png')
    expect(products[1]!.variants[0]).toMatchObject({ priceCents: 1500, qty: 20 })
    // backorders allowed: never out; "9,50" is 9.50
    expect(products[3]!.variants[0]).toMatchObject({ priceCents: 950, qty: null })
    expect(skipped.map((s) => s.what)).toEqual(['variations set to “any” value of an attribute', 'grouped products (not sold as one product here)', 'external products (not sold as one product here)'])
    expect(skipped[0]!.which).toBe('Hoodie: Size (line 8)')
  })

  it('refuses a variation without a parent and a bad stock figure, naming the line', async () => {
    const csv = fixture('woo-products.csv').toString()
    await expect(woo(csv.replace(',id:101,,,,,,2,', ',,,,,,,2,'))).rejects.toThrow('Line 6: a variation without a Parent (the parent product\'s id:ID or SKU).')
    await expect(woo(csv.replace('taxable,,1,20,', 'taxable,,1,twenty,'))).rejects.toThrow('Line 9: Stock “twenty” is not a whole number.')
    await expect(woo(fixture('shopify-products.csv'))).rejects.toThrow(/^This looks like a Shopify product CSV, not a WooCommerce one/)
  })
})

describe('Ghost', () => {
  it('renders Lexical and mobiledoc documents to HTML, naming the cards it does not know', () => {
    const lex = lexicalHtml(
      JSON.stringify({
        root: {
          children: [
            { type: 'paragraph', children: [{ type: 'text', text: 'A <b>', format: 3 }, { type: 'link', url: '/x', children: [{ type: 'text', text: 'link', format: 0 }] }] },
            { type: 'list', listType: 'number', children: [{ type: 'listitem', children: [{ type: 'text', text: 'one', format: 0 }] }] },
            { type: 'image', src: 'https://img.example/a.png', alt: 'A', caption: 'Cap' },
            { type: 'signup' },
          ],
        },
      }),
    )
    expect(lex.html).toBe('<p><em><strong>A &lt;b&gt;</strong></em><a href="/x">link</a></p>\n<ol><li>one</li></ol>\n<figure><img src="https://img.example/a.png" alt="A"><figcaption>Cap</figcaption></figure>\n')
    expect(lex.unknown).toEqual(['signup'])
    const mob = mobiledocHtml(
      JSON.stringify({ version: '0.3.1', atoms: [['soft-return', '', {}]], markups: [['a', ['href', 'https://x.example/']], ['strong']], cards: [['hr', {}], ['paywall', {}]], sections: [[1, 'h2', [[0, [1], 1, 'Title']]], [1, 'p', [[0, [0], 1, 'here'], [1, [], 0, 0], [0, [], 0, 'next']]], [10, 0], [10, 1]] }),
    )
    expect(mob.html).toBe('<h2><strong>Title</strong></h2>\n<p><a href="https://x.example/">here</a><br>next</p>\n<hr>\n')
    expect(mob.unknown).toEqual(['paywall'])
  })

  it('reads an export whole: posts with tags, authors and SEO, members with their consent to mail', async () => {
    const g = await readGhost(chunks(fixture('ghost-export.json'))())
    expect(g).toMatchObject({ version: '5.75.0', title: 'The Studio', tags: 3, authors: 2 })
    expect(g.posts.map((p) => [p.slug, p.type, p.status, p.visibility])).toEqual([
      ['welcome', 'post', 'published', 'public'],
      ['glaze-notes', 'post', 'published', 'public'],
      ['next-firing', 'post', 'draft', 'public'],
      ['kiln-log', 'post', 'published', 'members'],
      ['about', 'page', 'published', 'public'],
    ])
    expect(g.posts[0]).toMatchObject({ tags: ['News'], authors: ['Ola Potter'], metaTitle: 'Welcome | The Studio' })
    // an internal tag (#import) is Ghost's own bookkeeping, not a tag
    expect(g.posts[1]).toMatchObject({ tags: ['Glazes'], authors: ['Sam Glaze', 'Ola Potter'] })
    expect(g.members.map((m) => [m.email, m.subscribed, m.labels])).toEqual([
      ['ada@readers.example.com', true, []],
      ['ben@readers.example.com', false, []],
      ['cy@shops.example.com', true, ['Wholesale']],
      ['not-an-email', false, []],
      ['dee@readers.example.com', false, []],
    ])
    await expect(readGhost(chunks('{"db": [ {"meta": {},\n "data": {"posts": [}}]}')())).rejects.toThrow(/^The file is not well-formed JSON \(line 2\)/)
    await expect(readGhost(chunks('{"posts": []}')())).rejects.toThrow(/^This is not a Ghost export: it has no db\[0\]\.data\.posts/)
    await expect(readGhost(chunks('<rss/>')())).rejects.toThrow(/^This is not a Ghost export \(JSON\): the file is XML/)
  })
})
