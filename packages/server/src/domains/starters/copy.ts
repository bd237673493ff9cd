// A whole-site copy, row by row: every row of the given tables that belongs to the source site is inserted again for
// the new site with a new id. References between the copied rows (a layout naming a collection or an image, an
// item's collection, a product's images, a variant's product) are carried over by one id map applied to every value:
// ids are 24 random hex characters, so any of them found in a string (a whole value, or inside HTML and JSON) is a
// reference to that row. Rows are inserted in table order, parents before children within a table.
import { eq, getTableColumns } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Orm } from '../../platform/db/index.js'
import { newId } from '../../platform/ids.js'

type Row = Record<string, unknown>
const ID = /[0-9a-f]{24}/g

/** Replaces every mapped id in a value (strings, arrays, plain objects; dates and bytes are kept). */
export function remapIds<T>(value: T, map: ReadonlyMap<string, string>): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return map.get(v) ?? (v.length > 24 ? v.replace(ID, (id) => map.get(id) ?? id) : v)
    if (Array.isArray(v)) return v.map(walk)
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
    }
    return v
  }
  return walk(value) as T
}

/** Parents first: a row whose parentId names another copied row comes after it. */
function parentsFirst(rows: Row[]): Row[] {
  if (!rows.some((r) => typeof r.parentId === 'string')) return rows
  const byId = new Map(rows.map((r) => [r.id as string, r]))
  const out: Row[] = []
  const seen = new Set<Row>()
  const visit = (r: Row, depth = 0) => {
    if (seen.has(r) || depth > 50) return
    const parent = typeof r.parentId === 'string' ? byId.get(r.parentId) : undefined
    if (parent) visit(parent, depth + 1)
    seen.add(r)
    out.push(r)
  }
  for (const r of rows) visit(r)
  return out
}

export interface CopiedSite {
  /** old id -> new id of every copied row (and the site itself). */
  ids: Map<string, string>
  /** Rows copied per table name. */
  counts: Record<string, number>
}

/** Copies the site's rows of `tables` into `toSiteId`, inside the caller's transaction. */
export async function copySiteRows(tx: Orm, tables: readonly PgTable[], fromSiteId: string, toSiteId: string): Promise<CopiedSite> {
  const ids = new Map<string, string>([[fromSiteId, toSiteId]])
  const read: { table: PgTable; rows: Row[] }[] = []
  for (const table of tables) {
    const columns = getTableColumns(table) as Record<string, PgColumn>
    const site = columns.siteId
    if (!site) throw new Error('a copied table needs a siteId column')
    const rows = (await tx.select().from(table).where(eq(site, fromSiteId))) as Row[]
    if ('id' in columns) for (const r of rows) ids.set(r.id as string, newId())
    read.push({ table, rows })
  }
  const counts: Record<string, number> = {}
  for (const { table, rows } of read) {
    const name = (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')] ?? 'table'
    counts[name] = rows.length
    for (const row of parentsFirst(rows)) {
      const copy = remapIds(row, ids)
      copy.siteId = toSiteId
      if ('createdAt' in copy) copy.createdAt = new Date()
      if ('updatedAt' in copy) copy.updatedAt = new Date()
      await tx.insert(table).values(copy as never)
    }
  }
  return { ids, counts }
}
