// Imports, each in its own process (so one's memory does not count in the other's), into a new site on PGlite (in
// memory), the file written to a temp dir and read as a stream:
// - WXR: a generated export of N posts (default 5,000; BENCH_IMPORT_POSTS) with comments, tags and internal links;
// - Shopify product CSV: a generated export of R rows (default 5,000; BENCH_IMPORT_ROWS), 4 variants a product.
// Figures: records/s and the process's peak resident memory (sampled every 100 ms) against the idle app's.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ImportKind } from '@sitewright/contracts'
import { buildApp } from '../src/app/index.js'
import { loadConfig } from '../src/platform/config.js'
import { migrate, openPglite } from '../src/platform/db/index.js'
import { writeShopifyExport } from './shopify-export.js'
import { writeWxrExport } from './wxr-export.js'

const KINDS = ['wxr', 'shopify-csv'] as const
const kind = process.env.BENCH_IMPORT_KIND as (typeof KINDS)[number] | undefined

if (!kind) {
  // one child process a kind, one after the other
  let failed = false
  for (const k of KINDS) {
    const res = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], { stdio: 'inherit', env: { ...process.env, BENCH_IMPORT_KIND: k } })
    if (res.status !== 0) failed = true
  }
  process.exit(failed ? 1 : 0)
}

const POSTS = Number(process.env.BENCH_IMPORT_POSTS ?? 5000)
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000)
const dir = mkdtempSync(join(tmpdir(), 'sw-bench-import-'))
const file = join(dir, kind === 'wxr' ? 'export.xml' : 'products.csv')

if (kind === 'wxr') await writeWxrExport(file, POSTS)
else await writeShopifyExport(file, ROWS)
const db = await openPglite(null)
await migrate(db)
const app = await buildApp({ ...loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' }), seedDemo: false, pgliteStorage: 'memory' }, { db, background: false })
const site = await app.sites.ensureUnowned({ title: 'Bench', slug: 'bench' })
global.gc?.()
const idle = process.memoryUsage().rss
let peak = idle
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100)
const started = performance.now()
const report = await app.imports.importFile(site.id, kind satisfies ImportKind, file)
const seconds = (performance.now() - started) / 1000
clearInterval(sampler)
peak = Math.max(peak, process.memoryUsage().rss)
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`
const size = mb(statSync(file).size)
if (kind === 'wxr') {
  console.log(`WXR import: ${report.counts.posts} posts, ${report.counts.comments} comments, ${report.counts.redirects} redirects from a ${size} file in ${seconds.toFixed(1)} s: ${(POSTS / seconds).toFixed(1)} posts/s`)
} else {
  const products = report.counts.products ?? 0
  console.log(`Shopify CSV import: ${ROWS} rows, ${products} products, ${report.counts.variants} variants, ${report.counts.redirects} redirects from a ${size} file in ${seconds.toFixed(1)} s: ${(ROWS / seconds).toFixed(1)} rows/s, ${(products / seconds).toFixed(1)} products/s`)
}
console.log(`  resident memory: idle ${mb(idle)}, peak ${mb(peak)} (+${mb(peak - idle)})`)
await app.close()
rmSync(dir, { recursive: true, force: true })
