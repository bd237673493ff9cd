// File storage behind an interface: bytes by key ('<siteId>/<assetId>/<name>'). The local-disk implementation
// keeps one folder per site under `<DATA_DIR>/files` and writes atomically (temp file in the same file system,
// then rename), so a reader never sees half a file and a failed write leaves nothing behind.
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export interface ByteRange {
  /** First byte, inclusive. */
  start: number
  /** Last byte, inclusive. */
  end: number
}

export interface FileStorage {
  /** Stores `data` under `key` (replacing it); resolves with the stored size once the bytes are committed. */
  put(key: string, data: Buffer | Readable): Promise<{ size: number }>
  /** The whole file, or null when missing. */
  get(key: string): Promise<Buffer | null>
  /** Size of a stored file, or null when missing. */
  stat(key: string): Promise<{ size: number } | null>
  /** A stream of the file (or a byte range of it); fails with ENOENT when missing. */
  stream(key: string, range?: ByteRange): Readable
  /** Deletes one key; a missing key is fine. */
  delete(key: string): Promise<void>
  /** Deletes every key under `prefix` (a folder: 'site/asset'). */
  deletePrefix(prefix: string): Promise<void>
  /** Throws when the storage cannot be reached (/readyz); absent: a `stat` of a missing key is the check. */
  ping?(): Promise<void>
  /** Releases connections (app shutdown). */
  close?(): Promise<void>
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/

/** Splits a key into safe path segments; throws on anything that could leave the storage root. */
export function keySegments(key: string): string[] {
  const parts = key.split('/')
  if (parts.length === 0 || parts.length > 8 || parts.some((p) => !SEGMENT.test(p) || p.includes('..'))) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`)
  }
  return parts
}

export function createDiskStorage(root: string): FileStorage {
  const tmpDir = join(root, '.tmp')
  const pathOf = (key: string) => join(root, ...keySegments(key))
  const missing = (e: unknown) => (e as { code?: string }).code === 'ENOENT'

  return {
    async put(key, data) {
      const target = pathOf(key)
      await mkdir(dirname(target), { recursive: true })
      await mkdir(tmpDir, { recursive: true })
      const tmp = join(tmpDir, `${randomBytes(12).toString('hex')}.part`)
      try {
        const out = createWriteStream(tmp, { flags: 'wx' })
        await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, out)
        const fh = await open(tmp, 'r+')
        let size: number
        try {
          await fh.sync() // on disk before it becomes visible under its name
          size = (await fh.stat()).size
        } finally {
          await fh.close()
        }
        await rename(tmp, target)
        return { size }
      } catch (e) {
        await rm(tmp, { force: true })
        throw e
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key))
      } catch (e) {
        if (missing(e)) return null
        throw e
      }
    },
    async stat(key) {
      try {
        const s = await stat(pathOf(key))
        return s.isFile() ? { size: s.size } : null
      } catch (e) {
        if (missing(e)) return null
        throw e
      }
    },
    stream(key, range) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {})
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true })
    },
  }
}
