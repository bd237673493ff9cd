// GET /api/sites/:siteId/files/limits: the configured upload limit per kind, the same the upload enforces.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { WEBSITE_ROLES } from '../accounts/index.js'
import { DEFAULT_LIMITS_MB } from './ingest.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
})
afterAll(() => t?.close())

async function owner(): Promise<{ c: Client; siteId: string; userId: string }> {
  const c = t.client()
  const res = await c.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { c, siteId: res.json.site.id, userId: res.json.user.id }
}

const limitsUrl = (siteId: string) => `/api/sites/${siteId}/files/limits`

describe(`upload limits (${BACKEND})`, () => {
  it('answers every kind in megabytes, bytes (1,000,000 per MB) and the size the error message shows', async () => {
    const { c, siteId } = await owner()
    const res = await c.get(limitsUrl(siteId))
    expect(res.status).toBe(200)
    expect(Object.keys(res.json.limits).sort()).toEqual(Object.keys(DEFAULT_LIMITS_MB).sort())
    for (const [kind, mb] of Object.entries(DEFAULT_LIMITS_MB)) {
      expect(res.json.limits[kind]).toMatchObject({ megabytes: mb, bytes: mb * 1_000_000 })
    }
    expect(res.json.limits.image.maxSize).toBe('19.07 MB')
    expect(res.json.limits.video).toEqual({ megabytes: 500, bytes: 500_000_000, maxSize: '476.84 MB' })
  })

  it('the SVG limit it answers is the one an upload is held to', async () => {
    const { c, siteId } = await owner()
    const { bytes, maxSize } = (await c.get(limitsUrl(siteId))).json.limits.svg
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><desc>${'x'.repeat(bytes)}</desc></svg>`)
    const boundary = `----sw${randomBytes(8).toString('hex')}`
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.svg"\r\nContent-Type: image/svg+xml\r\n\r\n`
    const res = await t.app.fastify.inject({
      method: 'POST',
      url: `/api/sites/${siteId}/files`,
      headers: {
        host: c.host,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': c.crumb ?? '',
      },
      payload: Buffer.concat([Buffer.from(head), svg, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      remoteAddress: c.remoteAddress,
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().error.message).toBe(`The file big.svg is too large. The maximum allowed file size is ${maxSize}.`)
  })

  it('is for ADMIN and EDITOR of the site only', async () => {
    const a = await owner()
    const editor = await owner()
    const viewer = await owner()
    await t.app.sites.addMember(a.siteId, editor.userId, WEBSITE_ROLES.EDITOR)
    await t.app.sites.addMember(a.siteId, viewer.userId, WEBSITE_ROLES.VIEWER)
    expect((await editor.c.get(limitsUrl(a.siteId))).status).toBe(200)
    expect((await viewer.c.get(limitsUrl(a.siteId))).json.error.code).toBe('role_not_allowed')
    expect((await (await owner()).c.get(limitsUrl(a.siteId))).status).toBe(404)
    expect((await t.client().get(limitsUrl(a.siteId))).status).toBe(401)
  })
})
