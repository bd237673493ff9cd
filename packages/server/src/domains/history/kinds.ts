// What a kind of versioned object is made of: parts, each the rows of one table belonging to the object. The app
// composes them from the owning domains' table definitions (app/wire/history.ts); this module reads an object's
// rows as JSON (`to_jsonb`, exact to the microsecond) and writes them back (`jsonb_populate_recordset`).
import type { HistoryKind } from '@sitewright/contracts'
import { sql, type SQL } from 'drizzle-orm'
import { sqlRows, type Orm } from '../../platform/db/index.js'
import { textArray } from './blobs.js'

export interface KindPart {
  /** The part's name in the object's JSON (e.g. `collection`, `variants`). */
  name: string
  table: string
  /** The column holding the object id (`id`, `product_id`, or the site column for one-per-site objects). */
  key: string
  /** The column holding the site id. */
  site: string
  /** Primary key columns. */
  pk: string[]
  /** Versioned columns (every other column is left as it is by a restore: stock counts, search vectors). */
  columns: string[]
  /** Every non-generated column of the table. */
  all: string[]
  /**
   * upsert: a restore inserts, updates and deletes rows; update: only changes the versioned columns of rows that are
   * there (the site's own row, the navigation columns of pages).
   */
  write: 'upsert' | 'update'
}

export interface KindSpec {
  kind: HistoryKind
  parts: KindPart[]
  /** The title of a version (from the object's JSON). */
  title(state: ObjectState): string
  /** Website roles that may restore a version of this kind. */
  roles: readonly number[]
}

/** An object as stored: rows by part. */
export type ObjectState = Record<string, Record<string, unknown>[]>

const q = (name: string) => `"${name.replace(/"/g, '""')}"`
const raw = (s: string) => sql.raw(s)
const list = (cols: string[], prefix = '') => cols.map((c) => `${prefix}${q(c)}`).join(', ')

function parseJson<T>(v: T | string): T {
  return typeof v === 'string' ? (JSON.parse(v) as T) : v
}

/** The states of objects `ids` of one kind (absent from the map: no such object now). */
export async function snapshot(orm: Orm, spec: KindSpec, siteId: string, ids: readonly string[]): Promise<Map<string, ObjectState>> {
  const states = new Map<string, ObjectState>()
  if (ids.length === 0) return states
  const [primary] = spec.parts
  for (const part of spec.parts) {
    const fields = part.columns.map((c) => `'${c}', t.${q(c)}`)
    // jsonb_build_object takes at most 100 arguments: wide rows are built from several
    const objs: string[] = []
    for (let i = 0; i < fields.length; i += 40) objs.push(`jsonb_build_object(${fields.slice(i, i + 40).join(', ')})`)
    const rows = await sqlRows<{ id: string; r: Record<string, unknown>[] | string }>(
      orm,
      sql`SELECT t.${raw(q(part.key))} AS id, jsonb_agg(${raw(objs.join(' || '))} ORDER BY ${raw(list(part.pk, 't.'))}) AS r
          FROM ${raw(q(part.table))} t WHERE t.${raw(q(part.site))} = ${siteId} AND t.${raw(q(part.key))} = ANY(${textArray(ids as string[])})
          GROUP BY t.${raw(q(part.key))}`,
    )
    for (const row of rows) {
      const r = parseJson(row.r)
      if (part === primary) states.set(row.id, { [part.name]: r })
      else {
        const state = states.get(row.id)
        if (state) state[part.name] = r
      }
    }
  }
  for (const state of states.values()) for (const part of spec.parts) state[part.name] ??= []
  return states
}

/** Writes objects of one kind back to their states (null: the object did not exist then), a few statements per part. */
export async function writeBack(tx: Orm, spec: KindSpec, siteId: string, entries: readonly { id: string; state: ObjectState | null }[]): Promise<void> {
  const gone = entries.filter((e) => e.state === null).map((e) => e.id)
  const kept = entries.filter((e): e is { id: string; state: ObjectState } => e.state !== null)
  for (const part of [...spec.parts].reverse()) {
    if (gone.length === 0 || part.write === 'update') continue
    await tx.execute(sql`DELETE FROM ${raw(q(part.table))} t WHERE t.${raw(q(part.site))} = ${siteId} AND t.${raw(q(part.key))} = ANY(${textArray(gone)})`)
  }
  if (kept.length === 0) return
  const ids = kept.map((e) => e.id)
  for (const part of spec.parts) {
    const rows = JSON.stringify(kept.flatMap((e) => e.state[part.name] ?? []))
    const table = raw(q(part.table))
    const scope = sql`t.${raw(q(part.site))} = ${siteId} AND t.${raw(q(part.key))} = ANY(${textArray(ids)})`
    if (part.write === 'update') {
      const set = part.columns.filter((c) => !part.pk.includes(c)).map((c) => `${q(c)} = r.${q(c)}`).join(', ')
      const match = part.pk.map((c) => `t.${q(c)} = r.${q(c)}`).join(' AND ')
      await tx.execute(sql`UPDATE ${table} t SET ${raw(set)} FROM jsonb_populate_recordset(NULL::${table}, ${rows}::jsonb) r WHERE ${scope} AND ${raw(match)}`)
      continue
    }
    const given = sql`(SELECT ${raw(list(part.pk, 'r.'))} FROM jsonb_populate_recordset(NULL::${table}, ${rows}::jsonb) r)`
    await tx.execute(sql`DELETE FROM ${table} t WHERE ${scope} AND (${raw(list(part.pk, 't.'))}) NOT IN ${given}`)
    const cols = part.columns
    const update = cols.filter((c) => !part.pk.includes(c)).map((c) => `${q(c)} = EXCLUDED.${q(c)}`).join(', ')
    const insert: SQL = sql`INSERT INTO ${table} (${raw(list(cols))}) SELECT ${raw(list(cols, 'r.'))} FROM jsonb_populate_recordset(NULL::${table}, ${rows}::jsonb) r
      ON CONFLICT (${raw(list(part.pk))}) DO ${raw(update ? `UPDATE SET ${update}` : 'NOTHING')}`
    await tx.execute(insert)
  }
}
