// Cross-node staleness: two app nodes on one PostgreSQL database (DATABASE_URL, a fresh database is made and
// dropped), cache messages over Redis when REDIS_URL is set, else NOTIFY. 100 edits of the site title through node
// A; after each, node B's cached home page is polled until it shows the new title. Prints p50/p99/max.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client, freshPostgresDatabase, newSignup } from '../test/harness.js'
import { buildApp, type App } from '../src/app/index.js'
import { loadConfig } from '../src/platform/config.js'

const adminUrl = process.env.DATABASE_URL
if (!adminUrl) {
  console.log('cross-node staleness: skipped (set DATABASE_URL)')
  process.exit(0)
}
const EDITS = Number(process.env.EDITS ?? 100)
const db = await freshPostgresDatabase(adminUrl)
const dirs: string[] = []
const prefix = `bench_${Date.now().toString(36)}_`
const node = async (): Promise<App> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-bench-cluster-'))
  dirs.push(dataDir)
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: db.url, REDIS_URL: process.env.REDIS_URL, KEY_PREFIX: prefix, SEED_DEMO: '0' })
  return buildApp(config)
}
const a = await node()
const b = await node()
try {
  const owner = new Client(a, 'localhost')
  const { site } = (await owner.post('/api/auth/signup', newSignup())).json as { site: { id: string; slug: string } }
  const visitor = new Client(b, `${site.slug}.localhost`)
  await visitor.get('/')
  const lags: number[] = []
  for (let i = 0; i < EDITS; i++) {
    const title = `Edit ${i} ${Date.now().toString(36)}`
    const res = await owner.request('PATCH', `/api/sites/${site.id}/settings`, { json: { title } })
    if (res.status !== 200) throw new Error(`edit answered ${res.status}`)
    const start = performance.now()
    while (!(await visitor.get('/')).body.includes(title)) {
      if (performance.now() - start > 10_000) throw new Error('not seen within 10 s')
      await new Promise((r) => setTimeout(r, 5))
    }
    lags.push(performance.now() - start)
  }
  lags.sort((x, y) => x - y)
  const at = (q: number) => lags[Math.min(lags.length - 1, Math.ceil(q * lags.length) - 1)]!.toFixed(0)
  const via = process.env.REDIS_URL ? 'Redis pub/sub' : 'PostgreSQL NOTIFY'
  console.log(`cross-node staleness over ${EDITS} edits (${via}): p50=${at(0.5)} ms p99=${at(0.99)} ms max=${at(1)} ms`)
} finally {
  await a.close()
  await b.close()
  await db.drop()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
}
