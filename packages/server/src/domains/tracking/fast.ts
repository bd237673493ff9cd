// The beacon fast path: `POST /api/census/RecordHit` answered in front of Fastify (no routing, hooks, reply object,
// crumb cookie or per-request log line), with the same answers as the Fastify route. It takes a hit only when
// everything the counting rule needs is already in memory: the host's site, the site's fresh settings and the day's
// salt, no owner session cookie (owners are counted by role: left to Fastify), a form or JSON body with a length.
// Proxy headers are read by `arrival` as Fastify reads them (TRUST_PROXY); without it, a proxied hit goes to Fastify.
// Anything else goes to Fastify, which also warms the caches the fast path reads.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { AppError, httpStatusOf } from '../../platform/errors.js'
import { DIRECT, type Arrival } from '../../platform/http/proxy.js'
import { refuseBadText, textMayHoldNul, textMayHoldSurrogate } from '../../platform/http/edge.js'
import { parseQuery } from '../../platform/http/query.js'
import { parseWith } from '../../platform/http/validate.js'
import { dayOf } from './aggregate.js'
import { accept, cleanPath, loggedInOf, visitorOf, type VisitorContext } from './context.js'
import { isBot } from './enrich.js'
import { hitDataOf, hitEvent } from './routes-visitor.js'
import { recordHitBody } from './validators.js'

export const RECORD_HIT_URL = '/api/census/RecordHit'
/** Larger bodies (never sent by the tracker) take the Fastify path and its body limit. */
const MAX_BODY = 16 * 1024

export interface TrackingFastDeps {
  /** The site id of a Host header when the host cache already knows it (never waits), else null. */
  siteOf(hostHeader: string | undefined): string | null
  /** The app's security headers of an answer, over TLS or not. */
  headers(secure: boolean): Readonly<Record<string, string>>
  /** True when the Cookie header may carry a signed-in owner (their roles decide: left to Fastify). */
  owner(cookieHeader: string | undefined): boolean
  /** How a request arrived (TLS or not, the visitor's address), read as Fastify reads it; absent: proxied hits go to Fastify. */
  arrival?: Arrival
}

const ACCEPTED = Buffer.from(JSON.stringify({ accepted: true }))

export function createTrackingFastPath(ctx: VisitorContext, deps: TrackingFastDeps) {
  const headersOf = (secure: boolean, body?: Buffer): Record<string, string | number> => {
    const headers: Record<string, string | number> = { ...deps.headers(secure), 'cache-control': 'no-store' }
    if (body) {
      headers['content-type'] = 'application/json; charset=utf-8'
      headers['content-length'] = body.length
    }
    return headers
  }
  // the two answers of nearly every hit, their headers made once
  const accepted = [headersOf(false, ACCEPTED), headersOf(true, ACCEPTED)] as const
  const noContent = [headersOf(false), headersOf(true)] as const

  function answer(res: ServerResponse, secure: boolean, status: number, body?: Buffer): void {
    const headers = body === ACCEPTED ? accepted[secure ? 1 : 0] : body === undefined && status === 204 ? noContent[secure ? 1 : 0] : headersOf(secure, body)
    res.writeHead(status, headers)
    res.end(body)
  }

  function fail(res: ServerResponse, secure: boolean, e: unknown): void {
    const error = e instanceof AppError ? e : new AppError('invalid_data', 'bad_request', 'The request is not valid.')
    const body: Record<string, unknown> = { type: error.type, code: error.code, message: error.message }
    if (error.details.fields) body.fields = error.details.fields
    answer(res, secure, httpStatusOf(error.type), Buffer.from(JSON.stringify({ error: body })))
  }

  /** The answer of one hit whose body has arrived (the same rule and order as the Fastify route). */
  function take(res: ServerResponse, secure: boolean, json: boolean, text: string, req: { siteId: string; disabled: boolean; salt: string; at: Date; ip: string; userAgent: string | undefined; host: string | undefined; cookie: string | undefined }): void {
    let fields: unknown
    if (json) {
      try {
        fields = JSON.parse(text)
      } catch {
        throw new AppError('invalid_data', 'malformed_json', 'The request body is not valid JSON.')
      }
    } else fields = parseQuery(text)
    if (textMayHoldNul(text) || textMayHoldSurrogate(text)) refuseBadText(fields)
    if (fields && typeof fields === 'object' && !Array.isArray(fields) && 'crumb' in fields) {
      const { crumb: _c, ...rest } = fields as Record<string, unknown>
      fields = rest
    }
    const body = parseWith(recordHitBody, fields)
    const data = hitDataOf(body.data)
    const path = cleanPath(data.path)
    if (isBot(req.userAgent) || req.disabled || path.startsWith('/config')) return answer(res, secure, 204)
    const who = visitorOf(ctx, { at: req.at, salt: req.salt, siteId: req.siteId, ip: req.ip, userAgent: req.userAgent!, host: req.host }, data)
    accept(ctx, [hitEvent(body.event, data, path, req.siteId, who, loggedInOf(req.cookie))])
    answer(res, secure, 202, ACCEPTED)
  }

  // without `arrival`, hits carrying proxy headers are left to Fastify; the rest arrived directly
  const proxiesToFastify = deps.arrival === undefined
  const arrival = deps.arrival ?? DIRECT
  /** Answers a census hit and returns true, or returns false (Fastify handles the request). */
  return function recordHit(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'POST' || req.url !== RECORD_HIT_URL) return false
    const h = req.headers
    if ((proxiesToFastify && (h['x-forwarded-for'] !== undefined || h['x-forwarded-proto'] !== undefined)) || deps.owner(h.cookie)) return false
    const type = (h['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
    const json = type === 'application/json'
    if (!json && type !== 'application/x-www-form-urlencoded') return false
    const length = Number(h['content-length'])
    if (!(length > 0 && length <= MAX_BODY) || h['transfer-encoding'] !== undefined) return false
    const siteId = deps.siteOf(h.host)
    if (!siteId) return false
    const settings = ctx.settings.peek(siteId)
    if (!settings) return false
    const at = new Date(ctx.now())
    const salt = ctx.settings.peekSalt(siteId, dayOf(at))
    if (!salt) return false
    const secure = arrival.secure(req)
    const ip = arrival.ip(req)
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size <= MAX_BODY) chunks.push(c)
    })
    req.on('end', () => {
      try {
        if (size !== length) throw new AppError('invalid_data', 'bad_content_length', 'The Content-Length header does not match the body.')
        const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')
        take(res, secure, json, text, { siteId, disabled: settings.disabled, salt, at, ip, userAgent: h['user-agent'], host: h.host, cookie: h.cookie })
      } catch (e) {
        fail(res, secure, e)
      }
    })
    req.on('error', () => res.destroy())
    return true
  }
}
