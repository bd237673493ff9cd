import type { Config } from '../config.js'
import { migrate } from './migrate.js'
import { openPglite } from './pglite.js'
import { openPostgres } from './postgres.js'
import type { Db } from './types.js'

export type { Db, DbKind, Orm, RawQuery } from './types.js'
export { isUniqueViolation, namedRows, sqlRows } from './types.js'
export { DataDirLockedError } from './lock.js'
export { migrate, readMigrations, MIGRATIONS_DIR } from './migrate.js'
export { migrationsKey, openPglite, pgliteSnapshot, writePgliteBase } from './pglite.js'
export { openPostgres } from './postgres.js'

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
