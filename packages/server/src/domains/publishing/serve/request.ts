// What a page request is, read from its URL: the normalized path, the page query and format, the cache key.
import type { PageQuery } from '../render/index.js'

export type Format = 'html' | 'json' | 'json-pretty'

export function requestPath(url: string): string {
  const end = url.search(/[?#]/)
  let path = end < 0 ? url : url.slice(0, end)
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path)
    } catch {
      // keep it encoded: it will not match anything
    }
  }
  if (path.includes('//')) path = path.replace(/\/{2,}/g, '/')
  if (path.length <= 1) return '/'
  return path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path
}

const one = (v: unknown): string | undefined => (Array.isArray(v) ? one(v[0]) : typeof v === 'string' ? v : undefined)

export function pageQuery(raw: unknown): { query: PageQuery; format: Format } {
  const q = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  const page = Number.parseInt(one(q.page) ?? '1', 10)
  const f = one(q.format)
  const text = (v: string | undefined, max: number) => (v && v.trim() ? v.trim().slice(0, max) : undefined)
  return {
    query: { page: Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1, tag: text(one(q.tag), 50), category: text(one(q.category), 25), q: text(one(q.q), 200), view: one(q.view) === 'calendar' ? 'calendar' : one(q.view) === 'list' ? 'list' : undefined },
    format: f === 'json' ? 'json' : f === 'json-pretty' ? 'json-pretty' : 'html',
  }
}

/** A path whose raw form is the one pages are cached under (no escapes, no empty segments, no trailing slash). */
export const isCanonicalPath = (rawPath: string): boolean => rawPath === '/' || (rawPath.startsWith('/') && !rawPath.endsWith('/') && !rawPath.includes('%') && !rawPath.includes('//'))

/** The page-cache key of a page request (what the answer varies by, besides the site and the crumb). */
export const pageKey = (path: string, query: PageQuery, format: Format): string => `${format}|${path}|${query.page}|${query.tag ?? ''}|${query.category ?? ''}|${query.view ?? ''}`

/** Old WordPress addresses of the home page's query form (`/?p=123`, `/?page_id=7`): the redirect path an import recorded. */
export function legacyQueryPath(raw: unknown): string | null {
  const q = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  for (const k of ['p', 'page_id']) {
    const v = one(q[k])
    if (v !== undefined && /^\d{1,12}$/.test(v)) return `/?${k}=${v}`
  }
  return null
}
