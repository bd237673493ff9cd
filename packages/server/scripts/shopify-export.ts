// A generated Shopify product export (CSV in Shopify's column layout), written as a stream: `n` rows, products of
// two options (Color x Size: 4 variants each, one row per variant, the product's fields on its first row), a
// compare-at price on every other product, tracked stock, tags, a product category, SEO fields, no images (the
// figures are the import's, not a fetcher's). Used by the import bench (scripts/bench-import.ts) and the landing
// test (src/domains/import/landing.itest.ts).
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'

const HEADER = 'Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Fulfillment Service,Variant Price,Variant Compare At Price,Variant Requires Shipping,Variant Taxable,Variant Barcode,Image Src,Image Position,Image Alt Text,Gift Card,SEO Title,SEO Description,Variant Image,Variant Weight Unit,Variant Tax Code,Cost per item,Status'
const COLORS = ['Natural', 'Charcoal']
const SIZES = ['S', 'M']
/** Variants (rows) per product. */
export const SHOPIFY_EXPORT_VARIANTS = COLORS.length * SIZES.length

/** How many products an export of `rows` rows has. */
export const shopifyExportProducts = (rows: number) => Math.ceil(rows / SHOPIFY_EXPORT_VARIANTS)

export async function writeShopifyExport(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file)
  const w = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain')
  }
  await w(`${HEADER}\n`)
  const body = `"<p>${'Stonewashed linen, cut long, with two deep pockets. '.repeat(8)}</p>"`
  for (let r = 0; r < rows; r++) {
    const p = Math.floor(r / SHOPIFY_EXPORT_VARIANTS) + 1
    const v = r % SHOPIFY_EXPORT_VARIANTS
    const color = COLORS[Math.floor(v / SIZES.length)]!
    const size = SIZES[v % SIZES.length]!
    const price = (20 + (p % 30)).toFixed(2)
    const was = p % 2 === 0 ? (30 + (p % 30)).toFixed(2) : ''
    const first = v === 0
    const cells = [
      `product-${p}`,
      first ? `Product ${p}` : '',
      first ? body : '',
      first ? 'Kiln & Co' : '',
      first ? 'Apparel & Accessories > Clothing' : '',
      first ? 'Aprons' : '',
      first ? `"linen, batch ${p % 20}"` : '',
      first ? 'TRUE' : '',
      first ? 'Color' : '',
      color,
      first ? 'Size' : '',
      size,
      '',
      '',
      `P${p}-${color.slice(0, 3).toUpperCase()}-${size}`,
      '300',
      'shopify',
      String((p + v) % 9),
      'deny',
      'manual',
      price,
      was,
      'TRUE',
      'TRUE',
      '',
      '',
      '',
      '',
      first ? 'FALSE' : '',
      first ? `Product ${p} | Kiln & Co` : '',
      first ? `"Product ${p}, a linen apron."` : '',
      '',
      'g',
      '',
      '',
      first ? 'active' : '',
    ]
    await w(`${cells.join(',')}\n`)
  }
  out.end()
  await once(out, 'finish')
}
