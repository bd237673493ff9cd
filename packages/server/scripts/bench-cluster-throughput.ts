// `npm run bench` (Cluster: scale-out on capped nodes): starts `scripts/cluster.mjs` (real PostgreSQL in a database of
// its own, Redis when reachable, nginx round robin) with 1, 2 and 4 app nodes, and measures the way capacity is
// planned: each node in its own cgroup capped at 0.1 CPU with a short scheduling period (cgroup v2 `cpu.max
// "1000 10000"`, or v1 `cpu.cfs_quota_us=1000` / `cpu.cfs_period_us=10000`; as root), so the nodes, not nginx,
// PostgreSQL or wrk, are what saturates on a 2-core machine. The caps go on once the fresh cluster is quiet (the demo
// seed and its image variants ran uncapped), then 25 s of warm-up load (JIT at 0.1 CPU is slow), then wrk at 200
// connections: cached pages (home, blog post, product); search (made on every request) and add to cart (a first add,
// new cart: PostgreSQL on every request) at 25 (see MADE_CONNECTIONS). Prints req/s and p99, the throttled periods of each node's cgroup, the CPU
// of nginx, PostgreSQL (the backends of the bench's database) and wrk, and each node count's ratio to one node
// (issue 39's goals: cached 2 nodes >= 1.85x, 4 >= 3.5x; search and add to cart >= 1.8x, >= 3.2x). Skipped, with the
// reason, when PostgreSQL, nginx, wrk or a writable cgroup cpu controller is missing. BENCH_SECONDS (default 10) per
// run, BENCH_CONNECTIONS (200), BENCH_NODES (1,2,4), BENCH_WARMUP_SECONDS (25).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, rmdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { cpuTicks, waitQuiet } from './bench-cpu.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200)
/**
 * Connections for the answers made on every request (search, add to cart): a node at 0.1 CPU makes a few of them a
 * second, so 200 queued clients would wait past any timeout and none would be counted; 25 keep every node saturated
 * (its cgroup throttled in every period, printed) with waits that end within the run.
 */
const MADE_CONNECTIONS = Number(process.env.BENCH_MADE_CONNECTIONS ?? 25)
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 25)
const NODE_COUNTS = (process.env.BENCH_NODES ?? '1,2,4').split(',').map(Number)
const ADMIN = process.env.CLUSTER_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres'
/** 0.1 CPU in 10 ms periods. */
const QUOTA_US = 1000
const PERIOD_US = 10_000
const CART_PATH = '/api/commerce/shopping-cart/entries'

interface Scenario {
  name: string
  kind: 'cached' | 'made'
  path: string
  /** A POST body per request (add to cart); GET otherwise. */
  cart?: boolean
}
const SCENARIOS: Scenario[] = [
  { name: 'home', kind: 'cached', path: '/' },
  { name: 'blog post', kind: 'cached', path: '/blog/firing-the-kiln' },
  { name: 'product', kind: 'cached', path: '/shop/stoneware-mug' },
  { name: 'search', kind: 'made', path: '/search?q=kiln' },
  { name: 'add to cart', kind: 'made', path: CART_PATH, cart: true },
]
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0

// ---- cgroups: one per node, 0.1 CPU in 10 ms periods ----

interface Cgroup {
  path: string
  /** Throttled periods so far. */
  throttled(): number
  remove(): void
}
interface Cgroups {
  version: 'v1' | 'v2'
  make(name: string, pid: number): Cgroup
}

function cgroupSupport(): Cgroups | string {
  if (process.getuid?.() !== 0) return 'not root (cgroup caps need root)'
  const stat = (dir: string) => () => Number(/nr_throttled (\d+)/.exec(readFileSync(join(dir, 'cpu.stat'), 'utf8'))?.[1] ?? 0)
  const remover = (dir: string, parentProcs: string) => () => {
    // a cgroup is removed only when empty: what is left in it goes back to the parent
    try {
      for (const pid of readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) writeFileSync(parentProcs, pid)
    } catch {
      // gone
    }
    try {
      rmdirSync(dir)
    } catch {
      // still busy: left for the system
    }
  }
  const v1 = '/sys/fs/cgroup/cpu'
  if (existsSync(join(v1, 'cpu.cfs_quota_us')) || existsSync(join(v1, 'tasks'))) {
    try {
      const probe = join(v1, `sitewright-bench-probe-${process.pid}`)
      mkdirSync(probe)
      rmdirSync(probe)
      return {
        version: 'v1',
        make(name, pid) {
          const dir = join(v1, name)
          mkdirSync(dir, { recursive: true })
          writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US))
          writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(QUOTA_US))
          writeFileSync(join(dir, 'cgroup.procs'), String(pid))
          return { path: dir, throttled: stat(dir), remove: remover(dir, join(v1, 'cgroup.procs')) }
        },
      }
    } catch (e) {
      return `cgroup v1 cpu controller not writable (${(e as Error).message})`
    }
  }
  for (const root of ['/sys/fs/cgroup', '/sys/fs/cgroup/unified']) {
    const controllers = join(root, 'cgroup.controllers')
    if (!existsSync(controllers) || !readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu')) continue
    try {
      const parent = join(root, `sitewright-bench-${process.pid}`)
      mkdirSync(parent, { recursive: true })
      writeFileSync(join(root, 'cgroup.subtree_control'), '+cpu')
      writeFileSync(join(parent, 'cgroup.subtree_control'), '+cpu')
      return {
        version: 'v2',
        make(name, pid) {
          const dir = join(parent, name)
          mkdirSync(dir, { recursive: true })
          writeFileSync(join(dir, 'cpu.max'), `${QUOTA_US} ${PERIOD_US}`)
          writeFileSync(join(dir, 'cgroup.procs'), String(pid))
          return { path: dir, throttled: stat(dir), remove: remover(dir, join(root, 'cgroup.procs')) }
        },
      }
    } catch (e) {
      return `cgroup v2 cpu controller not usable (${(e as Error).message})`
    }
  }
  return 'no cgroup cpu controller (neither v2 with cpu nor v1 /sys/fs/cgroup/cpu)'
}

// ---- processes and CPU ----

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

async function query<T>(db: string | null, text: string, values: unknown[] = []): Promise<T[]> {
  const u = new URL(ADMIN)
  if (db) u.pathname = `/${db}`
  const c = new pg.Client({ connectionString: u.toString() })
  await c.connect()
  try {
    return (await c.query(text, values)).rows as T[]
  } finally {
    await c.end()
  }
}

const ticks = (pid: number) => cpuTicks(pid) ?? 0
const procs = () => readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number)
function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return -1
  }
}
const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')
  } catch {
    return ''
  }
}
/** The PostgreSQL backends serving the bench's database (their titles name it). */
const postgresBackends = (db: string) => procs().filter((p) => cmdline(p).startsWith('postgres: ') && cmdline(p).includes(` ${db} `))
/** Machine ticks elapsed (all cores). */
function machineTicks(): number {
  return readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number).reduce((a, b) => a + b, 0)
}

function wrkScript(dir: string, s: Scenario, host: string, cart: CartTarget | null): string {
  const file = join(dir, `${s.name.replace(/\W/g, '-')}.lua`)
  const done = `done = function(s, l, r)
  io.write(string.format("RESULT %f %f %d %d\\n", s.requests / (s.duration / 1e6), l:percentile(99) / 1000, s.errors.status + s.errors.connect + s.errors.read + s.errors.write + s.errors.timeout, s.requests))
end
`
  const head = `wrk.headers["Host"] = "${host}"\n`
  if (!s.cart || !cart) {
    writeFileSync(file, `${head}wrk.headers["Accept-Encoding"] = "gzip, br"\n${done}`)
    return file
  }
  writeFileSync(
    file,
    `${head}wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-CSRF-Token"] = "${cart.crumb}"
wrk.headers["Cookie"] = "crumb=${cart.crumb}"
wrk.body = '{"itemId":"${cart.itemId}","sku":"${cart.sku}","quantity":1,"additionalFields":null}'
${done}`,
  )
  return file
}

interface Run {
  rps: number
  p99: number
  bad: number
  requests: number
  /** Throttled periods of each node's cgroup during the run. */
  throttled: number[]
  /** Shares of one core: nginx (master and workers), PostgreSQL (the bench database's backends), wrk. */
  cpu: { nodes: number; nginx: number; postgres: number; wrk: number }
}

interface CartTarget {
  crumb: string
  itemId: string
  sku: string
}

async function wrk(url: string, script: string, seconds: number, connections: number, watch?: { nodes: number[]; nginx: number[]; db: string; groups: Cgroup[] }): Promise<Run> {
  const before = watch && {
    m: machineTicks(),
    nodes: watch.nodes.map(ticks),
    nginx: watch.nginx.map(ticks),
    pg: new Map(postgresBackends(watch.db).map((p) => [p, ticks(p)])),
    thr: watch.groups.map((g) => g.throttled()),
  }
  const child = spawn('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--timeout', '30s', '-s', script, url], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  let wrkTicks = 0
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  const sampler = setInterval(() => (wrkTicks = Math.max(wrkTicks, ticks(child.pid!))), 200)
  await new Promise((r) => child.once('close', r))
  clearInterval(sampler)
  const m = /RESULT (\S+) (\S+) (\d+) (\d+)/.exec(out)
  if (!m) throw new Error(`wrk gave no result: ${out}`)
  const run: Run = { rps: Number(m[1]), p99: Number(m[2]), bad: Number(m[3]), requests: Number(m[4]), throttled: [], cpu: { nodes: 0, nginx: 0, postgres: 0, wrk: 0 } }
  if (watch && before) {
    const cores = cpus().length
    const elapsed = (machineTicks() - before.m) / cores || 1
    const share = (t: number) => t / elapsed
    run.cpu.nodes = share(watch.nodes.reduce((a, p, i) => a + ticks(p) - before.nodes[i]!, 0))
    run.cpu.nginx = share(watch.nginx.reduce((a, p, i) => a + ticks(p) - before.nginx[i]!, 0))
    let pgTicks = 0
    for (const p of postgresBackends(watch.db)) pgTicks += ticks(p) - (before.pg.get(p) ?? 0)
    run.cpu.postgres = share(pgTicks)
    run.cpu.wrk = share(wrkTicks)
    run.throttled = watch.groups.map((g, i) => g.throttled() - before.thr[i]!)
  }
  return run
}

// ---- the cluster ----

async function startCluster(nodes: number, dir: string, db: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort()
  const nodePorts = await Promise.all(Array.from({ length: nodes }, () => freePort()))
  const child = spawn(process.execPath, [join(ROOT, 'scripts/cluster.mjs')], {
    env: {
      ...process.env,
      CLUSTER_PORT: String(port),
      CLUSTER_NODES: String(nodes),
      CLUSTER_NODE_PORTS: nodePorts.join(','),
      CLUSTER_DB: db,
      CLUSTER_DIR: dir,
      CLUSTER_PG: ADMIN,
      LOG_LEVEL: 'warn',
      KEY_PREFIX: `${db}_`,
      // every visitor has nginx's address here: the per-address cart limit would answer 429 after 60 adds
      COMMERCE_RATE_LIMIT: 'off',
      // the AVIF/WebP copies are minutes of encoding; measured by bench-images.ts, not here
      IMAGE_MODERN_FORMATS: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const end = Date.now() + 300_000
  while (!existsSync(join(dir, 'cluster.json'))) {
    if (child.exitCode !== null) throw new Error(`cluster.mjs exited (${child.exitCode})`)
    if (Date.now() > end) throw new Error('the cluster did not come up within 300 s')
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

/** A demo product variant in stock (an add to a new cart takes one unit of it; adds never take stock), and a crumb (GET /api/crumb sets it). */
async function cartTarget(db: string, base: string, host: string): Promise<CartTarget> {
  const [v] = await query<{ product_id: string; sku: string }>(
    db,
    `SELECT v.product_id, v.sku FROM commerce_variants v JOIN commerce_products p ON p.id = v.product_id
      WHERE p.status = 'published' AND NOT p.is_subscribable AND p.additional_fields_form_id IS NULL AND v.sku <> '' AND (v.unlimited OR v.qty_in_stock >= 1)
      ORDER BY (p.url_id = 'stoneware-mug') DESC, v.unlimited DESC, v.qty_in_stock DESC LIMIT 1`,
  )
  if (!v) throw new Error('no demo product to add to the cart')
  const res = await fetch(`${base}/api/crumb`, { headers: { host } })
  const crumb = /crumb=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1]
  if (!crumb) throw new Error('no crumb from /api/crumb')
  return { crumb, itemId: v.product_id, sku: v.sku }
}

async function measure(nodes: number, cg: Cgroups, work: string): Promise<Map<string, Run>> {
  const db = `bench_tp${nodes}_${Date.now().toString(36)}`
  const dir = mkdtempSync(join(tmpdir(), `sw-bench-tp${nodes}-`))
  const { child, port } = await startCluster(nodes, dir, db)
  const groups: Cgroup[] = []
  const results = new Map<string, Run>()
  try {
    const info = JSON.parse(readFileSync(join(dir, 'cluster.json'), 'utf8')) as { nginx: number; nodes: { pid: number }[] }
    const nodePids = info.nodes.map((n) => n.pid)
    const nginxPids = [info.nginx, ...procs().filter((p) => parentOf(p) === info.nginx)]
    const host = `localhost:${port}`
    const base = `http://127.0.0.1:${port}`
    // the demo seed and its image variants run uncapped; then each node goes into its own capped cgroup
    await fetch(`${base}/`, { headers: { host } })
    await waitQuiet(nodePids, 300)
    for (const [i, pid] of nodePids.entries()) groups.push(cg.make(`sitewright-bench-${process.pid}-n${nodes}-${i + 1}`, pid))
    const cart = await cartTarget(db, base, host)
    const scripts = new Map(SCENARIOS.map((s) => [s.name, wrkScript(work, s, host, cart)]))
    // warm-up: every scenario at once, WARMUP seconds (JIT at 0.1 CPU is slow), results discarded
    await Promise.all(SCENARIOS.map((s) => wrk(`${base}${s.path}`, scripts.get(s.name)!, WARMUP, Math.max(10, Math.round(CONNECTIONS / SCENARIOS.length)))))
    for (const s of SCENARIOS) {
      const r = await wrk(`${base}${s.path}`, scripts.get(s.name)!, SECONDS, s.kind === 'made' ? MADE_CONNECTIONS : CONNECTIONS, { nodes: nodePids, nginx: nginxPids, db, groups })
      results.set(s.name, r)
    }
  } finally {
    for (const g of groups) g.remove()
    await stopCluster(child)
    await query(null, `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
  }
  return results
}

function nginxKeepalive(): string {
  const conf = readFileSync(join(ROOT, 'scripts/cluster.mjs'), 'utf8')
  const pick = (re: RegExp) => re.exec(conf)?.[1] ?? '?'
  return `upstream keepalive ${pick(/^\s*keepalive (\d+);/m)} idle connections per worker, keepalive_requests ${pick(/keepalive_requests (\d+);/)}, keepalive_timeout ${pick(/keepalive_timeout (\w+);/)}`
}

async function main(): Promise<void> {
  const missing = [!has('nginx') && 'nginx', !has('wrk') && 'wrk', !(await postgresReachable()) && 'PostgreSQL'].filter(Boolean)
  if (missing.length) {
    console.log(`scale-out on capped nodes: skipped (${missing.join(', ')} not available)`)
    return
  }
  const cg = cgroupSupport()
  if (typeof cg === 'string') {
    console.log(`scale-out on capped nodes: skipped (${cg})`)
    return
  }
  spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--if-needed'], { cwd: ROOT, stdio: 'inherit' })
  const work = mkdtempSync(join(tmpdir(), 'sw-bench-tp-'))
  try {
    console.log(
      `nodes behind nginx, each in its own cgroup ${cg.version} at ${QUOTA_US / PERIOD_US} CPU (${QUOTA_US} us every ${PERIOD_US} us); ${WARMUP} s warm-up, then wrk -t2 ${SECONDS} s a run at ${CONNECTIONS} connections (search and add to cart: ${MADE_CONNECTIONS}); PostgreSQL; ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (a shared machine: other people's load takes CPU too)`,
    )
    console.log(`nginx (scripts/cluster.mjs): ${nginxKeepalive()}`)
    const all = new Map<number, Map<string, Run>>()
    for (const n of NODE_COUNTS) {
      const r = await measure(n, cg, work)
      all.set(n, r)
      for (const s of SCENARIOS) {
        const x = r.get(s.name)!
        const cpu = `CPU (cores): nodes ${x.cpu.nodes.toFixed(2)}, nginx ${x.cpu.nginx.toFixed(2)}, PostgreSQL ${x.cpu.postgres.toFixed(2)}, wrk ${x.cpu.wrk.toFixed(2)}`
        console.log(`${n} node${n > 1 ? 's' : ' '} ${s.name.padEnd(11)} ${x.rps.toFixed(0).padStart(6)} req/s  p99 ${x.p99.toFixed(1).padStart(7)} ms  throttled periods per node [${x.throttled.join(', ')}]  ${cpu}${x.bad ? `  (${x.bad} failed of ${x.requests})` : ''}`)
        if (x.bad > 0) process.exitCode = 1
      }
      console.log(`  load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
    }
    const one = all.get(NODE_COUNTS[0]!)
    if (!one) return
    const goal: Record<string, Record<number, number>> = { cached: { 2: 1.85, 4: 3.5 }, made: { 2: 1.8, 4: 3.2 } }
    for (const n of NODE_COUNTS.slice(1)) {
      const r = all.get(n)!
      const ratio = (s: Scenario) => (one.get(s.name)!.rps > 0 ? `${(r.get(s.name)!.rps / one.get(s.name)!.rps).toFixed(2)}x` : 'n/a (none answered on one node)')
      const line = SCENARIOS.map((s) => `${s.name} ${ratio(s)}${goal[s.kind]![n] ? ` (goal ${goal[s.kind]![n]}x)` : ''}`).join(', ')
      console.log(`${n} nodes / ${NODE_COUNTS[0]} node: ${line}`)
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
