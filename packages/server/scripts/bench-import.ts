// WXR import: a generated export of N posts (default 5,000; BENCH_IMPORT_POSTS) with comments, tags and internal
// links, imported into a new site on PGlite (in memory): posts/s and the process's peak resident memory (sampled
// every 100 ms) against the idle app's. The file is written to a temp dir and read as a stream twice.
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../src/app/index.js'
import { loadConfig } from '../src/platform/config.js'
import { migrate, openPglite } from '../src/platform/db/index.js'
import { writeWxrExport } from './wxr-export.js'

const N = Number(process.env.BENCH_IMPORT_POSTS ?? 5000)
const dir = mkdtempSync(join(tmpdir(), 'sw-bench-import-'))
const file = join(dir, 'export.xml')

await writeWxrExport(file, N)
const db = await openPglite(null)
await migrate(db)
const app = await buildApp({ ...loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' }), seedDemo: false, pgliteStorage: 'memory' }, { db, background: false })
const site = await app.sites.ensureUnowned({ title: 'Bench', slug: 'bench' })
global.gc?.()
const idle = process.memoryUsage().rss
let peak = idle
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100)
const started = performance.now()
const report = await app.imports.importFile(site.id, 'wxr', file)
const seconds = (performance.now() - started) / 1000
clearInterval(sampler)
peak = Math.max(peak, process.memoryUsage().rss)
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`
console.log(`WXR import: ${report.counts.posts} posts, ${report.counts.comments} comments, ${report.counts.redirects} redirects from a ${mb(statSync(file).size)} file in ${seconds.toFixed(1)} s: ${(N / seconds).toFixed(1)} posts/s`)
console.log(`  resident memory: idle ${mb(idle)}, peak ${mb(peak)} (+${mb(peak - idle)})`)
await app.close()
rmSync(dir, { recursive: true, force: true })
