// Imports Shopify or WooCommerce product CSVs into the site's shop: the file is read whole first (a bad price, a
// missing column or another kind of file: nothing imported, the line named), then each product is created or, when
// an earlier import of the same platform brought it (by handle / ID), updated; its images are fetched through the
// guarded fetcher and stored once; its old address (/products/<handle>, /product/<slug>) answers 301 to the new one.
import { htmlToText } from '../content/index.js'
import { AppError } from '../../platform/errors.js'
import { ImageFetcher } from './images.js'
import type { ImportPorts, ProductInput } from './ports.js'
import { readShopifyCsv, readWooCsv, type ProductSink, type ProductSkip, type SourceProduct } from './products-csv.js'
import { ImportReport } from './report.js'
import type { SourceKeys, SourceMap } from './source-map.js'
import { land } from './records.js'

export interface ProductImportOptions {
  siteId: string
  kind: 'shopify-csv' | 'woo-csv'
  open: () => AsyncIterable<Buffer | string>
  progress?: (done: number, total: number) => Promise<void> | void
}

/** The shop's most products per collection (the commerce domain's rule): a fuller import opens "Shop 2", ... */
export const SHOP_ROOM = 200

const SKU_OK = /^[A-Za-z0-9._-]+$/

/** SKUs the store accepts (letters, digits, dot, dash, underscore; 64 at most), unique within the product. */
function cleanSkus(p: SourceProduct): (string | undefined)[] {
  const seen = new Set<string>()
  return p.variants.map((v) => {
    const base = v.sku.trim().replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60)
    if (!base || !SKU_OK.test(base)) return undefined
    let sku = base
    for (let n = 2; seen.has(sku.toUpperCase()); n++) sku = `${base}-${n}`
    seen.add(sku.toUpperCase())
    return sku
  })
}

export async function importProducts(ports: ImportPorts, sources: SourceMap, opts: ProductImportOptions): Promise<ImportReport> {
  const report = new ImportReport(opts.kind)
  const platform = opts.kind === 'shopify-csv' ? 'Shopify' : 'WooCommerce'
  const read = (sink: ProductSink, skip: (s: ProductSkip) => void) => (opts.kind === 'shopify-csv' ? readShopifyCsv(opts.open(), sink, skip) : readWooCsv(opts.open, sink, skip))
  // pass 1: the whole file, checked (throws before anything is written) and counted
  let total = 0
  await read(
    () => void total++,
    () => undefined,
  )
  report.source = { title: `${platform} products`, link: '', authors: 0, categories: 0, tags: 0 }
  const map = sources.of(opts.siteId, opts.kind)
  const images = new ImageFetcher(ports, map, opts.siteId, report)
  const shop = await shopFor(ports, map, opts.siteId)
  const categories = new Set<string>()
  const tags = new Set<string>()
  let done = 0

  // pass 2: each product, in file order
  await read(
    async (p) => {
      const imageIds: string[] = []
      for (const img of p.images) {
        const stored = await images.get(img.src, img.alt || p.title)
        if (stored && !imageIds.includes(stored.id)) imageIds.push(stored.id)
      }
      const skus = cleanSkus(p)
      const variants = await Promise.all(
        p.variants.map(async (v, i) => {
          const img = v.image ? await images.get(v.image, p.title) : null
          if (img && !imageIds.includes(img.id)) imageIds.push(img.id)
          const sku = skus[i]
          return {
            ...(sku ? { sku } : {}),
            attributes: v.attributes,
            priceCents: v.wasCents ?? v.priceCents,
            salePriceCents: v.wasCents !== null ? v.priceCents : 0,
            onSale: v.wasCents !== null,
            qtyInStock: v.qty ?? 0,
            unlimited: v.qty === null,
            ...(img ? { imageId: img.id } : {}),
          }
        }),
      )
      if (p.options.length > 6) {
        report.skip('products with more than 6 options', `${p.title} (line ${p.line})`)
        return
      }
      const input: ProductInput = {
        title: p.title,
        description: p.descriptionHtml.slice(0, 20_000),
        descriptionFormat: 'html',
        excerpt: htmlToText(p.excerpt).trim().slice(0, 1000),
        status: p.status,
        imageIds: imageIds.slice(0, 50),
        variantOptions: p.options.map((o) => ({ name: o.name, values: o.values.slice(0, 200) })),
        variants,
        tags: p.tags,
        categories: p.categories,
        seoTitle: p.seoTitle,
        seoDescription: p.seoDescription,
        weight: p.weight,
      }
      const saved = await saveProduct(ports, map, shop, opts.siteId, p, input, report)
      if (!saved) return
      report.count('redirects', saved.redirects)
      p.categories.forEach((c) => categories.add(c.toLowerCase()))
      p.tags.forEach((t) => tags.add(t.toLowerCase()))
      report.count('products')
      report.count('variants', p.variants.length)
      if (p.variants.some((v) => v.wasCents !== null)) report.count('products on sale')
      if (p.status !== 'published') report.note(`products imported as ${p.status === 'hidden' ? 'hidden (archived in the export)' : 'drafts (not published in the export)'}`, saved.path)
      done++
      if (done % 10 === 0 || done === total) await opts.progress?.(done, total)
    },
    (s) => report.skip(s.what, s.which),
  )
  report.count('redirects', 0)
  report.source.categories = categories.size
  report.source.tags = tags.size
  await opts.progress?.(total, total)
  return report
}

interface Shop {
  /** The collection new products go into (another is opened when it is full). */
  current(): Promise<{ id: string; urlId: string }>
  urlIdOf(collectionId: string): Promise<string>
}

/** The shop an import fills: the one an earlier import of this platform used, else the site's first, else a new one. */
async function shopFor(ports: ImportPorts, map: SourceKeys, siteId: string): Promise<Shop> {
  const urlIds = new Map<string, string>()
  let chosen: { id: string; urlId: string } | null = null
  const products = async () => (await ports.content.listCollections(siteId)).filter((c) => c.typeName === 'products')
  async function current() {
    if (chosen && (await ports.commerce.countProducts(siteId, chosen.id)) < SHOP_ROOM) return chosen
    const mapped = await map.get('shop')
    const all = await products()
    for (const c of all) urlIds.set(c.id, c.urlId)
    const candidates = [...all.filter((c) => c.id === mapped), ...all.filter((c) => c.id !== mapped)]
    for (const c of candidates) {
      if ((await ports.commerce.countProducts(siteId, c.id)) < SHOP_ROOM) {
        chosen = { id: c.id, urlId: c.urlId }
        await map.set('shop', c.id)
        return chosen
      }
    }
    const made = await land(ports, map, siteId, async (tx) => {
      const c = await ports.content.createCollection(siteId, { typeName: 'products', title: all.length ? `Shop ${all.length + 1}` : 'Shop' }, tx)
      await map.set('shop', c.id, tx)
      return c
    })
    chosen = { id: made.id, urlId: made.urlId }
    urlIds.set(made.id, made.urlId)
    return chosen
  }
  return {
    current,
    async urlIdOf(collectionId) {
      if (!urlIds.has(collectionId)) for (const c of await products()) urlIds.set(c.id, c.urlId)
      return urlIds.get(collectionId) ?? ''
    },
  }
}

async function saveProduct(ports: ImportPorts, map: SourceKeys, shop: Shop, siteId: string, p: SourceProduct, input: ProductInput, report: ImportReport): Promise<{ path: string; redirects: number } | null> {
  const key = `product:${p.key}`
  const mapped = await map.get(key)
  const existing = mapped ? await ports.commerce.productById(siteId, mapped) : null
  // read before the transaction (on PGlite a read outside it would wait for it): the collection and its address
  const into = existing ? { id: existing.collectionId, urlId: await shop.urlIdOf(existing.collectionId) } : await shop.current()
  // the product, its mapping and its old address's redirect commit together (a crash between never duplicates it)
  const attempt = (fields: ProductInput) =>
    land(ports, map, siteId, async (tx) => {
      let saved: { id: string; urlId: string }
      if (existing) saved = await ports.commerce.updateProduct(siteId, existing.id, fields, tx)
      else {
        let row
        try {
          row = await ports.commerce.createProduct(siteId, { ...fields, collectionId: into.id, productType: 1, urlId: p.urlId }, tx)
        } catch (e) {
          // the handle is taken in this collection by a product of another source: the store picks a free address
          if (!(e instanceof AppError && e.code === 'url_taken')) throw e
          row = await ports.commerce.createProduct(siteId, { ...fields, collectionId: into.id, productType: 1 }, tx)
        }
        saved = row
        await map.set(key, row.id, tx)
      }
      const path = `/${into.urlId}/${saved.urlId}`
      const redirects = p.oldPath && p.oldPath !== path ? [{ from: p.oldPath, to: path }] : []
      await ports.content.addRedirects(siteId, redirects, tx)
      return { path, redirects: redirects.length }
    })
  try {
    return await attempt(input)
  } catch (e) {
    if (e instanceof AppError && e.code === 'sku_taken') {
      // another product of the site has one of these SKUs: the store makes new ones, the owner is told
      const saved = await attempt({ ...input, variants: input.variants.map(({ sku: _s, ...v }) => v) })
      report.note('products whose SKUs another product already had (given new SKUs)', p.title)
      return saved
    }
    if (e instanceof AppError && e.type !== 'internal' && e.type !== 'unavailable') {
      report.skip('products the store refused', `${p.title} (line ${p.line}): ${e.message}`)
      return null
    }
    throw e
  }
}
