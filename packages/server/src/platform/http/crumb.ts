// Crumb (CSRF): the first response to any client sets a signed `crumb` cookie (readable by scripts); every
// state-changing request must echo it as the X-CSRF-Token header or a `crumb` form/query field. A failure is
// AppError('forbidden', CRUMB_FAIL_CODE), answered by the error handler as 403 `{ crumbFail: true, error }`.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError, CRUMB_FAIL_CODE } from '../errors.js'

export const CRUMB_COOKIE = 'crumb'
export const CRUMB_HEADER = 'x-csrf-token'
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

declare module 'fastify' {
  interface FastifyRequest {
    /** The crumb valid for this client (from its cookie, or the one set on this response). */
    crumb: string
  }
}

export function signCrumb(key: string, nonce: string): string {
  return `${nonce}.${createHmac('sha256', key).update(nonce).digest('base64url').slice(0, 22)}`
}

export function crumbIsGenuine(key: string, value: string): boolean {
  const dot = value.indexOf('.')
  if (dot <= 0 || value.length > 100) return false
  const expected = signCrumb(key, value.slice(0, dot))
  return safeEqual(expected, value)
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

/** Throws the crumb failure unless the request carries the crumb of its cookie. */
export function checkCrumb(request: FastifyRequest, key: string): void {
  const cookie = request.cookies[CRUMB_COOKIE]
  const sent = presented(request)
  if (!cookie || !crumbIsGenuine(key, cookie)) {
    throw new AppError('forbidden', CRUMB_FAIL_CODE, 'Missing crumb cookie: reload the page and try again.')
  }
  if (!sent || !safeEqual(sent, cookie)) {
    throw new AppError('forbidden', CRUMB_FAIL_CODE, 'Missing or wrong crumb: reload the page and try again.')
  }
}

/** Registers the crumb hooks on the root instance (needs @fastify/cookie). */
export function registerCrumb(app: FastifyInstance, key: string): void {
  app.decorateRequest('crumb', '')
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CRUMB_COOKIE]
    if (cookie && crumbIsGenuine(key, cookie)) {
      request.crumb = cookie
      return
    }
    request.crumb = signCrumb(key, randomBytes(16).toString('base64url'))
    reply.setCookie(CRUMB_COOKIE, request.crumb, {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      secure: request.protocol === 'https',
    })
  })
  // preHandler: after the body is parsed (the crumb may be a form field), before the handler runs.
  app.addHook('preHandler', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return
    if (request.is404 || request.routeOptions.config.crumb === false) return
    checkCrumb(request, key)
  })
}
