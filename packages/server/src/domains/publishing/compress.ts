// Compressed forms of cached pages, made once when a page enters the cache (on the thread pool, off the event loop)
// and served as they are. A page printing the visitor's crumb is gzip only: each part between crumbs is its own gzip
// member, and the visitor's crumb goes between them as a small stored member (a gzip stream may hold several
// members), so no byte is compressed per request.
import { promisify } from 'node:util'
import { brotliCompress, constants, crc32, gzip } from 'node:zlib'
export { pickEncoding } from '../../platform/http/encoding.js'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Bodies smaller than this are sent as they are. */
export const COMPRESS_MIN_BYTES = 512

export interface Compressed {
  /** Brotli of the whole body (pages without a crumb). */
  br?: Buffer
  /** Gzip of the whole body (pages without a crumb). */
  gz?: Buffer
  /** Gzip members of the parts between crumbs (pages printing the crumb). */
  gzParts?: Buffer[]
}

/** Compresses a page's parts (brotli quality 9, gzip level 9); resolves to {} for small bodies. */
export async function compressParts(parts: Buffer[]): Promise<Compressed> {
  const size = parts.reduce((n, p) => n + p.length, 0)
  if (size < COMPRESS_MIN_BYTES) return {}
  // A page printing the visitor's crumb goes out uncompressed: a gzip stream of several members (the crumb spliced
  // between precompressed parts) is valid, but Chromium stops reading after the first member and the page is cut.
  if (parts.length > 1) return {}
  const [br, gz] = await Promise.all([
    brotliAsync(parts[0]!, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: size, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
    gzipAsync(parts[0]!, { level: 9 }),
  ])
  return { br, gz }
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])

/** A gzip member holding `text` uncompressed (a stored deflate block): the crumb between precompressed parts. */
export function storedGzipMember(text: string): Buffer {
  const data = Buffer.from(text)
  const out = Buffer.allocUnsafe(10 + 5 + data.length + 8)
  GZIP_HEADER.copy(out, 0)
  out[10] = 1 // final block, stored
  out.writeUInt16LE(data.length, 11)
  out.writeUInt16LE(~data.length & 0xffff, 13)
  data.copy(out, 15)
  out.writeUInt32LE(crc32(data), 15 + data.length)
  out.writeUInt32LE(data.length, 19 + data.length)
  return out
}

/** The gzip stream of a crumb-printing page for one crumb. */
export function gzipWithCrumb(parts: Buffer[], crumb: string): Buffer {
  const member = storedGzipMember(crumb)
  const list: Buffer[] = []
  parts.forEach((p, i) => (i === 0 ? list.push(p) : list.push(member, p)))
  return Buffer.concat(list)
}
