// Runs src/main.ts (or another script of the server package) in a child process (TypeScript through tsx,
// workspace packages from source).
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url))

export interface Running {
  child: ChildProcess
  output(): string
  /** Resolves with the exit code. */
  exited: Promise<number | null>
}

export function runMain(env: Record<string, string>): Running {
  return runScript('src/main.ts', env)
}

/** Runs `script` (a path under packages/server) with the same environment rules as `runMain`. */
export function runScript(script: string, env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--conditions=@sitewright/source', '--import', 'tsx', script], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', IMAGE_MODERN_FORMATS: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => out, exited }
}

/** Waits until the server prints its address; returns the port. */
export async function waitForPort(r: Running, timeoutMs = 90_000): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    const m = /Demo site:\s+http:\/\/[^:]+:(\d+)\//.exec(r.output())
    if (m) return Number(m[1])
    if (r.child.exitCode !== null) throw new Error(`server exited early:\n${r.output()}`)
    await new Promise((res) => setTimeout(res, 50))
  }
  // Do not leave it running: it would go on writing into a directory the test is about to remove.
  r.child.kill('SIGKILL')
  await r.exited
  throw new Error(`server did not start in time:\n${r.output()}`)
}

/**
 * Resolves when `cond` holds (checked every 50 ms); fails after `ms` naming `what`, or at once when the process `r`
 * watched meanwhile has ended (with its output).
 */
export async function untilOrExit(what: string, cond: () => boolean | Promise<boolean>, ms: number, r?: Running): Promise<void> {
  const end = Date.now() + ms
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${r ? `:\n${r.output()}` : ''}`)
    if (r && r.child.exitCode !== null) throw new Error(`the process ended while waiting for ${what}:\n${r.output()}`)
    await new Promise((res) => setTimeout(res, 50))
  }
}
