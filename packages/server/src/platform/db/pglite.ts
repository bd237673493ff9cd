import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { acquireDirLock } from './lock.js'
import type { Db, Orm, RawQuery } from './types.js'

// Single-user embedded database: small buffers keep the resident memory near 170 MiB instead of ~300 MiB
// (PostgreSQL's 128MB default shared_buffers lives inside the WebAssembly heap).
const PGLITE_CONF = ['shared_buffers=16MB', 'work_mem=4MB', 'wal_buffers=1MB']

/** Embedded PostgreSQL. `dataDir` null keeps it in memory; otherwise `dataDir/pglite`, guarded by a lock file. */
export async function openPglite(dataDir: string | null): Promise<Db> {
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
    client = new PGlite({ postgresqlconf: PGLITE_CONF })
    await client.waitReady
  }
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
