// Import of a .swz archive as a new site of an owner. The archive is read once, as it arrives: the manifest is
// checked first (another kind of file, another format version, a taken address: a clear error before anything is
// written). Every other member then goes to a temporary folder, its SHA-256 checked against the manifest's as it
// ends (a damaged member is refused by name), while every id the table parts hold gets a new one. Only once the
// whole archive has been read and verified is anything written: the site is created, the files go into the storage
// under their new ids, and every row goes in within one transaction, each id (whole, or inside JSON documents, HTML
// and file addresses) replaced by its new one, references no foreign key covers checked (references.ts). Anything
// wrong and the new site is removed with its stored files: an import lands whole or not at all.
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import type { SiteImportResult } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newId } from '../../platform/ids.js'
import { fileOfMember, MANIFEST, MAX_PART_BYTES, notAnArchive, parseManifest, tableOfPart, type Manifest } from './manifest.js'
import { checkReferences } from './integrity.js'
import { checkRows, pruneDocument, type ReferenceCheck } from './references.js'
import { idsOf, insertRows, rewriter, setSelfRefs, tableInfo, type Row, type TransferRule } from './rows.js'
import { damaged, readTar, type TarEntry } from './tar.js'
import type { TransferDeps } from './types.js'

export interface ImportProgress {
  phase: 'reading' | 'saving' | 'done'
  /** Members of the archive read so far, and in all (table parts and files). */
  done: number
  total: number
}

export interface ImportOptions {
  ownerId: string
  slug?: string | undefined
  title?: string | undefined
  onProgress?(p: ImportProgress): void
}

const HEX_ID = /^[0-9a-f]{24}$/

/** The archive's bytes, gunzipped when someone compressed the .swz (gzip magic 1f 8b). */
async function* plain(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const it = source[Symbol.asyncIterator]()
  const first = await it.next()
  if (first.done) return
  const rest = (async function* () {
    yield Buffer.from(first.value)
    for (let n = await it.next(); !n.done; n = await it.next()) yield Buffer.from(n.value)
  })()
  if (first.value[0] === 0x1f && first.value[1] === 0x8b) yield* Readable.from(rest).pipe(createGunzip()) as AsyncIterable<Buffer>
  else yield* rest
}

async function readAll(entry: TarEntry, limit: number): Promise<Buffer> {
  if (entry.size > limit) throw new AppError('payload_too_large', 'archive_part_too_large', `${entry.name} is larger than an import accepts.`)
  const pieces: Buffer[] = []
  for await (const p of entry.body) pieces.push(p)
  return Buffer.concat(pieces)
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/**
 * Archives made before archives carried checksums (same format version, no `checksums`) are still read, with a
 * warning: they are the owners' existing backups, refusing them would make those useless, and a checksum guards
 * against damage in transit or storage, not against someone editing an archive (who could recompute it). Their
 * structure is still checked as before: tar header checksums, JSON rows, counts, references.
 */
export const UNVERIFIED_WARNING = 'This archive was made before archives carried checksums: its files and tables could not be verified byte for byte.'

/** Refuses a member whose bytes are not the ones the manifest lists (nothing has been written yet). */
function verify(manifest: Manifest, name: string, digest: string, label = name): void {
  if (!manifest.checksums) return
  const want = manifest.checksums[name]
  if (want === undefined) throw damaged(`${label} is not in its manifest`)
  if (want !== digest) throw damaged(`${label} does not match its checksum`)
}

const SLUG_TAKEN = 'This site address is already taken.'

function parseLines(text: string, name: string): Row[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line) => {
      try {
        const row = JSON.parse(line) as unknown
        if (row && typeof row === 'object' && !Array.isArray(row)) return row as Row
      } catch {
        // reported below
      }
      throw damaged(`${name} holds a line that is not a row`)
    })
}

export async function importSite(orm: Orm, deps: TransferDeps, source: AsyncIterable<Buffer>, opts: ImportOptions): Promise<SiteImportResult> {
  const entries = readTar(plain(source))
  // a file that does not even start as a tar archive is another kind of file, not a damaged archive
  const head = await entries.next().catch((e: unknown) => {
    throw (e as { code?: string }).code === 'archive_damaged' ? notAnArchive() : e
  })
  if (head.done || head.value.name !== MANIFEST) throw notAnArchive()
  const manifest = parseManifest((await readAll(head.value, 4 * 1024 * 1024)).toString('utf8'))
  const rules = new Map<string, TransferRule>(deps.rules.filter((r) => r.kind !== 'skip').map((r) => [tableInfo(r).name, r]))
  const unknown = manifest.tables.filter((t) => !rules.has(t.name)).map((t) => t.name)
  if (unknown.length) throw new AppError('unprocessable', 'archive_table_unknown', `This archive holds data this server does not know (${unknown.join(', ')}). Update this server and retry.`)
  const total = manifest.tables.reduce((n, t) => n + t.parts, 0) + manifest.files.count
  // the address is checked before the upload goes on; the site itself is created once the archive is verified
  if (opts.slug && (await deps.slugTaken(opts.slug))) throw new AppError('conflict', 'slug_taken', SLUG_TAKEN, { fields: { slug: SLUG_TAKEN } })
  const dir = await mkdtemp(join(tmpdir(), 'sw-import-'))
  let siteId: string | null = null
  const storedAssets = new Set<string>()
  try {
    const ids = new Map<string, string>([[manifest.source.siteId, manifest.source.siteId]])
    const held = new Set<string>([manifest.source.siteId])
    const spooled = new Map<string, string[]>()
    const spooledFiles: { assetId: string; variant: string; path: string }[] = []
    const filenames = new Map<string, string>()
    const rows = new Map<string, number>()
    const seen = new Set<string>()
    let done = 0
    opts.onProgress?.({ phase: 'reading', done, total })
    for await (const entry of entries) {
      const table = tableOfPart(entry.name)
      const file = fileOfMember(entry.name)
      if (table) {
        const rule = rules.get(table)
        if (!rule || !manifest.tables.some((t) => t.name === table)) throw damaged(`${entry.name} is not in its manifest`)
        const info = tableInfo(rule)
        const bytes = await readAll(entry, MAX_PART_BYTES)
        verify(manifest, entry.name, sha256(bytes))
        const text = bytes.toString('utf8')
        const part = parseLines(text, entry.name)
        for (const row of part) {
          if (info.hasId && (typeof row.id !== 'string' || !HEX_ID.test(row.id))) throw damaged(`${entry.name} holds a row without a valid id`)
          if (info.hasId) held.add(row.id as string)
          if (table === deps.assetTable && typeof row.filename === 'string') filenames.set(row.id as string, row.filename)
          for (const id of idsOf(row, rule)) if (!ids.has(id)) ids.set(id, newId())
        }
        const path = join(dir, `${String(done).padStart(6, '0')}.jsonl`)
        await writeFile(path, text)
        spooled.set(table, [...(spooled.get(table) ?? []), path])
        rows.set(table, (rows.get(table) ?? 0) + part.length)
      } else if (file) {
        if (!ids.has(file.assetId) || !rows.has(deps.assetTable)) throw damaged(`${entry.name} has no file record before it`)
        const path = join(dir, `file-${String(done).padStart(6, '0')}`)
        const hash = createHash('sha256')
        const hashed = async function* (body: AsyncIterable<Buffer>) {
          for await (const piece of body) {
            hash.update(piece)
            yield piece
          }
        }
        await pipeline(entry.body, hashed, createWriteStream(path))
        const filename = filenames.get(file.assetId)
        verify(manifest, entry.name, hash.digest('hex'), filename ? `${entry.name} (${filename})` : entry.name)
        spooledFiles.push({ assetId: file.assetId, variant: file.variant, path })
      } else {
        continue // a member this version does not use
      }
      seen.add(entry.name)
      done++
      opts.onProgress?.({ phase: 'reading', done, total })
    }
    for (const t of manifest.tables) {
      if ((rows.get(t.name) ?? 0) !== t.rows) throw damaged(`${t.name} has ${rows.get(t.name) ?? 0} rows where its manifest lists ${t.rows}`)
    }
    const files = spooledFiles.length
    if (files !== manifest.files.count) throw damaged(`it holds ${files} files where its manifest lists ${manifest.files.count}`)
    const missing = Object.keys(manifest.checksums ?? {}).find((name) => !seen.has(name))
    if (missing) throw damaged(`${missing} is missing`)

    // verified: now the site, its files and its rows
    const slug = opts.slug ?? ((await deps.slugTaken(manifest.source.slug)) ? undefined : manifest.source.slug)
    const site = await deps.createSite(opts.ownerId, { title: opts.title ?? manifest.site.title, slug })
    siteId = site.id
    ids.set(manifest.source.siteId, site.id)
    opts.onProgress?.({ phase: 'saving', done, total })
    for (const f of spooledFiles) {
      const assetId = ids.get(f.assetId)!
      storedAssets.add(assetId)
      await deps.storage.put(`${site.id}/${assetId}/${f.variant}`, createReadStream(f.path))
    }
    const check: ReferenceCheck = { held, dropped: new Map() }
    await saveRows(orm, deps, manifest, site.id, site.slug, ids, spooled, check)
    deps.changed(site.id)
    opts.onProgress?.({ phase: 'done', done, total })
    const warnings = [
      ...(manifest.checksums ? [] : [UNVERIFIED_WARNING]),
      ...[...check.dropped].map(([table, n]) => `${table}: ${n} reference${n === 1 ? '' : 's'} to data that is not in the archive left out.`),
    ]
    const counts = { tables: Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows])), files, fileBytes: manifest.files.bytes }
    return { site, homePageId: await deps.homePageId(site.id), counts, customerData: manifest.customerData, warnings }
  } catch (e) {
    if (siteId) {
      await deps.removeSite(siteId)
      for (const a of storedAssets) await deps.storage.deletePrefix(`${siteId}/${a}`).catch(() => undefined)
    }
    throw e
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Every spooled row, renewed and inserted in the rules' order, in one transaction. */
async function saveRows(
  orm: Orm,
  deps: TransferDeps,
  manifest: Manifest,
  siteId: string,
  slug: string,
  ids: Map<string, string>,
  spooled: Map<string, string[]>,
  check: ReferenceCheck,
): Promise<void> {
  const rewrite = rewriter(ids, manifest.source.slug, slug)
  await orm.transaction(async (tx) => {
    const settings = pruneDocument(manifest.site.settings, check.held).value as Record<string, unknown>
    await deps.saveSettings(tx, siteId, rewrite(settings))
    for (const rule of deps.rules) {
      const info = tableInfo(rule)
      const paths = spooled.get(info.name)
      if (!paths) continue
      const refs: { id: string; ref: string }[] = []
      for (const path of paths) {
        const part = checkRows(rule, info.name, parseLines(await readFile(path, 'utf8'), info.name), check).map((row) => {
          const out = rewrite(row)
          out.site_id = siteId
          if (rule.selfRef && typeof out[rule.selfRef] === 'string') {
            refs.push({ id: out.id as string, ref: out[rule.selfRef] as string })
            out[rule.selfRef] = null
          }
          return out
        })
        await insertRows(tx, info, part)
      }
      await setSelfRefs(tx, info, rule.selfRef ?? 'id', refs)
    }
    await checkReferences(tx, siteId, [...spooled.keys()])
  })
}
