// `npm run bench` (HTTP: add to cart): builds the app in this process on a fresh PGlite (and, when DATABASE_URL is
// set or PostgreSQL answers at 127.0.0.1:5432, on a fresh PostgreSQL database), listens on a free loopback port and
// measures POST /api/commerce/shopping-cart/entries with autocannon: req/s, and p95 latency of a product with
// 10,000 variants (a random sku per request) against a one-variant product. Each request is a visitor's first add
// (new cart + entry + the full cart answer). Bounded: BENCH_SECONDS (default 5) per run, BENCH_CONNECTIONS (10).
import { createRequire } from 'node:module'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { buildApp, type App } from '../src/app/index.js'
import { benchVariants } from '../src/app/demo-store/index.js'
import { loadConfig } from '../src/platform/config.js'
import { openPglite, migrate } from '../src/platform/db/index.js'
import { freshPostgresDatabase } from '../test/fresh-postgres.js'

interface Instance {
  on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void
  then: Promise<Result>['then']
}
interface Result {
  requests: { average: number; total: number }
  non2xx: number
  errors: number
}
type Cannon = (opts: Record<string, unknown>) => Instance
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon

const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const PG_PROBE = 'postgres://postgres@127.0.0.1:5432/postgres'

async function postgresUrl(): Promise<string | null> {
  const url = process.env.DATABASE_URL ?? PG_PROBE
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 })
  try {
    await c.connect()
    await c.end()
    return url
  } catch {
    return null
  }
}

const freshPostgres = (adminUrl: string) => freshPostgresDatabase(adminUrl, 'sw_bench')

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function run(base: string, headers: Record<string, string>, body: (i: number) => string): Promise<{ rps: number; p95: number; p50: number; non2xx: number; total: number }> {
  const times: number[] = []
  let i = 0
  const instance = autocannon({
    url: `${base}/api/commerce/shopping-cart/entries`,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ method: 'POST', headers, setupRequest: (req: Record<string, unknown>) => ({ ...req, body: body(i++) }) }],
  })
  instance.on('response', (_c, _s, _b, ms) => times.push(ms))
  const r = await instance
  times.sort((a, b) => a - b)
  return { rps: r.requests.average, p95: percentile(times, 95), p50: percentile(times, 50), non2xx: r.non2xx + r.errors, total: r.requests.total }
}

async function measure(label: string, app: App): Promise<void> {
  await app.fastify.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}`
  const signup = await fetch(`${base}/api/auth/me`)
  const crumb = /crumb=([^;]+)/.exec(signup.headers.get('set-cookie') ?? '')![1]!
  const headersBase = { 'content-type': 'application/json', 'x-csrf-token': crumb, cookie: `crumb=${crumb}` }
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: headersBase,
    body: JSON.stringify({ email: 'bench@example.com', password: 'a-long-password', name: 'Bench', siteTitle: 'Bench', slug: 'bench' }),
  })
  const site = ((await res.json()) as { site: { id: string } }).site
  const variants = benchVariants()
  const started = Date.now()
  const many = await app.commerce.createProduct(site.id, { collectionId: 'bench', title: 'Many', productType: 1, status: 'hidden', variantOptions: [{ name: 'Row', values: Array.from({ length: 100 }, (_, i) => `R${i}`) }, { name: 'Column', values: Array.from({ length: 100 }, (_, i) => `C${i}`) }], variants })
  const seedMs = Date.now() - started
  const one = await app.commerce.createProduct(site.id, { collectionId: 'bench', title: 'One', productType: 1, status: 'hidden', variants: [{ sku: 'BENCH-ONE', attributes: {}, priceCents: 1000, qtyInStock: 0, unlimited: true }] })
  const headers = { ...headersBase, host: 'bench.localhost' }
  const skus = variants.map((v) => v.sku!)
  // Warm-up, then the measured runs.
  await run(base, headers, () => JSON.stringify({ itemId: one.id, sku: 'BENCH-ONE', quantity: 1, additionalFields: null }))
  const r1 = await run(base, headers, () => JSON.stringify({ itemId: one.id, sku: 'BENCH-ONE', quantity: 1, additionalFields: null }))
  const rMany = await run(base, headers, (i) => JSON.stringify({ itemId: many.id, sku: skus[(i * 7919) % skus.length], quantity: 1, additionalFields: null }))
  const f = (n: number) => n.toFixed(1)
  console.log(`${label}: 10,000 variants created in ${seedMs} ms`)
  console.log(`${label}: add to cart, one-variant product:     ${f(r1.rps)} req/s, p50 ${f(r1.p50)} ms, p95 ${f(r1.p95)} ms (${r1.total} requests, ${r1.non2xx} not 2xx)`)
  console.log(`${label}: add to cart, 10,000-variant product:  ${f(rMany.rps)} req/s, p50 ${f(rMany.p50)} ms, p95 ${f(rMany.p95)} ms (${rMany.total} requests, ${rMany.non2xx} not 2xx)`)
  console.log(`${label}: p95 ratio 10,000 / 1 variant = ${(rMany.p95 / r1.p95).toFixed(2)}`)
  if (r1.non2xx + rMany.non2xx > 0) process.exitCode = 1
}

async function main(): Promise<void> {
  console.log(`autocannon, ${CONNECTIONS} connections, ${DURATION} s per run, loopback; every request is a first add (new cart)`)
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-bench-cart-'))
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: '0' }), pgliteStorage: 'memory' as const }
  const noLimit = { max: Number.MAX_SAFE_INTEGER, windowMs: 1000 }
  try {
    const db = await openPglite(null)
    await migrate(db)
    const app = await buildApp({ ...config, databaseUrl: null }, { db, commerceRateLimit: noLimit })
    try {
      await measure('PGlite', app)
    } finally {
      await app.close()
    }
    const pgAdmin = await postgresUrl()
    if (!pgAdmin) {
      console.log('PostgreSQL: not reachable (set DATABASE_URL or run it at 127.0.0.1:5432): skipped')
      return
    }
    const fresh = await freshPostgres(pgAdmin)
    try {
      const pgApp = await buildApp({ ...config, databaseUrl: fresh.url }, { commerceRateLimit: noLimit })
      try {
        await measure('PostgreSQL', pgApp)
      } finally {
        await pgApp.close()
      }
    } finally {
      await fresh.drop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
