// Idempotency-Key: the first request with a key runs and its answer (success or client error) is kept for 24 h;
// the same key with the same body answers the kept reply; while the first still runs 409. A key protects the
// replay of one attempt, nothing else: with another body it is 422 after a success, but after a refused attempt
// (a client error: nothing was done) the new body is a new attempt and takes the key over.
// Keys belong to the visitor who made them (the caller passes a scope naming the visitor), never to the whole site.
import { and, eq, gte, lt, sql } from 'drizzle-orm'
import type { Orm } from '../../../platform/db/index.js'
import { AppError, httpStatusOf, isAppError, type ErrorType } from '../../../platform/errors.js'
import { sha256Hex } from '../../../platform/ids.js'
import { idempotency } from '../schema.js'

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
export const IDEMPOTENCY_HEADER = 'idempotency-key'

/** JSON with object keys sorted, so equal bodies hash equally whatever the key order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined)
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`
  }
  return JSON.stringify(v) ?? 'null'
}

export interface Reply {
  status: number
  body: unknown
}

interface StoredError {
  error: { type: ErrorType; code: string; message: string; fields?: Record<string, string> }
}

export function readKey(header: unknown): string | undefined {
  if (header === undefined) return undefined
  if (typeof header !== 'string' || header.length < 1 || header.length > 200 || !/^[\x21-\x7e]+$/.test(header)) {
    throw new AppError('invalid_data', 'bad_idempotency_key', 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.')
  }
  return header
}

/** The scope of a visitor's keys: the route's name and a hash of what identifies the visitor (never stored raw). */
export function visitorScope(route: string, visitor: string): string {
  return `${route}:${sha256Hex(visitor).slice(0, 32)}`
}

export async function idempotent(
  orm: Orm,
  siteId: string,
  /** The visitor's scope, or a function making it (only called when there is a key). */
  scopeOf: string | (() => string),
  key: string | undefined,
  body: unknown,
  run: () => Promise<Reply>,
): Promise<Reply> {
  if (key === undefined) return run()
  const scope = typeof scopeOf === 'string' ? scopeOf : scopeOf()
  const requestHash = sha256Hex(canonicalJson(body))
  const where = and(eq(idempotency.siteId, siteId), eq(idempotency.scope, scope), eq(idempotency.key, key))
  await orm.delete(idempotency).where(and(where, lt(idempotency.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS))))
  const claimed = await orm.insert(idempotency).values({ siteId, scope, key, requestHash }).onConflictDoNothing().returning({ key: idempotency.key })
  if (claimed.length === 0) {
    const [row] = await orm.select().from(idempotency).where(where)
    if (!row) throw new AppError('conflict', 'idempotency_in_progress', 'A request with this Idempotency-Key is still in progress.')
    if (row.statusCode === null) throw new AppError('conflict', 'idempotency_in_progress', 'A request with this Idempotency-Key is still in progress.')
    if (row.requestHash !== requestHash) {
      // A refused attempt changed nothing: another body with its key is a new attempt (a declined card, then
      // another card). Taken over atomically, so two new bodies cannot both run.
      const retaken =
        row.statusCode >= 400
          ? await orm
              .update(idempotency)
              .set({ requestHash, statusCode: null, response: sql`NULL`, createdAt: new Date() })
              .where(and(where, eq(idempotency.requestHash, row.requestHash), gte(idempotency.statusCode, 400)))
              .returning({ key: idempotency.key })
          : []
      if (retaken.length === 0) {
        throw new AppError('unprocessable', 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request.')
      }
      return runAndKeep(orm, where, run)
    }
    const stored = row.response as StoredError | unknown
    if (row.statusCode >= 400 && stored && typeof stored === 'object' && 'error' in stored) {
      const e = (stored as StoredError).error
      throw new AppError(e.type, e.code, e.message, e.fields ? { fields: e.fields } : {})
    }
    return { status: row.statusCode, body: row.response }
  }
  return runAndKeep(orm, where, run)
}

/** Runs a claimed attempt and keeps its answer; a server failure frees the key. */
async function runAndKeep(orm: Orm, where: ReturnType<typeof and>, run: () => Promise<Reply>): Promise<Reply> {
  const save = (status: number, response: unknown) =>
    orm.update(idempotency).set({ statusCode: status, response: sql`${JSON.stringify(response)}::jsonb` }).where(where)
  try {
    const reply = await run()
    await save(reply.status, reply.body)
    return reply
  } catch (e) {
    if (isAppError(e) && httpStatusOf(e.type) < 500 && e.type !== 'rate_limited') {
      const error: StoredError['error'] = { type: e.type, code: e.code, message: e.message }
      if (e.details.fields) error.fields = e.details.fields
      await save(httpStatusOf(e.type), { error })
    } else {
      await orm.delete(idempotency).where(where) // a server failure may be retried with the same key
    }
    throw e
  }
}
