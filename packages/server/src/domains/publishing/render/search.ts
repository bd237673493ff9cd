// The SEARCH page's results (CONTEXT.md `search`): pages, posts, events and every other collection item (content
// domain) and the store's products (commerce domain), merged into one list best first. Both searches weigh title,
// tags and text alike, so their ranks compare; a page of results asks each source for its best (offset + size) and
// keeps that page of the merged list.
import { htmlToText } from '../../content/index.js'
import { fullUrlOf, publicCollections, type SiteScope } from '../context/index.js'
import type { Json } from '../context/index.js'

const EXCERPT = 200

interface Ranked {
  rank: number
  title: string
  result: () => Json
}

const excerptOf = (html: string): string => {
  const text = htmlToText(html)
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT - 3).trimEnd()}...` : text
}

export async function searchResults(scope: SiteScope, query: string, offset: number, size: number): Promise<{ total: number; results: Json[] }> {
  const visible = publicCollections(scope)
  const depth = offset + size
  const shops = visible.filter((c) => c.typeName === 'products').map((c) => c.id)
  const [content, products] = await Promise.all([
    scope.content.search(scope.site.id, query, visible.map((c) => c.id), scope.now, depth, 0),
    scope.deps.products?.searchProducts && shops.length ? scope.deps.products.searchProducts(scope.site.id, query, shops, depth) : { hits: [], total: 0 },
  ])
  const images = await scope.images(content.hits.map((h) => h.mainImageId))
  const ranked: Ranked[] = [
    // the hits are live content already (the search checks it), with each item's URL id
    ...content.hits.map((h) => ({
      rank: h.rank,
      title: h.title,
      result: () => {
        const c = scope.byId.get(h.collectionId)
        const fullUrl = h.kind === 'item' && c && h.urlId ? `${fullUrlOf(c).replace(/\/$/, '')}/${h.urlId}` : c ? fullUrlOf(c) : '/'
        const out: Json = { title: h.title, fullUrl, excerpt: h.excerpt, collectionTitle: h.kind === 'item' ? (c?.title ?? '') : '', recordType: h.recordType }
        const image = h.mainImageId ? images.get(h.mainImageId) : undefined
        if (image) out.mainImage = image
        return out
      },
    })),
    ...products.hits.map((h) => {
      const p = h.item as unknown as Json & { title: string; fullUrl: string; collectionId: string; recordType: number; excerpt?: string; body?: string; mainImage?: Json; structuredContent: Json }
      return {
        rank: h.rank,
        title: p.title,
        result: () => {
          const out: Json = {
            id: p.id,
            title: p.title,
            fullUrl: p.fullUrl,
            excerpt: excerptOf(p.excerpt ?? p.body ?? ''),
            collectionTitle: scope.byId.get(p.collectionId)?.title ?? '',
            recordType: p.recordType,
            // the product's prices and stock, so the theme prints its price as the shop does (`product-price`)
            structuredContent: p.structuredContent,
          }
          if (p.mainImage) out.mainImage = p.mainImage
          return out
        },
      }
    }),
  ]
  ranked.sort((a, b) => b.rank - a.rank || a.title.localeCompare(b.title))
  return { total: content.total + products.total, results: ranked.slice(offset, depth).map((r) => r.result()) }
}
