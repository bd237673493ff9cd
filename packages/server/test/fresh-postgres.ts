// A database of its own on a PostgreSQL server, for a test file or a benchmark run, and its dropper.
import pg from 'pg'

/**
 * A fresh database named `<prefix>_<time>_<random>` on the server at `adminUrl`, empty or a copy of the database
 * `template` (which nobody may be connected to); returns its name, its URL and a dropper.
 */
export async function freshPostgresDatabase(adminUrl: string, prefix = 'sw_test', template?: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`)
        break
      } catch (e) {
        // 55006: a connection to the template has not quite ended yet (a pool closes its connections asynchronously)
        if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e
        await new Promise((r) => setTimeout(r, 100))
      }
    }
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

