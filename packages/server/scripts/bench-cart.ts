// `npm run bench` (HTTP: add to cart): a server process of its own builds the app on a fresh in-memory PGlite, then
// (when DATABASE_URL is set or PostgreSQL answers at 127.0.0.1:5432) on a fresh PostgreSQL database, with the visitor
// rate limit lifted, and wrk (Debian package; autocannon in a separate process when wrk is missing) measures
// POST /api/commerce/shopping-cart/entries from another process: req/s, p50 and p95 of a product with 10,000 variants
// (a different sku per request) against a one-variant product. Every request is a visitor's first add (no cart
// cookie: new cart + entry + the full cart answer). Bounded: BENCH_SECONDS (default 5) per run, BENCH_CONNECTIONS (50).
// Targets (issue 18): PostgreSQL >= 2,000 req/s with p95 <= 25 ms; 10,000-variant p95 within 1.1x of one variant.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { buildApp, type App } from '../src/app/index.js'
import { benchVariants } from '../src/app/demo-store/index.js'
import { loadConfig } from '../src/platform/config.js'
import { openPglite, migrate } from '../src/platform/db/index.js'
import { freshPostgresDatabase } from '../test/fresh-postgres.js'

const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const PG_PROBE = 'postgres://postgres@127.0.0.1:5432/postgres'
const PATH = '/api/commerce/shopping-cart/entries'
const HOST = 'bench.localhost'
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0

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

/** What the server process tells the measuring process once it listens. */
interface Ready {
  port: number
  crumb: string
  one: string
  many: string
  seedMs: number
}

// ---- the server process (`--serve pglite|postgres`) ----

async function prepare(app: App): Promise<Ready> {
  await app.fastify.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.fastify.server.address() as AddressInfo).port
  const base = `http://127.0.0.1:${port}`
  const me = await fetch(`${base}/api/auth/me`)
  const crumb = /crumb=([^;]+)/.exec(me.headers.get('set-cookie') ?? '')![1]!
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': crumb, cookie: `crumb=${crumb}` },
    body: JSON.stringify({ email: 'bench@example.com', password: 'a-long-password', name: 'Bench', siteTitle: 'Bench', slug: 'bench' }),
  })
  const site = ((await res.json()) as { site: { id: string } }).site
  const started = Date.now()
  const many = await app.commerce.createProduct(site.id, { collectionId: 'bench', title: 'Many', productType: 1, status: 'hidden', variantOptions: [{ name: 'Row', values: Array.from({ length: 100 }, (_, i) => `R${i}`) }, { name: 'Column', values: Array.from({ length: 100 }, (_, i) => `C${i}`) }], variants: benchVariants() })
  const seedMs = Date.now() - started
  const one = await app.commerce.createProduct(site.id, { collectionId: 'bench', title: 'One', productType: 1, status: 'hidden', variants: [{ sku: 'BENCH-ONE', attributes: {}, priceCents: 1000, qtyInStock: 0, unlimited: true }] })
  return { port, crumb, one: one.id, many: many.id, seedMs }
}

async function serve(kind: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-bench-cart-'))
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: '0' }), pgliteStorage: 'memory' as const }
  const noLimit = { max: Number.MAX_SAFE_INTEGER, windowMs: 1000 }
  let fresh: { url: string; drop(): Promise<void> } | null = null
  let app: App
  if (kind === 'postgres') {
    fresh = await freshPostgresDatabase(process.env.BENCH_PG_ADMIN!, 'sw_bench')
    app = await buildApp({ ...config, databaseUrl: fresh.url }, { commerceRateLimit: noLimit })
  } else {
    const db = await openPglite(null)
    await migrate(db)
    app = await buildApp({ ...config, databaseUrl: null }, { db, commerceRateLimit: noLimit })
  }
  const stop = async () => {
    await app.close()
    await fresh?.drop()
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  }
  process.once('SIGTERM', () => void stop())
  console.log(`READY ${JSON.stringify(await prepare(app))}`)
}

// ---- the measuring process ----

interface Run {
  rps: number
  p50: number
  p95: number
  bad: number
  total: number
}

function wrkScript(dir: string, ready: Ready, many: boolean): string {
  const file = join(dir, many ? 'many.lua' : 'one.lua')
  const body = many
    ? `local k = (n * 7919) % 10000\n  local b = string.format('{"itemId":"${ready.many}","sku":"BENCH-%d-%d","quantity":1,"additionalFields":null}', math.floor(k / 100), k % 100)`
    : `local b = '{"itemId":"${ready.one}","sku":"BENCH-ONE","quantity":1,"additionalFields":null}'`
  writeFileSync(
    file,
    `wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Host"] = "${HOST}"
wrk.headers["X-CSRF-Token"] = "${ready.crumb}"
wrk.headers["Cookie"] = "crumb=${ready.crumb}"
n = 0
request = function()
  n = n + 1
  ${body}
  return wrk.format(nil, "${PATH}", nil, b)
end
done = function(s, l, r)
  io.write(string.format("RESULT %f %f %f %d %d\\n", s.requests / (s.duration / 1e6), l:percentile(50) / 1000, l:percentile(95) / 1000, s.errors.status + s.errors.connect + s.errors.read + s.errors.write + s.errors.timeout, s.requests))
end
`,
  )
  return file
}

function output(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.once('error', reject)
    child.once('close', () => resolve(out))
  })
}

async function load(ready: Ready, many: boolean, dir: string): Promise<Run> {
  const url = `http://127.0.0.1:${ready.port}${PATH}`
  if (has('wrk')) {
    // a 10 s timeout: on PGlite (one query at a time) a few first adds wait over wrk's default 2 s behind the others;
    // they are answered, and counted in the percentiles, not as failures
    const out = await output('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${DURATION}s`, '--timeout', '10s', '-s', wrkScript(dir, ready, many), url])
    const m = /RESULT (\S+) (\S+) (\S+) (\d+) (\d+)/.exec(out)
    if (!m) throw new Error(`wrk gave no result: ${out}`)
    return { rps: Number(m[1]), p50: Number(m[2]), p95: Number(m[3]), bad: Number(m[4]), total: Number(m[5]) }
  }
  // autocannon in its own process: one body for the whole run (the same sku), as it cannot vary bodies from its CLI
  const sku = many ? 'BENCH-50-50' : 'BENCH-ONE'
  const body = JSON.stringify({ itemId: many ? ready.many : ready.one, sku, quantity: 1, additionalFields: null })
  const args = ['autocannon', '-j', '-c', String(CONNECTIONS), '-d', String(DURATION), '-m', 'POST', '-b', body, '-H', 'content-type=application/json', '-H', `host=${HOST}`, '-H', `x-csrf-token=${ready.crumb}`, '-H', `cookie=crumb=${ready.crumb}`, url]
  const r = JSON.parse(await output('npx', args)) as { requests: { average: number; total: number }; latency: { p50: number; p97_5: number }; non2xx: number; errors: number }
  return { rps: r.requests.average, p50: r.latency.p50, p95: r.latency.p97_5, bad: r.non2xx + r.errors, total: r.requests.total }
}

async function measure(label: string, kind: string, pgAdmin: string | null): Promise<void> {
  const self = fileURLToPath(import.meta.url)
  const child = spawn(process.execPath, [...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []), '--import', 'tsx', self, '--serve', kind], {
    env: { ...process.env, BENCH_PG_ADMIN: pgAdmin ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const ready = await new Promise<Ready>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout })
    lines.on('line', (l) => l.startsWith('READY ') && resolve(JSON.parse(l.slice(6)) as Ready))
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)))
  })
  const dir = mkdtempSync(join(tmpdir(), 'sw-bench-wrk-'))
  try {
    await load(ready, false, dir) // warm-up
    const r1 = await load(ready, false, dir)
    const rMany = await load(ready, true, dir)
    const f = (n: number) => n.toFixed(1)
    console.log(`${label}: 10,000 variants created in ${ready.seedMs} ms`)
    console.log(`${label}: add to cart, one-variant product:     ${f(r1.rps)} req/s, p50 ${f(r1.p50)} ms, p95 ${f(r1.p95)} ms (${r1.total} requests, ${r1.bad} failed)`)
    console.log(`${label}: add to cart, 10,000-variant product:  ${f(rMany.rps)} req/s, p50 ${f(rMany.p50)} ms, p95 ${f(rMany.p95)} ms (${rMany.total} requests, ${rMany.bad} failed)`)
    console.log(`${label}: p95 ratio 10,000 / 1 variant = ${(rMany.p95 / r1.p95).toFixed(2)}`)
    if (r1.bad + rMany.bad > 0) process.exitCode = 1
  } finally {
    rmSync(dir, { recursive: true, force: true })
    child.kill('SIGTERM')
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))
  }
}

async function main(): Promise<void> {
  console.log(`${has('wrk') ? 'wrk -t1' : 'autocannon (own process)'}, ${CONNECTIONS} connections, ${DURATION} s per run, loopback; the server in its own process; every request is a first add (new cart)`)
  await measure('PGlite', 'pglite', null)
  const pgAdmin = await postgresUrl()
  if (!pgAdmin) {
    console.log('PostgreSQL: not reachable (set DATABASE_URL or run it at 127.0.0.1:5432): skipped')
    return
  }
  await measure('PostgreSQL', 'postgres', pgAdmin)
}

const serveAt = process.argv.indexOf('--serve')
;(serveAt > 0 ? serve(process.argv[serveAt + 1]!) : main()).catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
