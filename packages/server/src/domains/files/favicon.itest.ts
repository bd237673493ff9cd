// /favicon.ico answers 200 on every host (issue 11 item 9): the default icon drawn from the site title, or the
// site icon the owner chose in the website settings (iconImageId, an image of the site's files).
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
})
afterAll(() => t?.close())

async function owner() {
  const c = t.client()
  const res = await c.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { c, siteId: res.json.site.id as string, host: `${res.json.site.slug}.localhost` }
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
  return res.json().file as { id: string }
}

const favicon = async (host: string) => {
  const res = await t.app.fastify.inject({ method: 'GET', url: '/favicon.ico', headers: { host } })
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.rawPayload }
}

describe(`favicon and site icon (${BACKEND})`, () => {
  it('every site answers 200 with an icon: a new site and the root domain', async () => {
    const { host } = await owner()
    for (const h of [host, 'localhost']) {
      const res = await favicon(h)
      expect(res.status, h).toBe(200)
      expect(res.type).toBe('image/x-icon')
      expect([...res.body.subarray(0, 4)]).toEqual([0, 0, 1, 0]) // ICO header: reserved 0, type 1 (icon)
      const png = res.body.subarray(22)
      expect((await sharp(png).metadata()).width).toBe(32)
    }
  })

  it('the site icon setting: an uploaded image becomes /favicon.ico; null goes back to the default; bad ids are 400', async () => {
    const { c, siteId, host } = await owner()
    const before = (await c.get(`/api/sites/${siteId}/settings`)).json.settings
    expect(before.iconImageId).toBeNull()
    const image = await sharp({ create: { width: 180, height: 180, channels: 3, background: '#3f6f8f' } }).png().toBuffer()
    const file = await upload(c, siteId, 'icon.png', image)
    const set = await c.patch(`/api/sites/${siteId}/settings`, { iconImageId: file.id })
    expect(set.status).toBe(200)
    expect(set.json.settings.iconImageId).toBe(file.id)
    const res = await favicon(host)
    expect(res.status).toBe(200)
    expect(res.type).toBe('image/png')
    const { width } = await sharp(res.body).metadata()
    expect(width).toBeGreaterThan(32)
    const bad = await c.patch(`/api/sites/${siteId}/settings`, { iconImageId: 'not-an-id' })
    expect(bad.status).toBe(400)
    expect(bad.json.error.fields.iconImageId).toBeTruthy()
    expect((await c.patch(`/api/sites/${siteId}/settings`, { iconImageId: null })).json.settings.iconImageId).toBeNull()
    expect((await favicon(host)).type).toBe('image/x-icon')
  })
})
