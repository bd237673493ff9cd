#!/usr/bin/env node
// Measures the built server (dist/main.js): time from process start to the first served home page on an empty
// data directory and on restart, and RSS after the first page. PGlite by default; PostgreSQL too when
// DATABASE_URL is set (a fresh database is created and dropped). Usage: node scripts/startup-bench.mjs
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url))

function rssMiB(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Math.round(Number(m[1]) / 1024) : NaN
}

async function once(env) {
  const started = performance.now()
  const child = spawn(process.execPath, [main], { env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (out += d))
  const exited = new Promise((r) => child.on('exit', r))
  let port
  while (!(port = /Demo site:\s+http:\/\/[^:]+:(\d+)\//.exec(out)?.[1])) {
    if (child.exitCode !== null) throw new Error(out)
    await new Promise((r) => setTimeout(r, 5))
  }
  let res
  do res = await fetch(`http://127.0.0.1:${port}/`)
  while (res.status !== 200)
  await res.text()
  const firstPageMs = Math.round(performance.now() - started)
  const rss = rssMiB(child.pid)
  child.kill('SIGTERM')
  const code = await exited
  if (code !== 0) throw new Error(`exit code ${code}\n${out}`)
  return { firstPageMs, rss }
}

async function run(label, env) {
  const empty = await once(env)
  const restart = await once(env)
  console.log(`${label}: first page ${empty.firstPageMs} ms on an empty data dir, ${restart.firstPageMs} ms on restart; RSS after start ${restart.rss} MiB (first start ${empty.rss} MiB)`)
}

const dir = mkdtempSync(join(tmpdir(), 'sw-bench-'))
try {
  await run('PGlite', { DATA_DIR: join(dir, 'pglite-data'), DATABASE_URL: '' })
  if (process.env.DATABASE_URL) {
    const name = `sw_bench_${Date.now().toString(36)}`
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(process.env.DATABASE_URL)
    url.pathname = `/${name}`
    try {
      await run('PostgreSQL', { DATA_DIR: join(dir, 'pg-data'), DATABASE_URL: url.toString() })
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
