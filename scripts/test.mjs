#!/usr/bin/env node
// `npm test`: every tier, in order, then one closing line "N passed, M failed".
//   build (if needed) -> typecheck (tests included) -> lint -> unit -> integration -> e2e
// Set TEST_TIERS=unit,integration to run a subset (used by .ci/run for the PostgreSQL pass).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const all = ['build', 'typecheck', 'lint', 'unit', 'integration', 'e2e']
const tiers = (process.env.TEST_TIERS ?? all.join(',')).split(',').map((s) => s.trim()).filter(Boolean)
const reportDir = join(root, 'node_modules', '.cache', 'sitewright-test')
mkdirSync(reportDir, { recursive: true })

let passed = 0
let failed = 0
let skipped = 0
const failures = []

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  return res.status === 0
}

function vitest(project) {
  // The PostgreSQL pass of .ci/run runs beside the PGlite one: each writes its own report.
  const out = join(reportDir, `${project}${process.env.DATABASE_URL ? '-postgres' : ''}.json`)
  const ok = run('npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${out}`, '--passWithNoTests'])
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'))
    passed += r.numPassedTests ?? 0
    failed += r.numFailedTests ?? 0
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
  }
  return ok
}

const timings = []

/** Runs a command with its output kept, to print once it ends (so two can run at once without mixing lines). */
function runBuffered(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] })
    const chunks = []
    child.stdout.on('data', (c) => chunks.push(c))
    child.stderr.on('data', (c) => chunks.push(c))
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString() }))
  })
}

// typecheck and lint read the same sources and write nothing: with both asked for, they run side by side (one core
// each) and their outputs print in tier order.
if (tiers.includes('typecheck') && tiers.includes('lint')) {
  const buildFirst = tiers.indexOf('build') === 0 ? tiers.shift() : null
  if (buildFirst) {
    console.log('\n=== build ===')
    const started = Date.now()
    if (!run('node', ['scripts/build.mjs', '--if-needed'])) {
      failures.push('build')
      failed += 1
    }
    timings.push(`build ${((Date.now() - started) / 1000).toFixed(0)}s`)
  }
  const started = Date.now()
  const [tc, lint] = await Promise.all([runBuffered('npm', ['run', '--silent', 'typecheck']), runBuffered('npm', ['run', '--silent', 'lint'])])
  const took = `${((Date.now() - started) / 1000).toFixed(0)}s`
  console.log('\n=== typecheck ===')
  process.stdout.write(tc.output)
  console.log('\n=== lint ===')
  process.stdout.write(lint.output)
  timings.push(`typecheck + lint (side by side) ${took}`)
  if (!tc.ok) {
    failures.push('typecheck')
    failed += 1
  }
  if (!lint.ok) failures.push('lint')
  tiers.splice(tiers.indexOf('typecheck'), 1)
  tiers.splice(tiers.indexOf('lint'), 1)
}

for (const tier of tiers) {
  console.log(`\n=== ${tier} ===`)
  const started = Date.now()
  let ok
  switch (tier) {
    case 'build':
      ok = run('node', ['scripts/build.mjs', '--if-needed'])
      break
    case 'typecheck':
      ok = run('npm', ['run', '--silent', 'typecheck'])
      break
    case 'lint':
      ok = run('npm', ['run', '--silent', 'lint'])
      break
    case 'e2e':
      ok = run('node', ['scripts/ensure-chromium.mjs']) && vitest('e2e')
      break
    case 'integration':
      run('node', ['scripts/ensure-pebble.mjs']) // never fails: without pebble the ACME tests skip, saying why
      ok = vitest(tier)
      break
    default:
      ok = vitest(tier)
  }
  timings.push(`${tier} ${((Date.now() - started) / 1000).toFixed(0)}s`)
  if (!ok) {
    failures.push(tier)
    if (tier === 'build' || tier === 'typecheck') failed += 1
  }
}

console.log(`\ntier times: ${timings.join(', ')}`)
if (failures.length) console.log(`\nfailed tiers: ${failures.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failures.length ? 1 : 0)
