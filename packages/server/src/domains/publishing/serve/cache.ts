// Published pages cached in process, per site: an entry is valid while the site's content version is the one it
// was rendered at, the theme has not changed, and its expiry (TTL, or the next scheduled publication) is ahead.
// Every content write bumps the site's version (in this process; with several nodes, another node's writes are
// seen when the TTL runs out). The visitor's crumb is a placeholder in the cached bytes; the
// bytes, their ETag and the headers are computed once when the page is stored, so a hit is a map lookup and a write.
import { createHash, randomBytes } from 'node:crypto'
import type { Compressed } from './compress.js'

export const CRUMB_PLACEHOLDER = `swcrumb${randomBytes(8).toString('hex')}`

export interface CachedPage extends Compressed {
  status: number
  contentType: string
  /** The body split at the crumb placeholder, as bytes. */
  bytes: Buffer[]
  /** Strong ETag of the body as cached (the crumb is mixed in when the page prints it: see `etagFor`). */
  etag: string
  location?: string
  lockedCollectionId?: string
  siteVersion: number
  themeVersion: number
  expires: number
  /** The fast path's precomputed answers of a public page, per TLS and encoding (see `wireOf` in door.ts). */
  wire?: Map<string, Wire>
}

/** A precomputed answer: the status line's code, the header list as Node's writeHead takes it, and the body. */
export interface Wire {
  status: number
  etag: string
  headers: string[]
  notModified: string[]
  body: Buffer
}

/** Bytes an entry holds (its body and the compressed forms it will get, estimated as half the body). */
const weightOf = (page: CachedPage) => page.bytes.reduce((n, b) => n + b.length, 0) * 1.5 + 256

export function createPageCache(opts: { maxEntries?: number; maxBytes?: number; ttlMs?: number } = {}) {
  const maxEntries = opts.maxEntries ?? 5000
  const maxBytes = opts.maxBytes ?? 48 * 1024 * 1024
  const ttlMs = opts.ttlMs ?? 60_000
  const versions = new Map<string, number>()
  const entries = new Map<string, CachedPage>()
  const weights = new Map<string, number>()
  let bytes = 0
  const drop = (k: string) => {
    if (!entries.delete(k)) return
    bytes -= weights.get(k) ?? 0
    weights.delete(k)
  }
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
      // a stale entry stays until it is replaced or evicted: its compressed bytes are reused when the page is unchanged
      if (e.siteVersion !== version(siteId) || e.themeVersion !== themeVersion || e.expires <= now) return null
      // LRU: most recently used last
      entries.delete(k)
      entries.set(k, e)
      return e
    },
    /** The entry under the key, valid or stale (to reuse the compressed bytes of an unchanged page). */
    peek(siteId: string, key: string): CachedPage | undefined {
      return entries.get(`${siteId}\u0000${key}`)
    },
    set(siteId: string, key: string, page: CachedPage): void {
      const k = `${siteId}\u0000${key}`
      drop(k)
      const w = weightOf(page)
      entries.set(k, page)
      weights.set(k, w)
      bytes += w
      while (entries.size > maxEntries || (bytes > maxBytes && entries.size > 1)) drop(entries.keys().next().value!)
    },
    get size() {
      return entries.size
    },
    /** Estimated bytes held (bounded by `maxBytes`). */
    get bytes() {
      return bytes
    },
  }
}

export type PageCache = ReturnType<typeof createPageCache>

/** The body bytes of a cached page for a visitor's crumb (no copy when the page prints no crumb). */
export function bodyFor(page: Pick<CachedPage, 'bytes'>, crumb: string): Buffer {
  if (page.bytes.length === 1) return page.bytes[0]!
  const c = Buffer.from(crumb)
  const list: Buffer[] = []
  page.bytes.forEach((b, i) => (i === 0 ? list.push(b) : list.push(c, b)))
  return Buffer.concat(list)
}

/** Splits a rendered body at the crumb placeholder and computes its ETag. */
export function prepareBody(text: string): Pick<CachedPage, 'bytes' | 'etag'> {
  const etag = `"${createHash('sha1').update(text).digest('base64url')}"`
  return { bytes: text.split(CRUMB_PLACEHOLDER).map((p) => Buffer.from(p)), etag }
}

/** FNV-1a (32 bit) of a string, hex: a cheap tag of the visitor's crumb inside the ETag of a page printing it. */
function fnv(s: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return (h >>> 0).toString(36)
}

/** The ETag a visitor gets for a cached page: the page's own, or with a tag of their crumb when it prints it. */
export const etagFor = (page: Pick<CachedPage, 'bytes' | 'etag'>, crumb: string): string =>
  page.bytes.length === 1 ? page.etag : `${page.etag.slice(0, -1)}-${fnv(crumb)}"`

/** If-None-Match matches the ETag (a list, weak comparison, or `*`). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch === etag) return true
  for (const raw of ifNoneMatch.split(',')) {
    const t = raw.trim()
    if (t === '*' || t === etag || (t.startsWith('W/') && t.slice(2) === etag)) return true
  }
  return false
}
