// A database of its own on a PostgreSQL server, for a test file or a benchmark run, and its dropper.
import pg from 'pg'

/** A fresh database named `<prefix>_<time>_<random>` on the server at `adminUrl`; returns its URL and a dropper. */
export async function freshPostgresDatabase(adminUrl: string, prefix = 'sw_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

