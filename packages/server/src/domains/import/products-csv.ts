// Shopify and WooCommerce product CSVs -> products as the import writes them (options, variants, prices, stock,
// images, SEO fields, tags and categories). Shopify writes a product over consecutive rows of one Handle (the first
// with the product's fields, then one per further variant or image); WooCommerce writes a row per product and one
// per variation, which names its parent (`id:123` or the parent's SKU).
import { urlSlug } from '@sitewright/contracts'
import { listCell, priceCents, quantity, readCsv, type CsvRow } from './csv.js'
import { ImportFailure } from './errors.js'

export interface SourceVariant {
  sku: string
  attributes: Record<string, string>
  /** What the variant costs now, and what it cost before when it is on sale (compare-at / regular price). */
  priceCents: number
  wasCents: number | null
  /** Units in stock; null: never out (not tracked, or sold when out of stock). */
  qty: number | null
  image: string
}

export interface SourceProduct {
  /** The record's id in the export (Shopify handle, WooCommerce ID or SKU). */
  key: string
  line: number
  title: string
  urlId: string
  descriptionHtml: string
  excerpt: string
  status: 'published' | 'draft' | 'hidden'
  tags: string[]
  categories: string[]
  seoTitle: string
  seoDescription: string
  images: { src: string; alt: string }[]
  options: { name: string; values: string[] }[]
  variants: SourceVariant[]
  weight: { value: number; unit: 'g' | 'kg' | 'oz' | 'lb' } | null
  /** The product's address on the old shop. */
  oldPath: string
}

export interface ProductSkip {
  what: string
  which: string
}

export type ProductSink = (p: SourceProduct) => Promise<void> | void

const SHOPIFY_REQUIRED = ['Handle', 'Title', 'Variant Price']
const WOO_REQUIRED = ['Type', 'Name', 'Regular price']

const yes = (s: string) => /^(true|yes|1)$/i.test(s.trim())

/** Paragraphs of plain text as HTML; HTML kept as it is (the commerce domain sanitises descriptions). */
export function descriptionHtml(text: string): string {
  const t = text.replace(/\r\n?/g, '\n').trim()
  if (!t) return ''
  if (/<(p|div|ul|ol|h[1-6]|table|blockquote|figure|section)\b/i.test(t)) return t
  return t
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('')
}

function clip(list: string[], max: number, len: number): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of list) {
    const v = raw.trim().slice(0, len)
    if (!v || seen.has(v.toLowerCase())) continue
    seen.add(v.toLowerCase())
    out.push(v)
    if (out.length === max) break
  }
  return out
}

/** Distinct values in first-seen order, per option name. */
function optionsOf(names: string[], variants: SourceVariant[]): { name: string; values: string[] }[] {
  return names.map((name) => ({ name, values: [...new Set(variants.map((v) => v.attributes[name]!).filter(Boolean))] }))
}

// ---------------------------------------------------------------- Shopify

/**
 * Reads a Shopify product CSV. `onProduct` is awaited once per product, when the rows of its handle are over.
 * Throws ImportFailure naming the line for a file of the wrong kind, missing columns or a bad price/quantity.
 */
export async function readShopifyCsv(source: AsyncIterable<Buffer | string>, onProduct: ProductSink, onSkip: (s: ProductSkip) => void = () => undefined): Promise<void> {
  let current: { p: SourceProduct; optionNames: string[] } | null = null
  const flush = async () => {
    if (!current) return
    const { p, optionNames } = current
    current = null
    if (!p.variants.length) {
      onSkip({ what: 'products without a price', which: `${p.title} (line ${p.line})` })
      return
    }
    p.options = optionsOf(optionNames, p.variants)
    await onProduct(p)
  }
  await readCsv(source, { platform: 'Shopify', required: SHOPIFY_REQUIRED, otherPlatform: { name: 'WooCommerce', columns: WOO_REQUIRED } }, async (row) => {
    const handle = row.get('Handle')
    if (!handle) throw new ImportFailure('bad_row', `Line ${row.line}: the Handle is empty (every row of a Shopify product CSV names its product's handle).`, row.line)
    if (!current || current.p.key !== handle) {
      await flush()
      const title = row.get('Title')
      if (!title) throw new ImportFailure('bad_row', `Line ${row.line}: the product “${handle}” starts without a Title.`, row.line)
      const status = row.has('Status') ? row.get('Status').toLowerCase() : ''
      const published = status ? status === 'active' : yes(row.get('Published'))
      const grams = quantity(row.get('Variant Grams'), row.line, 'Variant Grams')
      const categoryPath = row.get('Product Category')
      current = {
        p: {
          key: handle,
          line: row.line,
          title: title.slice(0, 200),
          urlId: urlSlug(handle) || urlSlug(title) || 'product',
          descriptionHtml: descriptionHtml(row.get('Body (HTML)')),
          excerpt: '',
          status: published ? 'published' : status === 'archived' ? 'hidden' : 'draft',
          tags: clip(listCell(row.get('Tags')), 50, 80),
          categories: clip([row.get('Type'), categoryPath.split('>').pop() ?? '', ...listCell(row.get('Collection'))], 50, 80),
          seoTitle: row.get('SEO Title').slice(0, 200),
          seoDescription: row.get('SEO Description').slice(0, 500),
          images: [],
          options: [],
          variants: [],
          weight: grams ? { value: grams, unit: 'g' } : null,
          oldPath: `/products/${handle}`,
        },
        optionNames: [1, 2, 3].map((n) => row.get(`Option${n} Name`)).filter((n) => n && !(n === 'Title' && row.get('Option1 Value') === 'Default Title')),
      }
    }
    const { p, optionNames } = current
    const src = row.get('Image Src')
    if (src && !p.images.some((i) => i.src === src)) p.images.push({ src, alt: row.get('Image Alt Text').slice(0, 1000) })
    const price = priceCents(row.get('Variant Price'), row.line, 'Variant Price')
    if (price === null) return // a row of a further image only
    const attributes: Record<string, string> = {}
    optionNames.forEach((name, i) => {
      const value = row.get(`Option${i + 1} Value`)
      if (value) attributes[name.slice(0, 100)] = value.slice(0, 100)
    })
    if (Object.keys(attributes).length !== optionNames.length) {
      onSkip({ what: 'variants without a value for every option', which: `${p.title} (line ${row.line})` })
      return
    }
    const was = priceCents(row.get('Variant Compare At Price'), row.line, 'Variant Compare At Price')
    const tracked = row.get('Variant Inventory Tracker') !== ''
    const qty = quantity(row.has('Variant Inventory Qty') ? row.get('Variant Inventory Qty') : row.get('Inventory Qty'), row.line, 'Variant Inventory Qty')
    const sellsWhenOut = row.get('Variant Inventory Policy').toLowerCase() === 'continue'
    p.variants.push({
      sku: row.get('Variant SKU'),
      attributes,
      priceCents: price,
      wasCents: was !== null && was > price ? was : null,
      qty: tracked && !sellsWhenOut ? (qty ?? 0) : null,
      image: row.get('Variant Image'),
    })
  })
  await flush()
}

// ---------------------------------------------------------------- WooCommerce

interface WooVariation extends SourceVariant {
  line: number
  /** Attribute names whose value the variation left as "any". */
  any: string[]
}

const wooParentKey = (parent: string) => parent.trim()

function wooAttributes(row: CsvRow): { name: string; values: string[] }[] {
  const out: { name: string; values: string[] }[] = []
  for (let n = 1; n <= 20; n++) {
    if (!row.has(`Attribute ${n} name`)) break
    const name = row.get(`Attribute ${n} name`).slice(0, 100)
    if (!name) continue
    out.push({ name, values: listCell(row.get(`Attribute ${n} value(s)`)).map((v) => v.slice(0, 100)) })
  }
  return out
}

function wooStock(row: CsvRow): number | null {
  const inStock = row.get('In stock?').toLowerCase()
  const stock = quantity(row.get('Stock'), row.line, 'Stock')
  if (inStock === 'backorder' || yes(row.get('Backorders allowed?')) || row.get('Backorders allowed?').toLowerCase() === 'notify') return null
  if (stock !== null) return stock
  return inStock === '0' ? 0 : null
}

function wooPrice(row: CsvRow): { priceCents: number; wasCents: number | null } | null {
  const regular = priceCents(row.get('Regular price'), row.line, 'Regular price')
  const sale = priceCents(row.get('Sale price'), row.line, 'Sale price')
  if (regular === null && sale === null) return null
  if (regular !== null && sale !== null && sale < regular) return { priceCents: sale, wasCents: regular }
  return { priceCents: regular ?? sale!, wasCents: null }
}

/**
 * Reads a WooCommerce product CSV in two streamed passes (variations may come before their parent): the first keeps
 * the variations by parent, the second hands over each simple or variable product with its variations. Grouped and
 * external products are skipped (nothing is sold as them here), with their names.
 */
export async function readWooCsv(open: () => AsyncIterable<Buffer | string>, onProduct: ProductSink, onSkip: (s: ProductSkip) => void = () => undefined): Promise<void> {
  const shape = { platform: 'WooCommerce', required: WOO_REQUIRED, otherPlatform: { name: 'Shopify', columns: SHOPIFY_REQUIRED } }
  const variations = new Map<string, WooVariation[]>()
  const parents = new Set<string>()
  await readCsv(open(), shape, (row) => {
    const type = row.get('Type').toLowerCase()
    if (type === 'variation') {
      const parent = wooParentKey(row.get('Parent'))
      if (!parent) throw new ImportFailure('bad_row', `Line ${row.line}: a variation without a Parent (the parent product's id:ID or SKU).`, row.line)
      const price = wooPrice(row)
      const attributes: Record<string, string> = {}
      const any: string[] = []
      for (const a of wooAttributes(row)) {
        if (a.values[0]) attributes[a.name] = a.values[0]
        else any.push(a.name)
      }
      const list = variations.get(parent) ?? []
      if (price) list.push({ line: row.line, sku: row.get('SKU'), attributes, any, ...price, qty: wooStock(row), image: listCell(row.get('Images'))[0] ?? '' })
      else onSkip({ what: 'variations without a price', which: `${row.get('Name') || parent} (line ${row.line})` })
      variations.set(parent, list)
    } else {
      // validates the row's numbers in the first pass: nothing is written from a file with a bad one
      wooPrice(row)
      wooStock(row)
      const id = row.get('ID')
      if (id) parents.add(`id:${id}`)
      if (row.get('SKU')) parents.add(row.get('SKU'))
    }
  })
  for (const [parent, list] of variations) if (!parents.has(parent)) onSkip({ what: 'variations whose parent product is not in the file', which: `${parent} (line ${list[0]?.line ?? '?'})` })

  await readCsv(open(), shape, async (row) => {
    const types = row.get('Type').toLowerCase().split(',').map((s) => s.trim())
    const kind = types[0] ?? ''
    const name = row.get('Name')
    if (kind === 'variation') return
    if (kind === 'grouped' || kind === 'external') {
      onSkip({ what: `${kind} products (not sold as one product here)`, which: `${name || row.get('ID')} (line ${row.line})` })
      return
    }
    if (kind !== 'simple' && kind !== 'variable') {
      onSkip({ what: 'products of another type', which: `${name || row.get('ID')}: ${row.get('Type') || 'no type'} (line ${row.line})` })
      return
    }
    if (!name) throw new ImportFailure('bad_row', `Line ${row.line}: a product without a Name.`, row.line)
    const id = row.get('ID')
    const sku = row.get('SKU')
    const key = id ? `id:${id}` : sku || urlSlug(name)
    const published = row.get('Published').trim()
    const attrs = wooAttributes(row)
    const images = listCell(row.get('Images')).map((src) => ({ src, alt: '' }))
    const weight = Number(row.get('Weight (kg)').replace(',', '.'))
    const slug = urlSlug(name) || 'product'
    const base = {
      key,
      line: row.line,
      title: name.slice(0, 200),
      urlId: slug,
      descriptionHtml: descriptionHtml(row.get('Description')),
      excerpt: row.get('Short description'),
      status: (published === '1' ? 'published' : 'draft') as SourceProduct['status'],
      tags: clip(listCell(row.get('Tags')), 50, 80),
      // "Clothing > Hoodies, Music": each path's last name
      categories: clip(listCell(row.get('Categories')).map((c) => c.split('>').pop()!.trim()), 50, 80),
      seoTitle: (row.get('Meta: _yoast_wpseo_title') || row.get('Meta: rank_math_title')).slice(0, 200),
      seoDescription: (row.get('Meta: _yoast_wpseo_metadesc') || row.get('Meta: rank_math_description')).slice(0, 500),
      images,
      weight: weight > 0 ? { value: weight, unit: 'kg' as const } : null,
      oldPath: `/product/${slug}`,
    }
    if (kind === 'simple') {
      const price = wooPrice(row)
      if (!price) {
        onSkip({ what: 'products without a price', which: `${name} (line ${row.line})` })
        return
      }
      await onProduct({ ...base, options: [], variants: [{ sku, attributes: {}, ...price, qty: wooStock(row), image: '' }] })
      return
    }
    const mine = [...(id ? (variations.get(`id:${id}`) ?? []) : []), ...(sku ? (variations.get(sku) ?? []) : [])]
    const kept: SourceVariant[] = []
    for (const v of mine) {
      if (v.any.length) {
        onSkip({ what: 'variations set to “any” value of an attribute', which: `${name}: ${v.any.join(', ')} (line ${v.line})` })
        continue
      }
      kept.push({ sku: v.sku, attributes: v.attributes, priceCents: v.priceCents, wasCents: v.wasCents, qty: v.qty, image: v.image })
    }
    if (!kept.length) {
      onSkip({ what: 'variable products without a variation to sell', which: `${name} (line ${row.line})` })
      return
    }
    // the options are the attributes the variations set (in the parent's order)
    const names = attrs.map((a) => a.name).filter((n) => kept.some((v) => v.attributes[n]))
    for (const n of Object.keys(kept[0]!.attributes)) if (!names.includes(n)) names.push(n)
    const complete = kept.filter((v) => names.every((n) => v.attributes[n]) && Object.keys(v.attributes).length === names.length)
    for (const v of kept) if (!complete.includes(v)) onSkip({ what: 'variations without a value for every option', which: `${name} (${Object.values(v.attributes).join(', ')})` })
    if (!complete.length) return
    await onProduct({ ...base, options: optionsOf(names, complete), variants: complete })
  })
}
