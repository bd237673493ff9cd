// Site-member sessions: `sw_member` (HttpOnly) names a database session of the request's site; the script-readable
// `SiteUserSecureAuthToken` marker (no secret in it) tells the storefront and analytics that a member is signed in.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { createSession, deleteSession, userBySession, type SiteUserRow } from './service.js'

export const MEMBER_SESSION_COOKIE = 'sw_member'
export const SITE_USER_AUTH_COOKIE = 'SiteUserSecureAuthToken'

export interface MemberAuth {
  /** The signed-in member of the request on `siteId`, or null (looked up once per request). */
  current(request: FastifyRequest, siteId: string): Promise<SiteUserRow | null>
  require(request: FastifyRequest, siteId: string): Promise<SiteUserRow>
  start(request: FastifyRequest, reply: FastifyReply, siteId: string, userId: string, remember: boolean): Promise<void>
  end(request: FastifyRequest, reply: FastifyReply, siteId: string): Promise<void>
}

/** True when the request carries a member session cookie (cheap: no database; pages for it are not cached). */
export const hasMemberCookie = (cookies: Record<string, string | undefined>): boolean => Boolean(cookies[MEMBER_SESSION_COOKIE])

export function createMemberAuth(orm: Orm): MemberAuth {
  const cache = new WeakMap<FastifyRequest, Promise<SiteUserRow | null>>()
  const base = (request: FastifyRequest) => ({ path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https' })
  const current = (request: FastifyRequest, siteId: string) => {
    let p = cache.get(request)
    if (!p) {
      const token = request.cookies[MEMBER_SESSION_COOKIE]
      p = token ? userBySession(orm, siteId, token) : Promise.resolve(null)
      cache.set(request, p)
    }
    return p
  }
  return {
    current,
    async require(request, siteId) {
      const user = await current(request, siteId)
      if (!user) throw new AppError('unauthorized', 'not_signed_in', 'Please sign in to your account.')
      return user
    },
    async start(request, reply, siteId, userId, remember) {
      const old = request.cookies[MEMBER_SESSION_COOKIE]
      if (old) await deleteSession(orm, siteId, old)
      const { token, expiresAt } = await createSession(orm, siteId, userId, remember)
      cache.delete(request)
      const life = remember ? { expires: expiresAt } : {}
      reply.setCookie(MEMBER_SESSION_COOKIE, token, { ...base(request), httpOnly: true, ...life })
      reply.setCookie(SITE_USER_AUTH_COOKIE, '1', { ...base(request), httpOnly: false, ...life })
    },
    async end(request, reply, siteId) {
      const token = request.cookies[MEMBER_SESSION_COOKIE]
      if (token) await deleteSession(orm, siteId, token)
      cache.delete(request)
      reply.clearCookie(MEMBER_SESSION_COOKIE, base(request))
      reply.clearCookie(SITE_USER_AUTH_COOKIE, base(request))
    },
  }
}
