import pg from 'pg'
import { drizzle } from 'drizzle-orm/node-postgres'
import type { Db, Orm, RawQuery } from './types.js'

/** PostgreSQL through a node-postgres pool. */
export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max })
  // Fail fast with a clear error when the server is unreachable.
  const probe = await pool.connect().catch(async (e: Error) => {
    await pool.end().catch(() => undefined)
    throw new Error(`Cannot connect to PostgreSQL at ${redact(url)}: ${e.message}`)
  })
  probe.release()
  pool.on('error', () => undefined) // idle-client errors are reported on the next query instead
  const orm = drizzle(pool) as unknown as Orm
  let closing: Promise<void> | null = null
  return {
    kind: 'postgres',
    orm,
    async rawTransaction<T>(fn: (query: RawQuery) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(async (sql, params) => {
          const res = await client.query(sql, params as unknown[] | undefined)
          const last = Array.isArray(res) ? res.at(-1) : res
          return (last?.rows ?? []) as Record<string, unknown>[]
        })
        await client.query('COMMIT')
        return result
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw e
      } finally {
        client.release()
      }
    },
    close() {
      closing ??= pool.end()
      return closing
    },
  }
}

/** Hides a password in a connection string for messages. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@')
}
