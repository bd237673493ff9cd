// The one door of cached pages, shared by the raw fast path (fast.ts) and the Fastify page handler (serve.ts):
// which requests may be answered from the page cache (`isCacheable`, `isUsableHit`) and what the answer to a cached
// page is (`cachedAnswer`: status, headers, ETag/304, body). Both write exactly what these return.
import { bodyFor, etagFor, notModified, type CachedPage, type Wire } from './cache.js'
import { gzipWithCrumb, pickEncoding, takesGzip } from './compress.js'
import { isCanonicalPath } from './request.js'

export interface CacheProbe {
  /** The URL path as sent (before decoding). */
  rawPath: string
  /** The normalized path (`requestPath`). */
  path: string
  /** The owner's preview (or, on the fast path, any sign of one): never cached. */
  preview: boolean
  /** A lock screen answering a wrong or throttled password: never cached. */
  lockError?: boolean
  /** A signed-in site member's request: their pages are personal, never from or into the cache. */
  personal?: boolean
}

/** True when the answer may come from (and go into) the page cache: only canonical paths, no preview, no search. */
export const isCacheable = (p: CacheProbe): boolean => !p.preview && !p.personal && !p.lockError && p.path !== '/search' && !p.rawPath.includes('#') && isCanonicalPath(p.rawPath)

/** A cached entry serves this visitor unless it is locked and they carry that page's unlock cookie. */
export const isUsableHit = (page: CachedPage, hasUnlockCookie: (collectionId: string) => boolean): boolean => !(page.lockedCollectionId && hasUnlockCookie(page.lockedCollectionId))

export interface Answer {
  status: number
  headers: Record<string, string>
  /** null: no body (304, redirect). */
  body: Buffer | null
}

/** Seconds a shared cache (CDN) may keep a public page: the page cache's own lifetime; changes purge through the invalidation port. */
export const SHARED_MAX_AGE = 60

const PUBLIC = `public, max-age=0, s-maxage=${SHARED_MAX_AGE}`

/** The ETag of an encoded form (each form is its own representation). */
const tagged = (etag: string, suffix: string) => `${etag.slice(0, -1)}-${suffix}"`

/**
 * The answer to a cached (or just rendered) page for a visitor's crumb, If-None-Match and Accept-Encoding: the
 * precompressed form when the client takes it (brotli, else gzip), with `Vary: Accept-Encoding`.
 */
export function cachedAnswer(page: CachedPage, crumbOf: () => string, ifNoneMatch: string | undefined, preview = false, acceptEncoding?: string): Answer {
  if (page.location) return { status: page.status, headers: { 'cache-control': preview ? 'private, no-store' : 'no-cache', location: page.location }, body: null }
  // a page printing the visitor's crumb is theirs alone: no shared cache may keep it; a preview is kept nowhere
  const personal = page.bytes.length > 1
  // only a page printing the crumb asks for it (a public page sets no crumb cookie)
  const crumb = personal ? crumbOf() : ''
  const encoding = pickEncoding(acceptEncoding)
  let body: Buffer | null = null
  let contentEncoding: string | undefined
  let etag = etagFor(page, crumb)
  if (encoding === 'br' && page.br) {
    body = page.br
    contentEncoding = 'br'
  } else if (encoding !== null && page.gz) {
    body = page.gz
    contentEncoding = 'gzip'
  } else if (page.gzParts && takesGzip(acceptEncoding)) {
    contentEncoding = 'gzip'
  }
  if (contentEncoding) etag = tagged(etag, contentEncoding === 'br' ? 'br' : 'gz')
  const headers: Record<string, string> = { 'cache-control': preview ? 'private, no-store' : personal ? 'private, no-cache' : PUBLIC, etag, vary: 'Accept-Encoding' }
  if (page.status === 200 && notModified(ifNoneMatch, etag)) return { status: 304, headers, body: null }
  headers['content-type'] = page.contentType
  if (contentEncoding) headers['content-encoding'] = contentEncoding
  return { status: page.status, headers, body: body ?? (contentEncoding ? gzipWithCrumb(page.gzParts!, page.bytes, crumb) : bodyFor(page, crumb)) }
}

const flat = (h: Record<string, string | number>): string[] => Object.entries(h).flatMap(([k, v]) => [k, String(v)])
const ACCEPTS: Record<string, string | undefined> = { br: 'br', gzip: 'gzip', '': undefined }

/**
 * The precomputed answer of a public cached page (one that prints no crumb) for a client's Accept-Encoding: built
 * once per page, TLS and encoding from `cachedAnswer` and the page security headers, so a hit only writes it.
 */
export function wireOf(page: CachedPage, acceptEncoding: string | undefined, secure: boolean, security: (secure: boolean) => Readonly<Record<string, string>>): Wire {
  const wanted = pickEncoding(acceptEncoding)
  const enc = wanted === 'br' && page.br ? 'br' : wanted !== null && page.gz ? 'gzip' : ''
  const key = secure ? `s${enc}` : enc
  const memo = page.wire?.get(key)
  if (memo) return memo
  const a = cachedAnswer(page, () => '', undefined, false, ACCEPTS[enc])
  const body = a.body ?? Buffer.alloc(0)
  const base = { ...security(secure), ...a.headers }
  const { 'content-type': _t, 'content-encoding': _e, ...rest } = base
  const wire: Wire = { status: a.status, etag: a.headers.etag!, headers: flat({ ...base, 'content-length': body.length }), notModified: flat(rest), body }
  ;(page.wire ??= new Map()).set(key, wire)
  return wire
}
