import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { wav } from '../../../test/wav.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t?.close())

async function owner() {
  const c = t.client()
  const res = await c.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { c, siteId: res.json.site.id as string, slug: res.json.site.slug as string, host: `${res.json.site.slug}.localhost` }
}

async function upload(c: Client, siteId: string, filename: string, data: Buffer) {
  const boundary = `----sw${randomBytes(8).toString('hex')}`
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)])
  if (!c.crumb) await c.get('/api/auth/me')
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const headers = { host: c.host, cookie, 'x-csrf-token': c.crumb!, 'content-type': `multipart/form-data; boundary=${boundary}` }
  const res = await t.app.fastify.inject({ method: 'POST', url: `/api/sites/${siteId}/files`, headers, payload })
  expect(res.statusCode).toBe(201)
  return res.json().file as { id: string; assetUrl: string; filename: string }
}

/** GET on a host, the body as bytes. */
async function fetchFile(host: string, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.fastify.inject({ method: 'GET', url, headers: { host, ...headers } })
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload }
}

const widthOf = async (b: Buffer) => (await sharp(b).metadata()).width


describe(`public file route (${BACKEND})`, () => {
  it('serves the generated widths with their content type, the nearest larger width, and never upscales', async () => {
    const o = await owner()
    const jpeg = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#123456' } }).jpeg().toBuffer()
    const f = await upload(o.c, o.siteId, 'wide photo.jpg', jpeg)
    expect(f.assetUrl).toBe(`/files/${o.slug}/${f.id}/wide%20photo.jpg`)
    await t.app.files.whenIdle()

    const original = await fetchFile(o.host, f.assetUrl)
    expect(original.status).toBe(200)
    expect(original.headers['content-type']).toBe('image/jpeg')
    expect(original.body.equals(jpeg)).toBe(true)

    for (const [asked, width] of [
      ['100w', 100],
      ['300w', 300],
      ['400w', 500],
      ['1000w', 1000],
      ['1500w', 1200],
      ['2500w', 1200],
      ['original', 1200],
    ] as const) {
      const res = await fetchFile(o.host, `${f.assetUrl}?format=${asked}`)
      expect(res.status, asked).toBe(200)
      expect(res.headers['content-type']).toBe('image/jpeg')
      expect(await widthOf(res.body), asked).toBe(width)
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
    // The short form /files/<assetId>/<filename> serves the same file.
    const short = await fetchFile(o.host, `/files/${f.id}/x.jpg?format=300w`)
    expect(await widthOf(short.body)).toBe(300)
  })

  it('lists no variant wider than a small original and serves it for every width', async () => {
    const o = await owner()
    const f = await upload(o.c, o.siteId, 'small.png', await sharp({ create: { width: 80, height: 60, channels: 4, background: '#ff000080' } }).png().toBuffer())
    await t.app.files.whenIdle()
    const image = (await t.app.files.getAssets(o.siteId, [f.id])).get(f.id)!
    expect(image.systemDataVariants).toBe('80x60')
    const res = await fetchFile(o.host, `${f.assetUrl}?format=100w`)
    expect(res.headers['content-type']).toBe('image/png')
    expect(await widthOf(res.body)).toBe(80)
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const o = await owner()
    const f = await upload(o.c, o.siteId, 'e.png', await sharp({ create: { width: 600, height: 400, channels: 3, background: '#fff' } }).png().toBuffer())
    await t.app.files.whenIdle()
    const first = await fetchFile(o.host, `${f.assetUrl}?format=300w`)
    const etag = String(first.headers.etag)
    expect(etag).toBe(`"${f.id}-300w"`)
    const again = await fetchFile(o.host, `${f.assetUrl}?format=300w`, { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect((await fetchFile(o.host, f.assetUrl, { 'if-none-match': etag })).status).toBe(200)
  })

  it('serves byte ranges of audio (206, 416)', async () => {
    const o = await owner()
    const data = wav(1000, (i) => i)
    const f = await upload(o.c, o.siteId, 'tone.wav', data)
    const whole = await fetchFile(o.host, f.assetUrl)
    expect(whole.headers['content-type']).toBe('audio/wav')
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(whole.headers['content-length']).toBe(String(data.length))
    const part = await fetchFile(o.host, f.assetUrl, { range: 'bytes=100-109' })
    expect(part.status).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 100-109/${data.length}`)
    expect(part.body.equals(data.subarray(100, 110))).toBe(true)
    const tail = await fetchFile(o.host, f.assetUrl, { range: 'bytes=-4' })
    expect(tail.body.equals(data.subarray(data.length - 4))).toBe(true)
    const bad = await fetchFile(o.host, f.assetUrl, { range: `bytes=${data.length}-` })
    expect(bad.status).toBe(416)
    expect(bad.headers['content-range']).toBe(`bytes */${data.length}`)
  })

  it('serves an SVG with a restrictive content security policy', async () => {
    const o = await owner()
    const f = await upload(o.c, o.siteId, 'i.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'))
    const res = await fetchFile(o.host, f.assetUrl)
    expect(res.headers['content-type']).toBe('image/svg+xml')
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'")
  })

  it("is served on the site's own host only", async () => {
    const a = await owner()
    const b = await owner()
    const f = await upload(a.c, a.siteId, 'a.png', await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer())
    expect((await fetchFile(a.host, f.assetUrl)).status).toBe(200)
    expect((await fetchFile(b.host, f.assetUrl)).status).toBe(404)
    expect((await fetchFile(b.host, `/files/${f.id}/a.png`)).status).toBe(404)
    expect((await fetchFile(b.host, `/files/${b.slug}/${f.id}/a.png`)).status).toBe(404)
    expect((await fetchFile(a.host, `/files/${b.slug}/${f.id}/a.png`)).status).toBe(404)
    expect((await fetchFile('localhost', f.assetUrl)).status).toBe(404) // the platform host serves the demo site
    expect((await fetchFile('nosuchsite.localhost', f.assetUrl)).status).toBe(404)
    expect((await fetchFile(a.host, `/files/${'0'.repeat(24)}/a.png`)).status).toBe(404)
    expect((await fetchFile(a.host, '/files/not-an-id/a.png')).status).toBe(404)
  })

  it('caps a long file name at 255 characters (keeping its extension) and serves every stored name at its own address', async () => {
    const o = await owner()
    const img = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#0a0' } }).png().toBuffer()
    const f = await upload(o.c, o.siteId, `${'a'.repeat(996)}.png`, img)
    expect(f.filename).toHaveLength(255)
    expect(f.filename.endsWith('.png')).toBe(true)
    const res = await fetchFile(o.host, f.assetUrl)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    // the longest address a stored name can have: 255 characters of three UTF-8 bytes each, all percent-encoded
    const wide = '\u6f22'.repeat(251) + '.png'
    const renamed = await o.c.patch(`/api/sites/${o.siteId}/files/${f.id}`, { filename: wide })
    expect(renamed.status).toBe(200)
    expect(renamed.json.file.filename).toBe(wide)
    const again = await fetchFile(o.host, renamed.json.file.assetUrl)
    expect(again.status).toBe(200)
    expect((await o.c.patch(`/api/sites/${o.siteId}/files/${f.id}`, { filename: 'b'.repeat(256) })).status).toBe(400)
  })
})
