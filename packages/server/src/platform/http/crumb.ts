// Crumb (CSRF): the first response to a client sets a signed `crumb` cookie (readable by scripts); every
// state-changing request must echo it as the X-CSRF-Token header or a `crumb` form/query field. A failure is
// AppError('forbidden', CRUMB_FAIL_CODE), answered by the error handler as 403 `{ crumbFail: true, error }`.
// A browser carrying an owner session (the `sessionCookie` option) is given a crumb bound to that session: its
// signature also covers the session token. A crumb bound to another session is refused outright; an unbound crumb
// still passes this check (signing in with a stale session cookie must work), and whoever acts for the signed-in
// owner refuses it with `isBound` (the accounts domain does). Signing in or out re-issues the crumb (`rebind`).
// Routes marked `crumbCookie: 'lazy'` (static files, uploaded files, published pages, and the reads a page makes as
// it loads) set no cookie unless the answer reads `request.crumb` (a page printing it): their answers can be shared by
// any HTTP cache, and none of them replaces the crumb a checked call of the same page has just sent. `GET /api/crumb`
// hands a client its crumb when it first needs one.
import { hash, randomUUID, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError, CRUMB_FAIL_CODE } from '../errors.js'
import { defineRoute } from './route.js'

export const CRUMB_COOKIE = 'crumb'
export const CRUMB_HEADER = 'x-csrf-token'
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

declare module 'fastify' {
  interface FastifyRequest {
    /** The crumb valid for this client (from its cookie, or the one set on this response). */
    crumb: string
  }
}

/**
 * The signature of a nonce: SHA-256 over the key and the nonce in one call (no HMAC object per request), truncated
 * to 132 bits. With a secret prefix and a truncated digest this is a MAC (length extension needs the full state).
 */
export function signCrumb(key: string, nonce: string, binding?: string): string {
  const input = binding ? `${key}\u0000${nonce}\u0000${binding}` : `${key}\u0000${nonce}`
  return `${nonce}.${hash('sha256', input, 'base64url').slice(0, 22)}`
}

/** True when `value` was signed with the key (and, when given, for that binding: a session token). */
export function crumbIsGenuine(key: string, value: string, binding?: string): boolean {
  const dot = value.lastIndexOf('.')
  if (dot <= 0 || value.length > 100) return false
  const expected = signCrumb(key, value.slice(0, dot), binding)
  return safeEqual(expected, value)
}

/** A new crumb: a random nonce (a v4 UUID: 122 random bits from Node's pooled entropy) and its signature. */
export const newCrumb = (key: string, binding?: string): string => signCrumb(key, randomUUID(), binding)

/**
 * Crumb verification with a bounded memory of crumbs already verified (a returning client costs a map lookup,
 * not an HMAC). Only genuine crumbs are remembered, so garbage cannot evict them faster than real clients.
 */
export function createCrumbVerifier(key: string, maxRemembered = 20_000) {
  const known = new Set<string>()
  return {
    key,
    /** Crumbs bound to a session are checked every time (owner requests are few; no session tokens are kept). */
    genuine(value: string, binding?: string): boolean {
      if (binding) return crumbIsGenuine(key, value, binding)
      if (known.has(value)) return true
      if (!crumbIsGenuine(key, value)) return false
      known.add(value)
      if (known.size > maxRemembered) known.delete(known.values().next().value!)
      return true
    },
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function presented(request: FastifyRequest): string | undefined {
  const header = request.headers[CRUMB_HEADER]
  if (typeof header === 'string' && header) return header
  const body = request.body as Record<string, unknown> | undefined
  if (body && typeof body === 'object' && typeof body.crumb === 'string') return body.crumb
  const query = request.query as Record<string, unknown> | undefined
  if (query && typeof query.crumb === 'string') return query.crumb
  return undefined
}

/** The `Set-Cookie` value of a crumb (its value needs no encoding). */
export const crumbCookie = (crumb: string, secure: boolean): string => `${CRUMB_COOKIE}=${crumb}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`

/** The raw value of a cookie in a Cookie header (first occurrence), or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  let i = 0
  while (i < header.length) {
    const semi = header.indexOf(';', i)
    const end = semi < 0 ? header.length : semi
    const eq = header.indexOf('=', i)
    if (eq > 0 && eq < end && header.slice(i, eq).trim() === name) return header.slice(eq + 1, end).trim()
    i = end + 1
  }
  return undefined
}

/** Throws the crumb failure unless the request carries the crumb of its cookie (`genuine` judges the cookie). */
export function checkCrumb(request: FastifyRequest, key: string | ((value: string) => boolean)): void {
  const genuine = typeof key === 'string' ? (v: string) => crumbIsGenuine(key, v) : key
  const cookie = request.cookies[CRUMB_COOKIE]
  const sent = presented(request)
  if (!cookie || !genuine(cookie)) {
    throw new AppError('forbidden', CRUMB_FAIL_CODE, 'Missing crumb cookie: reload the page and try again.')
  }
  if (!sent || !safeEqual(sent, cookie)) {
    throw new AppError('forbidden', CRUMB_FAIL_CODE, 'Missing or wrong crumb: reload the page and try again.')
  }
}

export interface CrumbIssuer {
  /**
   * The crumb of a raw request's Cookie header and, when it had none (or a forged one), the Set-Cookie value of a
   * new one; null when the header needs @fastify/cookie's decoding (a quoted or escaped value).
   */
  crumbOf(cookieHeader: string | undefined, secure: boolean): { crumb: string; setCookie?: string } | null
  /** True when the request's crumb cookie is bound to the session cookie it carries. */
  isBound(request: FastifyRequest): boolean
  /** Issues the request a new crumb for a session it just started (token) or ended (null), on the reply's cookie. */
  rebind(request: FastifyRequest, reply: FastifyReply, sessionToken: string | null): void
}

/** The per-request state behind `request.crumb` (the value, and the reply to set it on when it is made lazily). */
interface LazyCrumb {
  swCrumb: string
  swCrumbReply: FastifyReply | null
}

export interface CrumbOptions {
  /** The session cookie crumbs are bound to when a request carries it. */
  sessionCookie?: string
}

/** Registers the crumb hooks on the root instance (needs @fastify/cookie). No database access. */
export function registerCrumb(app: FastifyInstance, key: string, opts: CrumbOptions = {}): CrumbIssuer {
  const verifier = createCrumbVerifier(key)
  const bindingOf = (request: FastifyRequest): string | undefined => (opts.sessionCookie ? request.cookies[opts.sessionCookie] || undefined : undefined)
  // The header is written directly (the value needs no encoding); @fastify/cookie adds any other cookies to it.
  const issue = (request: FastifyRequest, reply: FastifyReply) => {
    const crumb = newCrumb(key, bindingOf(request))
    ;(request as unknown as LazyCrumb).swCrumb = crumb
    if (!reply.sent) reply.header('set-cookie', crumbCookie(crumb, request.protocol === 'https'))
    return crumb
  }
  app.decorateRequest('swCrumb', '')
  app.decorateRequest('swCrumbReply', null)
  app.decorateRequest('crumb', {
    getter(this: FastifyRequest) {
      const self = this as unknown as LazyCrumb
      if (self.swCrumb === '' && self.swCrumbReply) return issue(this, self.swCrumbReply)
      return self.swCrumb
    },
    setter(this: FastifyRequest, value: string) {
      ;(this as unknown as LazyCrumb).swCrumb = value
    },
  })
  // Callback hooks: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = request.cookies[CRUMB_COOKIE]
    if (cookie && verifier.genuine(cookie, bindingOf(request))) {
      request.crumb = cookie
      return done()
    }
    if (request.routeOptions.config.crumbCookie === 'lazy') (request as unknown as LazyCrumb).swCrumbReply = reply
    else issue(request, reply)
    done()
  })
  // preHandler: after the body is parsed (the crumb may be a form field), before the handler runs.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method) || request.is404 || request.routeOptions.config.crumb === false) return done()
    try {
      const binding = bindingOf(request)
      checkCrumb(request, (v) => verifier.genuine(v, binding) || (binding !== undefined && verifier.genuine(v)))
    } catch (e) {
      return done(e as Error)
    }
    done()
  })
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/crumb',
      summary: "The client's crumb: sets the crumb cookie when it had none (pages and static files do not set it)",
      tags: ['platform'],
      responses: { 200: { description: 'The crumb (also in the crumb cookie)', schema: z.object({ crumb: z.string() }) } },
    },
    async ({ request, reply }) => {
      // the onRequest hook set the cookie when the client had none (or a stale one); the value is echoed for scripts
      reply.header('cache-control', 'no-store')
      return { crumb: request.crumb }
    },
  )
  return {
    crumbOf(cookieHeader, secure) {
      const value = cookieValue(cookieHeader, CRUMB_COOKIE)
      if (value !== undefined && (value.includes('%') || value.includes('"'))) return null
      const binding = opts.sessionCookie ? cookieValue(cookieHeader, opts.sessionCookie) || undefined : undefined
      if (binding !== undefined && (binding.includes('%') || binding.includes('"'))) return null
      if (value && verifier.genuine(value, binding)) return { crumb: value }
      const crumb = newCrumb(key, binding)
      return { crumb, setCookie: crumbCookie(crumb, secure) }
    },
    isBound(request) {
      const binding = bindingOf(request)
      const cookie = request.cookies[CRUMB_COOKIE]
      return binding !== undefined && cookie !== undefined && verifier.genuine(cookie, binding)
    },
    rebind(request, reply, sessionToken) {
      request.crumb = newCrumb(key, sessionToken ?? undefined)
      reply.setCookie(CRUMB_COOKIE, request.crumb, { path: '/', sameSite: 'lax', secure: request.protocol === 'https' })
    },
  }
}
