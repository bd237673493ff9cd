// Runs the REAL server (`node packages/server/dist/main.js`) as a child process on a free port with its own
// data directory, waits for /healthz, and stops it with SIGTERM like an operator would.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT, REQUIRED_BUILDS } from './paths.js'

export interface RunningServer {
  port: number
  baseUrl: string
  dataDir: string
  /** Everything the server printed so far. */
  output(): string
  /** SIGTERM, then waits for the exit; resolves to the exit code (null when killed by a signal). */
  stop(): Promise<number | null>
}

/**
 * A data directory of its own for one test file: a copy of the run's first-booted template (see global-setup.ts)
 * when there is one, else empty (the server then does its first boot itself).
 */
export function freshDataDir(template?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sitewright-e2e-'))
  if (template && existsSync(template)) cpSync(template, dir, { recursive: true })
  return dir
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '0.0.0.0', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

function assertBuilt(): void {
  const missing = REQUIRED_BUILDS.filter((p) => !existsSync(join(REPO_ROOT, p)))
  if (missing.length)
    throw new Error(
      `The e2e tier needs the built packages (missing: ${missing.join(', ')}). ` +
        'Run `node scripts/build.mjs --if-needed` (npm test does it first).',
    )
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const started = Date.now()
  let gone = false
  void exited(child).then(() => (gone = true))
  while (Date.now() - started < timeoutMs) {
    if (gone)
      throw new Error(`The server exited before it was healthy (code ${child.exitCode}):\n${output()}`)
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) })
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`The server was not healthy within ${timeoutMs} ms:\n${output()}`)
}

export async function startServer(opts: {
  dataDir: string
  port?: number
  timeoutMs?: number
  /** Extra environment of the server process (e.g. SMTP_URL of a test's SMTP sink). */
  env?: Record<string, string>
}): Promise<RunningServer> {
  assertBuilt()
  const port = opts.port ?? (await freePort())
  const baseUrl = `http://localhost:${port}`
  let log = ''
  const child = spawn(process.execPath, [join(REPO_ROOT, 'packages/server/dist/main.js')], {
    cwd: REPO_ROOT,
    // IMAGE_MODERN_FORMATS off: each fresh data dir would spend minutes of CPU encoding the demo's AVIF/WebP copies
    env: { ...process.env, PORT: String(port), DATA_DIR: opts.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', IMAGE_MODERN_FORMATS: 'off', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const output = () => log

  try {
    await waitForHealth(baseUrl, child, output, opts.timeoutMs ?? 100_000)
  } catch (e) {
    child.kill('SIGKILL')
    throw e
  }

  return {
    port,
    baseUrl,
    dataDir: opts.dataDir,
    output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
      const code = await exited(child)
      clearTimeout(timer)
      return code
    },
  }
}
