// The public file route on a site's host: /files/<assetId>/<filename> and /files/<siteSlug>/<assetId>/<filename>
// (the assetUrl form), with ?format=<W>w for image variants (the nearest generated width at least as wide, else
// the original) or ?format=original. ETag and immutable caching; byte ranges (audio and video seeking). An image
// answers in AVIF or WebP when the request's Accept takes it and the variant job made that copy (smaller than the
// image's own format), else in its own format; image answers carry `Vary: Accept`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { requireSite } from '../../platform/http/tenancy.js'
import { chooseVariant, MODERN_FORMATS, MODERN_MIME, modernFormatsFor, variantMime } from './images.js'
import { modernKey, originalKey, variantKey } from './ingest.js'
import { generatedWidths, getAsset, type AssetRow } from './service.js'
import type { ByteRange, FileStorage } from './storage.js'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const ID = /^[0-9a-f]{24}$/

const notFound = () => new AppError('not_found', 'file_not_found', 'File not found.')

/** The single byte range of a Range header for a file of `size` bytes; null = whole file; 'invalid' = 416. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'invalid' {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return header.includes(',') ? null : 'invalid'
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0 || size === 0) return 'invalid'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(m[1])
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  if (start >= size || end < start) return 'invalid'
  return { start, end }
}

interface Choice {
  key: string
  mime: string
  tag: string
  /** False while the variants are being made (the answer for a width may change). */
  stable: boolean
}

function choose(row: AssetRow, format: string | undefined): Choice {
  const original: Choice = { key: originalKey(row.siteId, row.id), mime: row.mime, tag: 'original', stable: true }
  const m = format ? /^(\d{1,5})w$/.exec(format) : null
  if (!m || row.kind !== 'image') return original
  if (row.status === 'processing') return { ...original, stable: false }
  const width = chooseVariant(generatedWidths(row), Number(m[1]))
  if (width === null) return original
  return { key: variantKey(row.siteId, row.id, width), mime: variantMime(row.mime), tag: `${width}w`, stable: true }
}

/** Whether an Accept header takes `mime` (listed with a non-zero q; a wildcard does not count: browsers send image/*). */
export function accepts(accept: string | undefined, mime: string): boolean {
  if (!accept) return false
  for (const part of accept.split(',')) {
    const [type, ...params] = part.split(';')
    if (type!.trim().toLowerCase() !== mime) continue
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined)
    return q === undefined || Number(q) > 0
  }
  return false
}

/**
 * The modern-format copy of `choice` the request accepts, when the job made one. While the copies are still to make,
 * the image's own format is not cached for long (a browser would otherwise keep it for a year).
 */
function modern(row: AssetRow, choice: Choice, accept: string | undefined): Choice {
  if (row.kind !== 'image' || !choice.stable) return choice
  if (row.modernVariants === null) return modernFormatsFor(row.mime).length ? { ...choice, stable: false } : choice
  if (!row.modernVariants) return choice
  const made = row.modernVariants.split(',')
  for (const format of MODERN_FORMATS) {
    if (made.includes(`${choice.tag}.${format}`) && accepts(accept, MODERN_MIME[format])) {
      return { key: modernKey(row.siteId, row.id, choice.tag, format), mime: MODERN_MIME[format], tag: `${choice.tag}.${format}`, stable: true }
    }
  }
  return choice
}

function contentDisposition(row: AssetRow): string {
  const ascii = row.filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  const kind = row.kind === 'archive' ? 'attachment' : 'inline'
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.filename)}`
}

export function registerFileServing(app: FastifyInstance, orm: Orm, storage: FileStorage, opts: { modernFormats: boolean }): void {
  const serve = async (request: FastifyRequest, reply: FastifyReply, assetId: string, slug?: string) => {
    const site = requireSite(request)
    if ((slug !== undefined && slug !== site.slug) || !ID.test(assetId)) throw notFound()
    const row = await getAsset(orm, site.id, assetId)
    if (!row) throw notFound()
    const format = (request.query as { format?: unknown }).format
    const own = choose(row, typeof format === 'string' ? format : undefined)
    let choice = opts.modernFormats ? modern(row, own, request.headers.accept) : own
    let stat = await storage.stat(choice.key)
    if (!stat && choice !== own) {
      choice = own
      stat = await storage.stat(choice.key)
    }
    if (!stat && choice.tag !== 'original') {
      choice = { key: originalKey(row.siteId, row.id), mime: row.mime, tag: 'original', stable: false }
      stat = await storage.stat(choice.key)
    }
    if (!stat) throw notFound()

    const etag = `"${row.id}-${choice.tag}"`
    reply
      .header('etag', etag)
      .header('cache-control', choice.stable ? IMMUTABLE : 'no-cache')
      .header('accept-ranges', 'bytes')
      .header('content-disposition', contentDisposition(row))
      .type(choice.mime)
    if (row.kind === 'image') reply.header('vary', 'Accept')
    if (row.kind === 'svg') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
    const inm = request.headers['if-none-match']
    if (inm && inm.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}` || t.trim() === '*')) {
      return reply.code(304).send()
    }
    const range = parseRange(request.headers.range, stat.size)
    if (range === 'invalid') {
      return reply.code(416).header('content-range', `bytes */${stat.size}`).type('text/plain; charset=utf-8').send('Range Not Satisfiable')
    }
    if (range) {
      reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`).header('content-length', range.end - range.start + 1)
      return reply.send(storage.stream(choice.key, range))
    }
    reply.header('content-length', stat.size)
    return reply.send(storage.stream(choice.key))
  }

  // files set no crumb cookie (a page's images load alongside its checked calls; see crumbCookie in route.ts)
  const lazy = { config: { crumbCookie: 'lazy' as const } }
  app.get('/files/:assetId/:filename', lazy, async (request, reply) => {
    const p = request.params as { assetId: string }
    return serve(request, reply, p.assetId)
  })
  app.get('/files/:siteSlug/:assetId/:filename', lazy, async (request, reply) => {
    const p = request.params as { siteSlug: string; assetId: string }
    return serve(request, reply, p.assetId, p.siteSlug)
  })
}
