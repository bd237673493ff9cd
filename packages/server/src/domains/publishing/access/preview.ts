// The owner's preview: a signed, short-lived token for one site, minted for a signed-in owner with a content role
// (GET /config/preview?siteId=&path= on the editor's host) and carried to the site's host in the `sw-preview`
// query parameter, which also sets it as a cookie there. A request holding a valid token for its host's site sees
// drafts, scheduled, needs-review and private pages and items; such pages are never cached.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { PREVIEW_COOKIE } from '@sitewright/contracts'

export const PREVIEW_PARAM = 'sw-preview'
export { PREVIEW_COOKIE }
export const PREVIEW_TTL_MS = 15 * 60 * 1000

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`preview:${body}`).digest('base64url')

/** A preview token for `siteId`, valid until `now + ttl`. */
export function previewToken(secret: string, siteId: string, now = Date.now(), ttlMs = PREVIEW_TTL_MS): string {
  const body = `${siteId}.${now + ttlMs}`
  return `${body}.${sign(secret, body)}`
}

/** The expiry (epoch ms) of a genuine, unexpired token for `siteId`, else null. */
export function previewExpiry(secret: string, token: string | undefined, siteId: string, now = Date.now()): number | null {
  if (!token || token.length > 200) return null
  const cut = token.lastIndexOf('.')
  const body = token.slice(0, cut)
  const dot = body.lastIndexOf('.')
  if (cut <= 0 || dot <= 0 || body.slice(0, dot) !== siteId) return null
  const expires = Number(body.slice(dot + 1))
  if (!Number.isSafeInteger(expires) || expires <= now) return null
  const a = Buffer.from(token.slice(cut + 1))
  const b = Buffer.from(sign(secret, body))
  return a.length === b.length && timingSafeEqual(a, b) ? expires : null
}

/**
 * True when the request previews its site: a valid token in the query (then kept as a cookie on this host until it
 * expires) or in the cookie. Checked only when either is present, so visitors pay nothing.
 */
export function checkPreview(secret: string, request: FastifyRequest, reply: FastifyReply, siteId: string): boolean {
  const query = request.query as Record<string, unknown> | undefined
  const fromQuery = typeof query?.[PREVIEW_PARAM] === 'string' ? (query[PREVIEW_PARAM] as string) : undefined
  const fromCookie = request.cookies[PREVIEW_COOKIE]
  if (fromQuery === undefined && fromCookie === undefined) return false
  const now = Date.now()
  const q = previewExpiry(secret, fromQuery, siteId, now)
  if (q !== null) {
    if (fromCookie !== fromQuery) {
      reply.setCookie(PREVIEW_COOKIE, fromQuery!, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: Math.floor((q - now) / 1000) })
    }
    return true
  }
  return previewExpiry(secret, fromCookie, siteId, now) !== null
}

/** The address on the site's host that opens `path` in preview (a same-site path only: never another host). */
export function previewAddress(siteUrl: string, path: string, token: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null
  let url: URL
  try {
    url = new URL(path, siteUrl)
  } catch {
    return null
  }
  if (url.origin !== new URL(siteUrl).origin) return null
  url.searchParams.set(PREVIEW_PARAM, token)
  return url.href
}
