// Built static files held in memory with the compressed forms made at build (`name.br`, `name.gz`, by
// scripts/precompress.mjs; made here once at first use when a directory has none, e.g. theme assets in a checkout).
// Cache policy: a name with a build hash (`x-AbCd1234.js`) or a URL with the current content hash (`?v=`) is
// immutable for a year; anything else is revalidated by ETag. Files of earlier builds stay reachable from an archive
// directory, so pages already in visitors' caches keep their scripts.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { pickEncoding } from '../platform/http/encoding.js'

export const IMMUTABLE = 'public, max-age=31536000, immutable'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.map': 'application/json; charset=utf-8', '.svg': 'image/svg+xml', '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff',
}
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.map', '.svg', '.txt'])
/** A bundler's content hash in a file name: `name-HASH8.ext`. */
const HASHED_NAME = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/

export interface Asset {
  type: string
  bytes: Buffer
  br?: Buffer
  gz?: Buffer
  /** The content hash (`?v=` value and ETag). */
  hash: string
  hashedName: boolean
  mtimeMs: number
}

export const contentHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url').slice(0, 12)

function load(file: string, compressedDir: string | null, rel: string, compressNow: boolean): Asset {
  const st = statSync(file)
  const bytes = readFileSync(file)
  const ext = extname(file)
  const asset: Asset = { type: TYPES[ext] ?? 'application/octet-stream', bytes, hash: contentHash(bytes), hashedName: HASHED_NAME.test(file), mtimeMs: st.mtimeMs }
  if (!COMPRESSIBLE.has(ext) || bytes.length < 512) return asset
  const sibling = (suffix: string) => {
    const p = join(compressedDir ?? '', rel) + suffix
    return compressedDir && existsSync(p) && statSync(p).mtimeMs >= st.mtimeMs ? readFileSync(p) : undefined
  }
  asset.br = sibling('.br')
  asset.gz = sibling('.gz')
  if (compressNow && !asset.br) asset.br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
  if (compressNow && !asset.gz) asset.gz = gzipSync(bytes, { level: 9 })
  return asset
}

export interface AssetDir {
  /** The asset at a path relative to the directory (`fileUnder` checked), re-read when the file changed. */
  get(rel: string): Asset | null
  /** The URL of a file with its content hash (`/assets/theme/site.css?v=...`). */
  urlOf(prefix: string, rel: string): string
}

/** In-memory assets of a directory (and of the archive of earlier builds, when given). */
export function createAssetDir(root: string, opts: { compressed?: string; archive?: string; compressNow?: boolean } = {}): AssetDir {
  const cache = new Map<string, { asset: Asset; checked: number }>()
  const find = (rel: string): { file: string; compressed: string | null } | null => {
    const file = join(root, rel)
    if (existsSync(file)) return { file, compressed: opts.compressed ?? root }
    if (opts.archive && HASHED_NAME.test(rel) && existsSync(join(opts.archive, rel))) return { file: join(opts.archive, rel), compressed: opts.archive }
    return null
  }
  const get = (rel: string): Asset | null => {
    const now = Date.now()
    const hit = cache.get(rel)
    if (hit && (hit.asset.hashedName || now - hit.checked < 1000)) return hit.asset
    const where = find(rel)
    if (!where) {
      cache.delete(rel)
      return null
    }
    if (hit && statSync(where.file).mtimeMs === hit.asset.mtimeMs) {
      hit.checked = now
      return hit.asset
    }
    const asset = load(where.file, where.compressed, rel, opts.compressNow === true)
    cache.set(rel, { asset, checked: now })
    return asset
  }
  return {
    get,
    urlOf(prefix, rel) {
      const a = get(rel)
      return a ? `${prefix}${rel}?v=${a.hash}` : `${prefix}${rel}`
    },
  }
}

export interface AssetAnswer {
  status: number
  headers: Record<string, string | number>
  body: Buffer | null
}

/** The answer for an asset: its cache policy, ETag/304, and the precompressed form the client accepts. */
export function assetAnswer(asset: Asset, version: string | undefined, h: { 'if-none-match'?: string | undefined; 'accept-encoding'?: string | undefined }, cacheControl?: string): AssetAnswer {
  const immutable = asset.hashedName || version === asset.hash
  const encoding = pickEncoding(h['accept-encoding'])
  const body = encoding === 'br' && asset.br ? asset.br : encoding !== null && asset.gz ? asset.gz : asset.bytes
  const contentEncoding = body === asset.bytes ? undefined : body === asset.br ? 'br' : 'gzip'
  const etag = `"${asset.hash}${contentEncoding ? `-${contentEncoding === 'br' ? 'br' : 'gz'}` : ''}"`
  const headers: Record<string, string | number> = { 'cache-control': cacheControl ?? (immutable ? IMMUTABLE : 'public, no-cache'), etag }
  if (asset.br || asset.gz) headers.vary = 'Accept-Encoding'
  if (h['if-none-match'] === etag) return { status: 304, headers, body: null }
  headers['content-type'] = asset.type
  if (contentEncoding) headers['content-encoding'] = contentEncoding
  headers['content-length'] = body.length
  return { status: 200, headers, body }
}
