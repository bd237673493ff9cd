// Path -> what to show: a collection, an item (or product) of a collection, a redirect, a system page, or nothing.
import type { CollectionRow, ItemRow } from '../../content/index.js'
import { fullUrlOf, liveCollection, type SiteScope } from './scope.js'
import type { ProductItem } from './types.js'

export type Target =
  | { kind: 'redirect'; location: string; status: 301 | 302 }
  | { kind: 'collection'; collection: CollectionRow }
  | { kind: 'item'; collection: CollectionRow; item: ItemRow }
  | { kind: 'product'; collection: CollectionRow; product: ProductItem }
  | { kind: 'empty-home' }
  | { kind: 'search' }
  | { kind: 'popup' }
  | { kind: 'not-found' }

const ITEM_COLLECTIONS = new Set(['blog', 'events', 'gallery', 'products'])

export async function resolvePath(scope: SiteScope, path: string): Promise<Target> {
  if (path === '/search') return { kind: 'search' }
  if (path === '/popup-overlay') return { kind: 'popup' }
  const live = (c: CollectionRow | undefined) => liveCollection(scope, c)
  if (path === '/') {
    const home = scope.collections.find((c) => c.homepage)
    return live(home) ? { kind: 'collection', collection: home } : { kind: 'empty-home' }
  }
  const rest = path.slice(1)
  const exact = scope.collections.find((c) => c.urlId === rest)
  if (exact) {
    if (!live(exact)) return { kind: 'not-found' }
    if (exact.homepage) return { kind: 'redirect', location: fullUrlOf(exact), status: 301 }
    return { kind: 'collection', collection: exact }
  }
  // an item: /<collection urlId>/<item urlId>
  const cut = rest.lastIndexOf('/')
  if (cut > 0) {
    const parent = scope.collections.find((c) => c.urlId === rest.slice(0, cut))
    const slug = rest.slice(cut + 1)
    if (parent && live(parent) && ITEM_COLLECTIONS.has(parent.typeName) && slug) {
      if (parent.typeName === 'products') {
        const product = scope.deps.products ? await scope.deps.products.getProductBySlug(scope.site.id, parent.id, slug, { collectionUrl: fullUrlOf(parent) }) : undefined
        if (product) return { kind: 'product', collection: parent, product }
      } else {
        const item = await scope.content.liveItemBySlug(scope.site.id, parent.id, slug, scope.now)
        if (item) return { kind: 'item', collection: parent, item }
      }
    }
  }
  // recorded redirects: the path itself, else a renamed prefix (items of a renamed collection)
  const segments = path.split('/').slice(1)
  const prefixes = segments.map((_s, i) => `/${segments.slice(0, segments.length - i).join('/')}`)
  const found = await scope.content.redirectsFor(scope.site.id, prefixes)
  for (const p of prefixes) {
    const to = found.get(p)
    if (to) return { kind: 'redirect', location: to + path.slice(p.length), status: 301 }
  }
  return { kind: 'not-found' }
}
