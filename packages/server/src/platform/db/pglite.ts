import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { acquireDirLock, type DirLock } from './lock.js'
import { migrate } from './migrate.js'
import type { Db, Orm, RawQuery } from './types.js'

// Single-user embedded database: small buffers keep the resident memory near 170 MiB instead of ~300 MiB
// (PostgreSQL's 128MB default shared_buffers lives inside the WebAssembly heap).
const PGLITE_CONF = ['shared_buffers=16MB', 'work_mem=4MB', 'wal_buffers=1MB']

/**
 * Embedded PostgreSQL. `dataDir` null keeps it in memory (optionally starting from a `snapshot` made by
 * `pgliteSnapshot`, which skips initdb); otherwise `dataDir/pglite`, guarded by a lock file.
 */
export async function openPglite(dataDir: string | null, opts: { snapshot?: Uint8Array } = {}): Promise<Db> {
  let lock: ReturnType<typeof acquireDirLock> | null = null
  let client: PGlite
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true })
    lock = acquireDirLock(dataDir)
    try {
      client = new PGlite(join(dataDir, 'pglite'), { postgresqlconf: PGLITE_CONF })
      await client.waitReady
    } catch (e) {
      lock.release()
      throw e
    }
  } else {
    const loadDataDir = opts.snapshot ? new Blob([opts.snapshot as Uint8Array<ArrayBuffer>]) : undefined
    client = new PGlite({ postgresqlconf: PGLITE_CONF, ...(loadDataDir ? { loadDataDir } : {}) })
    await client.waitReady
  }
  return wrap(client, lock)
}

function wrap(client: PGlite, lock: DirLock | null): Db {
  const orm = drizzle(client) as unknown as Orm
  let closing: Promise<void> | null = null
  return {
    kind: 'pglite',
    orm,
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
    const blob = await client.dumpDataDir('none')
    return new Uint8Array(await blob.arrayBuffer())
  } finally {
    await client.close()
  }
}
