// Request-level owner sessions: the `sw_session` cookie (HttpOnly, SameSite=Lax) names a database session.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { AppError, CRUMB_FAIL_CODE } from '../../platform/errors.js'
import { DEVICE_COOKIE, DEVICE_MAX_AGE_S, deviceToken, parseDevice } from './devices.js'
import {
  SESSION_TTL_MS,
  createSession,
  deleteSession,
  sessionByToken,
  type LoginSource,
  type OwnerSession,
} from './service.js'

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
  /** Where a sign-in attempt comes from (its address and known-device cookie). */
  loginSource(request: FastifyRequest): LoginSource
  /** The id of the browser's genuine device cookie (whoever signed in on it), else null. */
  deviceId(request: FastifyRequest): string | null
  /** Marks the browser as a known device of the owner (after a successful sign-in or sign-up); a browser without a device id gets `deviceId` or a new one. */
  rememberDevice(request: FastifyRequest, reply: FastifyReply, ownerId: string, deviceId?: string): void
}

export interface AuthOptions {
  /** HMAC key of the known-device cookie. */
  deviceSecret: string
  /** Called when a request starts (token) or ends (null) a session, e.g. to give it a crumb bound to the session. */
  onSessionChange?(request: FastifyRequest, reply: FastifyReply, token: string | null): void
  /** True when the request's crumb is bound to its session; a state-changing request of a signed-in owner needs it. */
  crumbBound?(request: FastifyRequest): boolean
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function createAuth(orm: Orm, opts: AuthOptions): Auth {
  const cache = new WeakMap<FastifyRequest, Promise<OwnerSession | null>>()
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  })

  // The owner's crumb must be the one minted for this session: a crumb of another browser does not act for the owner.
  const requireBoundCrumb = (request: FastifyRequest, session: OwnerSession | null) => {
    const checked = STATE_CHANGING.has(request.method) && request.routeOptions.config.crumb !== false
    if (session && checked && opts.crumbBound && !opts.crumbBound(request)) {
      throw new AppError(
        'forbidden',
        CRUMB_FAIL_CODE,
        'Missing or wrong crumb: reload the page and try again.',
      )
    }
    return session
  }

  const currentOwner = (request: FastifyRequest) => {
    let p = cache.get(request)
    if (!p) {
      const token = request.cookies[SESSION_COOKIE]
      p = token
        ? sessionByToken(orm, token).then((session) => requireBoundCrumb(request, session))
        : Promise.resolve(null)
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
      opts.onSessionChange?.(request, reply, token)
    },
    async endSession(request, reply) {
      const token = request.cookies[SESSION_COOKIE]
      await currentOwner(request) // a live session is only ended with its own crumb
      if (token) await deleteSession(orm, token)
      cache.delete(request)
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request))
      opts.onSessionChange?.(request, reply, null)
    },
    loginSource(request) {
      const device = parseDevice(opts.deviceSecret, request.cookies[DEVICE_COOKIE])
      return {
        address: request.ip,
        deviceOf: (ownerId) => (device?.ownerId === ownerId ? device.deviceId : null),
      }
    },
    deviceId: (request) => parseDevice(opts.deviceSecret, request.cookies[DEVICE_COOKIE])?.deviceId ?? null,
    rememberDevice(request, reply, ownerId, deviceId) {
      const device = parseDevice(opts.deviceSecret, request.cookies[DEVICE_COOKIE])
      if (device?.ownerId === ownerId) return
      reply.setCookie(DEVICE_COOKIE, deviceToken(opts.deviceSecret, ownerId, device?.deviceId ?? deviceId), {
        ...cookieOptions(request),
        path: '/api/auth',
        maxAge: DEVICE_MAX_AGE_S,
      })
    },
  }
}
