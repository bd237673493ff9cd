// Compressed forms of cached pages, made once when a page enters the cache (on the thread pool, off the event loop)
// and served as they are. A page printing the visitor's crumb is gzip only, as ONE gzip member (browsers read only
// the first member of a multi-member stream): each part between crumbs is raw deflate ending on a sync flush
// (byte-aligned, non-final blocks that refer only to their own bytes), the visitor's crumb goes between them as a
// stored block, and an empty final block ends the stream; per request only the header, the crumb blocks and the
// CRC-32 (continued from the precomputed CRC of the first part) are made.
import { promisify } from 'node:util'
import { brotliCompress, constants, crc32, deflateRaw, gzip } from 'node:zlib'
export { pickEncoding, takesGzip } from '../../../platform/http/encoding.js'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const deflateRawAsync = promisify(deflateRaw)

/** Bodies smaller than this are sent as they are. */
export const COMPRESS_MIN_BYTES = 512

export interface Compressed {
  /** Brotli of the whole body (pages without a crumb). */
  br?: Buffer
  /** Gzip of the whole body (pages without a crumb). */
  gz?: Buffer
  /** The parts between crumbs as sync-flushed raw deflate (pages printing the crumb), spliced per request. */
  gzParts?: CrumbDeflate
}

export interface CrumbDeflate {
  /** Raw deflate of each part, ending on a sync flush (byte-aligned, not final). */
  deflated: Buffer[]
  /** CRC-32 of the first part (the rest are continued per request, after the crumb). */
  firstCrc: number
}

/** Compresses a page's parts (brotli quality 9, gzip level 9); resolves to {} for small bodies. */
export async function compressParts(parts: Buffer[]): Promise<Compressed> {
  const size = parts.reduce((n, p) => n + p.length, 0)
  if (size < COMPRESS_MIN_BYTES) return {}
  if (parts.length > 1) {
    const deflated = await Promise.all(parts.map((p) => deflateRawAsync(p, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })))
    return { gzParts: { deflated, firstCrc: crc32(parts[0]!) } }
  }
  const [br, gz] = await Promise.all([
    brotliAsync(parts[0]!, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: size, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
    gzipAsync(parts[0]!, { level: 9 }),
  ])
  return { br, gz }
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
/** The last block of the stream: final, stored, empty. */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff])
/** Larger crumbs would need several stored blocks; a crumb is a few dozen bytes. */
const MAX_STORED = 0xffff

/** A stored (uncompressed), non-final deflate block holding `data`. */
function storedBlock(data: Buffer): Buffer {
  if (data.length > MAX_STORED) throw new RangeError('stored block too long')
  const out = Buffer.allocUnsafe(5 + data.length)
  out[0] = 0 // not final, stored
  out.writeUInt16LE(data.length, 1)
  out.writeUInt16LE(~data.length & 0xffff, 3)
  data.copy(out, 5)
  return out
}

/** The one-member gzip stream of a crumb-printing page (`raw`: its parts between crumbs) for one crumb. */
export function gzipWithCrumb(z: CrumbDeflate, raw: Buffer[], crumb: string): Buffer {
  const text = Buffer.from(crumb)
  const block = storedBlock(text)
  const list: Buffer[] = [GZIP_HEADER, z.deflated[0]!]
  let crc = z.firstCrc
  let size = raw[0]!.length
  for (let i = 1; i < z.deflated.length; i++) {
    list.push(block, z.deflated[i]!)
    crc = crc32(raw[i]!, crc32(text, crc))
    size += text.length + raw[i]!.length
  }
  const trailer = Buffer.allocUnsafe(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size >>> 0, 4)
  list.push(FINAL_BLOCK, trailer)
  return Buffer.concat(list)
}
