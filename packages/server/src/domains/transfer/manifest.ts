// The archive's table of contents (manifest.json, its first member) and the names of its members:
//   manifest.json                         format, version, source, the site's settings, counts, and the SHA-256 of
//                                         every other member (table parts and files), by member name
//   tables/<NN>-<table>/<NNNNNN>.jsonl    the site's rows of one table, one JSON object per line, in parts
//   files/<assetId>/<name>                the stored bytes of each file ('original' and its width variants)
import { z } from 'zod'
import { SITE_ARCHIVE_VERSION } from '@sitewright/contracts'
import { AppError } from '../../platform/errors.js'
import { damaged } from './tar.js'

export const MANIFEST = 'manifest.json'
export const FORMAT = 'sitewright-site'
/** Rows per table part (a part is read whole on import). */
export const PART_ROWS = 500
/** The largest table part an import accepts. */
export const MAX_PART_BYTES = 64 * 1024 * 1024

const settings = z.record(z.string(), z.unknown())

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.number().int(),
  createdAt: z.string(),
  source: z.object({ instance: z.string(), app: z.string(), siteId: z.string(), slug: z.string() }),
  site: z.object({ title: z.string(), settings }),
  customerData: z.boolean(),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().min(0), parts: z.number().int().min(0) })),
  files: z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0) }),
  /** Member name -> SHA-256 (hex) of its bytes. Absent in archives made before checksums (see import.ts). */
  checksums: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)).optional(),
})

export type Manifest = z.infer<typeof manifestSchema>

export const partName = (index: number, table: string, part: number) =>
  `tables/${String(index).padStart(2, '0')}-${table}/${String(part).padStart(6, '0')}.jsonl`

/** 'tables/03-content_items/000001.jsonl' -> 'content_items'. */
export function tableOfPart(name: string): string | null {
  const m = /^tables\/\d{2}-([a-z0-9_]+)\/\d{6}\.jsonl$/.exec(name)
  return m ? m[1]! : null
}

/** 'files/<assetId>/<variant>' -> its parts (a variant: 'original', '300w', or a modern copy 'original.avif', '300w.webp'). */
export function fileOfMember(name: string): { assetId: string; variant: string } | null {
  const m = /^files\/([0-9a-f]{24})\/((?:original|\d{1,5}w)(?:\.(?:avif|webp))?)$/.exec(name)
  return m ? { assetId: m[1]!, variant: m[2]! } : null
}

/** Reads and checks the manifest: a clear error for another kind of file and for another format version. */
export function parseManifest(text: string): Manifest {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw damaged('its manifest is not JSON')
  }
  const head = raw as { format?: unknown; version?: unknown }
  if (!head || head.format !== FORMAT) throw notAnArchive()
  if (head.version !== SITE_ARCHIVE_VERSION) {
    const newer = typeof head.version === 'number' && head.version > SITE_ARCHIVE_VERSION
    throw new AppError(
      'unprocessable',
      'archive_version',
      newer
        ? `This archive was made by a newer Sitewright (format version ${String(head.version)}); this server reads version ${SITE_ARCHIVE_VERSION}. Update this server and retry.`
        : `This archive has format version ${String(head.version)}, which this server does not read (it reads version ${SITE_ARCHIVE_VERSION}).`,
    )
  }
  const parsed = manifestSchema.safeParse(raw)
  if (!parsed.success) throw damaged('its manifest is incomplete')
  return parsed.data
}

export function notAnArchive(): AppError {
  return new AppError('invalid_data', 'archive_unknown', 'This is not a Sitewright site archive (.swz): it has no Sitewright manifest.')
}
