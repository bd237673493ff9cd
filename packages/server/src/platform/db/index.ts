import type { Config } from '../config.js'
import { migrate } from './migrate.js'
import { openPglite } from './pglite.js'
import type { Db } from './types.js'

export type { Db, DbKind, Orm, RawQuery } from './types.js'
export { isForeignKeyViolation, isUniqueViolation, namedRows, sqlRows } from './types.js'
export { DataDirLockedError } from './lock.js'
export { migrate, readMigrations, MIGRATIONS_DIR } from './migrate.js'
export { migrationsKey, openPglite, pgliteSnapshot, writePgliteBase } from './pglite.js'
export { startUpkeep, upkeep, UPKEEP_INTERVAL_MS, type UpkeepDone } from './pglite-upkeep.js'

/** PostgreSQL through node-postgres, loaded when first used (a PGlite install never loads the driver). */
export async function openPostgres(url: string, max?: number): Promise<Db> {
  const postgres = await import('./postgres.js')
  return postgres.openPostgres(url, max)
}

/** Opens the configured backend and applies pending migrations. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgliteStorage'>): Promise<Db> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(config.pgliteStorage === 'memory' ? null : config.dataDir)
  try {
    await migrate(db)
  } catch (e) {
    await db.close()
    throw e
  }
  return db
}
