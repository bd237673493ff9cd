// The edge of the app: input no domain should ever see, and the answers Fastify and Node make on their own.
// - U+0000 (NUL) is refused with a typed 400 wherever a client can put it: the path, the query and any string or key
//   of a parsed body. (PostgreSQL cannot store it in text, so it used to surface as a 500 deep inside a domain.)
// - Fastify's framework errors (malformed percent-encoding, a path parameter over the router's limit) and Node's
//   HTTP parser errors (bad request line, headers too large, timeouts) answer in the same typed shape as every other
//   error, through the one error handler where a request exists.
import type { Socket } from 'node:net'
import { STATUS_CODES } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, httpStatusOf } from '../errors.js'
import { sendError } from './error-handler.js'

export const NUL_MESSAGE = 'Text cannot contain the NUL character (U+0000).'
const nulError = (where: string) => new AppError('invalid_data', 'nul_character', `${NUL_MESSAGE} Remove it from the ${where}.`)

/** True when the (raw, percent-encoded) URL carries a NUL: `%00`, or a literal one if a proxy let it through. */
export function urlHasNul(url: string): boolean {
  return url.includes('\u0000') || /%00/i.test(url)
}

/**
 * False when a body's text cannot parse to anything holding a NUL: a form decodes one only from `%00` (or a literal
 * NUL), as a URL does; JSON only from the escape `\u0000`. True means: check the parsed value.
 */
export function textMayHoldNul(text: string): boolean {
  return urlHasNul(text) || text.includes('\\u0000')
}

/** True when any string or key in `value` holds a NUL. Iterative (bodies may be nested thousands deep). */
export function hasNul(value: unknown): boolean {
  const stack: unknown[] = [value]
  let budget = 1_000_000
  while (stack.length) {
    const v = stack.pop()
    if (--budget < 0) return false
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true
    } else if (v !== null && typeof v === 'object') {
      if (Array.isArray(v)) {
        for (const x of v) stack.push(x)
      } else {
        for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
          if (k.includes('\u0000')) return true
          stack.push(x)
        }
      }
    }
  }
  return false
}

/** Hooks refusing NUL in the URL (before routing work) and in parsed bodies (before validation and handlers). */
export function registerEdgeGuards(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (urlHasNul(request.url)) return done(nulError(request.url.includes('?') && !urlHasNul(request.url.split('?')[0]!) ? 'query' : 'address'))
    done()
  })
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body !== undefined && hasNul(request.body)) return done(nulError('request body'))
    done()
  })
}

const FRAMEWORK: Record<string, () => AppError> = {
  FST_ERR_BAD_URL: () => new AppError('invalid_data', 'bad_url', 'The address is not valid: it holds a malformed percent-encoding.'),
  FST_ERR_MAX_PARAM_LENGTH: () => new AppError('uri_too_long', 'uri_too_long', 'The address is too long.'),
}

/** Fastify's `frameworkErrors` option: router errors raised before any route or hook runs. */
export function frameworkErrors(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
  const make = error.code ? FRAMEWORK[error.code] : undefined
  const appError = make ? make() : new AppError('invalid_data', 'bad_request', 'The request is not valid.')
  void sendError(request, reply, appError)
}

/** Fastify's `clientErrorHandler` option: Node's HTTP parser refused the request, so there is no request to route. */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const appError =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new AppError('request_timeout', 'request_timeout', 'The request took too long to arrive.')
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? new AppError('headers_too_large', 'headers_too_large', 'The request headers are too large.')
        : err.code === 'HPE_URI_TOO_LONG'
          ? new AppError('uri_too_long', 'uri_too_long', 'The address is too long.')
          : new AppError('invalid_data', 'bad_request', 'The request is not valid HTTP.')
  this.log.trace({ err }, 'client error')
  if (!socket.writable) return void socket.destroy()
  const status = httpStatusOf(appError.type)
  const body = JSON.stringify({ error: { type: appError.type, code: appError.code, message: appError.message } })
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  )
}
