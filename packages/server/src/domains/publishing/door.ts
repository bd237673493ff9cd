// The one door of cached pages, shared by the raw fast path (fast.ts) and the Fastify page handler (serve.ts):
// which requests may be answered from the page cache (`isCacheable`, `isUsableHit`) and what the answer to a cached
// page is (`cachedAnswer`: status, headers, ETag/304, body). Both write exactly what these return.
import { bodyFor, etagFor, notModified, type CachedPage } from './cache.js'
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

/** The answer to a cached (or just rendered) page for a visitor's crumb and If-None-Match. */
export function cachedAnswer(page: CachedPage, crumb: string, ifNoneMatch: string | undefined, preview = false): Answer {
  if (page.location) return { status: page.status, headers: { 'cache-control': preview ? 'private, no-store' : 'no-cache', location: page.location }, body: null }
  // a page printing the visitor's crumb is theirs alone: no shared cache may keep it; a preview is kept nowhere
  const etag = etagFor(page, crumb)
  const headers: Record<string, string> = { 'cache-control': preview ? 'private, no-store' : page.bytes.length === 1 ? 'no-cache' : 'private, no-cache', etag }
  if (page.status === 200 && notModified(ifNoneMatch, etag)) return { status: 304, headers, body: null }
  headers['content-type'] = page.contentType
  return { status: page.status, headers, body: bodyFor(page, crumb) }
}
