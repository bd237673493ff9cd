// `npm run bench` (HTTP: published pages): starts the BUILT server (dist/main.js) on a free loopback port with a
// fresh data dir (demo site seeded), then measures the home page, a blog post and a product page with wrk (Debian
// package; autocannon in a separate process when wrk is missing), each with and without `Accept-Encoding: br`,
// beside two baselines serving the same bytes, compressed the same way: nginx (one worker; when installed) and a
// plain node:http server. Prints req/s and p99 per server, and Sitewright's ratio to plain Node.
// BENCH_SERVER_MAIN=<path of another built main.js> measures that build instead (before/after comparisons).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, get, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
// @ts-expect-error a plain .mjs module of the benches (no types)
import { startEnv, startNodeFlags } from './start-flags.mjs'
import { waitQuiet } from './bench-cpu.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'blog post', path: '/blog/firing-the-kiln' },
  { name: 'product', path: '/shop/stoneware-mug' },
]
const BR = { 'accept-encoding': 'gzip, deflate, br' }

interface Run {
  rps: number
  p99: number
  bad: number
}

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0
const NGINX = ['nginx', '/usr/sbin/nginx'].find((c) => has(c))
const WRK = has('wrk')

/** Loads a URL with wrk (or autocannon in its own process): requests/s, p99 ms, non-2xx/3xx answers. */
async function load(url: string, headers: Record<string, string>, work: string): Promise<Run> {
  if (WRK) {
    const script = join(work, 'report.lua')
    writeFileSync(script, 'done = function(s, l, r)\n  io.write(string.format("RESULT %f %f %d\\n", s.requests / (s.duration / 1e6), l:percentile(99) / 1000, s.errors.status + s.errors.connect + s.errors.read + s.errors.write + s.errors.timeout))\nend\n')
    const args = ['-t2', `-c${CONNECTIONS}`, `-d${DURATION}s`, '-s', script, ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url]
    // asynchronous: the plain-Node baseline answers from this process
    const out = await output('wrk', args)
    const m = /RESULT (\S+) (\S+) (\d+)/.exec(out)
    if (!m) throw new Error(`wrk gave no result: ${out}`)
    return { rps: Number(m[1]), p99: Number(m[2]), bad: Number(m[3]) }
  }
  const args = ['autocannon', '-j', '-c', String(CONNECTIONS), '-d', String(DURATION), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url]
  const r = JSON.parse(await output('npx', args)) as { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number }
  return { rps: r.requests.average, p99: r.latency.p99, bad: r.non2xx + r.errors }
}

function output(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.once('error', reject)
    child.once('close', () => resolve(out))
  })
}

interface Variant {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/** The answer of the app for a page, as sent (status, the headers a baseline repeats, the body bytes). */
function capture(url: string, headers: Record<string, string>): Promise<Variant> {
  // node:http, not fetch: the bytes as sent (fetch would decompress them)
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const keep: Record<string, string> = {}
        for (const h of ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary']) {
          const v = res.headers[h]
          if (typeof v === 'string') keep[h] = v
        }
        resolve({ status: res.statusCode ?? 0, headers: keep, body: Buffer.concat(chunks) })
      })
    }).once('error', reject)
  })
}

/** nginx with one worker serving the captured bytes (`/<n>` plain, `/<n>.br` when the client sends br). */
function startNginx(dir: string, port: number): ChildProcess {
  const conf = `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  default_type text/html;
  types { }
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp; uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  map $http_accept_encoding $sfx { ~br ".br"; default ""; }
  map $sfx $ce { ".br" "br"; default ""; }
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    etag on;
    location / { add_header Content-Encoding $ce; add_header Vary Accept-Encoding; try_files $uri$sfx =404; }
  }
}
`
  mkdirSync(join(dir, 'tmp'), { recursive: true })
  writeFileSync(join(dir, 'nginx.conf'), conf)
  return spawn(NGINX!, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' })
}

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

async function waitHealthy(base: string, timeoutMs = 600_000) {
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

async function main() {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--if-needed'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) {
    if (!existsSync(join(ROOT, 'packages/server/dist/main.js'))) throw new Error('build failed')
    console.warn('warning: the build reported errors; measuring the dist/ it produced')
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sitewright-bench-'))
  const work = mkdtempSync(join(tmpdir(), 'sitewright-bench-www-'))
  mkdirSync(join(work, 'www'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const main = process.env.BENCH_SERVER_MAIN ? resolve(process.env.BENCH_SERVER_MAIN) : join(ROOT, 'packages/server/dist/main.js')
  // started as `npm start` starts it (its node flags and malloc setting; BENCH_NODE_FLAGS='' measures without the flags)
  const flags = startNodeFlags(ROOT)
  const child = spawn(process.execPath, [...flags, main], {
    cwd: ROOT,
    env: { ...startEnv(ROOT), ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  let baseline: Server | null = null
  let nginx: ChildProcess | null = null
  try {
    await waitHealthy(base)
    await fetch(base + '/') // the demo content is seeded before the server listens; image variants follow
    await waitQuiet([child.pid!]) // the demo's image variants are made in the background
    // every page cached and compressed before measuring
    for (const page of PAGES) for (let i = 0; i < 20; i++) for (const h of [{}, BR]) await fetch(base + page.path, { headers: h }).then((r) => r.arrayBuffer())
    await new Promise((r) => setTimeout(r, 500))
    const captured = new Map<string, Variant>()
    for (const [i, page] of PAGES.entries()) {
      const plain = await capture(base + page.path, {})
      const br = await capture(base + page.path, BR)
      if (plain.status !== 200) throw new Error(`${page.path} answered ${plain.status}`)
      captured.set(`${page.path}|`, plain)
      captured.set(`${page.path}|br`, br)
      writeFileSync(join(work, 'www', `p${i}`), plain.body)
      writeFileSync(join(work, 'www', `p${i}.br`), br.body)
    }
    baseline = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0]
      const v = captured.get(`${path}|${/\bbr\b/.test(req.headers['accept-encoding'] ?? '') ? 'br' : ''}`)
      if (!v) return res.writeHead(404).end()
      res.writeHead(200, { ...v.headers, 'content-length': v.body.length })
      res.end(v.body)
    })
    const nodePort = await freePort()
    await new Promise<void>((r) => baseline!.listen(nodePort, '127.0.0.1', () => r()))
    const nginxPort = await freePort()
    if (NGINX) {
      nginx = startNginx(work, nginxPort)
      await new Promise((r) => setTimeout(r, 500))
    }
    console.log(`server: node ${main.slice(ROOT.length)} on ${base} (PGlite, fresh data dir); ${WRK ? 'wrk -t2' : 'autocannon'} -c${CONNECTIONS}, ${DURATION} s per run`)
    console.log('page       | encoding | sitewright req/s  p99 ms | plain node req/s  p99 ms | nginx req/s  p99 ms | vs node | vs nginx')
    const cell = (v: number, w: number, d = 0) => v.toFixed(d).padStart(w)
    for (const [i, page] of PAGES.entries()) {
      for (const [enc, headers] of [['identity', {}], ['br', BR]] as const) {
        const bytes = captured.get(`${page.path}|${enc === 'br' ? 'br' : ''}`)!.body.length
        const app = await load(base + page.path, headers, work)
        const node = await load(`http://127.0.0.1:${nodePort}${page.path}`, headers, work)
        const ngx = nginx ? await load(`http://127.0.0.1:${nginxPort}/p${i}`, headers, work) : null
        console.log(
          `${page.name.padEnd(10)} | ${enc.padEnd(8)} | ${cell(app.rps, 16)} ${cell(app.p99, 7, 1)} | ${cell(node.rps, 16)} ${cell(node.p99, 7, 1)} | ${ngx ? `${cell(ngx.rps, 11)} ${cell(ngx.p99, 7, 1)}` : '          -       -'} | ${cell((app.rps / node.rps) * 100, 6)}% | ${ngx ? `${cell((app.rps / ngx.rps) * 100, 7)}%` : '       -'}` +
            `  (${bytes} B${app.bad ? `, ${app.bad} errors/non-2xx` : ''})`,
        )
      }
    }
  } finally {
    if (baseline) baseline.close()
    nginx?.kill('SIGTERM')
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(work, { recursive: true, force: true })
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
