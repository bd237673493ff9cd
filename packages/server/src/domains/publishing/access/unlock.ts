// Unlock cookies of password-locked pages: an HMAC over the page and its current password hash (changing the
// password locks the page again), scoped to the page's path.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CollectionRow } from '../../content/index.js'

export const unlockCookieName = (collectionId: string) => `sw-unlock-${collectionId}`

function tokenOf(secret: string, c: CollectionRow): string {
  return createHmac('sha256', secret).update(`${c.siteId}:${c.id}:${c.lockPasswordHash ?? ''}`).digest('base64url')
}

export function isUnlocked(secret: string, request: FastifyRequest, c: CollectionRow): boolean {
  const value = request.cookies[unlockCookieName(c.id)]
  if (!value || !c.lockPasswordHash) return false
  const a = Buffer.from(value)
  const b = Buffer.from(tokenOf(secret, c))
  return a.length === b.length && timingSafeEqual(a, b)
}

export function setUnlockCookie(secret: string, request: FastifyRequest, reply: FastifyReply, c: CollectionRow, path: string): void {
  reply.setCookie(unlockCookieName(c.id), tokenOf(secret, c), { path, httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: 7 * 24 * 60 * 60 })
}

/** True when the request carries any unlock cookie (such visitors are served uncached lock-protected pages). */
export const hasUnlockCookie = (request: FastifyRequest, collectionId: string) => request.cookies[unlockCookieName(collectionId)] !== undefined
