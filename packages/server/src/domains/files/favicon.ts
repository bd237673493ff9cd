// /favicon.ico of every host: the site icon the owner chose (website setting iconImageId, an image of the site's
// files, served as its smallest variant of at least 100 px), else a default icon drawn from the site title's first
// letter (a 32 px PNG inside an ICO file). Never 404: browsers ask for it on every first visit.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import sharp from 'sharp'
import type { Orm } from '../../platform/db/index.js'
import type { Sites } from '../sites/index.js'
import { chooseVariant, variantMime } from './images.js'
import { originalKey, variantKey } from './ingest.js'
import { generatedWidths, getAsset } from './service.js'
import type { FileStorage } from './storage.js'

const ICON_WIDTH = 100
const CACHE = 'public, max-age=300'

/** An ICO file holding one PNG image (PNG entries are valid ICO images since Windows Vista and in every browser). */
export function icoOfPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(1, 4) // one image
  const entry = Buffer.alloc(16)
  entry.writeUInt8(size >= 256 ? 0 : size, 0)
  entry.writeUInt8(size >= 256 ? 0 : size, 1)
  entry.writeUInt8(0, 2) // no palette
  entry.writeUInt8(0, 3)
  entry.writeUInt16LE(1, 4) // colour planes
  entry.writeUInt16LE(32, 6) // bits per pixel
  entry.writeUInt32LE(png.length, 8)
  entry.writeUInt32LE(header.length + entry.length, 12)
  return Buffer.concat([header, entry, png])
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The default icon: the title's first letter, light on dark, in a rounded square. */
export async function defaultIcon(title: string): Promise<Buffer> {
  const letter = escapeXml((title.trim().match(/\p{L}|\p{N}/u)?.[0] ?? 'S').toUpperCase())
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1c1f22"/><text x="32" y="45" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="38" fill="#fbfaf7">${letter}</text></svg>`
  const png = await sharp(Buffer.from(svg)).resize(32, 32).png().toBuffer()
  return icoOfPng(png, 32)
}

export function registerFavicon(app: FastifyInstance, orm: Orm, storage: FileStorage, sites: Sites): void {
  const drawn = new Map<string, Promise<Buffer>>()
  const fallback = (title: string) => {
    let icon = drawn.get(title)
    if (!icon) {
      if (drawn.size > 500) drawn.clear()
      icon = defaultIcon(title)
      drawn.set(title, icon)
    }
    return icon
  }
  const siteOf = (request: FastifyRequest) => (request.tenancy.kind === 'unknown' ? null : request.tenancy.site)

  app.get('/favicon.ico', { config: { crumbCookie: 'lazy' } }, async (request, reply) => {
    const ref = siteOf(request)
    const site = ref ? await sites.get(ref.id) : null
    reply.header('cache-control', CACHE)
    const row = site?.iconImageId ? await getAsset(orm, site.id, site.iconImageId) : null
    if (row && (row.kind === 'image' || row.kind === 'svg')) {
      const width = row.kind === 'image' && row.status !== 'processing' ? chooseVariant(generatedWidths(row), ICON_WIDTH) : null
      const choice = width === null ? { key: originalKey(row.siteId, row.id), mime: row.mime } : { key: variantKey(row.siteId, row.id, width), mime: variantMime(row.mime) }
      const stat = await storage.stat(choice.key)
      if (stat) {
        reply.header('etag', `"icon-${row.id}-${width ?? 'original'}"`).header('content-length', stat.size).type(choice.mime)
        if (row.kind === 'svg') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        return reply.send(storage.stream(choice.key))
      }
    }
    return reply.type('image/x-icon').send(await fallback(site?.title ?? 'Sitewright'))
  })
}
