// `npm run bench` (HTTP: published pages): starts the BUILT server (dist/main.js) on a free loopback port with a
// fresh data dir (demo site seeded), then measures the home page and a blog post with autocannon, beside a plain
// node:http server answering the same HTML bytes. Prints req/s, p99 latency and the ratio to the baseline.
// BENCH_SERVER_MAIN=<path of another built main.js> measures that build instead (before/after comparisons).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

interface CannonResult {
  requests: { average: number }
  latency: { p99: number; average: number }
  non2xx: number
  errors: number
}
type Cannon = (opts: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<CannonResult>
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const PAGES = [
  { name: 'home page', path: '/' },
  { name: 'item page (blog post)', path: '/blog/firing-the-kiln' },
]

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const a = s.address()
      const port = typeof a === 'object' && a ? a.port : 0
      s.close(() => resolve(port))
    })
  })
}

async function waitHealthy(base: string, timeoutMs = 120_000) {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('the server did not become healthy')
}

/** Waits until the server process stops using CPU (the demo's image variants are made in the background). */
async function waitIdle(pid: number, timeoutMs = 120_000) {
  const ticks = () => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      return Number(f[11]) + Number(f[12])
    } catch {
      return null
    }
  }
  const start = Date.now()
  let last = ticks()
  if (last === null) return new Promise((r) => setTimeout(r, 15_000)) // no /proc: give it a fixed time
  while (Date.now() - start < timeoutMs) {
    await new Promise((r) => setTimeout(r, 1000))
    const now = ticks()
    if (now === null || now - last! < 5) return // under 5% of one core for a second
    last = now
  }
}

async function main() {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--if-needed'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) {
    if (!existsSync(join(ROOT, 'packages/server/dist/main.js'))) throw new Error('build failed')
    console.warn('warning: the build reported errors; measuring the dist/ it produced')
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sitewright-bench-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const main = process.env.BENCH_SERVER_MAIN ? resolve(process.env.BENCH_SERVER_MAIN) : join(ROOT, 'packages/server/dist/main.js')
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  let baseline: Server | null = null
  try {
    await waitHealthy(base)
    await fetch(base + '/') // the demo content is seeded before the server listens; image variants follow
    await waitIdle(child.pid!)
    console.log(`server: node ${main.slice(ROOT.length)} on ${base} (PGlite, fresh data dir); ${CONNECTIONS} connections, ${DURATION} s per run`)
    console.log('page                         | sitewright req/s | p99 ms | baseline req/s | p99 ms | ratio')
    for (const page of PAGES) {
      const res = await fetch(base + page.path)
      const html = Buffer.from(await res.arrayBuffer())
      if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`)
      for (let i = 0; i < 50; i++) await fetch(base + page.path).then((r) => r.arrayBuffer()) // warm the caches
      const app = await autocannon({ url: base + page.path, connections: CONNECTIONS, duration: DURATION })
      baseline = createServer((_req, reply) => {
        reply.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': html.length })
        reply.end(html)
      })
      const bport = await freePort()
      await new Promise<void>((r) => baseline!.listen(bport, '127.0.0.1', () => r()))
      const plain = await autocannon({ url: `http://127.0.0.1:${bport}${page.path}`, connections: CONNECTIONS, duration: DURATION })
      await new Promise((r) => baseline!.close(r))
      baseline = null
      const ratio = app.requests.average / plain.requests.average
      const cell = (v: string, w: number) => v.padStart(w)
      console.log(
        `${page.name.padEnd(28)} | ${cell(app.requests.average.toFixed(0), 16)} | ${cell(String(app.latency.p99), 6)} | ${cell(plain.requests.average.toFixed(0), 14)} | ${cell(String(plain.latency.p99), 6)} | ${(ratio * 100).toFixed(0)}%` +
          (app.non2xx || app.errors ? `  (non-2xx ${app.non2xx}, errors ${app.errors})` : ''),
      )
      console.log(`${''.padEnd(28)}   (${html.length} bytes of HTML)`)
    }
  } finally {
    if (baseline) baseline.close()
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
