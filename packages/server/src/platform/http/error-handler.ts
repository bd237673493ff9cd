// The ONE place where errors become HTTP answers. AppError types map to statuses through `httpStatusOf`;
// Fastify's own client errors (bad JSON, size, media type) are translated to AppErrors first; anything else is
// logged and masked. /api answers JSON, other paths a small HTML page; never a stack trace.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, CRUMB_FAIL_CODE, httpStatusOf, isAppError, type ErrorType } from '../errors.js'
import { RETURN_FIELD, confirmFormPage, plainPage, returnPath } from './html.js'

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
}

const FASTIFY_CODES: Record<string, [ErrorType, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['invalid_data', 'malformed_json', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['invalid_data', 'empty_body', 'The request body is empty.'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 'payload_too_large', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'unsupported_media_type', 'This content type is not accepted.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['invalid_data', 'bad_content_length', 'The Content-Length header does not match the body.'],
}

const STATUS_TYPES: Record<number, ErrorType> = {
  400: 'invalid_data', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 405: 'not_found', 408: 'request_timeout', 409: 'conflict',
  413: 'payload_too_large', 414: 'uri_too_long', 415: 'unsupported_media_type', 422: 'unprocessable', 429: 'rate_limited', 431: 'headers_too_large', 503: 'unavailable',
}

/** Turns anything thrown into an AppError; `masked` is true when the original must be logged, not shown. */
export function toAppError(e: unknown): { error: AppError; masked: boolean } {
  if (isAppError(e)) return { error: e, masked: false }
  const err = e as { code?: unknown; statusCode?: unknown; message?: unknown }
  const known = typeof err.code === 'string' ? FASTIFY_CODES[err.code] : undefined
  if (known) return { error: new AppError(...known), masked: false }
  if (e instanceof SyntaxError && err.statusCode === 400) {
    return { error: new AppError('invalid_data', 'malformed_json', 'The request body is not valid JSON.'), masked: false }
  }
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500
  const type = STATUS_TYPES[status]
  if (type && status < 500) {
    const message = typeof err.message === 'string' && err.message ? err.message : 'Bad request.'
    return { error: new AppError(type, 'bad_request', message), masked: false }
  }
  return { error: new AppError('internal', 'internal', 'Something went wrong on our side. Please try again.'), masked: true }
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const status = httpStatusOf(error.type)
  if (error.details.retryAfter !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(error.details.retryAfter))))
  reply.code(status)
  if (error.code === CRUMB_FAIL_CODE) {
    const resend = resendableForm(request)
    if (resend) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(confirmFormPage(request.url, resend, request.crumb, returnPath(request)))
    return reply.type('application/json').send({ crumbFail: true, error: error.message })
  }
  if (isApiPath(request.url) || request.headers.accept === 'application/json') {
    const body: Record<string, unknown> = { type: error.type, code: error.code, message: error.message }
    if (error.details.fields) body.fields = error.details.fields
    return reply.type('application/json').send({ error: body })
  }
  const title = status === 404 ? 'Page not found' : status >= 500 ? 'Something went wrong' : 'Request not accepted'
  return reply.type('text/html; charset=utf-8').send(plainPage(title, error.message))
}

/**
 * The fields of a browser's native form post that failed only for want of a crumb, when it came from a page of the same
 * site (Origin, else Referer, names this host): published pages are shared by any cache and print no crumb, so a
 * visitor without JavaScript posts none. They get a page that says so and sends the same fields again with their crumb
 * (set on this answer) when they press the button: nothing they typed is lost. Cross-site posts get the plain failure.
 */
export function resendableForm(request: FastifyRequest): Array<[string, string]> | null {
  if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return null
  if (!(request.headers.accept ?? '').includes('text/html')) return null
  const host = request.headers.host
  const from = request.headers.origin ?? request.headers.referer
  if (!host || typeof from !== 'string') return null
  try {
    if (new URL(from).host !== host) return null
  } catch {
    return null
  }
  const body = request.body
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null
  const fields: Array<[string, string]> = []
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (name === 'crumb' || name === RETURN_FIELD) continue
    if (typeof value === 'string') fields.push([name, value])
    else if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') fields.push([name, v])
  }
  return fields
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((e, request, reply) => {
    const { error, masked } = toAppError(e)
    if (masked) request.log.error({ err: e }, 'unhandled error')
    else if (error.type === 'internal' || error.type === 'unavailable') request.log.error({ err: e }, error.message)
    return sendError(request, reply, error)
  })
}

/** Unknown routes: /api answers 404 JSON; other paths go to `renderPage` (e.g. the site's themed 404). */
export function registerNotFound(
  app: FastifyInstance,
  renderPage: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url)) {
      const path = request.url.split('?')[0]
      throw new AppError('not_found', 'route_not_found', `There is no API route ${request.method} ${path}.`)
    }
    return renderPage(request, reply)
  })
}
