// The one URL policy for every link an owner enters (blocks, buttons, the popup overlay, social accounts, forms'
// redirects, audio and download addresses, image data) and for every link a published page renders: http(s),
// mailto: and tel: addresses, and relative or in-site paths (`/shop`, `#top`, `?page=2`, `about`). Any other
// scheme (javascript:, data:, vbscript:, file:, blob:, ...) is refused, also when disguised by case, whitespace or
// control characters inside the scheme (browsers ignore those), and so are paths starting with a backslash
// (browsers read `/\evil.example` as `//evil.example`). Enforced when saving (`linkSchema`, `isSafeLink`) and
// again when rendering (`withSafeLinks` on the template context), so a link stored before the rule never renders.
import { z } from 'zod'

const SCHEMES = new Set(['http', 'https', 'mailto', 'tel'])

/** The link itself (trimmed) when the policy allows it, else null. */
export function safeLink(raw: string): string | null {
  const value = raw.trim()
  if (value.includes('\u0000')) return null
  // eslint-disable-next-line no-control-regex
  const probe = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(probe)
  if (scheme) return SCHEMES.has(scheme[1]!) ? value : null
  if (probe.startsWith('\\') || probe.startsWith('/\\')) return null
  return value
}

export const isSafeLink = (raw: string): boolean => safeLink(raw) !== null

export const LINK_MESSAGE = 'Use an http(s), mailto: or tel: address, or a path of this site.'

/** A zod string holding a link the policy allows (trimmed, at most 2000 characters). */
export function linkSchema(message = LINK_MESSAGE) {
  return z.string().trim().max(2000, 'Use at most 2000 characters.').refine(isSafeLink, message)
}

/** Keys of the template context whose string values are links (hrefs, srcs, redirects). */
export const LINK_KEYS: ReadonlySet<string> = new Set([
  'url', 'link', 'href', 'src', 'buttonUrl', 'profileUrl', 'externalLink', 'sourceUrl', 'videoUrl', 'audioAssetUrl',
  'digitalAssetUrl', 'downloadUrl', 'assetUrl', 'fullUrl', 'successRedirect', 'canonicalUrl', 'ogImage',
  'logoImageUrl', 'thumbnailUrl', 'prevPageUrl', 'nextPageUrl',
])

/**
 * `value` with every link the policy refuses removed (the key dropped, so templates take their no-link branch).
 * Copy-on-write: objects without such a link are returned as they are. Iterates depth-first up to 64 levels.
 */
export function withSafeLinks<T>(value: T, depth = 0): T {
  if (depth > 64 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    let out: unknown[] | null = null
    for (let i = 0; i < value.length; i++) {
      const v = withSafeLinks(value[i] as unknown, depth + 1)
      if (v !== value[i]) (out ??= value.slice())[i] = v
    }
    return (out ?? value) as T
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value
  let out: Record<string, unknown> | null = null
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string') {
      if (LINK_KEYS.has(k) && safeLink(v) === null) {
        out ??= { ...(value as Record<string, unknown>) }
        delete out[k]
      }
    } else if (v !== null && typeof v === 'object') {
      const next = withSafeLinks(v, depth + 1)
      if (next !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = next
    }
  }
  return (out ?? value) as T
}
