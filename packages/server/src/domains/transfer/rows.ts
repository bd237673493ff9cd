// Rows of one site table as JSON, read and written the same on PGlite and PostgreSQL: `to_jsonb(row)` keeps every
// value exactly (timestamps to the microsecond, jsonb documents, big integers) and `jsonb_populate_recordset` turns
// the same JSON back into typed rows. Table and column names come from the Drizzle definitions, never from input.
import { getTableColumns, getTableName, sql } from 'drizzle-orm'
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import { isForeignKeyViolation, sqlRows, type Orm } from '../../platform/db/index.js'
import { damaged } from './tar.js'

/** What happens to one table holding site data (`site_id`) in an export. */
export interface TransferRule {
  table: PgTable
  /** content: always exported; customer: unless the export leaves customer data out; skip: never (see `reason`). */
  kind: 'content' | 'customer' | 'skip'
  /** Why a skipped table stays behind (or a note on an exported one). */
  reason: string
  /** Columns (database names) whose values are ids of this site to renew on import, besides `id`. */
  ids?: string[]
  /** Columns left to their database default on import (a global sequence). */
  fresh?: string[]
  /** A column naming another row of the same table: inserted empty, then set once every row is in. */
  selfRef?: string
  /** Columns naming another row of the site that no foreign key covers, and what an import does when the archive
   * does not hold that row (references.ts). */
  refs?: { column: string; missing: 'null' | 'drop' | 'refuse' }[]
  /** JSON document columns whose `...Id` / `...Ids` members name rows of the site (references.ts). */
  docs?: string[]
}

export type Row = Record<string, unknown>

export interface TableInfo {
  name: string
  /** Columns an import writes (not generated ones, not `fresh` ones). */
  columns: string[]
  /** Generated columns (left out of exports). */
  generated: string[]
  /** Ordering of an export: the primary key, else every column. */
  orderBy: string[]
  hasId: boolean
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

export function tableInfo(rule: TransferRule): TableInfo {
  const columns = Object.values(getTableColumns(rule.table) as Record<string, PgColumn>)
  const generated = columns.filter((c) => c.generated).map((c) => c.name)
  const fresh = new Set([...generated, ...(rule.fresh ?? [])])
  const config = getTableConfig(rule.table)
  const primary = columns.filter((c) => c.primary).map((c) => c.name)
  const composite = config.primaryKeys[0]?.columns.map((c) => c.name) ?? []
  const key = primary.length ? primary : composite.length ? composite : columns.filter((c) => !c.generated).map((c) => c.name)
  return {
    name: getTableName(rule.table),
    columns: columns.filter((c) => !fresh.has(c.name)).map((c) => c.name),
    generated,
    orderBy: rule.fresh?.length ? [...rule.fresh, ...key] : key,
    hasId: columns.some((c) => c.name === 'id'),
  }
}

/** One page of the site's rows of a table, in a stable order. */
export async function selectPage(orm: Orm, info: TableInfo, siteId: string, offset: number, limit: number): Promise<Row[]> {
  const drop = info.generated.length ? ` - ARRAY[${info.generated.map((g) => `'${g}'`).join(',')}]::text[]` : ''
  const query = sql`SELECT to_jsonb(t)${sql.raw(drop)} AS r FROM ${sql.raw(quote(info.name))} t WHERE t.site_id = ${siteId} ORDER BY ${sql.raw(info.orderBy.map((c) => `t.${quote(c)}`).join(', '))} LIMIT ${limit} OFFSET ${offset}`
  const rows = await sqlRows<{ r: Row | string }>(orm, query)
  return rows.map((x) => (typeof x.r === 'string' ? (JSON.parse(x.r) as Row) : x.r))
}

/** Inserts rows (database column names) as they are. */
export async function insertRows(orm: Orm, info: TableInfo, rows: Row[]): Promise<void> {
  if (!rows.length) return
  const cols = info.columns.map(quote).join(', ')
  await orm.execute(
    sql`INSERT INTO ${sql.raw(quote(info.name))} (${sql.raw(cols)}) SELECT ${sql.raw(cols)} FROM jsonb_populate_recordset(NULL::${sql.raw(quote(info.name))}, ${JSON.stringify(rows)}::jsonb)`,
  )
}

/** Sets a self-referencing column once every row of the table is in. */
export async function setSelfRefs(orm: Orm, info: TableInfo, column: string, pairs: { id: string; ref: string }[]): Promise<void> {
  if (!pairs.length) return
  try {
    await orm.execute(
      sql`UPDATE ${sql.raw(quote(info.name))} t SET ${sql.raw(quote(column))} = v.ref FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS v(id text, ref text) WHERE t.id = v.id`,
    )
  } catch (e) {
    // e.g. a reply naming a comment of another item: the archive was not written by an export
    if (isForeignKeyViolation(e)) throw damaged(`${info.name}.${column} names a row it cannot belong to`)
    throw e
  }
}

const ID = /[0-9a-f]{24}/g

/** The ids of this site a row holds: its `id` and the rule's id columns (every 24-hex run in them). */
export function idsOf(row: Row, rule: TransferRule): string[] {
  const out: string[] = []
  for (const col of ['id', ...(rule.ids ?? [])]) {
    const v = row[col]
    if (typeof v === 'string') out.push(...(v.match(ID) ?? []))
  }
  return out
}

/**
 * Every string of a value (row, JSON document) with the mapped ids replaced, whole or inside text (HTML, URLs), and
 * the site's file addresses (`/files/<slug>/`) moved to the new slug.
 */
export function rewriter(ids: ReadonlyMap<string, string>, fromSlug: string, toSlug: string): <T>(value: T) => T {
  const fromFiles = `/files/${encodeURIComponent(fromSlug)}/`
  const toFiles = `/files/${encodeURIComponent(toSlug)}/`
  const text = (s: string): string => {
    const whole = ids.get(s)
    if (whole) return whole
    if (s.length < 24) return s
    const swapped = s.replace(ID, (id) => ids.get(id) ?? id)
    return fromFiles !== toFiles && swapped.includes(fromFiles) ? swapped.split(fromFiles).join(toFiles) : swapped
  }
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v)
    if (Array.isArray(v)) return v.map(walk)
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), walk(x)]))
    return v
  }
  return <T>(value: T) => walk(value) as T
}
