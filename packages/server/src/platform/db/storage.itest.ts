import { getTableConfig } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, startTestApp, type TestApp } from '../../../test/harness.js'
import { ALL_TABLES } from '../../app/tables.js'
import { migrate, readMigrations, sqlRows } from './index.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t?.close())

/** Tables that hold no site data (platform and owner-account tables); every other table must carry site_id. */
const NOT_SITE_DATA = new Set(['schema_migrations', 'server_secrets', 'owners', 'owner_sessions', 'owner_known_addresses', 'owner_tokens', 'login_throttle', 'rate_counters', 'jobs', 'websites', 'acme_accounts', 'acme_challenges'])

const rows = <T>(query: ReturnType<typeof sql>) => sqlRows<T>(t.app.db.orm, query)

describe(`storage (${BACKEND})`, () => {
  it('migrations are applied once and are idempotent', async () => {
    const files = readMigrations().map((m) => m.name)
    expect(await migrate(t.app.db)).toEqual([])
    const applied = await rows<{ name: string }>(sql`select name from schema_migrations order by name`)
    expect(applied.map((r) => r.name)).toEqual(files)
  })

  it('the Drizzle schema matches the migrated tables column by column', async () => {
    for (const table of ALL_TABLES) {
      const cfg = getTableConfig(table)
      const cols = await rows<{ column_name: string; data_type: string; is_nullable: string }>(
        sql`select column_name, data_type, is_nullable from information_schema.columns
            where table_schema = 'public' and table_name = ${cfg.name} order by column_name`,
      )
      const fromDb = cols.map((c) => [c.column_name, c.data_type, c.is_nullable === 'NO'])
      const fromDrizzle = cfg.columns
        .map((c) => [c.name, c.getSQLType(), c.notNull])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0])))
      expect(fromDb, cfg.name).toEqual(fromDrizzle)
    }
  })

  it('every migrated table has a Drizzle definition in ALL_TABLES', async () => {
    const names = new Set(ALL_TABLES.map((t) => getTableConfig(t).name))
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
    expect(tables.map((r) => r.table_name).filter((n) => n !== 'schema_migrations' && !names.has(n))).toEqual([])
  })

  it('every timestamp is timestamptz and every site-data table carries site_id', async () => {
    const naive = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.columns where table_schema = 'public' and data_type = 'timestamp without time zone'`,
    )
    expect(naive).toEqual([])
    const missing = await rows<{ table_name: string }>(
      sql`select t.table_name from information_schema.tables t where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and not exists (select 1 from information_schema.columns c where c.table_schema = 'public'
                          and c.table_name = t.table_name and c.column_name = 'site_id')`,
    )
    expect(missing.map((r) => r.table_name).filter((n) => !NOT_SITE_DATA.has(n))).toEqual([])
  })

  it('count(*) cast to int is a number on this backend', async () => {
    expect(await t.app.sites.count()).toBeTypeOf('number')
  })
})
