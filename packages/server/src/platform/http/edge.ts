// The edge of the app: input no domain should ever see, and the answers Fastify and Node make on their own.
// - U+0000 (NUL) is refused with a typed 400 wherever a client can put it: the path, the query and any string or key
//   of a parsed body. (PostgreSQL cannot store it in text, so it used to surface as a 500 deep inside a domain.)
// - Ill-formed Unicode (a lone UTF-16 surrogate, which JSON can carry as the escape `\ud800`) is refused the same way,
//   in the query and in any string or key of a parsed body, with a 400 naming the field: jsonb refuses it (a 500)
//   and text columns silently stored U+FFFD in its place.
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

/** What is wrong with a text found by `findBadText`, and where (the field path, dot-joined; '' for the top). */
export interface BadText {
  kind: 'nul' | 'surrogate'
  field: string
  /** The first offending UTF-16 unit, as U+XXXX. */
  unit: string
}

const unitOf = (s: string, kind: BadText['kind']): string => {
  if (kind === 'nul') return 'U+0000'
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
      else return `U+${c.toString(16).toUpperCase()}`
    } else if (c >= 0xdc00 && c <= 0xdfff) return `U+${c.toString(16).toUpperCase()}`
  }
  return 'U+FFFD'
}
/** A lone surrogate: a high one not followed by a low one, or a low one not after a high one (UTF-16 units, no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g')
const kindOf = (s: string): BadText['kind'] | null => (s.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(s) ? 'surrogate' : null)

/**
 * The first string or key in `value` holding a NUL or ill-formed Unicode (a lone surrogate), with its field path;
 * null when every text is clean. Iterative (bodies may be nested thousands deep).
 */
export function findBadText(value: unknown): BadText | null {
  return anyBadText(value) ? badTextWithPath(value) : null
}

/** The walk of `findBadText` without paths (a clean body, the usual case, builds no path strings). */
function anyBadText(value: unknown): boolean {
  return someText(value, (t) => kindOf(t) !== null)
}

/**
 * True when `test` holds for any string or object key in `value` (walked without recursion, at most a million
 * values; past that, false).
 */
function someText(value: unknown, test: (text: string) => boolean): boolean {
  const stack: unknown[] = [value]
  let budget = 1_000_000
  while (stack.length) {
    const v = stack.pop()
    if (--budget < 0) return false
    if (typeof v === 'string') {
      if (test(v)) return true
    } else if (v !== null && typeof v === 'object') {
      if (Array.isArray(v)) {
        for (const x of v) stack.push(x)
      } else {
        for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
          if (test(k)) return true
          stack.push(x)
        }
      }
    }
  }
  return false
}

function badTextWithPath(value: unknown): BadText | null {
  const stack: [unknown, string][] = [[value, '']]
  let budget = 1_000_000
  const at = (path: string, key: string) => (path === '' ? key : `${path}.${key}`)
  while (stack.length) {
    const [v, path] = stack.pop()!
    if (--budget < 0) return null
    if (typeof v === 'string') {
      const kind = kindOf(v)
      if (kind) return { kind, field: path, unit: unitOf(v, kind) }
    } else if (v !== null && typeof v === 'object') {
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], at(path, String(i))])
      } else {
        const entries = Object.entries(v as Record<string, unknown>)
        for (let i = entries.length - 1; i >= 0; i--) {
          const [k, x] = entries[i]!
          const kind = kindOf(k)
          if (kind) return { kind, field: at(path, k.replaceAll('\u0000', '').replace(LONE_SURROGATES, '\uFFFD')), unit: unitOf(k, kind) }
          stack.push([x, at(path, k)])
        }
      }
    }
  }
  return null
}

/** True when any string or key in `value` holds a NUL. */
export function hasNul(value: unknown): boolean {
  return someText(value, (t) => t.includes('\u0000'))
}

export const ILL_FORMED_MESSAGE = 'Text must be well-formed Unicode: it cannot hold an unpaired surrogate (U+D800 to U+DFFF).'

/**
 * The typed 400 of a bad text: `nul_character` or `ill_formed_unicode`, naming the field (`in` prefixes the path of
 * a text nested in a field, such as the JSON text of a form's values) in the message and in `details.fields`.
 */
export function badTextError(bad: BadText, where = 'request body', prefix = ''): AppError {
  const field = prefix && bad.field ? `${prefix}.${bad.field}` : prefix || bad.field
  const named = field ? `the field "${field}"` : `the ${where}`
  if (bad.kind === 'nul') return new AppError('invalid_data', 'nul_character', `${NUL_MESSAGE} Remove it from ${named}.`, { fields: { [field || '_']: NUL_MESSAGE } })
  const message = `Text must be well-formed Unicode: ${named} holds an unpaired surrogate (${bad.unit}). Remove it.`
  return new AppError('invalid_data', 'ill_formed_unicode', message, { fields: { [field || '_']: ILL_FORMED_MESSAGE } })
}

/** Throws the typed 400 when any text in `value` holds a NUL or ill-formed Unicode. */
export function refuseBadText(value: unknown, where = 'request body', prefix = ''): void {
  const bad = findBadText(value)
  if (bad) throw badTextError(bad, where, prefix)
}

/** False when a JSON text cannot parse to a lone surrogate: only its escape `\uD800`-`\uDFFF` (or a raw one) can. */
export function textMayHoldSurrogate(text: string): boolean {
  return /\\u[dD][89a-fA-F]/.test(text) || LONE_SURROGATE.test(text)
}

/** Hooks refusing NUL in the URL (before routing work) and bad text in the query and parsed bodies (before validation). */
export function registerEdgeGuards(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (urlHasNul(request.url)) return done(nulError(request.url.includes('?') && !urlHasNul(request.url.split('?')[0]!) ? 'query' : 'address'))
    done()
  })
  app.addHook('preValidation', (request, _reply, done) => {
    const query = request.query
    const badQuery = query && typeof query === 'object' && Object.keys(query).length > 0 ? findBadText(query) : null
    if (badQuery) return done(badTextError(badQuery, 'query'))
    const bad = request.body !== undefined ? findBadText(request.body) : null
    if (bad) return done(badTextError(bad))
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
