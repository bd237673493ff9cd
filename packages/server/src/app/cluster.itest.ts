// Two app nodes on one PostgreSQL database: a committed edit through node A is seen through node B within 1 s
// (its page cache dropped by the broadcast), over NOTIFY and, when REDIS_URL is set, over Redis pub/sub.
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { rmSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client, freshPostgresDatabase, newSignup } from '../../test/harness.js'
import { loadConfig, type Config } from '../platform/config.js'
import { buildApp, type App } from './index.js'
import { createClusterPorts } from './cluster.js'

const adminUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL ?? null
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

async function twoNodes(transport: 'postgres' | 'redis'): Promise<[App, App]> {
  const db = await freshPostgresDatabase(adminUrl!)
  cleanups.push(() => db.drop())
  const keyPrefix = `scale_t${randomBytes(4).toString('hex')}_` // its own channel: parallel runs share one Redis
  const node = async (): Promise<App> => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sw-cluster-'))
    const config: Config = {
      ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '3000' }),
      databaseUrl: db.url,
      seedDemo: false,
      redisUrl: transport === 'redis' ? redisUrl : null,
      keyPrefix,
    }
    const app = await buildApp(config)
    cleanups.push(async () => {
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    })
    return app
  }
  const a = await node()
  return [a, await node()]
}

/** Polls `check` every 10 ms; answers the milliseconds until it held (or fails after `limitMs`). */
async function msUntil(check: () => Promise<boolean>, limitMs = 3000): Promise<number> {
  const start = performance.now()
  while (!(await check())) {
    if (performance.now() - start > limitMs) throw new Error(`not seen within ${limitMs} ms`)
    await new Promise((r) => setTimeout(r, 10))
  }
  return performance.now() - start
}

const transports = (['postgres', 'redis'] as const).filter((t) => t === 'postgres' || redisUrl)

describe.skipIf(!adminUrl).each(transports)('two nodes over %s', (transport) => {
  it('an edit through A shows through B within 1 s; the host message reaches the other node', async () => {
    const [a, b] = await twoNodes(transport)
    const owner = new Client(a, 'localhost')
    const signup = await owner.post('/api/auth/signup', newSignup())
    expect(signup.status).toBe(201)
    const { id: siteId, slug } = signup.json.site as { id: string; slug: string }
    const visitorB = new Client(b, `${slug}.localhost`)
    const first = await visitorB.get('/')
    expect(first.status).toBe(200)
    expect((await visitorB.get('/')).body).toBe(first.body) // cached on B now

    const lags: number[] = []
    for (let i = 0; i < 5; i++) {
      const title = `Renamed ${transport} ${i} ${Date.now().toString(36)}`
      const res = await owner.request('PATCH', `/api/sites/${siteId}/settings`, { json: { title } })
      expect(res.status).toBe(200)
      if (i === 0) expect((await new Client(a, `${slug}.localhost`).get('/')).body).toContain(title)
      lags.push(await msUntil(async () => (await visitorB.get('/')).body.includes(title)))
    }
    expect(Math.max(...lags)).toBeLessThan(1000)

    // the host cache: a site change through one node's ports drops the other node's cached hosts
    const config = { databaseUrl: adminUrl!, redisUrl: transport === 'redis' ? redisUrl : null, keyPrefix: `scale_h${randomBytes(4).toString('hex')}_` }
    const log = { warn: () => undefined }
    const p1 = createClusterPorts(config, log)
    const p2 = createClusterPorts(config, log)
    cleanups.push(() => p1.broadcaster.close(), () => p2.broadcaster.close())
    await Promise.all([p1.broadcaster.ready(), p2.broadcaster.ready()])
    const dropped: (string | undefined)[] = []
    p2.bindHosts((id) => dropped.push(id))
    p1.bindHosts(() => undefined)
    p1.hostsChanged('site-x')
    expect(await msUntil(async () => dropped.includes('site-x'), 1000)).toBeLessThan(1000)
    expect(dropped).toEqual(['site-x'])
  })
})
