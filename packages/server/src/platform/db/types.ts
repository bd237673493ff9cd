import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { UpkeepDone } from './pglite-upkeep.js'

/** Drizzle over either backend. Domain services take an `Orm` (the database or an open transaction). */
export type Orm = PgDatabase<PgQueryResultHKT, Record<string, unknown>>

export type DbKind = 'pglite' | 'postgres'

/** A raw query inside a raw transaction. Without params it may hold several statements (migrations). */
export type RawQuery = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>

/** The one database handle, the same shape for PGlite and PostgreSQL. */
export interface Db {
  readonly kind: DbKind
  readonly orm: Orm
  /** Runs `fn` in one transaction on one connection with raw SQL (used by the migration runner). */
  rawTransaction<T>(fn: (query: RawQuery) => Promise<T>): Promise<T>
  /** Closes the database (PGlite: flushes to disk and releases the data-dir lock). Idempotent. */
  close(): Promise<void>
  /**
   * PGlite on its thread: a tarball of the database as it is now, which `openPglite(null, { snapshot })` starts
   * another database from (tests start from a seeded one). Take it while nothing writes.
   */
  snapshot?(): Promise<Uint8Array>
  /** PGlite (no autovacuum): vacuums and analyzes the tables autovacuum would now (`pglite-upkeep.ts`). */
  upkeep?(): Promise<UpkeepDone>
}

type DbErrorFields = { code?: unknown; constraint?: unknown; message?: unknown }

/** The errors with SQLSTATE `code` among `e` and its causes (Drizzle wraps the driver's error), on both drivers. */
function withSqlState(e: unknown, code: string): DbErrorFields[] {
  const found: DbErrorFields[] = []
  for (let cur: unknown = e, depth = 0; cur && depth < 4; cur = (cur as { cause?: unknown }).cause, depth++) {
    if ((cur as DbErrorFields).code === code) found.push(cur as DbErrorFields)
  }
  return found
}

/** Foreign-key violation (SQLSTATE 23503). */
export function isForeignKeyViolation(e: unknown): boolean {
  return withSqlState(e, '23503').length > 0
}

/** Unique violation (SQLSTATE 23505), of `constraint` when given. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  return withSqlState(e, '23505').some((err) => !constraint || err.constraint === constraint || (typeof err.message === 'string' && err.message.includes(constraint)))
}

/**
 * Raw SQL rows through Drizzle as a named statement: on PostgreSQL each connection parses and plans it once and then
 * only binds and executes it (a hot path's statement, planned on every call, costs the database more than running
 * it). The SQL text must be the same on every call with that name (values go in as parameters, as `sql` makes them).
 * PGlite runs it like `sqlRows`.
 */
export async function namedRows<T>(orm: Orm, name: string, query: SQL): Promise<T[]> {
  // Drizzle's own execute() prepares the statement without a name; this is the same call with one
  const inner = orm as unknown as {
    dialect: { sqlToQuery(q: SQL): unknown }
    session: { prepareQuery(q: unknown, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> } }
  }
  const result = (await inner.session.prepareQuery(inner.dialect.sqlToQuery(query), undefined, name, false).execute()) as { rows: T[] }
  return result.rows
}

/** Raw SQL rows through Drizzle, the same on both drivers (both results carry `rows`). */
export async function sqlRows<T>(orm: Orm, query: SQL): Promise<T[]> {
  const result = (await orm.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
