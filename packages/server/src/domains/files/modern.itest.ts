// AVIF and WebP by Accept (issue 39): the 'file-modern' job makes each size's copies once after the width variants,
// keeps those smaller than the image's own format, and the file route answers the best one the request accepts, with
// `Vary: Accept`; the image's own format otherwise (and while the copies are still to make, not cached for long).
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlRows } from '../../platform/db/index.js'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { makeModern } from './modern.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false, imageModernFormats: true })
}, 180_000)
afterAll(() => t?.close())

async function upload(c: Client, siteId: string, filename: string, data: Buffer) {
  const boundary = `----sw${randomBytes(8).toString('hex')}`
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)])
  if (!c.crumb) await c.get('/api/auth/me')
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const headers = { host: c.host, cookie, 'x-csrf-token': c.crumb!, 'content-type': `multipart/form-data; boundary=${boundary}` }
  const res = await t.app.fastify.inject({ method: 'POST', url: `/api/sites/${siteId}/files`, headers, payload })
  expect(res.statusCode).toBe(201)
  return res.json().file as { id: string; assetUrl: string }
}

/** A photo-like JPEG: a gradient with shapes (what the copies are for; a flat colour would be tiny anyway). */
async function photo(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4a261"/><stop offset="1" stop-color="#2a6f97"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.7}" cy="${height * 0.4}" r="${height * 0.2}" fill="#ffd166"/></svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer()
}

const get = (host: string, url: string, accept?: string) =>
  t.app.fastify.inject({ method: 'GET', url, headers: { host, ...(accept ? { accept } : {}) } })

const modernOf = async (id: string) => (await sqlRows<{ m: string | null }>(t.app.db.orm, sql`SELECT modern_variants AS m FROM file_assets WHERE id = ${id}`))[0]?.m

const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'

describe(`modern image formats (${BACKEND})`, () => {
  it('makes the copies once as a job and answers AVIF, WebP or the own format by Accept, varying on it', async () => {
    const c = t.client()
    const res = await c.post('/api/auth/signup', newSignup())
    const host = `${res.json.site.slug}.localhost`
    const siteId = res.json.site.id as string
    const f = await upload(c, siteId, 'sea.jpg', await photo(800, 500))
    await t.app.files.whenIdle() // the width variants
    await expect.poll(() => modernOf(f.id), { timeout: 120_000, interval: 100 }).not.toBeNull()
    const made = (await modernOf(f.id))!.split(',')
    // 100w..750w and the original (800 px), each in both formats, where smaller than the JPEG
    expect(made).toEqual(expect.arrayContaining(['300w.avif', '300w.webp', 'original.avif', 'original.webp']))

    const avif = await get(host, `${f.assetUrl}?format=300w`, CHROME)
    expect(avif.statusCode).toBe(200)
    expect(avif.headers['content-type']).toBe('image/avif')
    expect(avif.headers.vary).toMatch(/Accept/)
    expect(avif.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await sharp(avif.rawPayload).metadata()).format).toBe('heif')
    expect((await sharp(avif.rawPayload).metadata()).width).toBe(300)

    const webp = await get(host, `${f.assetUrl}?format=300w`, 'image/webp,*/*')
    expect(webp.headers['content-type']).toBe('image/webp')
    expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp')
    expect(webp.headers.etag).not.toBe(avif.headers.etag)

    const jpeg = await get(host, `${f.assetUrl}?format=300w`, 'image/*,*/*;q=0.8')
    expect(jpeg.headers['content-type']).toBe('image/jpeg')
    expect(jpeg.headers.vary).toMatch(/Accept/)
    expect(avif.rawPayload.length).toBeLessThan(jpeg.rawPayload.length)
    // an explicit q=0 refuses the format
    expect((await get(host, `${f.assetUrl}?format=300w`, 'image/avif;q=0,image/webp')).headers['content-type']).toBe('image/webp')

    // the original and the bare URL (an <img src>) too; the srcset widths are the same as before
    expect((await get(host, `${f.assetUrl}?format=original`, CHROME)).headers['content-type']).toBe('image/avif')
    expect((await get(host, f.assetUrl, CHROME)).headers['content-type']).toBe('image/avif')
    expect((await get(host, f.assetUrl)).headers['content-type']).toBe('image/jpeg')

    // once: a second run finds nothing to do
    expect(await makeModern({ orm: t.app.db.orm, storage: t.app.files.storage, limitsMb: { image: 20, svg: 5, audio: 1, video: 1, document: 1, archive: 1 } }, siteId, f.id)).toBe('skipped')
  }, 240_000)

  it('a PNG with transparency gets only the copies that are smaller, an SVG none', async () => {
    const c = t.client()
    const res = await c.post('/api/auth/signup', newSignup())
    const host = `${res.json.site.slug}.localhost`
    const png = await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } }).png().toBuffer()
    const f = await upload(c, res.json.site.id, 'dot.png', png)
    await t.app.files.whenIdle()
    await expect.poll(() => modernOf(f.id), { timeout: 120_000, interval: 100 }).not.toBeNull()
    const answer = await get(host, `${f.assetUrl}?format=300w`, CHROME)
    const own = await get(host, `${f.assetUrl}?format=300w`)
    expect(own.headers['content-type']).toBe('image/png')
    expect(answer.rawPayload.length).toBeLessThanOrEqual(own.rawPayload.length)
    const svg = await upload(c, res.json.site.id, 'i.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'))
    const s = await get(host, svg.assetUrl, CHROME)
    expect(s.headers['content-type']).toMatch(/image\/svg\+xml/)
  }, 240_000)
})
