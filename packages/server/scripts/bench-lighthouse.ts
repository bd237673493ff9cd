// `npm run bench` (Lighthouse): starts the BUILT server on a free loopback port with a fresh data dir (demo site
// seeded), starts Debian's Chromium headless with a DevTools port, and runs Lighthouse 12 (mobile, its default
// simulated throttling) on the home page, a product page and the editor (/config, signed in as the demo owner).
// Prints the performance score of each and the two findings the edge work must keep away: "Enable text
// compression" (uses-text-compression) and "Serve static assets with an efficient cache policy" (uses-long-cache-ttl).
// Targets: >= 98 on the site pages, >= 95 on /config, neither finding anywhere.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import lighthouse from 'lighthouse'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const PAGES = [
  { name: 'home', path: '/', target: 98 },
  { name: 'product', path: '/shop/stoneware-mug', target: 98 },
  { name: '/config (signed in)', path: '/config', target: 95, owner: true },
]
const FINDINGS = ['uses-text-compression', 'uses-long-cache-ttl']

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

async function waitFor(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not answer within ${ms} ms`)
}

function chromiumPath(): string {
  const found = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p))
  if (!found) throw new Error('Lighthouse needs Chromium: apt-get install chromium (or set CHROME_PATH)')
  return found
}

/** Chromium headless with a DevTools port; resolves when it listens. */
async function startChromium(profile: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort()
  const args = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`, `--remote-debugging-port=${port}`, 'about:blank']
  const child = spawn(chromiumPath(), args, { stdio: 'ignore' })
  await waitFor(`http://127.0.0.1:${port}/json/version`, 20_000)
  return { child, port }
}

async function ownerCookie(base: string): Promise<string> {
  const me = await fetch(`${base}/api/auth/me`)
  const jar = new Map<string, string>()
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair!.indexOf('=')
      if (eq > 0) jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim())
    }
  }
  keep(me)
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie(), 'x-csrf-token': decodeURIComponent(jar.get('crumb') ?? '') },
    body: JSON.stringify({ email: 'demo@sitewright.local', password: 'sitewright-demo' }),
  })
  if (!res.ok) throw new Error(`demo owner sign-in answered ${res.status}`)
  keep(res)
  return cookie()
}

interface Audit {
  score: number | null
  details?: { items?: unknown[] }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

async function main(): Promise<void> {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--if-needed'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('build failed')
  const dataDir = mkdtempSync(join(tmpdir(), 'sitewright-lh-'))
  const profile = mkdtempSync(join(tmpdir(), 'sitewright-lh-chrome-'))
  const port = await freePort()
  const server = spawn(process.execPath, [join(ROOT, 'packages/server/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  })
  const base = `http://localhost:${port}`
  let chrome: ChildProcess | undefined
  let failed = false
  try {
    await waitFor(`${base}/healthz`, 120_000)
    for (const page of PAGES) if (!page.owner) await fetch(`${base}${page.path}`) // warm the page cache, as a visited site is
    const started = await startChromium(profile)
    chrome = started.child
    const cookie = await ownerCookie(base)
    console.log(`Lighthouse 12 mobile (simulated throttling), median of ${RUNS} runs per page`)
    for (const page of PAGES) {
      const scores: number[] = []
      const found = new Set<string>()
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${base}${page.path}`, {
          port: started.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          extraHeaders: page.owner ? { cookie } : undefined,
        })
        const lhr = result?.lhr
        if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`)
        scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100))
        for (const id of FINDINGS) {
          const a = lhr.audits[id] as Audit | undefined
          if (a && a.score !== null && a.score < 1 && (a.details?.items?.length ?? 0) > 0) found.add(id)
        }
      }
      const score = median(scores)
      const ok = score >= page.target && found.size === 0
      if (!ok) failed = true
      console.log(
        `${page.name.padEnd(22)} performance ${String(score).padStart(3)} (runs ${scores.join(', ')}; target >= ${page.target})` +
          `  findings: ${found.size ? [...found].join(', ') : 'none'}  ${ok ? 'ok' : 'BELOW TARGET'}`,
      )
    }
  } finally {
    chrome?.kill('SIGKILL')
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(profile, { recursive: true, force: true })
  }
  if (failed) process.exitCode = 1
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
