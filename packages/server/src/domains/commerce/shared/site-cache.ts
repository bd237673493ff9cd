// What every cart answer reads and owners rarely change, kept per site in this process: the store settings
// (currency), the pricing rules (coupons, shipping options, tax rules) and the paths of product collections.
// An entry is dropped when the site changes here (`drop`: the owner routes call it with every change they make)
// and on every node through the app's invalidation port (the same message that drops the site's cached pages);
// it lives at most SITE_CACHE_TTL_MS in any case, so a change that reaches no message is seen within that time.
// Stock and prices are never kept here: add to cart reads the variant from the database on every request.
import type { PricingRules } from '../cart/view.js'
import type { StoreSettings } from '../settings.js'

export const SITE_CACHE_TTL_MS = 5000

export interface SiteCache {
  settings(siteId: string): Promise<StoreSettings>
  /** Every coupon, shipping option and tax rule of the site (a cart picks what it needs). */
  rules(siteId: string): Promise<PricingRules>
  /** The fullUrl of a products collection ('/shop'), or null (`lookup` asks the content domain). */
  collectionPath(siteId: string, collectionId: string, lookup: (siteId: string, collectionId: string) => Promise<string | null>): Promise<string | null>
  /** Forgets what is kept of a site (after a change to it). */
  drop(siteId: string): void
}

interface Entry {
  at: number
  settings?: Promise<StoreSettings>
  rules?: Promise<PricingRules>
  paths: Map<string, Promise<string | null>>
}

/** Where the cache reads what it keeps (the database: settings.ts getSettings, cart/view.ts pricingRules). */
export interface SiteCacheSources {
  settings(siteId: string): Promise<StoreSettings>
  rules(siteId: string): Promise<PricingRules>
}

export function createSiteCache(read: SiteCacheSources, opts: { ttlMs?: number; now?: () => number; maxSites?: number } = {}): SiteCache {
  const ttlMs = opts.ttlMs ?? SITE_CACHE_TTL_MS
  const now = opts.now ?? Date.now
  const maxSites = opts.maxSites ?? 10_000
  const sites = new Map<string, Entry>()

  const entryOf = (siteId: string): Entry => {
    const hit = sites.get(siteId)
    if (hit && now() - hit.at < ttlMs) return hit
    if (!hit && sites.size >= maxSites) sites.delete(sites.keys().next().value!)
    const fresh: Entry = { at: now(), paths: new Map() }
    sites.set(siteId, fresh)
    return fresh
  }
  /** Keeps the promise of a read; a failed read is not kept (the next call asks again). */
  const remember = <T>(siteId: string, entry: Entry, load: () => Promise<T>, put: (p: Promise<T> | undefined) => void): Promise<T> => {
    const p = load()
    put(p)
    p.catch(() => {
      if (sites.get(siteId) === entry) put(undefined)
    })
    return p
  }

  return {
    settings(siteId) {
      const e = entryOf(siteId)
      return e.settings ?? remember(siteId, e, () => read.settings(siteId), (p) => (e.settings = p))
    },
    rules(siteId) {
      const e = entryOf(siteId)
      return e.rules ?? remember(siteId, e, () => read.rules(siteId), (p) => (e.rules = p))
    },
    collectionPath(siteId, collectionId, lookup) {
      const e = entryOf(siteId)
      const kept = e.paths.get(collectionId)
      if (kept) return kept
      return remember(siteId, e, () => lookup(siteId, collectionId), (p) => (p ? e.paths.set(collectionId, p) : e.paths.delete(collectionId)))
    },
    drop(siteId) {
      sites.delete(siteId)
    },
  }
}
