// Who a visitor is, without keeping who they are: a random cookie (hashed before storage) and a keyed hash of
// the address. Also the HTML escaping of comment text for any output that is not a template.
import { createHmac } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { newToken, sha256Hex } from '../../platform/ids.js'

export const VISITOR_COOKIE = 'sw_visitor'
const TOKEN = /^[A-Za-z0-9_-]{32,64}$/
const YEAR_SECONDS = 365 * 24 * 60 * 60

/** The visitor's key (SHA-256 of the visitor cookie), setting the cookie on the first visit. */
export function visitorKey(request: FastifyRequest, reply: FastifyReply): string {
  let token = request.cookies[VISITOR_COOKIE]
  if (!token || !TOKEN.test(token)) {
    token = newToken()
    reply.setCookie(VISITOR_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      maxAge: YEAR_SECONDS,
      secure: request.protocol === 'https',
    })
  }
  return sha256Hex(`visitor:${token}`)
}

/** Keyed hash of a client address, per site (the same address on two sites gives unrelated hashes). */
export function addressHash(secret: string, siteId: string, ip: string): string {
  return createHmac('sha256', secret).update(`${siteId}|${ip}`).digest('hex').slice(0, 32)
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;', '/': '&#x2F;' }

/** Comment text as HTML text: & < > " ' / escaped. Templates escape with their own formatter instead. */
export function escapeCommentText(text: string): string {
  return text.replace(/[&<>"'/]/g, (c) => ENTITIES[c]!)
}
