// Taking a file in: bytes -> storage (type from the first bytes, size limit by type, checked while streaming)
// -> probe (images) -> asset row. The row is written only after the original is committed; variants follow
// in the background (`makeVariants`).
import { Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { AppError, isAppError } from '../../platform/errors.js'
import { newId } from '../../platform/ids.js'
import { detectType, isSafeSvg, SNIFF_BYTES, type DetectedType, type FileKind } from './detect.js'
import { formatBytes, megabytes, MESSAGES } from './format.js'
import { cropTo, probeImage, resizeTo, variantWidths, type CropRect, type ImageProbe } from './images.js'
import { claimVariants, finishProcessing, insertAsset, updateAsset, VARIANT_LEASE_SECONDS, type AssetRow } from './service.js'
import type { FileStorage } from './storage.js'

/** Upload limits per kind of file, in megabytes of 1,000,000 bytes. */
export type LimitsMb = Record<FileKind, number>

export const DEFAULT_LIMITS_MB: LimitsMb = { image: 20, svg: 5, audio: 160, video: 500, document: 50, archive: 300 }

export interface IngestContext {
  orm: Orm
  storage: FileStorage
  limitsMb: LimitsMb
  log?: FastifyBaseLogger | undefined
  /** Told when an asset's published shape changed (variants done). */
  changed?: ((siteId: string) => void) | undefined
}

export const originalKey = (siteId: string, id: string) => `${siteId}/${id}/original`
export const variantKey = (siteId: string, id: string, width: number) => `${siteId}/${id}/${width}w`
/** A modern-format copy of a variant or of the original: `<site>/<id>/300w.avif`, `<site>/<id>/original.webp`. */
export const modernKey = (siteId: string, id: string, tag: string, format: string) => `${siteId}/${id}/${tag}.${format}`

/** The largest limit of any kind, in bytes (the most an upload stream is ever read). */
export function largestLimit(limitsMb: LimitsMb): number {
  return Math.max(...Object.values(limitsMb).map(megabytes))
}

/** Longest file name kept (characters): every stored name stays reachable at its own address (see MAX_PARAM_LENGTH). */
export const NAME_MAX = 255

/** `text` cut to at most `max` UTF-16 units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text
  const head = text.slice(0, max)
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head
}

/**
 * A file name safe to keep and show: no path, no control characters, at most 255 characters. A longer name loses
 * the end of its stem, not its extension (`aaaa….png` stays a `.png`).
 */
export function cleanFileName(raw: string | undefined, fallbackExt = ''): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  if (!cleaned) return fallbackExt ? `file.${fallbackExt}` : 'file'
  if (cleaned.length <= NAME_MAX) return cleaned
  const ext = /\.[A-Za-z0-9]{1,16}$/.exec(cleaned)?.[0] ?? ''
  return cut(cleaned.slice(0, cleaned.length - ext.length), NAME_MAX - ext.length).trimEnd() + ext
}

export const unsupported = (name: string) => new AppError('unsupported_media_type', 'unsupported_file', MESSAGES.unsupported(name))

/**
 * The file's chunks, passed through while the type is decided from the first bytes; fails as soon as the file
 * is unsupported or longer than its kind's limit. Lazy: nothing is read until the storage consumes it.
 */
async function* checked(
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  name: string,
  limitsMb: LimitsMb,
  found: (t: DetectedType) => void,
): AsyncGenerator<Buffer> {
  let head: Buffer[] = []
  let headLength = 0
  let total = 0
  let type: DetectedType | null = null
  const decide = () => {
    type = detectType(Buffer.concat(head))
    head = []
    if (!type) throw unsupported(name)
    found(type)
  }
  const check = () => {
    const limit = megabytes(limitsMb[type!.kind])
    if (total > limit) throw new AppError('payload_too_large', 'file_too_large', MESSAGES.tooLarge(name, formatBytes(limit)))
  }
  for await (const chunk of source) {
    total += chunk.length
    if (!type) {
      head.push(chunk)
      headLength += chunk.length
      if (headLength >= SNIFF_BYTES) decide()
    }
    if (type) check()
    yield chunk
  }
  if (!type) decide()
  check()
}

export interface IngestInput {
  filename: string
  source: Readable | Buffer
  /** True when the source was cut at the largest limit (multipart). */
  truncated?: () => boolean
  meta?: { altText?: string; title?: string; body?: string }
  /** A crop of another file: its id and the rectangle. */
  crop?: { sourceId: string; rect: { x: number; y: number; width: number; height: number } }
}

/** Stores a file and records it; answers once both are committed. Throws the spec's upload errors. */
export async function ingest(ctx: IngestContext, siteId: string, input: IngestInput): Promise<AssetRow> {
  const name = cleanFileName(input.filename)
  const id = newId()
  const key = originalKey(siteId, id)
  let type: DetectedType | null = null
  let stored = false
  try {
    const source = Buffer.isBuffer(input.source) ? [input.source] : (input.source as AsyncIterable<Buffer>)
    const { size } = await ctx.storage.put(key, Readable.from(checked(source, name, ctx.limitsMb, (t) => (type = t))))
    stored = true
    const t = type as DetectedType | null
    if (!t) throw unsupported(name)
    if (input.truncated?.()) {
      throw new AppError('payload_too_large', 'file_too_large', MESSAGES.tooLarge(name, formatBytes(megabytes(ctx.limitsMb[t.kind]))))
    }
    let probe: ImageProbe | null = null
    if (t.kind === 'image' || t.kind === 'svg') {
      const data = (await ctx.storage.get(key))!
      if (t.kind === 'svg' && !isSafeSvg(data.toString('utf8'))) throw unsupported(name)
      try {
        probe = await probeImage(data)
      } catch {
        throw unsupported(name) // sharp cannot read it (corrupt, or a format this build does not decode)
      }
    }
    return await insertAsset(ctx.orm, {
      siteId,
      id,
      filename: name,
      mime: t.mime,
      kind: t.kind,
      size,
      width: probe?.width ?? null,
      height: probe?.height ?? null,
      colorData: probe?.colorData ?? null,
      altText: input.meta?.altText ?? '',
      title: input.meta?.title ?? '',
      body: input.meta?.body ?? '',
      cropSource: input.crop?.sourceId ?? null,
      crop: input.crop?.rect ?? null,
      status: t.kind === 'image' ? 'processing' : 'ready',
    })
  } catch (e) {
    if (stored) await ctx.storage.deletePrefix(`${siteId}/${id}`).catch(() => undefined)
    if (isAppError(e)) throw e
    ctx.log?.error({ err: e, siteId }, 'upload failed')
    throw new AppError('internal', 'upload_failed', MESSAGES.uploadFailed)
  }
}

/**
 * Generates the width variants of an image asset still 'processing'; marks it 'ready' or 'failed'. Made once
 * across nodes: the asset is claimed first (a lease, `claimVariants`); answers 'skipped' when another run holds
 * it or it is no longer processing.
 */
export async function makeVariants(ctx: IngestContext, siteId: string, id: string): Promise<'made' | 'skipped'> {
  const row = await claimVariants(ctx.orm, siteId, id, VARIANT_LEASE_SECONDS)
  if (!row) return 'skipped'
  let outcome: { variants: number[] } | { error: string }
  try {
    const data = await ctx.storage.get(originalKey(siteId, id))
    if (!data) throw new Error('original missing')
    const made: number[] = []
    for (const width of variantWidths(row.width ?? 0)) {
      await ctx.storage.put(variantKey(siteId, id, width), await resizeTo(data, row.mime, width))
      made.push(width)
    }
    outcome = { variants: made }
  } catch (e) {
    ctx.log?.warn({ err: e, siteId, assetId: id }, 'file processing failed')
    outcome = { error: MESSAGES.processingFailed }
  }
  // Deleted while processing: remove what was written after the delete.
  if (!(await finishProcessing(ctx.orm, siteId, id, outcome))) await ctx.storage.deletePrefix(`${siteId}/${id}`)
  else ctx.changed?.(siteId)
  return 'made'
}

/**
 * A new image asset cut from `source` to `rect` (the original is kept, so a crop can be changed later). Name, alt
 * text, title and description are copied; the focal point is moved into the crop. Its variants follow as for an
 * upload (status 'processing').
 */
export async function deriveCrop(ctx: IngestContext, source: AssetRow, rect: CropRect): Promise<AssetRow> {
  if (source.kind !== 'image') throw new AppError('invalid_data', 'not_an_image', 'Only images can be cropped.')
  const data = await ctx.storage.get(originalKey(source.siteId, source.id))
  if (!data) throw new AppError('not_found', 'file_not_found', 'No such file.')
  let cut: Buffer
  try {
    cut = await cropTo(data, source.mime, rect)
  } catch (e) {
    ctx.log?.warn({ err: e, siteId: source.siteId, assetId: source.id }, 'crop failed')
    throw new AppError('invalid_data', 'crop_failed', MESSAGES.processingFailed)
  }
  const row = await ingest(ctx, source.siteId, {
    filename: source.filename,
    source: cut,
    meta: { altText: source.altText, title: source.title, body: source.body },
    crop: { sourceId: source.id, rect: { x: rect.x, y: rect.y, width: rect.width, height: rect.height } },
  })
  const inside = (v: number, from: number, size: number) => Math.round(Math.min(1, Math.max(0, (v - from) / size)) * 10000) / 10000
  const fx = inside(source.focalX, rect.x, rect.width)
  const fy = inside(source.focalY, rect.y, rect.height)
  return fx === 0.5 && fy === 0.5 ? row : await updateAsset(ctx.orm, source.siteId, row.id, { mediaFocalPoint: { x: fx, y: fy } })
}
