// `npm run bench` (Tracking): ingestion and dashboard figures, on a fresh PGlite and (when reachable) PostgreSQL, each
// printed with the machine's load average (the machine may be shared).
// 1. Ingestion: the app listens on a loopback port in this process; wrk (else autocannon) runs in its own process
//    (BENCH_CONNECTIONS, default 50, for BENCH_SECONDS, default 10) and POSTs RecordHit forms. Printed: hits/s,
//    p50/p99 of the answer, and that every acknowledged hit was written (raw events >= 2xx answers after a flush).
//    Then the latency at the load (15,000 hits/s into PostgreSQL, 5,000 into PGlite) rather than at
//    saturation: h2load (Debian's nghttp2-client) paces that rate (wrk cannot), and those hits are checked as written.
// 2. Dashboard: the rollups of BENCH_EVENTS page views (default 10,000,000) over 90 days, 1000 pages, 100 sources,
//    and raw events (BENCH_RAW, default BENCH_EVENTS on PostgreSQL; BENCH_RAW_PGLITE, default 1,000,000), seeded by
//    SQL generate_series; then traffic, pages and sources for the 90 days are asked 40 times each through the app
//    (inject: routing, auth, query, JSON): p50 / p95.
// BENCH_ONLY=pglite|postgres runs one backend; BENCH_DB_PREFIX names the PostgreSQL database; BENCH_KEEP_DB keeps it.
import { spawn } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { createRequire } from 'node:module'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { buildApp, type App } from '../src/app/index.js'
import { loadConfig } from '../src/platform/config.js'
import { migrate, openPglite, sqlRows } from '../src/platform/db/index.js'
import { freshPostgresDatabase } from '../test/fresh-postgres.js'
// @ts-expect-error a plain .mjs module of the benches (no types)
import { startEnv, startNodeFlags } from './start-flags.mjs'

/** BENCH_ONLY=pglite or postgres: one backend. */
const ONLY = process.env.BENCH_ONLY ?? ''
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const PG_PROBE = 'postgres://postgres@127.0.0.1:5432/postgres'
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'
const cannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js')

async function postgresUrl(): Promise<string | null> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL ?? PG_PROBE, connectionTimeoutMillis: 1500 })
  try {
    await c.connect()
    await c.end()
    return process.env.DATABASE_URL ?? PG_PROBE
  } catch {
    return null
  }
}

const freshPostgres = (adminUrl: string) => freshPostgresDatabase(adminUrl, process.env.BENCH_DB_PREFIX ?? 'tracking_bench')

interface Load {
  tool: string
  rps: number
  total: number
  p50: number
  p99: number
  /** Answers other than 2xx, plus socket errors and timeouts. */
  failed: number
  ok: number
}

const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((f) => existsSync(f)) ?? null

/** Load from wrk (C, far less CPU than a Node client on a small machine) in its own process, else autocannon. */
function load(url: string, headers: Record<string, string>, body: string, seconds = SECONDS): Promise<Load> {
  return WRK ? wrk(url, headers, body, seconds) : cannon(url, headers, body, seconds)
}

const H2LOAD = ['/usr/bin/h2load', '/usr/local/bin/h2load'].find((f) => existsSync(f)) ?? null
/** The rates the issue asks the p99 at: hits/s into PostgreSQL and into PGlite. */
const TARGET = { postgres: 15_000, pglite: 5_000 }

interface Paced {
  rate: number
  p50: number
  p99: number
  ok: number
  failed: number
}

/**
 * How the paced hits arrive. `spread`: the connections open one every 2 ms, so each sends on its own phase and hits
 * arrive evenly (many visitors, each on their own clock). `bursts`: all connections open at once and send together,
 * a burst of CONNECTIONS hits every CONNECTIONS/rate seconds (the worst case; a plain Node server's p99 is then
 * several ms on a small machine). Both are printed, each beside a plain Node server answering the same bytes.
 */
type Shape = 'spread' | 'bursts'

/**
 * The answer's latency at a given load rather than at saturation (where it is queueing): `h2load` (Debian's
 * nghttp2-client, C, in its own process, HTTP/1.1) sends `rate` hits/s over CONNECTIONS connections, each paced with
 * --rps, and logs every answer's time; the percentiles are taken from that log. wrk cannot pace its load, and hey
 * appends its own name to the User-Agent (a bot, so not counted). Null when h2load is not installed.
 */
async function paced(url: string, hdrs: Record<string, string>, payload: string, rate: number, shape: Shape, seconds = SECONDS): Promise<Paced | null> {
  if (!H2LOAD) return null
  const dir = mkdtempSync(join(tmpdir(), 'sw-h2load-'))
  try {
    const bodyFile = join(dir, 'body')
    const log = join(dir, 'log.tsv')
    writeFileSync(bodyFile, payload)
    // h2load takes either a duration or a connection rate: spread runs count their requests instead
    const length = shape === 'bursts' ? ['-D', String(seconds)] : ['-r', '1', '--rate-period', '2ms', '-n', String(rate * seconds)]
    const args = ['--h1', '-t', '1', '-c', String(CONNECTIONS), ...length, '--rps', String(rate / CONNECTIONS), '-d', bodyFile, '--log-file', log]
    for (const [k, v] of Object.entries(hdrs)) args.push('-H', `${k === 'host' ? ':authority' : k}: ${v}`)
    await run(H2LOAD, [...args, url])
    const rows = readFileSync(log, 'utf8').trim().split('\n').map((l) => l.split('\t').map(Number) as [number, number, number])
    const ok = rows.filter((r) => r[1] >= 200 && r[1] < 300)
    const times = ok.map((r) => r[2] / 1000).sort((a, b) => a - b)
    const first = rows.reduce((m, r) => Math.min(m, r[0]), Infinity)
    const last = rows.reduce((m, r) => Math.max(m, r[0] + r[2]), -Infinity)
    const span = rows.length > 1 ? (last - first) / 1e6 : seconds
    return { rate: rows.length / span, p50: times.length ? pct(times, 50) : NaN, p99: times.length ? pct(times, 99) : NaN, ok: ok.length, failed: rows.length - ok.length }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A plain Node server in its own process answering every request with RecordHit's 202 bytes (the baseline). */
const PLAIN_SERVER = `
import { createServer } from 'node:http'
const body = Buffer.from(JSON.stringify({ accepted: true }))
const server = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(202, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, 'cache-control': 'no-store' })
    res.end(body)
  })
})
server.listen(0, '127.0.0.1', () => console.log(server.address().port))
`

/** The plain server's p99 under the same paced load (null when h2load is missing or the server did not start). */
async function plainBaseline(rate: number, shape: Shape): Promise<Paced | null> {
  if (!H2LOAD) return null
  const child = spawn(process.execPath, ['--input-type=module', '-e', PLAIN_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] })
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()))
      child.once('exit', () => reject(new Error('the plain Node server did not start')))
    })
    return await paced(`http://127.0.0.1:${port}/api/census/RecordHit`, headers, body, rate, shape)
  } finally {
    child.kill()
  }
}

/** Prints the paced runs' figures (or why there are none), beside the plain server's; answers how many hits were acknowledged. */
async function printPaced(label: string, url: string, rate: number): Promise<number> {
  let acknowledged = 0
  for (const shape of ['spread', 'bursts'] as const) {
    const r = await paced(url, headers, body, rate, shape)
    if (!r) {
      console.log(`${label}: p99 at ${rate.toLocaleString('en-US')} hits/s not measured (install Debian's nghttp2-client: its h2load paces the load)`)
      return 0
    }
    const plain = await plainBaseline(rate, shape)
    const beside = plain ? `; plain Node, same load: p50 ${plain.p50.toFixed(2)} ms, p99 ${plain.p99.toFixed(2)} ms` : ''
    const how = shape === 'spread' ? 'arriving evenly' : `in bursts of ${CONNECTIONS}`
    console.log(`${label}: at ${rate.toLocaleString('en-US')} hits/s asked, ${how} (h2load, ${CONNECTIONS} connections, ${SECONDS} s): ${r.rate.toFixed(0)} hits/s answered, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.failed} not 2xx or failed${beside}; ${loadAvg()}`)
    if (r.failed > 0) process.exitCode = 1
    acknowledged += r.ok
  }
  return acknowledged
}

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    p.stdout.on('data', (d: Buffer) => (out += d.toString()))
    p.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} exited ${code}`))))
  })
}

// wrk adds its own `Host` unless the script sets exactly `Host`: a lowercase `host` would make two Host headers
// (which one the server reads then varies from run to run).
async function wrk(url: string, headers: Record<string, string>, body: string, seconds: number): Promise<Load> {
  const dir = mkdtempSync(join(tmpdir(), 'sw-wrk-'))
  const script = join(dir, 'hit.lua')
  writeFileSync(
    script,
    `wrk.method = "POST"\nwrk.body = ${JSON.stringify(body)}\n` +
      Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k === 'host' ? 'Host' : k)}] = ${JSON.stringify(v)}\n`).join('') +
            `done = function(s, l) io.write(string.format('{"total":%d,"us":%d,"p50":%d,"p99":%d,"errors":%d}\\n', s.requests, s.duration, l:percentile(50), l:percentile(99), s.errors.connect + s.errors.read + s.errors.write + s.errors.status + s.errors.timeout)) io.stderr:write(string.format('wrk errors: connect %d read %d write %d status %d timeout %d\\n', s.errors.connect, s.errors.read, s.errors.write, s.errors.status, s.errors.timeout)) end\n`,
  )
  try {
    const out = await run(WRK!, ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '5s', '-s', script, url])
    const j = JSON.parse(out.trim().split('\n').at(-1)!) as { total: number; us: number; p50: number; p99: number; errors: number }
    return { tool: 'wrk -t1', rps: j.total / (j.us / 1e6), total: j.total, p50: j.p50 / 1000, p99: j.p99 / 1000, failed: j.errors, ok: j.total - j.errors }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function cannon(url: string, headers: Record<string, string>, body: string, seconds: number): Promise<Load> {
  const args = [cannonBin, '-j', '-c', String(CONNECTIONS), '-d', String(seconds), '-m', 'POST', '-b', body, ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url]
  const r = JSON.parse(await run(process.execPath, args)) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; '2xx': number }
  return { tool: 'autocannon', rps: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors, ok: r['2xx'] }
}

/** One POST with these exact headers (fetch would replace Host). */
function once(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = ''
      res.on('data', (c: Buffer) => (text += c.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

async function signup(base: string): Promise<{ siteId: string; cookie: string }> {
  const me = await fetch(`${base}/api/auth/me`)
  const crumb = /crumb=([^;]+)/.exec(me.headers.get('set-cookie') ?? '')![1]!
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': crumb, cookie: `crumb=${crumb}` },
    body: JSON.stringify({ email: 'bench@example.com', password: 'a-long-password', name: 'Bench', siteTitle: 'Bench', slug: 'bench' }),
  })
  const session = (res.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ')
  return { siteId: ((await res.json()) as { site: { id: string } }).site.id, cookie: session }
}

/** The machine's load average (1, 5, 15 min): figures on a shared machine mean little without it. */
const loadAvg = () => `load average ${loadavg().map((l) => l.toFixed(2)).join(', ')}`

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

const PAGES = 1000
const SOURCES = 100

/**
 * Day rollups of `events` page views over the last 90 days, as the aggregation would leave them: the site row and
 * one row per page, source, campaign, device, browser, system and country a day, with page and source shares
 * falling off like real traffic (1/rank). One INSERT ... SELECT over generate_series: seconds, not hours of HTTP.
 */
async function seedRollups(app: App, siteId: string, events: number): Promise<void> {
  const harmonic = (n: number) => Array.from({ length: n }, (_, i) => 1 / (i + 1)).reduce((a, b) => a + b, 0)
  await app.db.orm.execute(sql`
    WITH days AS (SELECT d::date AS day, ${Math.round(events / 90)}::float8 AS v FROM generate_series(current_date - 89, current_date, interval '1 day') AS d),
    keys AS (
      SELECT 'site' AS dim, '' AS key, 1.0::float8 AS w
      UNION ALL SELECT 'page', '/page-' || i, (1.0 / (i + 1)) / ${harmonic(PAGES)} FROM generate_series(0, ${PAGES - 1}) AS i
      UNION ALL SELECT 'source', CASE WHEN i = 0 THEN 'Direct' ELSE 'source-' || i END, (1.0 / (i + 1)) / ${harmonic(SOURCES)} FROM generate_series(0, ${SOURCES - 1}) AS i
      UNION ALL SELECT 'campaign', 'camp-' || i, 0.02 FROM generate_series(0, 4) AS i
      UNION ALL SELECT 'device', (ARRAY['Desktop', 'Mobile', 'Tablet'])[i + 1], (ARRAY[0.55, 0.4, 0.05])[i + 1] FROM generate_series(0, 2) AS i
      UNION ALL SELECT 'browser', (ARRAY['Chrome', 'Safari', 'Firefox', 'Edge'])[i + 1], 0.25 FROM generate_series(0, 3) AS i
      UNION ALL SELECT 'os', (ARRAY['Windows', 'macOS', 'Linux', 'iOS', 'Android'])[i + 1], 0.2 FROM generate_series(0, 4) AS i
      UNION ALL SELECT 'country', (ARRAY['US', 'FR', 'DE', 'GB', 'JP', 'BR'])[i + 1], 1.0 / 6 FROM generate_series(0, 5) AS i
    )
    INSERT INTO tracking_rollups (site_id, day, dim, key, views, visits, visitors, bounces, entries, exits, duration_ms, durations, events, revenue)
    SELECT ${siteId}, day, dim, key, round(v * w), round(v * w / 3), round(v * w / 5), round(v * w / 6),
           CASE WHEN dim = 'page' THEN round(v * w / 3) ELSE 0 END, CASE WHEN dim = 'page' THEN round(v * w / 3) ELSE 0 END,
           CASE WHEN dim IN ('page', 'site') THEN round(v * w * 2 / 3) * 41000 ELSE 0 END, CASE WHEN dim IN ('page', 'site') THEN round(v * w * 2 / 3) ELSE 0 END, 0, 0
    FROM days, keys WHERE round(v * w) > 0
    ON CONFLICT (site_id, dim, day, key) DO UPDATE SET views = excluded.views`)
}

/** Raw page-view events (kept per retention; reports never read them): one INSERT over generate_series. */
async function seedRaw(app: App, siteId: string, events: number): Promise<void> {
  const chunk = 1_000_000
  for (let done = 0; done < events; done += chunk) {
    await app.db.orm.execute(sql`
      INSERT INTO tracking_events (site_id, at, kind, name, visitor, session, path, source, device, browser, os, country, data)
      SELECT ${siteId}, now() - (i % 90) * interval '1 day' - (i % 86400) * interval '1 second', 'pageview', '', 'v' || (i % 200000),
             'v' || (i % 200000) || '.' || (i % 7), '/page-' || ((i * 7919) % ${PAGES}), 'source-' || (i % ${SOURCES}),
             (ARRAY['Desktop', 'Mobile', 'Tablet'])[i % 3 + 1], (ARRAY['Chrome', 'Safari', 'Firefox', 'Edge'])[i % 4 + 1],
             (ARRAY['Windows', 'macOS', 'Linux', 'iOS', 'Android'])[i % 5 + 1], (ARRAY['US', 'FR', 'DE', 'GB', 'JP', 'BR'])[i % 6 + 1], NULL
      FROM generate_series(${done + 1}::bigint, ${Math.min(events, done + chunk)}::bigint) AS i`)
  }
}

/** The page view every load posts (a form, as the tracker sends it), to the bench site's host. */
const body = new URLSearchParams({ event: '1', data: JSON.stringify({ path: '/', referrer: 'https://example.com/', sessionId: 1 }), ss_cvr: 'a|1|1|1|1' }).toString()
const headers = { host: 'bench.localhost', 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA }

async function measure(label: string, app: App, plan: { events: number; raw: number; rate: number }): Promise<void> {
  await app.fastify.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}`
  const { siteId, cookie } = await signup(base)
  const probe = await once(`${base}/api/census/RecordHit`, headers, body)
  if (probe.status !== 202) throw new Error(`${label}: RecordHit answered ${probe.status}: ${probe.text}`)
  await load(`${base}/api/census/RecordHit`, headers, body, 2).catch(() => null) // warm-up (caches, JIT)
  const fast = await once(`${base}/api/census/RecordHit`, headers, body)
  if (fast.status !== 202) throw new Error(`${label}: RecordHit answered ${fast.status} after the warm-up: ${fast.text}`)
  /** The site's raw events once the buffer is written. */
  const stored = async () => {
    await app.tracking.flush()
    return (await sqlRows<{ c: number }>(app.db.orm, sql`SELECT count(*)::int AS c FROM tracking_events WHERE site_id = ${siteId}`))[0]!.c
  }
  const before = await stored()
  const r = await load(`${base}/api/census/RecordHit`, headers, body)
  const after = await stored()
  const written = after - before
  // Requests the client gave up on (timeouts) may still be accepted by the server: written >= acknowledged.
  console.log(`${label}: RecordHit ${r.rps.toFixed(0)} hits/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (${r.tool}, ${r.total} requests, ${r.failed} not 2xx or failed); ${written} written, ${r.ok} acknowledged; ${loadAvg()}`)
  if (written < r.ok) process.exitCode = 1
  if (r.failed > 0) {
    const after = await once(`${base}/api/census/RecordHit`, headers, body)
    console.log(`${label}: ${r.failed} hits failed; one hit now answers ${after.status} ${after.text.slice(0, 300)}`)
    process.exitCode = 1
  }
  const pacedOk = await printPaced(label, `${base}/api/census/RecordHit`, plan.rate)
  const pacedWritten = (await stored()) - after
  if (pacedWritten < pacedOk) {
    console.log(`${label}: the paced run had ${pacedOk} hits acknowledged and ${pacedWritten} written`)
    process.exitCode = 1
  }

  const t0 = Date.now()
  await seedRollups(app, siteId, plan.events)
  const rollupS = (Date.now() - t0) / 1000
  const t1 = Date.now()
  await seedRaw(app, siteId, plan.raw)
  const rawS = (Date.now() - t1) / 1000
  // after a bulk load the planner needs statistics (autovacuum gathers them in production; here at once)
  await app.db.orm.execute(sql`ANALYZE tracking_rollups`)
  await app.db.orm.execute(sql`ANALYZE tracking_events`)
  const [rows] = await sqlRows<{ c: number; views: number }>(app.db.orm, sql`SELECT count(*)::int AS c, sum(views) FILTER (WHERE dim = 'site')::bigint AS views FROM tracking_rollups WHERE site_id = ${siteId}`)
  const [raw] = await sqlRows<{ c: number }>(app.db.orm, sql`SELECT count(*)::int AS c FROM tracking_events`)
  console.log(`${label}: seeded (SQL generate_series) the rollups of ${Number(rows!.views).toLocaleString('en-US')} page views over 90 days, ${PAGES} pages, ${SOURCES} sources (${rows!.c} rollup rows, ${rollupS.toFixed(1)} s) and ${raw!.c.toLocaleString('en-US')} raw events (${rawS.toFixed(0)} s)`)
  const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10)
  const to = new Date().toISOString().slice(0, 10)
  for (const report of ['traffic', 'pages', 'sources']) {
    const times: number[] = []
    for (let i = 0; i < 40; i++) {
      const s = performance.now()
      const res = await app.fastify.inject({ method: 'GET', url: `/api/sites/${siteId}/analytics/${report}?from=${from}&to=${to}`, headers: { cookie } })
      if (res.statusCode !== 200) throw new Error(`${report}: ${res.statusCode}`)
      times.push(performance.now() - s)
    }
    times.sort((a, b) => a - b)
    console.log(`${label}: ${report} over 90 days: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms; ${loadAvg()}`)
  }
}

/**
 * Ingestion into PostgreSQL by the built server (dist/main.js, npm start's node flags) run with WORKERS=n: n processes
 * on one port, as a machine with n cores is deployed. Every acknowledged hit is counted in the database after the
 * server has stopped (its workers write what they hold on SIGTERM).
 */
async function measureWorkers(adminUrl: string, workers: number): Promise<void> {
  const label = `PostgreSQL, WORKERS=${workers}`
  const main = fileURLToPath(new URL('../dist/main.js', import.meta.url))
  if (!existsSync(main)) return console.log(`${label}: skipped (run npm run build first)`)
  const fresh = await freshPostgres(adminUrl)
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-bench-workers-'))
  const root = fileURLToPath(new URL('../../../', import.meta.url))
  const child = spawn(process.execPath, [...(startNodeFlags(root) as string[]), main], {
    env: { ...process.env, DATABASE_URL: fresh.url, WORKERS: String(workers), SEED_DEMO: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...startEnv(root) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<number | null>((r) => child.on('exit', r))
  try {
    let port: string | undefined
    for (let i = 0; i < 1200 && !(port = /Demo site:\s+http:\/\/[^:]+:(\d+)\//.exec(out)?.[1]); i++) await new Promise((r) => setTimeout(r, 50))
    if (!port) throw new Error(`${label}: the server did not start:\n${out}`)
    const base = `http://127.0.0.1:${port}`
    const { siteId } = await signup(base)
    await load(`${base}/api/census/RecordHit`, headers, body, 3).catch(() => null) // warm-up: every worker's caches and JIT
    const count = async () => {
      const c = new pg.Client({ connectionString: fresh.url })
      await c.connect()
      try {
        return Number((await c.query('SELECT count(*)::int AS c FROM tracking_events WHERE site_id = $1', [siteId])).rows[0].c)
      } finally {
        await c.end()
      }
    }
    await new Promise((r) => setTimeout(r, 1000)) // the warm-up's hits written (the buffers write every 50 ms)
    const before = await count()
    const r = await load(`${base}/api/census/RecordHit`, headers, body)
    console.log(`${label}: RecordHit ${r.rps.toFixed(0)} hits/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (${r.tool}, ${r.total} requests, ${r.failed} not 2xx or failed); ${loadAvg()}`)
    const pacedOk = await printPaced(label, `${base}/api/census/RecordHit`, TARGET.postgres)
    child.kill('SIGTERM')
    await exited
    const written = (await count()) - before
    console.log(`${label}: ${written} written after the stop, ${r.ok + pacedOk} acknowledged (both runs)`)
    if (written < r.ok + pacedOk || r.failed > 0) process.exitCode = 1
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL')
    await exited
    await fresh.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  console.log(`${WRK ? "wrk" : "autocannon"} in its own process, ${CONNECTIONS} connections, ${SECONDS} s, loopback; ${loadAvg()}`)
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-bench-tracking-'))
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: '0' }), pgliteStorage: 'memory' as const }
  const opts = { tracking: { countryOf: null } }
  try {
    if (ONLY !== 'postgres') {
      const db = await openPglite(null)
      await migrate(db)
      const app = await buildApp({ ...config, databaseUrl: null }, { db, ...opts })
      try {
        await measure('PGlite', app, { events: Number(process.env.BENCH_EVENTS ?? 10_000_000), raw: Number(process.env.BENCH_RAW_PGLITE ?? 1_000_000), rate: TARGET.pglite })
      } finally {
        await app.close()
      }
    }
    if (ONLY === 'pglite') return
    const admin = await postgresUrl()
    if (!admin) return console.log('PostgreSQL: not reachable (set DATABASE_URL or run it at 127.0.0.1:5432): skipped')
    // one process per core, as `WORKERS` deploys a machine
    await measureWorkers(admin, Number(process.env.BENCH_WORKERS ?? Math.max(2, availableParallelism())))
    const fresh = await freshPostgres(admin)
    try {
      const pgApp = await buildApp({ ...config, databaseUrl: fresh.url }, opts)
      try {
        await measure('PostgreSQL', pgApp, { events: Number(process.env.BENCH_EVENTS ?? 10_000_000), raw: Number(process.env.BENCH_RAW ?? process.env.BENCH_EVENTS ?? 10_000_000), rate: TARGET.postgres })
      } finally {
        await pgApp.close()
      }
    } finally {
      if (process.env.BENCH_KEEP_DB) console.log(`kept ${fresh.url}`)
      else await fresh.drop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
