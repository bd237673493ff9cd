#!/usr/bin/env node
// `npm run bench`: every benchmark, printing figures (speed is measured here, never by timed tests).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const benches = [
  { name: 'JSON-T engine', cwd: 'packages/jsont', script: 'scripts/bench.ts' },
  { name: 'HTTP: published pages', cwd: 'packages/server', script: 'scripts/bench-http.ts' },
  { name: 'Start-up and memory (PGlite; PostgreSQL with DATABASE_URL)', cwd: 'packages/server', script: 'scripts/startup-bench.mjs' },
  { name: 'Import: WXR 5,000 posts, Shopify CSV 5,000 rows (records/s, peak memory)', cwd: 'packages/server', script: 'scripts/bench-import.ts' },
  { name: 'HTTP: add to cart', cwd: 'packages/server', script: 'scripts/bench-cart.ts' },
  { name: 'History: autosave bytes, whole-site restore, history list', cwd: 'packages/server', script: 'scripts/bench-history.ts' },
  { name: 'Tracking: ingestion and dashboard', cwd: 'packages/server', script: 'scripts/bench-tracking.ts' },
  { name: 'Lighthouse: mobile performance (home, product, /config)', cwd: 'packages/server', script: 'scripts/bench-lighthouse.ts' },
  { name: 'Images: bytes by Accept (AVIF, WebP) on the demo home and product pages, SSIM against the JPEG', cwd: 'packages/server', script: 'scripts/bench-images.ts' },
  { name: 'Cluster: scale-out on capped nodes (1, 2, 4 behind nginx, 0.1 CPU each, PostgreSQL)', cwd: 'packages/server', script: 'scripts/bench-cluster-throughput.ts' },
  { name: 'Cluster: cross-node staleness (DATABASE_URL)', cwd: 'packages/server', script: 'scripts/bench-cluster.ts' },
]
let failed = false
for (const b of benches) {
  const file = join(root, b.cwd, b.script)
  if (!existsSync(file)) continue
  console.log(`\n### ${b.name}`)
  const res = spawnSync('node', ['--import', 'tsx', b.script, ...process.argv.slice(2)], {
    cwd: join(root, b.cwd),
    stdio: 'inherit',
  })
  if (res.status !== 0) failed = true
}
process.exit(failed ? 1 : 0)
