// Several app nodes on one fresh PostgreSQL database (each with its own DATA_DIR), as a cluster runs them: for
// the integration tests of what nodes share (variants, limiters, cache messages).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp, type App } from '../src/app/index.js'
import { loadConfig, type Config } from '../src/platform/config.js'
import { freshPostgresDatabase } from './fresh-postgres.js'

export interface Nodes {
  apps: App[]
  close(): Promise<void>
}

/**
 * `count` app nodes on one new database of the PostgreSQL server at `adminUrl`; started one after the other, or all
 * at once with `together` (as a cluster's nodes start).
 */
export async function startNodes(adminUrl: string, count: number, overrides: Partial<Config> = {}, together = false): Promise<Nodes> {
  const db = await freshPostgresDatabase(adminUrl)
  const apps: App[] = []
  const dirs: string[] = []
  const close = async () => {
    // the nodes are independent: they stop side by side (one after another, a loaded machine took over a minute).
    // A node whose close has not ended after a minute is reported and left: the database is dropped WITH (FORCE),
    // which ends its connections (CI's PostgreSQL pass once waited past 150 s on one, the test itself passed).
    const open = new Set(apps.map((_, i) => i))
    let timer: NodeJS.Timeout | undefined
    const closed = Promise.all(apps.map((app, i) => app.close().finally(() => open.delete(i))))
    const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), 60_000)))
    if ((await Promise.race([closed, late])) === 'late') console.warn(`startNodes: node(s) ${[...open].join(', ')} of ${apps.length} still closing after 60 s; dropping the database`)
    clearTimeout(timer)
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
    await db.drop()
  }
  try {
    const start = async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'sw-node-'))
      dirs.push(dataDir)
      const config: Config = {
        ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '3000', IMAGE_MODERN_FORMATS: 'off' }),
        databaseUrl: db.url,
        fileStorage: 'postgres',
        seedDemo: false,
        ...overrides,
      }
      const app = await buildApp(config)
      apps.push(app)
      return app
    }
    if (together) {
      const started = await Promise.allSettled(Array.from({ length: count }, start))
      const failed = started.find((r) => r.status === 'rejected')
      if (failed) throw failed.reason
    } else for (let i = 0; i < count; i++) await start()
  } catch (e) {
    await close()
    throw e
  }
  return { apps, close }
}
