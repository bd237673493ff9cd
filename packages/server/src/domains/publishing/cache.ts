// Published pages cached in process, per site: an entry is valid while the site's content version is the one it
// was rendered at, the theme has not changed, and its expiry (TTL, or the next scheduled publication) is ahead.
// Every content write bumps the site's version. The visitor's crumb is a placeholder in the cached bytes.
import { randomBytes } from 'node:crypto'

export const CRUMB_PLACEHOLDER = `swcrumb${randomBytes(8).toString('hex')}`

export interface CachedPage {
  status: number
  contentType: string
  /** The body split at the crumb placeholder. */
  parts: string[]
  location?: string
  lockedCollectionId?: string
  siteVersion: number
  themeVersion: number
  expires: number
}

export function createPageCache(opts: { maxEntries?: number; ttlMs?: number } = {}) {
  const maxEntries = opts.maxEntries ?? 5000
  const ttlMs = opts.ttlMs ?? 60_000
  const versions = new Map<string, number>()
  const entries = new Map<string, CachedPage>()
  const version = (siteId: string) => versions.get(siteId) ?? 0
  return {
    ttlMs,
    version,
    /** Drops every cached page of the site (content, settings, comments, products changed). */
    bump(siteId: string): void {
      versions.set(siteId, version(siteId) + 1)
    },
    get(siteId: string, key: string, themeVersion: number, now = Date.now()): CachedPage | null {
      const k = `${siteId}\u0000${key}`
      const e = entries.get(k)
      if (!e) return null
      if (e.siteVersion !== version(siteId) || e.themeVersion !== themeVersion || e.expires <= now) {
        entries.delete(k)
        return null
      }
      // LRU: most recently used last
      entries.delete(k)
      entries.set(k, e)
      return e
    },
    set(siteId: string, key: string, page: CachedPage): void {
      const k = `${siteId}\u0000${key}`
      entries.delete(k)
      entries.set(k, page)
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
    },
    get size() {
      return entries.size
    },
  }
}

export type PageCache = ReturnType<typeof createPageCache>

export const fill = (parts: string[], crumb: string) => (parts.length === 1 ? parts[0]! : parts.join(crumb))
