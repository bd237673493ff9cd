// Peak memory of a whole-site export: a site with EXPORT_FILES files (default 5,000, EXPORT_FILE_KB each, default
// 32) is exported through the same code as `sitewright export` / GET /api/sites/:siteId/export, its bytes hashed and
// dropped, while the process's RSS is sampled. Run with a smaller EXPORT_FILES too: constant memory means the peak
// does not grow with the number of files. PGlite in a temporary DATA_DIR (PostgreSQL with DATABASE_URL).
//   node --import tsx packages/server/scripts/export-memory.ts
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { buildApp } from '../src/app/index.js'
import { loadConfig } from '../src/platform/config.js'
import { newId } from '../src/platform/ids.js'

const COUNT = Number(process.env.EXPORT_FILES ?? 5000)
const KB = Number(process.env.EXPORT_FILE_KB ?? 32)
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-export-mem-'))
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' }), fileStorage: 'disk' as const }
  const app = await buildApp(config, { background: false })
  try {
    const owner = await app.accounts.insertOwner(app.db.orm, await app.accounts.prepareOwner({ email: 'memory@example.com', password: 'not-used-here-123' }))
    const site = await app.db.orm.transaction((tx) => app.sites.createForOwner(tx, owner.id, { title: 'Many files', slug: 'many-files' }))
    // the files: bytes in the disk storage's layout (DATA_DIR/files/<site>/<asset>/original), rows in batches
    const bytes = randomBytes(KB * 1024)
    for (let start = 0; start < COUNT; start += 500) {
      const rows = Array.from({ length: Math.min(500, COUNT - start) }, (_, i) => ({ id: newId(), n: start + i }))
      for (const r of rows) {
        mkdirSync(join(dataDir, 'files', site.id, r.id), { recursive: true })
        writeFileSync(join(dataDir, 'files', site.id, r.id, 'original'), bytes)
      }
      const values = sql.join(
        rows.map((r) => sql`(${site.id}, ${r.id}, ${`file-${r.n}.pdf`}, 'application/pdf', 'document', ${bytes.length}, 'ready')`),
        sql`, `,
      )
      await app.db.orm.execute(sql`INSERT INTO file_assets (site_id, id, filename, mime, kind, size, status) VALUES ${values}`)
    }
    global.gc?.()
    const baseline = process.memoryUsage().rss
    let peak = baseline
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
    const started = performance.now()
    const prepared = await app.transfer.api.prepareExport(site.id, { customerData: true })
    const hash = createHash('sha256')
    let size = 0
    for await (const piece of prepared.bytes()) {
      hash.update(piece)
      size += piece.length
      peak = Math.max(peak, process.memoryUsage().rss)
    }
    clearInterval(sampler)
    const seconds = (performance.now() - started) / 1000
    if (size !== prepared.size) throw new Error(`streamed ${size} bytes, announced ${prepared.size}`)
    console.log(
      [
        `export of ${COUNT} files of ${KB} KB (${app.db.kind}): archive ${mb(size)} in ${seconds.toFixed(1)} s (${mb(size / seconds)}/s)`,
        `  RSS before ${mb(baseline)}, peak during the export ${mb(peak)} (+${mb(peak - baseline)}); load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
      ].join('\n'),
    )
  } finally {
    await app.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
