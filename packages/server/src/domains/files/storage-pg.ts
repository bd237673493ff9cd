// File storage in PostgreSQL (several app nodes, no object storage): an object row plus its bytes in 256 KiB
// chunks. A put replaces the object in one transaction (readers see the old bytes or the new ones, never half);
// two nodes putting the same key (the same image variant) serialize on the object row. Reads stream a few chunks
// at a time, so memory stays constant whatever the file size, and a Range fetches only the chunks it covers.
import { sql } from 'drizzle-orm'
import { Readable } from 'node:stream'
import { sqlRows, type Orm } from '../../platform/db/index.js'
import { keySegments, type ByteRange, type FileStorage } from './storage.js'

export const CHUNK_BYTES = 256 * 1024
const BATCH = 4

function siteOf(key: string): string {
  return keySegments(key)[0]!
}

function asBuffer(v: unknown): Buffer {
  return Buffer.isBuffer(v) ? v : Buffer.from(v as Uint8Array)
}

export function createPgStorage(orm: Orm, chunkBytes = CHUNK_BYTES): FileStorage {
  const sizeOf = async (key: string): Promise<number | null> => {
    const rows = await sqlRows<{ size: string | number }>(orm, sql`SELECT size FROM file_objects WHERE key = ${key}`)
    return rows[0] ? Number(rows[0].size) : null
  }
  async function* chunks(key: string, range?: ByteRange): AsyncGenerator<Buffer> {
    const size = await sizeOf(key)
    if (size === null) throw Object.assign(new Error(`ENOENT: no stored file ${key}`), { code: 'ENOENT' })
    const start = range?.start ?? 0
    const end = Math.min(range?.end ?? size - 1, size - 1)
    if (end < start) return
    const last = Math.floor(end / chunkBytes)
    for (let seq = Math.floor(start / chunkBytes); seq <= last; seq += BATCH) {
      const rows = await sqlRows<{ seq: number; data: unknown }>(
        orm,
        sql`SELECT seq, data FROM file_chunks WHERE key = ${key} AND seq >= ${seq} AND seq <= ${Math.min(seq + BATCH - 1, last)} ORDER BY seq`,
      )
      for (const row of rows) {
        const data = asBuffer(row.data)
        const offset = row.seq * chunkBytes
        const from = Math.max(0, start - offset)
        const to = Math.min(data.length, end - offset + 1)
        yield from === 0 && to === data.length ? data : data.subarray(from, to)
      }
    }
  }

  return {
    async put(key, data) {
      const siteId = siteOf(key)
      const source = Buffer.isBuffer(data) ? Readable.from([data]) : data
      return orm.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO file_objects (site_id, key, size) VALUES (${siteId}, ${key}, 0) ON CONFLICT (key) DO UPDATE SET size = 0, created_at = now()`)
        await tx.execute(sql`DELETE FROM file_chunks WHERE key = ${key}`)
        let seq = 0
        let size = 0
        let pending: Buffer[] = []
        let pendingBytes = 0
        const write = async (chunk: Buffer) => {
          await tx.execute(sql`INSERT INTO file_chunks (site_id, key, seq, data) VALUES (${siteId}, ${key}, ${seq++}, ${chunk})`)
        }
        for await (const piece of source as AsyncIterable<Buffer | string>) {
          const buf = typeof piece === 'string' ? Buffer.from(piece) : piece
          size += buf.length
          pending.push(buf)
          pendingBytes += buf.length
          while (pendingBytes >= chunkBytes) {
            const all = Buffer.concat(pending)
            await write(all.subarray(0, chunkBytes))
            const rest = all.subarray(chunkBytes)
            pending = rest.length > 0 ? [rest] : []
            pendingBytes = rest.length
          }
        }
        if (pendingBytes > 0) await write(Buffer.concat(pending))
        await tx.execute(sql`UPDATE file_objects SET size = ${size} WHERE key = ${key}`)
        return { size }
      })
    },
    async get(key) {
      if ((await sizeOf(key)) === null) return null
      const parts: Buffer[] = []
      for await (const c of chunks(key)) parts.push(c)
      return Buffer.concat(parts)
    },
    async stat(key) {
      const size = await sizeOf(key)
      return size === null ? null : { size }
    },
    stream(key, range) {
      return Readable.from(chunks(key, range), { objectMode: false })
    },
    async delete(key) {
      await orm.execute(sql`DELETE FROM file_objects WHERE key = ${key}`)
    },
    async deletePrefix(prefix) {
      const folder = `${keySegments(prefix).join('/')}/`
      await orm.execute(sql`DELETE FROM file_objects WHERE site_id = ${siteOf(prefix)} AND left(key, ${folder.length}) = ${folder}`)
    },
  }
}
