// New PGlite data dirs start from the build's migrated base instead of running initdb, only when the base was made
// from exactly the current migrations.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { migrate, openPglite, readMigrations, writePgliteBase } from './index.js'
import { sqlRows } from './types.js'
import { sql } from 'drizzle-orm'

const dirs: string[] = []
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'sw-base-'))
  dirs.push(d)
  return d
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

async function appliedIn(dataDir: string, base: string) {
  const db = await openPglite(dataDir, { base })
  try {
    const rows = await sqlRows<{ n: number }>(db.orm, sql`select count(*)::int as n from information_schema.tables where table_name = 'schema_migrations'`)
    const before = rows[0]!.n === 1 ? (await sqlRows<{ n: number }>(db.orm, sql`select count(*)::int as n from schema_migrations`))[0]!.n : 0
    const appliedNow = await migrate(db)
    const databases = (await sqlRows<{ datname: string }>(db.orm, sql`select datname from pg_database order by datname`)).map((r) => r.datname)
    return { before, appliedNow: appliedNow.length, databases }
  } finally {
    await db.close()
  }
}

// PGlite only: the PostgreSQL pass has nothing to add here.
describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite base for new data dirs', () => {
  it('a new data dir opens with every migration already applied; a second write is skipped', async () => {
    const base = join(temp(), 'base.tar')
    expect(await writePgliteBase(base)).toBe('written')
    expect(await writePgliteBase(base)).toBe('current')
    // the base keeps only the database PGlite serves (no templates: half the files for a first start to write)
    expect(await appliedIn(temp(), base)).toEqual({ before: readMigrations().length, appliedNow: 0, databases: ['postgres'] })
  }, 120_000)

  it('a base made from other migrations is not used: the data dir is created empty and migrated as usual', async () => {
    const base = join(temp(), 'base.tar')
    await writePgliteBase(base)
    writeFileSync(`${base}.key`, 'some-older-key')
    expect(await appliedIn(temp(), base)).toEqual({ before: 0, appliedNow: readMigrations().length, databases: ['postgres', 'template0', 'template1'] })
  }, 120_000)
})
