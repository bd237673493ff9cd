// `npm run bench` (Cluster: one node vs two behind nginx): starts `scripts/cluster.mjs` (real PostgreSQL in a database
// of its own, Redis when reachable, nginx round robin) with one app node, measures published pages through nginx with
// wrk (home, a blog post, a product, all cached; and site search, made on every request; 50 connections), stops it,
// then does the same with two nodes. Prints req/s and p99 of each, where the CPU went, and the two-node / one-node
// ratio of each kind (issue 17's target: >= 1.3 on a 2-core machine). Skipped, with the
// reason, when PostgreSQL, nginx or wrk is missing. BENCH_SECONDS (default 5) per page.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { freshPostgresDatabase } from '../test/fresh-postgres.js'
import { cpuTicks, waitQuiet } from './bench-cpu.js'
// @ts-expect-error a plain .mjs module of the benches (no types)
import { startEnv, startNodeFlags } from './start-flags.mjs'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const ADMIN = process.env.CLUSTER_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'blog post', path: '/blog/firing-the-kiln' },
  { name: 'product', path: '/shop/stoneware-mug' },
]
/**
 * A page made on every request (site search: its results are never cached), so the app nodes do the work rather than
 * nginx and wrk: on two cores, cached pages cost nginx about what they cost a node, and a second node has no core.
 */
const RENDERED = [{ name: 'search', path: '/search?q=kiln' }]
const ALL = [...PAGES, ...RENDERED]
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const a = probe.address()
      const port = typeof a === 'object' && a ? a.port : 0
      probe.close(() => resolve(port))
    })
  })
}

async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: ADMIN, connectionTimeoutMillis: 1500 })
  try {
    await c.connect()
    await c.end()
    return true
  } catch {
    return false
  }
}

async function dropDatabase(name: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN })
  await c.connect()
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  } finally {
    await c.end()
  }
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

async function wrk(url: string, host: string, work: string): Promise<{ rps: number; p99: number; bad: number }> {
  const script = join(work, 'report.lua')
  writeFileSync(script, 'done = function(s, l, r)\n  io.write(string.format("RESULT %f %f %d\\n", s.requests / (s.duration / 1e6), l:percentile(99) / 1000, s.errors.status + s.errors.connect + s.errors.read + s.errors.write + s.errors.timeout))\nend\n')
  const out = await output('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '-s', script, '-H', `Host: ${host}`, '-H', 'Accept-Encoding: gzip, br', url])
  const m = /RESULT (\S+) (\S+) (\d+)/.exec(out)
  if (!m) throw new Error(`wrk gave no result: ${out}`)
  return { rps: Number(m[1]), p99: Number(m[2]), bad: Number(m[3]) }
}

// ---- where the CPU goes during a run (Linux /proc): the app nodes, nginx (master and workers), everything else ----

const ticks = (pid: number) => cpuTicks(pid) ?? 0
/** The pids whose parent is `ppid`. */
function childrenOf(ppid: number): number[] {
  const out: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === ppid) out.push(Number(name))
    } catch {
      // gone
    }
  }
  return out
}
/** Busy and total ticks of the whole machine. */
function machine(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
  const total = cpu.reduce((a, b) => a + b, 0)
  return { busy: total - cpu[3]! - (cpu[4] ?? 0), total }
}
interface CpuSplit {
  nodes: number
  nginx: number
  other: number
  idle: number
}
/** Samples the CPU split around `run`: shares of the whole machine (all cores = 100 %). */
async function withCpu<T>(pids: { nodes: number[]; nginx: number }, run: () => Promise<T>): Promise<[T, CpuSplit]> {
  const nginxPids = [pids.nginx, ...childrenOf(pids.nginx)]
  const sum = (list: number[]) => list.reduce((a, p) => a + ticks(p), 0)
  const m0 = machine()
  const n0 = sum(pids.nodes)
  const x0 = sum(nginxPids)
  const result = await run()
  const m1 = machine()
  const total = m1.total - m0.total || 1
  const nodes = (sum(pids.nodes) - n0) / total
  const nginx = (sum(nginxPids) - x0) / total
  const busy = (m1.busy - m0.busy) / total
  return [result, { nodes, nginx, other: Math.max(0, busy - nodes - nginx), idle: 1 - busy }]
}
const pct = (x: number) => `${(x * 100).toFixed(0)}%`


/** Starts the cluster with `nodes` app nodes; resolves once cluster.json says everything answers. */
async function startCluster(nodes: number, dir: string, db: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort()
  const nodePorts = await Promise.all(Array.from({ length: nodes }, () => freePort()))
  const child = spawn(process.execPath, [join(ROOT, 'scripts/cluster.mjs')], {
    env: { ...process.env, CLUSTER_PORT: String(port), CLUSTER_NODES: String(nodes), CLUSTER_NODE_PORTS: nodePorts.join(','), CLUSTER_DB: db, CLUSTER_DIR: dir, CLUSTER_PG: ADMIN, LOG_LEVEL: 'warn', KEY_PREFIX: `${db}_` },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const end = Date.now() + 180_000
  while (!existsSync(join(dir, 'cluster.json'))) {
    if (child.exitCode !== null) throw new Error(`cluster.mjs exited (${child.exitCode})`)
    if (Date.now() > end) throw new Error('the cluster did not come up within 180 s')
    await new Promise((r) => setTimeout(r, 300))
  }
  return { child, port }
}

async function stopCluster(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))])
}

type Result = { rps: number; p99: number; bad: number; cpu: CpuSplit }

async function measure(nodes: number, work: string): Promise<Map<string, Result>> {
  const db = `bench_tp${nodes}_${Date.now().toString(36)}`
  const dir = mkdtempSync(join(tmpdir(), `sw-bench-tp${nodes}-`))
  const { child, port } = await startCluster(nodes, dir, db)
  const results = new Map<string, Result>()
  try {
    const info = JSON.parse(readFileSync(join(dir, 'cluster.json'), 'utf8')) as { nginx: number; nodes: { pid: number }[] }
    const pids = { nodes: info.nodes.map((n) => n.pid), nginx: info.nginx }
    const host = `localhost:${port}`
    // a fresh cluster seeds the demo and makes its image variants in the background (each one finished drops the
    // site's cached pages): wait until the nodes are quiet, then one discarded run
    await fetch(`http://127.0.0.1:${port}/`, { headers: { host } })
    await waitQuiet(pids.nodes)
    await wrk(`http://127.0.0.1:${port}/`, host, work)
    for (const page of ALL) {
      const url = `http://127.0.0.1:${port}${page.path}`
      for (let i = 0; i < nodes * 2; i++) await fetch(url, { headers: { host } }) // fill every node's page cache
      const [r, cpu] = await withCpu(pids, () => wrk(url, host, work))
      results.set(page.name, { ...r, cpu })
    }
  } finally {
    await stopCluster(child)
    await dropDatabase(db).catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
  }
  return results
}

type Measured = { rps: number; p99: number; bad: number }

/** Prints each page's two runs and their ratio (and `more` of them); answers the ratio of the sums. */
function compare<T extends Measured>(labels: [string, string], first: Map<string, T>, second: Map<string, T>, more?: (a: T, b: T) => void, pages = PAGES): number {
  let sum1 = 0
  let sum2 = 0
  for (const page of pages) {
    const a = first.get(page.name)!
    const b = second.get(page.name)!
    sum1 += a.rps
    sum2 += b.rps
    const run = (r: T) => `${r.rps.toFixed(0).padStart(6)} req/s p99 ${r.p99.toFixed(1)} ms`
    console.log(`${page.name.padEnd(10)} ${labels[0]} ${run(a)} | ${labels[1]} ${run(b)} | ratio ${(b.rps / a.rps).toFixed(2)}` + (a.bad + b.bad ? ` (${a.bad + b.bad} failed)` : ''))
    more?.(a, b)
    if (a.bad + b.bad > 0) process.exitCode = 1
  }
  return sum2 / sum1
}

/** The built server on a fresh database with WORKERS=n, its pages measured on its own port. */
async function measureWorkers(workers: number, work: string): Promise<Map<string, Measured>> {
  const fresh = await freshPostgresDatabase(ADMIN, `bench_w${workers}`)
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), `sw-bench-w${workers}-`))
  const child = spawn(process.execPath, [...(startNodeFlags(ROOT) as string[]), join(ROOT, 'packages/server/dist/main.js')], {
    env: { ...process.env, DATABASE_URL: fresh.url, WORKERS: String(workers), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...startEnv(ROOT), REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  const results = new Map<string, Measured>()
  try {
    for (let i = 0; i < 1200 && !out.includes('Demo site:'); i++) await new Promise((r) => setTimeout(r, 100))
    if (!out.includes('Demo site:')) throw new Error(`WORKERS=${workers}: the server did not start`)
    const host = `localhost:${port}`
    const pids = workers > 1 ? childrenOf(child.pid!) : [child.pid!]
    await fetch(`http://127.0.0.1:${port}/`, { headers: { host } })
    await waitQuiet(pids)
    await wrk(`http://127.0.0.1:${port}/`, host, work)
    for (const page of ALL) {
      const target = `http://127.0.0.1:${port}${page.path}`
      for (let i = 0; i < workers * 4; i++) await fetch(target, { headers: { host } })
      results.set(page.name, await wrk(target, host, work))
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))])
    await fresh.drop().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
  }
  return results
}

async function main(): Promise<void> {
  const missing = [!has('nginx') && 'nginx', !has('wrk') && 'wrk', !(await postgresReachable()) && 'PostgreSQL'].filter(Boolean)
  if (missing.length) {
    console.log(`one node vs two behind nginx: skipped (${missing.join(', ')} not available)`)
    return
  }
  spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--if-needed'], { cwd: ROOT, stdio: 'inherit' })
  const work = mkdtempSync(join(tmpdir(), 'sw-bench-tp-'))
  try {
    console.log(`published pages through nginx, wrk -t1 -c${CONNECTIONS} ${SECONDS} s per page, PostgreSQL, one node then two nodes`)
    const one = await measure(1, work)
    const two = await measure(2, work)
    const cpuLines = (a: Result, b: Result) => {
      for (const [n, r] of [[1, a], [2, b]] as const) {
        console.log(`${''.padEnd(10)} CPU with ${n} node${n > 1 ? 's' : ''} (share of all ${cpus().length} cores): app nodes ${pct(r.cpu.nodes)}, nginx ${pct(r.cpu.nginx)}, wrk + PostgreSQL + the rest ${pct(r.cpu.other)}, idle ${pct(r.cpu.idle)}`)
      }
    }
    const nodes = compare(['1 node', '2 nodes'], one, two, cpuLines)
    console.log(`cached pages: two nodes / one node = ${nodes.toFixed(2)} (target >= 1.3)`)
    const rendered = compare(['1 node', '2 nodes'], one, two, cpuLines, RENDERED)
    console.log(`pages made on every request: two nodes / one node = ${rendered.toFixed(2)} (target >= 1.3)`)

    // the same pages from one port with no proxy in the way: WORKERS=1, then WORKERS=2 (node:cluster)
    console.log(`published pages on one port without a proxy, wrk -t1 -c${CONNECTIONS} ${SECONDS} s per page, PostgreSQL: WORKERS=1 then WORKERS=2`)
    const w1 = await measureWorkers(1, work)
    const w2 = await measureWorkers(2, work)
    console.log(`cached pages: WORKERS=2 / WORKERS=1 = ${compare(['WORKERS=1', 'WORKERS=2'], w1, w2).toFixed(2)}`)
    console.log(`pages made on every request: WORKERS=2 / WORKERS=1 = ${compare(['WORKERS=1', 'WORKERS=2'], w1, w2, undefined, RENDERED).toFixed(2)}`)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
