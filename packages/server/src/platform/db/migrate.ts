// Plain .sql migrations from packages/server/migrations, applied in name order at start-up, each in its own
// transaction and recorded in `schema_migrations`. The same files serve PGlite and PostgreSQL.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Db } from './types.js'

/** packages/server/migrations, the same relative location from src/ and from dist/. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url))

export interface Migration {
  name: string
  sql: string
}

const NAME = /^\d{4}_[a-z0-9_]+\.sql$/

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const names = readdirSync(dir).filter((n) => n.endsWith('.sql'))
  for (const n of names) {
    if (!NAME.test(n)) throw new Error(`Migration file name ${n} must look like 0001_some_name.sql`)
  }
  return names.sort().map((name) => ({ name, sql: readFileSync(new URL(name, `file://${dir}/`), 'utf8') }))
}

// Serialises concurrent migrators on one PostgreSQL database (two servers starting at once).
const LOCK_KEY = 727_310_001

/** Applies the pending migrations; returns the names applied now. Idempotent. */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  const applied: string[] = []
  await db.rawTransaction(async (q) => {
    await q('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY])
    await q(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    )
  })
  for (const m of migrations) {
    await db.rawTransaction(async (q) => {
      await q('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY])
      const done = await q('SELECT 1 FROM schema_migrations WHERE name = $1', [m.name])
      if (done.length > 0) return
      await q(m.sql)
      await q('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name])
      applied.push(m.name)
    })
  }
  return applied
}
