// Export of one site as a .swz archive. First the site's rows are read in one snapshot (a repeatable-read
// transaction, so the export is consistent while owners keep editing) and written to a temporary folder as table
// parts of PART_ROWS rows; the files' sizes are taken from the storage. The archive's exact size is then known
// (a download shows real progress) and its bytes are streamed part by part and file by file: memory stays constant
// whatever the number and size of the files. The manifest (the first member) carries every other member's SHA-256,
// so each stored file is read once to hash it before the archive streams (the price of a checksum up front: an
// import verifies everything before it writes anything).
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { SITE_ARCHIVE_VERSION } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import { FORMAT, MANIFEST, PART_ROWS, partName, type Manifest } from './manifest.js'
import { selectPage, tableInfo, type TransferRule } from './rows.js'
import { tarMemberSize, TAR_END, writeTar, type TarMember } from './tar.js'
import type { TransferDeps } from './types.js'

export interface ExportOptions {
  /** Orders, members, submissions, subscribers, restock sign-ups (default true). */
  customerData: boolean
}

export interface PreparedExport {
  manifest: Manifest
  /** The archive's name for a download: '<slug>-<date>.swz'. */
  filename: string
  /** The archive's exact size in bytes. */
  size: number
  /** The archive's bytes (once). */
  bytes(): AsyncGenerator<Buffer>
  /** Removes the temporary folder (also done when `bytes()` ends). */
  dispose(): Promise<void>
}

interface Part {
  name: string
  path: string
  size: number
}

interface StoredFile {
  name: string
  key: string
  size: number
}

export function exportedRules(rules: readonly TransferRule[], opts: ExportOptions): TransferRule[] {
  return rules.filter((r) => r.kind === 'content' || (r.kind === 'customer' && opts.customerData))
}

/** Reads the site's rows into table parts (one snapshot) and sizes its files. */
export async function prepareExport(orm: Orm, deps: TransferDeps, siteId: string, opts: ExportOptions): Promise<PreparedExport> {
  const site = await deps.site(siteId)
  const dir = await mkdtemp(join(tmpdir(), 'sw-export-'))
  const dispose = () => rm(dir, { recursive: true, force: true })
  try {
    const rules = exportedRules(deps.rules, opts)
    const parts: Part[] = []
    const tables: Manifest['tables'] = []
    const assets: { id: string; variants: string; modern: string }[] = []
    const checksums: Record<string, string> = {}
    await orm.transaction(async (tx) => {
      await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`)
      for (const [index, rule] of rules.entries()) {
        const info = tableInfo(rule)
        let rows = 0
        let part = 0
        for (;;) {
          const page = await selectPage(tx, info, siteId, rows, PART_ROWS)
          if (!page.length) break
          part++
          rows += page.length
          const name = partName(index + 1, info.name, part)
          const path = join(dir, `${String(parts.length).padStart(6, '0')}.jsonl`)
          const text = page.map((r) => JSON.stringify(r)).join('\n') + '\n'
          await writeFile(path, text)
          parts.push({ name, path, size: (await stat(path)).size })
          checksums[name] = createHash('sha256').update(text).digest('hex')
          if (info.name === deps.assetTable) for (const r of page) assets.push({ id: r.id as string, variants: String(r.variants ?? ''), modern: String(r.modern_variants ?? '') })
          if (page.length < PART_ROWS) break
        }
        tables.push({ name: info.name, rows, parts: part })
      }
    })
    const files: StoredFile[] = []
    for (const a of assets) {
      const modern = a.modern.split(',').filter((v) => /^(original|\d+w)\.(avif|webp)$/.test(v))
      for (const variant of ['original', ...a.variants.split(',').filter((v) => /^\d+w$/.test(v)), ...modern]) {
        const key = `${siteId}/${a.id}/${variant}`
        const found = await deps.storage.stat(key)
        if (!found) continue
        const name = `files/${a.id}/${variant}`
        const hash = createHash('sha256')
        for await (const piece of deps.storage.stream(key) as AsyncIterable<Buffer>) hash.update(piece)
        checksums[name] = hash.digest('hex')
        files.push({ name, key, size: found.size })
      }
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: SITE_ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      source: { instance: deps.instance, app: deps.appVersion, siteId, slug: site.slug },
      site: { title: site.title, settings: site.settings },
      customerData: opts.customerData,
      tables,
      files: { count: files.length, bytes: files.reduce((n, f) => n + f.size, 0) },
      checksums,
    }
    const head = Buffer.from(JSON.stringify(manifest, null, 2) + '\n')
    const size =
      tarMemberSize(head.length) + parts.reduce((n, p) => n + tarMemberSize(p.size), 0) + files.reduce((n, f) => n + tarMemberSize(f.size), 0) + TAR_END.length
    async function* members(): AsyncGenerator<TarMember> {
      yield { name: MANIFEST, size: head.length, body: head }
      for (const p of parts) yield { name: p.name, size: p.size, body: createReadStream(p.path) as AsyncIterable<Buffer> }
      for (const f of files) yield { name: f.name, size: f.size, body: deps.storage.stream(f.key) as AsyncIterable<Buffer> }
    }
    let used = false
    return {
      manifest,
      filename: `${site.slug}-${manifest.createdAt.slice(0, 10)}.swz`,
      size,
      async *bytes() {
        if (used) throw new Error('an export is streamed once')
        used = true
        try {
          yield* writeTar(members())
        } finally {
          await dispose()
        }
      },
      dispose,
    }
  } catch (e) {
    await dispose()
    throw e
  }
}
