// Album blocks (34): a page saves an album of uploaded audio tracks (at most 60: a 61st is refused with 400 and the
// limit in the message) and the published page lists them, numbered with their durations, under one player.
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import { wav } from '../../../../test/wav.js'

let t: TestApp
let owner: Client
let siteId: string
let host: string

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
})
afterAll(() => t?.close())

async function upload(filename: string, data: Buffer) {
  const boundary = `----sw${randomBytes(8).toString('hex')}`
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)])
  if (!owner.crumb) await owner.get('/api/auth/me')
  const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const headers = { host: owner.host, cookie, 'x-csrf-token': owner.crumb!, 'content-type': `multipart/form-data; boundary=${boundary}` }
  const res = await t.app.fastify.inject({ method: 'POST', url: `/api/sites/${siteId}/files`, headers, payload })
  expect(res.statusCode).toBe(201)
  return res.json().file as { id: string; assetUrl: string }
}


const api = (p: string) => `/api/sites/${siteId}/content${p}`
const albumLayout = (value: Record<string, unknown>) => ({ sections: [{ blocks: [{ type: 34, value }] }] })

describe(`album blocks (${BACKEND})`, () => {
  it('saves an album of uploaded tracks, refuses a 61st track, and lists the tracks under one player when published', async () => {
    const files = [await upload('first light.wav', wav(800)), await upload('harbour.wav', wav(1600))]
    const cover = await upload('cover.png', await sharp({ create: { width: 40, height: 40, channels: 3, background: '#2f6b3b' } }).png().toBuffer())
    const page = await owner.post(api('/collections'), { typeName: 'page', title: 'Music' })
    expect(page.status).toBe(201)
    const pageId = page.json.collection.id as string
    const tracks = [
      { title: 'First Light', audioAssetUrl: files[0]!.assetUrl, duration: 185 },
      { title: 'Harbour <Lights>', audioAssetUrl: files[1]!.assetUrl },
    ]
    const saved = await owner.patch(api(`/collections/${pageId}`), { status: 'published', layout: albumLayout({ title: 'Night Drive', artist: 'The Lanterns', coverImageId: cover.id, tracks }) })
    expect(saved.status, saved.body).toBe(200)
    expect(saved.json.collection.layout.sections[0].blocks[0]).toMatchObject({ type: 34, value: { title: 'Night Drive', tracks } })

    // 61 tracks: refused, the page keeps its album
    const many = Array.from({ length: 61 }, (_, i) => ({ title: `Track ${i + 1}`, audioAssetUrl: files[i % 2]!.assetUrl }))
    const refused = await owner.patch(api(`/collections/${pageId}`), { layout: albumLayout({ title: 'Too long', tracks: many }) })
    expect(refused.status).toBe(400)
    expect(refused.json.error).toMatchObject({ type: 'invalid_data', message: 'An album holds at most 60 tracks.' })
    const sixty = await owner.patch(api(`/collections/${pageId}`), { layout: albumLayout({ title: 'Sixty', tracks: many.slice(0, 60) }) })
    expect(sixty.status).toBe(200)
    const visitor = t.client(host)
    const sixtyPage = await visitor.get('/music')
    expect(sixtyPage.body.match(/<li class="album-track" data-album-track>/g)).toHaveLength(60)

    expect((await owner.patch(api(`/collections/${pageId}`), { layout: albumLayout({ title: 'Night Drive', artist: 'The Lanterns', coverImageId: cover.id, tracks }) })).status).toBe(200)
    const html = (await visitor.get('/music')).body
    expect(html).toContain('data-album role="group" aria-label="Album: Night Drive"')
    expect(html).toContain('<p class="album-artist">The Lanterns</p>')
    expect(html).toMatch(new RegExp(`<img class="image album-cover" src="${cover.assetUrl.replace(/[.?]/g, '\\$&')}"`))
    const items = [...html.matchAll(/<li class="album-track" data-album-track><a class="album-track-link" href="([^"]+)"><span class="album-track-number" aria-hidden="true">(\d+)<\/span><span class="album-track-title">([^<]*)<\/span>(?:<span class="album-track-duration"><span class="visually-hidden">, <\/span>([^<]+)<\/span>)?<\/a><\/li>/g)].map((m) => [m[1], m[2], m[3], m[4]])
    expect(items).toEqual([
      [files[0]!.assetUrl, '1', 'First Light', '3:05'],
      [files[1]!.assetUrl, '2', 'Harbour &lt;Lights&gt;', undefined],
    ])
    expect(html.match(/<audio [^>]*data-album-audio/g)).toHaveLength(1)
    // the track files play from the site
    const file = await t.app.fastify.inject({ method: 'GET', url: files[0]!.assetUrl, headers: { host } })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('audio/wav')
    // the JSON context carries the resolved shape of CONTEXT.md
    const ctx = (await visitor.get('/music?format=json')).json
    const block = ctx.layout.sections[0].blocks[0]
    expect(block).toMatchObject({ type: 34, typeName: 'album', value: { title: 'Night Drive', artist: 'The Lanterns', cover: { id: cover.id }, tracks: [{ number: 1, title: 'First Light', duration: 185, durationText: '3:05' }, { number: 2 }] } })
  }, 60_000)
})
