// The file-storage contract, run on every backend: local disk, PostgreSQL chunked rows (PGlite, or PostgreSQL
// when DATABASE_URL) and an S3 bucket (s3rver, a real S3-protocol server on a socket). Chunks are made small here
// so ranges cross chunk borders.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { afterAll, describe, expect, it } from 'vitest'
import { BACKEND, freshPglite, freshPostgresDatabase } from '../../../test/harness.js'
import { openPostgres, type Db } from '../../platform/db/index.js'
import { migrate } from '../../platform/db/index.js'
import { createDiskStorage, type FileStorage } from './storage.js'
import { createPgStorage } from './storage-pg.js'
import { createS3Storage } from './storage-s3.js'
import { startS3 } from '../../../test/s3-server.js'

const root = mkdtempSync(join(tmpdir(), 'sw-contract-'))
const closers: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const c of closers) await c()
  rmSync(root, { recursive: true, force: true })
})

async function database(): Promise<Db> {
  if (!process.env.DATABASE_URL) return freshPglite()
  const fresh = await freshPostgresDatabase(process.env.DATABASE_URL)
  const db = await openPostgres(fresh.url)
  await migrate(db)
  closers.push(async () => {
    await db.close()
    await fresh.drop()
  })
  return db
}

const backends: [string, () => Promise<FileStorage>][] = [
  ['disk', async () => createDiskStorage(root)],
  [`postgres rows (${BACKEND})`, async () => createPgStorage((await database()).orm, 7)],
  [
    's3 (s3rver)',
    async () => {
      const s3 = await startS3()
      const storage = await createS3Storage(s3.options)
      closers.push(async () => {
        await storage.close?.()
        await s3.close()
      })
      return storage
    },
  ],
]

const bytes = Buffer.from(Array.from({ length: 100 }, (_, i) => i))

describe.each(backends)('file storage contract: %s', (_name, make) => {
  it('puts (buffer or stream), stats, gets, streams ranges, replaces and deletes', async () => {
    const s = await make()
    expect(await s.put('siteA/a1/original', bytes)).toEqual({ size: 100 })
    expect(await s.stat('siteA/a1/original')).toEqual({ size: 100 })
    expect(await s.get('siteA/a1/original')).toEqual(bytes)
    expect(await buffer(s.stream('siteA/a1/original'))).toEqual(bytes)
    for (const [start, end] of [[0, 0], [6, 7], [13, 50], [95, 99], [99, 99]] as const) {
      expect(await buffer(s.stream('siteA/a1/original', { start, end }))).toEqual(bytes.subarray(start, end + 1))
    }
    const pieces = Readable.from([Buffer.from('ab'), Buffer.from('cdefghijk'), Buffer.from('l')])
    expect(await s.put('siteA/a1/original', pieces)).toEqual({ size: 12 })
    expect((await s.get('siteA/a1/original'))?.toString()).toBe('abcdefghijkl')
    expect(await s.put('siteA/a1/empty', Buffer.alloc(0))).toEqual({ size: 0 })
    expect(await s.get('siteA/a1/empty')).toEqual(Buffer.alloc(0))
    await s.delete('siteA/a1/original')
    expect(await s.get('siteA/a1/original')).toBeNull()
    expect(await s.stat('siteA/a1/original')).toBeNull()
    await s.delete('siteA/a1/original') // missing is fine
  })

  it('a failed put keeps the previous bytes; deletePrefix removes one folder only; streaming a missing key fails', async () => {
    const s = await make()
    await s.put('siteB/x/original', Buffer.from('old'))
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial-bytes-here'))
        this.destroy(new Error('boom'))
      },
    })
    await expect(s.put('siteB/x/original', failing)).rejects.toThrow('boom')
    expect((await s.get('siteB/x/original'))?.toString()).toBe('old')
    await s.put('siteB/x/300w', Buffer.from('v'))
    await s.put('siteB/x2/original', Buffer.from('keep'))
    await s.deletePrefix('siteB/x')
    expect(await s.stat('siteB/x/original')).toBeNull()
    expect(await s.stat('siteB/x/300w')).toBeNull()
    expect((await s.get('siteB/x2/original'))?.toString()).toBe('keep')
    await expect(buffer(s.stream('siteB/none/original'))).rejects.toMatchObject({ code: 'ENOENT' })
  })
})

describe('file storage: s3 specifics', () => {
  it('a file larger than one part goes up as a multipart upload; /readyz ping fails for a missing bucket', async () => {
    const s3 = await startS3(['parts'])
    closers.push(() => s3.close())
    const part = 5 * 1024 * 1024 // the smallest part S3 takes
    const storage = await createS3Storage(s3.options, part)
    closers.push(async () => storage.close?.())
    const big = Buffer.alloc(part * 2 + 123, 7)
    big.write('head', 0)
    big.write('tail', big.length - 4)
    const pieces = Readable.from([big.subarray(0, 1000), big.subarray(1000, part + 17), big.subarray(part + 17)])
    expect(await storage.put('siteC/big/original', pieces)).toEqual({ size: big.length })
    expect(await storage.stat('siteC/big/original')).toEqual({ size: big.length })
    expect((await buffer(storage.stream('siteC/big/original', { start: big.length - 4, end: big.length - 1 }))).toString()).toBe('tail')
    expect((await storage.get('siteC/big/original'))!.equals(big)).toBe(true)
    await expect(storage.ping!()).resolves.toBeUndefined()
    const missing = await createS3Storage({ ...s3.options, bucket: 'no-such-bucket' })
    closers.push(async () => missing.close?.())
    await expect(missing.ping!()).rejects.toBeTruthy()
  })
})
