// The last check of an import, inside its transaction: every foreign key of the imported rows (as the database
// itself declares them, read from pg_constraint on either backend) points at a row of the new site. An archive is
// input: an id it keeps unchanged because it did not hold that row could name another site's row, and an import
// must never attach anything to another site.
import { sql } from 'drizzle-orm'
import { sqlRows, type Orm } from '../../platform/db/index.js'
import { damaged } from './tar.js'

interface ForeignKey {
  child: string
  col: string
  parent: string
  ref: string
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

export async function checkReferences(tx: Orm, siteId: string, tables: readonly string[]): Promise<void> {
  const keys = await sqlRows<ForeignKey>(
    tx,
    sql`SELECT cl.relname AS child, ca.attname AS col, pl.relname AS parent, pa.attname AS ref
        FROM pg_constraint c
        JOIN pg_class cl ON cl.oid = c.conrelid JOIN pg_class pl ON pl.oid = c.confrelid
        JOIN pg_attribute ca ON ca.attrelid = c.conrelid AND ca.attnum = c.conkey[1]
        JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1]
        WHERE c.contype = 'f' AND array_length(c.conkey, 1) = 1 AND pl.relname <> 'websites'
          AND EXISTS (SELECT 1 FROM pg_attribute s WHERE s.attrelid = c.confrelid AND s.attname = 'site_id' AND NOT s.attisdropped)`,
  )
  for (const k of keys.filter((x) => tables.includes(x.child))) {
    const [row] = await sqlRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM ${sql.raw(quote(k.child))} c JOIN ${sql.raw(quote(k.parent))} p ON p.${sql.raw(quote(k.ref))} = c.${sql.raw(quote(k.col))} WHERE c.site_id = ${siteId} AND p.site_id <> ${siteId}`,
    )
    if (row && row.n > 0) throw damaged(`${k.child} refers to data that is not in the archive`)
  }
}
