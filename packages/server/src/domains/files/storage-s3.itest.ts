// The app with its files in an S3 bucket (s3rver, a real S3-protocol server on a socket): uploads land in the
// bucket, the file route answers whole files, ranges and ETags as on every backend, and /readyz checks the bucket.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'
import { startS3, type TestS3 } from '../../../test/s3-server.js'
import { createS3Storage } from './storage-s3.js'

let s3: TestS3
let t: TestApp
beforeAll(async () => {
  s3 = await startS3(['site-files'])
  t = await startTestApp({ fileStorage: 's3', s3: s3.options })
})
afterAll(async () => {
  await t?.close()
  await s3?.close()
})

describe(`files in an S3 bucket (${BACKEND})`, () => {
  it('an upload is stored in the bucket and served whole, by range and by ETag', async () => {
    const owner = t.client()
    const res = await owner.post('/api/auth/signup', newSignup())
    const siteId = res.json.site.id as string
    const host = `${res.json.site.slug}.localhost`
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000)])
    const boundary = `----sw${randomBytes(6).toString('hex')}`
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.pdf"\r\n\r\n`), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)])
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const up = await t.app.fastify.inject({ method: 'POST', url: `/api/sites/${siteId}/files`, payload, headers: { host: 'localhost', cookie, 'x-csrf-token': owner.crumb!, 'content-type': `multipart/form-data; boundary=${boundary}` } })
    expect(up.statusCode).toBe(201)
    const file = up.json().file as { id: string; assetUrl: string }

    const direct = await createS3Storage(s3.options) // the bytes really are in the bucket
    expect((await direct.get(`${siteId}/${file.id}/original`))?.equals(pdf)).toBe(true)
    await direct.close?.()

    const whole = await t.app.fastify.inject({ method: 'GET', url: file.assetUrl, headers: { host } })
    expect(whole.statusCode).toBe(200)
    expect(whole.rawPayload.equals(pdf)).toBe(true)
    expect(whole.headers.etag).toBe(`"${file.id}-original"`)
    const part = await t.app.fastify.inject({ method: 'GET', url: file.assetUrl, headers: { host, range: 'bytes=100-199' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 100-199/${pdf.length}`)
    expect(part.rawPayload.equals(pdf.subarray(100, 200))).toBe(true)
    const again = await t.app.fastify.inject({ method: 'GET', url: file.assetUrl, headers: { host, 'if-none-match': whole.headers.etag as string } })
    expect(again.statusCode).toBe(304)
  })

  it('/readyz answers ready with the bucket, 503 naming the storage without it', async () => {
    const ok = await t.app.fastify.inject({ method: 'GET', url: '/readyz' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().checks.storage).toBe('ok')
    const missing = await startTestApp({ fileStorage: 's3', s3: { ...s3.options, bucket: 'no-such-bucket' } })
    try {
      const res = await missing.app.fastify.inject({ method: 'GET', url: '/readyz' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ status: 'not_ready', checks: { storage: 'error', database: 'ok' } })
    } finally {
      await missing.close()
    }
  })
})
