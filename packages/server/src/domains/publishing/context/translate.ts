// A page in an added locale reads the site's objects in that locale: collection items (title, excerpt, body),
// products (title, description, excerpt, SEO, the add button, option display names), forms (their texts and their
// fields' title, description and placeholder) and the header and footer texts (site title, tag line, description).
// Each read of the scope is wrapped once per page, so every template, block and list sees the same translated
// objects; a field without a translation keeps the default text.
import { escapeHtml, type ProductItem as Product } from '@sitewright/contracts'
import type { ContentReader, ItemRow } from '../../content/index.js'
import type { ProductItem, PublishingDeps } from './types.js'

/** kind -> objectId -> field -> text in the page's locale. */
export type ObjectTranslations = ReadonlyMap<string, ReadonlyMap<string, Record<string, string>>>

const NONE: Record<string, string> = {}

export function translatedItem(r: ItemRow, objects: ObjectTranslations): ItemRow {
  const f = objects.get('item')?.get(r.id)
  if (!f) return r
  return { ...r, title: f.title || r.title, excerpt: f.excerpt || r.excerpt, body: f.body || r.body }
}

/** The content reads with items in the page's locale. */
export function translatedReader(reader: ContentReader, objects: ObjectTranslations): ContentReader {
  if (!objects.get('item')?.size) return reader
  const one = (r: ItemRow | null) => (r ? translatedItem(r, objects) : r)
  return {
    ...reader,
    liveItems: async (...a) => {
      const res = await reader.liveItems(...a)
      return { ...res, rows: res.rows.map((r) => translatedItem(r, objects)) }
    },
    liveItemBySlug: async (...a) => one(await reader.liveItemBySlug(...a)),
    adjacentItems: async (...a) => {
      const { prev, next } = await reader.adjacentItems(...a)
      return { prev: one(prev), next: one(next) }
    },
    liveItemsOf: async (...a) => (await reader.liveItemsOf(...a)).map((r) => translatedItem(r, objects)),
  }
}

/** A product item (the commerce domain's Item shape, opaque to publishing's port) in the page's locale. */
export function translatedProduct(item: ProductItem, objects: ObjectTranslations): ProductItem {
  const f = objects.get('product')?.get(item.id)
  if (!f) return item
  const p = item as Product
  const sc = p.structuredContent
  const out: Product = {
    ...p,
    title: f.title || p.title,
    body: f.description || p.body,
    structuredContent: {
      ...sc,
      variantOptions: sc.variantOptions.map((o) => (f[`option.${o.name}`] ? { ...o, displayText: f[`option.${o.name}`]! } : o)),
      customAddButtonText: f.customAddButtonText || sc.customAddButtonText,
    },
  }
  if (f.excerpt) out.excerpt = `<p>${escapeHtml(f.excerpt)}</p>`
  if (f.seoTitle || f.seoDescription) out.seoData = { ...p.seoData, ...(f.seoTitle ? { seoTitle: f.seoTitle } : {}), ...(f.seoDescription ? { seoDescription: f.seoDescription } : {}) }
  return out
}

/** The product reads with products in the page's locale. */
export function translatedProducts(products: NonNullable<PublishingDeps['products']>, objects: ObjectTranslations): NonNullable<PublishingDeps['products']> {
  if (!objects.get('product')?.size) return products
  const t = (p: ProductItem) => translatedProduct(p, objects)
  const { getProductsByIds, searchProducts } = products
  return {
    ...products,
    listProducts: async (...a) => {
      const res = await products.listProducts(...a)
      return { ...res, items: res.items.map(t) }
    },
    getProductBySlug: async (...a) => {
      const p = await products.getProductBySlug(...a)
      return p ? t(p) : p
    },
    ...(getProductsByIds ? { getProductsByIds: async (...a: Parameters<typeof getProductsByIds>) => (await getProductsByIds(...a)).map(t) } : {}),
    ...(searchProducts
      ? {
          searchProducts: async (...a: Parameters<typeof searchProducts>) => {
            const res = await searchProducts(...a)
            return { ...res, hits: res.hits.map((h) => ({ ...h, item: t(h.item) })) }
          },
        }
      : {}),
  }
}

interface FormShape {
  fields?: { id: string; title?: string; description?: string; placeholder?: string }[]
  submitButtonText?: string
  submissionMessage?: string
  disclaimerMessage?: string
}

export function translatedForm(id: string, form: unknown, objects: ObjectTranslations): unknown {
  const f = objects.get('form')?.get(id) ?? NONE
  if (f === NONE || !form || typeof form !== 'object') return form
  const src = form as FormShape
  const out: FormShape = { ...src }
  for (const k of ['submitButtonText', 'submissionMessage', 'disclaimerMessage'] as const) if (f[k]) out[k] = f[k]
  if (src.fields)
    out.fields = src.fields.map((x) => {
      const y = { ...x }
      for (const prop of ['title', 'description', 'placeholder'] as const) {
        const v = f[`${x.id}.${prop}`]
        if (v) y[prop] = v
      }
      return y
    })
  return out
}

/** The form reads with forms in the page's locale. */
export function translatedForms(forms: NonNullable<PublishingDeps['forms']>, objects: ObjectTranslations): NonNullable<PublishingDeps['forms']> {
  if (!objects.get('form')?.size) return forms
  return async (siteId, ids) => new Map([...(await forms(siteId, ids))].map(([id, form]) => [id, translatedForm(id, form, objects)]))
}

/** The site's header and footer texts in the page's locale. */
export function siteTexts(siteId: string, objects: ObjectTranslations): { siteTitle?: string; tagLine?: string; siteDescription?: string } {
  return objects.get('site')?.get(siteId) ?? NONE
}
