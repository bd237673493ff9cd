import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { acquireDirLock, type DirLock } from './lock.js'
import { startPgliteThread, type PgliteLike } from './pglite-client.js'
import { migrate, readMigrations } from './migrate.js'
import { upkeep } from './pglite-upkeep.js'
import type { Db, Orm, RawQuery } from './types.js'

// Single-user embedded database: small buffers keep the resident memory near 170 MiB instead of ~300 MiB
// (PostgreSQL's 128MB default shared_buffers lives inside the WebAssembly heap).
const PGLITE_CONF = ['shared_buffers=16MB', 'work_mem=4MB', 'wal_buffers=1MB']

/**
 * Embedded PostgreSQL, run on its own thread (pglite-thread.ts). `dataDir` null keeps it in memory (optionally
 * starting from a `snapshot` made by `pgliteSnapshot`, which skips initdb); otherwise `dataDir/pglite`, guarded by a
 * lock file.
 */
export async function openPglite(dataDir: string | null, opts: { snapshot?: Uint8Array; base?: string } = {}): Promise<Db> {
  if (!dataDir) {
    const client = await startPgliteThread({ dir: null, conf: PGLITE_CONF, ...(opts.snapshot ? { loadDataDir: opts.snapshot } : {}) })
    return wrap(client, null)
  }
  mkdirSync(dataDir, { recursive: true })
  const lock = acquireDirLock(dataDir)
  try {
    const dir = join(dataDir, 'pglite')
    // A new data dir starts from the build's migrated base (no initdb: ~6 s -> ~1 s) when it fits these migrations.
    // The thread unpacks it (see untar.ts) while this one loads the app.
    const basePath = existsSync(join(dir, 'PG_VERSION')) ? null : (opts.base ?? defaultBasePath())
    const base = basePath && baseFits(basePath) ? basePath : null
    const client = await startPgliteThread({ dir, conf: PGLITE_CONF, ...(base ? { basePath: base } : {}) })
    return wrap(client, lock)
  } catch (e) {
    lock.release()
    throw e
  }
}

function wrap(client: PgliteLike, lock: DirLock | null): Db {
  // Drizzle calls only query and transaction, which the thread's client answers as PGlite does
  const orm = drizzle(client as unknown as PGlite) as unknown as Orm
  let closing: Promise<void> | null = null
  return {
    kind: 'pglite',
    orm,
    ...(client.snapshot ? { snapshot: () => client.snapshot!() } : {}),
    upkeep: () => upkeep((sql, params) => client.query<Record<string, unknown>>(sql, params ?? []).then((r) => r.rows)),
    rawTransaction<T>(fn: (query: RawQuery) => Promise<T>): Promise<T> {
      return client.transaction(async (tx) =>
        fn(async (sql, params) => {
          if (params === undefined) {
            const results = await tx.exec(sql)
            return (results.at(-1)?.rows ?? []) as Record<string, unknown>[]
          }
          return (await tx.query<Record<string, unknown>>(sql, params)).rows
        }),
      )
    },
    close() {
      closing ??= (async () => {
        try {
          if (!client.closed) await client.close()
        } finally {
          lock?.release()
        }
      })()
      return closing
    },
  }
}

/** A tarball of a fresh in-memory database with every migration applied (tests start from it in ~2 s). */
export async function pgliteSnapshot(): Promise<Uint8Array> {
  const client = new PGlite({ postgresqlconf: PGLITE_CONF })
  try {
    await client.waitReady
    const db = wrap(client, null)
    await migrate(db)
    // PGlite serves one database ('postgres'). initdb's template databases are only for CREATE DATABASE: without them
    // the data directory holds ~700 files instead of ~1,360, and a first start writes them in about half the time.
    await client.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`)
    await client.exec('DROP DATABASE template0')
    await client.exec('DROP DATABASE template1')
    await client.exec('CHECKPOINT')
    const blob = await client.dumpDataDir('none')
    return new Uint8Array(await blob.arrayBuffer())
  } finally {
    await client.close()
  }
}

/** How a base is made (raise it when that changes, so bases made before are made again). */
const BASE_FORMAT = 2

/** What a migrated base must have been made from: the names and text of every migration, and how it was made. */
export function migrationsKey(): string {
  return createHash('sha256')
    .update(`${BASE_FORMAT}\0` + readMigrations().map((m) => m.name + m.sql).join('\0'))
    .digest('hex')
    .slice(0, 16)
}

/** `packages/server/dist/pglite-base.tar` (this module is `src/platform/db/` or `dist/platform/db/`). */
function defaultBasePath(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'dist', 'pglite-base.tar')
}

const baseFits = (path: string): boolean => {
  try {
    return readFileSync(`${path}.key`, 'utf8').trim() === migrationsKey() && existsSync(path)
  } catch {
    return false
  }
}

/** Writes the migrated base for new data dirs (run by the build; skipped when the one there fits). */
export async function writePgliteBase(path = defaultBasePath()): Promise<'written' | 'current'> {
  if (baseFits(path)) return 'current'
  const bytes = await pgliteSnapshot()
  writeFileSync(`${path}.tmp`, bytes)
  renameSync(`${path}.tmp`, path)
  writeFileSync(`${path}.key`, migrationsKey())
  return 'written'
}
