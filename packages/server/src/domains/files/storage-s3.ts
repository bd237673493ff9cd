// File storage in S3-compatible object storage (several app nodes sharing one bucket), through @aws-sdk/client-s3.
// A put is one PutObject when the bytes fit in one part, else a multipart upload (parts of PART_BYTES, so memory
// stays bounded whatever the file size); S3 makes the object visible only when the put completes, so readers see
// the old bytes or the new ones, and a failed upload is aborted (the previous object stays). A Range read passes
// the range to S3, which sends only those bytes. Custom endpoints (S3_URL: MinIO, Ceph, s3rver...) use path-style
// addresses; checksums are sent only where S3 requires them (many S3-compatible servers reject the newer ones).
import type { S3Client } from '@aws-sdk/client-s3'
import { Readable } from 'node:stream'
import { keySegments, type ByteRange, type FileStorage } from './storage.js'

export const PART_BYTES = 8 * 1024 * 1024

export interface S3Options {
  /** Endpoint of an S3-compatible server (path-style addressing); null = AWS S3 for `region`. */
  url: string | null
  bucket: string
  accessKeyId: string | null
  secretAccessKey: string | null
  region: string
}

const notFound = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } }
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404
}

const enoent = (key: string) => Object.assign(new Error(`ENOENT: no stored file ${key}`), { code: 'ENOENT' })

/** Buffers of at most `size` bytes from a stream of pieces (the last one shorter). */
async function* parts(source: AsyncIterable<Buffer | string>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = []
  let pendingBytes = 0
  for await (const piece of source) {
    const buf = typeof piece === 'string' ? Buffer.from(piece) : piece
    pending.push(buf)
    pendingBytes += buf.length
    while (pendingBytes >= size) {
      const all = Buffer.concat(pending)
      yield all.subarray(0, size)
      const rest = all.subarray(size)
      pending = rest.length > 0 ? [rest] : []
      pendingBytes = rest.length
    }
  }
  yield Buffer.concat(pending)
}

export async function createS3Storage(opts: S3Options, partBytes = PART_BYTES): Promise<FileStorage> {
  const s3 = await import('@aws-sdk/client-s3')
  const client: S3Client = new s3.S3Client({
    region: opts.region,
    ...(opts.url ? { endpoint: opts.url, forcePathStyle: true } : {}),
    ...(opts.accessKeyId && opts.secretAccessKey ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  })
  const Bucket = opts.bucket
  const check = (key: string) => keySegments(key).join('/')

  async function multipart(Key: string, first: Buffer, rest: AsyncGenerator<Buffer>): Promise<number> {
    const { UploadId } = await client.send(new s3.CreateMultipartUploadCommand({ Bucket, Key }))
    try {
      const done: { ETag: string; PartNumber: number }[] = []
      let size = 0
      const upload = async (body: Buffer) => {
        const PartNumber = done.length + 1
        const { ETag } = await client.send(new s3.UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: body, ContentLength: body.length }))
        done.push({ ETag: ETag ?? '', PartNumber })
        size += body.length
      }
      await upload(first)
      for await (const part of rest) if (part.length > 0) await upload(part)
      await client.send(new s3.CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: done } }))
      return size
    } catch (e) {
      await client.send(new s3.AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined)
      throw e
    }
  }

  async function* body(key: string, range?: ByteRange): AsyncGenerator<Buffer> {
    let res
    try {
      res = await client.send(new s3.GetObjectCommand({ Bucket, Key: check(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }))
    } catch (e) {
      if (notFound(e)) throw enoent(key)
      throw e
    }
    if (!res.Body) return
    // A server that ignored the range (no Content-Range) or sent more than asked is cut to the range here.
    let skip = range && !res.ContentRange ? range.start : 0
    let left = range ? range.end - range.start + 1 : Infinity
    for await (const piece of res.Body as AsyncIterable<Uint8Array>) {
      let buf = Buffer.isBuffer(piece) ? piece : Buffer.from(piece)
      if (skip > 0) {
        const drop = Math.min(skip, buf.length)
        buf = buf.subarray(drop)
        skip -= drop
      }
      if (buf.length > left) buf = buf.subarray(0, left)
      left -= buf.length
      if (buf.length > 0) yield buf
      if (left <= 0) break
    }
  }

  return {
    async put(key, data) {
      const Key = check(key)
      const source = Buffer.isBuffer(data) ? Readable.from([data]) : data
      const pieces = parts(source as AsyncIterable<Buffer | string>, partBytes)
      const first = await pieces.next()
      const firstPart = first.done ? Buffer.alloc(0) : first.value
      const second = firstPart.length < partBytes ? null : await pieces.next()
      if (second === null || second.done || second.value.length === 0) {
        await client.send(new s3.PutObjectCommand({ Bucket, Key, Body: firstPart, ContentLength: firstPart.length }))
        return { size: firstPart.length }
      }
      async function* rest(): AsyncGenerator<Buffer> {
        yield second!.value as Buffer
        yield* pieces
      }
      return { size: await multipart(Key, firstPart, rest()) }
    },
    async get(key) {
      try {
        const res = await client.send(new s3.GetObjectCommand({ Bucket, Key: check(key) }))
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0)
      } catch (e) {
        if (notFound(e)) return null
        throw e
      }
    },
    async stat(key) {
      try {
        const res = await client.send(new s3.HeadObjectCommand({ Bucket, Key: check(key) }))
        return { size: Number(res.ContentLength ?? 0) }
      } catch (e) {
        if (notFound(e)) return null
        throw e
      }
    },
    stream(key, range) {
      return Readable.from(body(key, range), { objectMode: false })
    },
    async delete(key) {
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: check(key) }))
    },
    async deletePrefix(prefix) {
      const Prefix = `${check(prefix)}/`
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix, ...(ContinuationToken ? { ContinuationToken } : {}) }))
        // one DeleteObject per key: every S3-compatible server has it (the batch call needs Content-MD5 on some)
        for (const o of page.Contents ?? []) if (o.Key) await client.send(new s3.DeleteObjectCommand({ Bucket, Key: o.Key }))
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    async ping() {
      await client.send(new s3.HeadBucketCommand({ Bucket }))
    },
    async close() {
      client.destroy()
    },
  }
}
