#!/usr/bin/env node
// `npm test`: every tier, in order, then one closing line "N passed, M failed".
//   build (if needed) -> typecheck (tests included) -> lint -> unit -> integration -> e2e
// Set TEST_TIERS=unit,integration to run a subset (used by .ci/run for the PostgreSQL pass).
import { spawnSync } from 'node:child_process'
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
