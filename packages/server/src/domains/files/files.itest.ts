import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { ingest, makeVariants, originalKey, DEFAULT_LIMITS_MB } from './ingest.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t?.close())

interface Owner {
  c: Client
  siteId: string
  slug: string
}

async function owner(): Promise<Owner> {
  const c = t.client()
  const res = await c.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { c, siteId: res.json.site.id, slug: res.json.site.slug }
}

/** POSTs one file as multipart/form-data with the client's cookies and crumb. */
async function upload(c: Client, siteId: string, filename: string, data: Buffer, opts: { crumb?: boolean } = {}) {
  const boundary = `----sw${randomBytes(8).toString('hex')}`
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)])
  if (!c.crumb) await c.get('/api/auth/me')
  const headers: Record<string, string> = {
    host: c.host,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  }
  if (opts.crumb !== false) headers['x-csrf-token'] = c.crumb ?? ''
  const res = await t.app.fastify.inject({ method: 'POST', url: `/api/sites/${siteId}/files`, headers, payload, remoteAddress: c.remoteAddress })
  return { status: res.statusCode, json: res.json() as any }
}

const png = (width: number, height: number, color = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer()

describe(`file uploads (${BACKEND})`, () => {
  it('reads the type from the bytes: PNG bytes named .jpg are a PNG, with size, focal point and colour data', async () => {
    const o = await owner()
    const res = await upload(o.c, o.siteId, 'photo.jpg', await png(1200, 800, '#ff0000'))
    expect(res.status).toBe(201)
    const f = res.json.file
    expect(f).toMatchObject({
      filename: 'photo.jpg',
      mimeType: 'image/png',
      kind: 'image',
      originalSize: '1200x800',
      mediaFocalPoint: { x: 0.5, y: 0.5 },
      status: 'processing',
      altText: '',
      assetUrl: `/files/${o.slug}/${f.id}/photo.jpg`,
    })
    expect(f.colorData).toEqual({
      topLeftAverage: 'ff0000',
      topRightAverage: 'ff0000',
      bottomLeftAverage: 'ff0000',
      bottomRightAverage: 'ff0000',
      centerAverage: 'ff0000',
      suggestedBgColor: 'ff0000',
    })
    expect(f.sizeText).toMatch(/^\d+(\.\d+)? (Bytes|KB)$/)

    await t.app.files.whenIdle()
    const after = await o.c.get(`/api/sites/${o.siteId}/files/${f.id}`)
    expect(after.json.file).toMatchObject({ status: 'ready', error: null, systemDataVariants: '1200x800,100w,300w,500w,750w,1000w' })
  })

  it('rejects a text file named .png with the spec message, storing nothing', async () => {
    const o = await owner()
    const res = await upload(o.c, o.siteId, 'notes.png', Buffer.from('just some text, not a picture'))
    expect(res.status).toBe(415)
    expect(res.json.error).toMatchObject({ type: 'unsupported_media_type', message: 'The file notes.png does not appear to be a supported file' })
    expect((await o.c.get(`/api/sites/${o.siteId}/files`)).json.files).toEqual([])
  })

  it('rejects bytes with an image signature that sharp cannot decode', async () => {
    const o = await owner()
    const fake = Buffer.concat([(await png(10, 10)).subarray(0, 16), randomBytes(200)])
    const res = await upload(o.c, o.siteId, 'broken.png', fake)
    expect(res.status).toBe(415)
    expect(res.json.error.message).toBe('The file broken.png does not appear to be a supported file')
  })

  it('answers 413 with the limit in 1024 units (20 MB of 1,000,000 bytes = 19.07 MB)', async () => {
    const o = await owner()
    const header = await png(10, 10)
    const big = Buffer.concat([header, Buffer.alloc(DEFAULT_LIMITS_MB.image * 1_000_000 + 1 - header.length)])
    const res = await upload(o.c, o.siteId, 'big.png', big)
    expect(res.status).toBe(413)
    expect(res.json.error.message).toBe('The file big.png is too large. The maximum allowed file size is 19.07 MB.')
    expect((await o.c.get(`/api/sites/${o.siteId}/files`)).json.files).toEqual([])
  })

  it('answers rejected uploads over real HTTP (the rest of the body is read and dropped) and still closes', async () => {
    const o = await owner()
    await t.app.fastify.listen({ port: 0, host: '127.0.0.1' })
    const port = (t.app.fastify.server.address() as { port: number }).port
    const send = async (name: string, data: Buffer) => {
      const form = new FormData()
      form.append('file', new Blob([data]), name)
      const res = await fetch(`http://127.0.0.1:${port}/api/sites/${o.siteId}/files`, {
        method: 'POST',
        body: form,
        headers: { cookie: [...o.c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': o.c.crumb! },
      })
      return { status: res.status, json: (await res.json()) as any }
    }
    const text = await send('notes.png', Buffer.alloc(8_000_000, 'a'))
    expect(text.status).toBe(415)
    expect(text.json.error.message).toBe('The file notes.png does not appear to be a supported file')
    const header = await png(4, 4)
    const big = await send('big.png', Buffer.concat([header, Buffer.alloc(25_000_000)]))
    expect(big.status).toBe(413)
    const ok = await send('fine.png', header)
    expect(ok.status).toBe(201)
  })

  it('accepts a plain SVG and rejects one that carries script', async () => {
    const o = await owner()
    const ok = await upload(o.c, o.siteId, 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#00f"/></svg>'))
    expect(ok.status).toBe(201)
    expect(ok.json.file).toMatchObject({ mimeType: 'image/svg+xml', kind: 'svg', status: 'ready', originalSize: '40x20', systemDataVariants: '' })
    const bad = await upload(o.c, o.siteId, 'evil.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'))
    expect(bad.status).toBe(415)
    expect(bad.json.error.message).toBe('The file evil.svg does not appear to be a supported file')
  })

  it('keeps only the base name and needs a file part', async () => {
    const o = await owner()
    const res = await upload(o.c, o.siteId, '../../etc/tiny.png', await png(8, 8))
    expect(res.status).toBe(201)
    expect(res.json.file.filename).toBe('tiny.png')
    const empty = await t.app.fastify.inject({
      method: 'POST',
      url: `/api/sites/${o.siteId}/files`,
      headers: { host: 'localhost', cookie: [...o.c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': o.c.crumb!, 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(empty.statusCode).toBe(415)
  })

  it('marks an image whose processing fails with "File processing failed"', async () => {
    const o = await owner()
    const ctx = { orm: t.app.db.orm, storage: t.app.files.storage, limitsMb: DEFAULT_LIMITS_MB }
    const row = await ingest(ctx, o.siteId, { filename: 'lost.png', source: await png(400, 300) })
    await t.app.files.storage.delete(originalKey(o.siteId, row.id)) // the original is lost before processing
    await makeVariants(ctx, o.siteId, row.id)
    const res = await o.c.get(`/api/sites/${o.siteId}/files/${row.id}`)
    expect(res.json.file).toMatchObject({ status: 'failed', error: 'File processing failed' })
  })
})

describe(`owner file management (${BACKEND})`, () => {
  it('lists newest first, searches and pages with a cursor', async () => {
    const o = await owner()
    for (const name of ['alpha.png', 'beta.png', 'gamma.png']) expect((await upload(o.c, o.siteId, name, await png(20, 20))).status).toBe(201)
    const all = await o.c.get(`/api/sites/${o.siteId}/files`)
    expect(all.json.files.map((f: any) => f.filename)).toEqual(['gamma.png', 'beta.png', 'alpha.png'])
    const found = await o.c.get(`/api/sites/${o.siteId}/files?query=BET`)
    expect(found.json.files.map((f: any) => f.filename)).toEqual(['beta.png'])
    const p1 = await o.c.get(`/api/sites/${o.siteId}/files?limit=2`)
    expect(p1.json.files).toHaveLength(2)
    const p2 = await o.c.get(`/api/sites/${o.siteId}/files?limit=2&cursor=${p1.json.nextCursor}`)
    expect(p2.json.files.map((f: any) => f.filename)).toEqual(['alpha.png'])
    expect(p2.json.nextCursor).toBeNull()
    expect((await o.c.get(`/api/sites/${o.siteId}/files?query=${encodeURIComponent('%')}`)).json.files).toEqual([])
  })

  it('renames and describes a file; an empty name is "Please enter a file name"', async () => {
    const o = await owner()
    const id = (await upload(o.c, o.siteId, 'a.png', await png(20, 20))).json.file.id
    const url = `/api/sites/${o.siteId}/files/${id}`
    const res = await o.c.patch(url, { filename: ' Sunset.png ', altText: 'A sunset', title: 'Sunset', body: 'x'.repeat(1500), mediaFocalPoint: { x: 0.2, y: 0.9 } })
    expect(res.status).toBe(200)
    expect(res.json.file).toMatchObject({ filename: 'Sunset.png', altText: 'A sunset', title: 'Sunset', mediaFocalPoint: { x: 0.2, y: 0.9 } })
    expect(res.json.file.body).toHaveLength(1500)
    const empty = await o.c.patch(url, { filename: '   ' })
    expect(empty.status).toBe(400)
    expect(empty.json.error.fields).toEqual({ filename: 'Please enter a file name' })
    expect((await o.c.patch(url, { mediaFocalPoint: { x: 2, y: 0 } })).status).toBe(400)

    // The template context truncates the description at 1000 characters.
    const images = await t.app.files.getAssets(o.siteId, [id, 'f'.repeat(24)])
    expect([...images.keys()]).toEqual([id])
    expect(images.get(id)).toMatchObject({ id, filename: 'Sunset.png', assetUrl: `/files/${o.slug}/${id}/Sunset.png`, altText: 'A sunset', originalSize: '20x20' })
    expect(images.get(id)!.body).toHaveLength(1000)
  })

  it('deletes a file with its bytes', async () => {
    const o = await owner()
    const id = (await upload(o.c, o.siteId, 'gone.png', await png(400, 300))).json.file.id
    await t.app.files.whenIdle()
    const del = await o.c.request('DELETE', `/api/sites/${o.siteId}/files/${id}`)
    expect(del.status).toBe(204)
    expect((await o.c.get(`/api/sites/${o.siteId}/files/${id}`)).status).toBe(404)
    expect(await t.app.files.storage.stat(originalKey(o.siteId, id))).toBeNull()
    expect(await t.app.files.storage.stat(`${o.siteId}/${id}/300w`)).toBeNull()
    expect((await o.c.request('DELETE', `/api/sites/${o.siteId}/files/${id}`)).status).toBe(404)
  })

  it('needs a session, the crumb, and a role on that site; a site host serves only its own site', async () => {
    const a = await owner()
    const b = await owner()
    const id = (await upload(a.c, a.siteId, 'a.png', await png(20, 20))).json.file.id
    expect((await t.client().get(`/api/sites/${a.siteId}/files`)).status).toBe(401)
    expect((await upload(a.c, a.siteId, 'x.png', await png(8, 8), { crumb: false })).status).toBe(403)
    expect((await b.c.get(`/api/sites/${a.siteId}/files`)).status).toBe(404)
    expect((await b.c.get(`/api/sites/${a.siteId}/files/${id}`)).status).toBe(404)
    expect((await b.c.patch(`/api/sites/${a.siteId}/files/${id}`, { title: 'mine' })).status).toBe(404)
    expect((await upload(b.c, a.siteId, 'x.png', await png(8, 8))).status).toBe(404)
    expect((await b.c.get(`/api/sites/${b.siteId}/files/${id}`)).status).toBe(404)
    // A's owner on B's host cannot address site A.
    const onB = t.client(`${b.slug}.localhost`)
    for (const [k, v] of a.c.cookies) onB.cookies.set(k, v)
    expect((await onB.get(`/api/sites/${a.siteId}/files`)).status).toBe(404)
  })

  it('crops an image into a new file (original kept): size, focal point moved into the crop, provenance, variants', async () => {
    const o = await owner()
    // 400x200: left half red, right half blue
    const left = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ff0000' } }).png().toBuffer()
    const data = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#0000ff' } }).composite([{ input: left, left: 0, top: 0 }]).png().toBuffer()
    const src = (await upload(o.c, o.siteId, 'wide.png', data)).json.file
    await o.c.patch(`/api/sites/${o.siteId}/files/${src.id}`, { altText: 'Two halves', mediaFocalPoint: { x: 0.75, y: 0.5 } })
    const res = await o.c.post(`/api/sites/${o.siteId}/files/${src.id}/crop`, { x: 0.5, y: 0, width: 0.5, height: 1 })
    expect(res.status).toBe(201)
    const f = res.json.file
    expect(f.id).not.toBe(src.id)
    expect(f).toMatchObject({ filename: 'wide.png', originalSize: '200x200', altText: 'Two halves', mediaFocalPoint: { x: 0.5, y: 0.5 } })
    expect(f.crop).toEqual({ sourceId: src.id, x: 0.5, y: 0, width: 0.5, height: 1 })
    expect(f.colorData.centerAverage).toBe('0000ff')
    expect((await o.c.get(`/api/sites/${o.siteId}/files/${src.id}`)).json.file.originalSize).toBe('400x200')
    expect((await o.c.post(`/api/sites/${o.siteId}/files/${src.id}/crop`, { x: 0.6, y: 0, width: 0.5, height: 1 })).status).toBe(400)
    expect((await o.c.post(`/api/sites/${o.siteId}/files/${src.id}/crop`, { x: 0, y: 0, width: 0, height: 1 })).status).toBe(400)
  })
})
