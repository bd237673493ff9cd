#!/usr/bin/env node
// Measures the built server (dist/main.js), started as `npm start` starts it (its node flags and malloc settings):
// time from process start to the first served home page on an empty data directory and on restart; resident memory
// once idle (IDLE_SECONDS after the first page, default 15) and, when the shared probes are beside the checkout
// (../shared/probes/fuzz.mjs, or FUZZ=<path>), after `fuzz.mjs BASE 3000`. PGlite by default; PostgreSQL too when
// DATABASE_URL is set (a fresh database is created and dropped). Usage: node scripts/startup-bench.mjs
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { startEnv, startNodeFlags } from './start-flags.mjs'

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url))
const root = fileURLToPath(new URL('../../../', import.meta.url))
const IDLE_MS = Number(process.env.IDLE_SECONDS ?? 15) * 1000
const FUZZ = process.env.FUZZ ?? join(root, '..', 'shared', 'probes', 'fuzz.mjs')
const FLAGS = startNodeFlags(root)
const START_ENV = startEnv(root)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

function rssMiB(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Math.round(Number(m[1]) / 1024) : NaN
}

async function once(env, fuzz = false) {
  const started = performance.now()
  const child = spawn(process.execPath, [...FLAGS, main], { env: { ...START_ENV, ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
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
  await sleep(IDLE_MS)
  const rss = rssMiB(child.pid)
  let fuzzed = null
  if (fuzz && existsSync(FUZZ)) {
    const probe = spawn(process.execPath, [FUZZ, `http://127.0.0.1:${port}`, '3000'], { stdio: ['ignore', 'pipe', 'inherit'] })
    let said = ''
    probe.stdout.on('data', (d) => (said += d))
    await new Promise((r) => probe.on('exit', r))
    await sleep(5000)
    fuzzed = { rss: rssMiB(child.pid), line: said.trim().split('\n').at(-1) }
  }
  child.kill('SIGTERM')
  const code = await exited
  if (code !== 0) throw new Error(`exit code ${code}\n${out}`)
  return { firstPageMs, rss, fuzzed }
}

async function run(label, env) {
  const empty = await once(env, true)
  const restart = await once(env)
  console.log(`${label} (node ${FLAGS.join(' ') || 'without flags'}): first page ${empty.firstPageMs} ms on an empty data dir, ${restart.firstPageMs} ms on restart`)
  console.log(`${label}: RSS idle ${IDLE_MS / 1000} s after the first page: ${empty.rss} MiB after the first start, ${restart.rss} MiB after a restart`)
  if (empty.fuzzed) console.log(`${label}: RSS ${empty.fuzzed.rss} MiB after fuzz.mjs BASE 3000 (first start); fuzz: ${empty.fuzzed.line}`)
  else console.log(`${label}: RSS after fuzz not measured (${FUZZ} not found; FUZZ=<path of fuzz.mjs>)`)
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
