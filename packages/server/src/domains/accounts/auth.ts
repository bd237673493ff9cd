// Request-level owner sessions: the `sw_session` cookie (HttpOnly, SameSite=Lax) names a database session.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { SESSION_TTL_MS, createSession, deleteSession, sessionByToken, type OwnerSession } from './service.js'

export const SESSION_COOKIE = 'sw_session'

export interface Auth {
  /** The signed-in owner, or null (looked up once per request). */
  currentOwner(request: FastifyRequest): Promise<OwnerSession | null>
  /** The signed-in owner, or AppError unauthorized `not_signed_in`. */
  requireOwner(request: FastifyRequest): Promise<OwnerSession>
  /** Starts a new session (a fresh id: any session the request carried is deleted first). */
  startSession(request: FastifyRequest, reply: FastifyReply, ownerId: string): Promise<void>
  /** Deletes the request's session and clears the cookie. */
  endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>
}

export function createAuth(orm: Orm): Auth {
  const cache = new WeakMap<FastifyRequest, Promise<OwnerSession | null>>()
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  })

  const currentOwner = (request: FastifyRequest) => {
    let p = cache.get(request)
    if (!p) {
      const token = request.cookies[SESSION_COOKIE]
      p = token ? sessionByToken(orm, token) : Promise.resolve(null)
      cache.set(request, p)
    }
    return p
  }

  return {
    currentOwner,
    async requireOwner(request) {
      const session = await currentOwner(request)
      if (!session) throw new AppError('unauthorized', 'not_signed_in', 'Please sign in.')
      return session
    },
    async startSession(request, reply, ownerId) {
      const old = request.cookies[SESSION_COOKIE]
      if (old) await deleteSession(orm, old)
      const token = await createSession(orm, ownerId)
      cache.delete(request)
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_TTL_MS / 1000 })
    },
    async endSession(request, reply) {
      const token = request.cookies[SESSION_COOKIE]
      if (token) await deleteSession(orm, token)
      cache.delete(request)
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request))
    },
  }
}
