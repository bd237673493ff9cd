// Image variants on two app nodes sharing one PostgreSQL database (files in its chunked rows): made once by a
// pg-boss job whichever node runs it, found by both; a node asking before the job ran serves the original; two
// runs at once make one copy (the claim), and a dead node's claim is taken over once its lease has ended.
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, newSignup } from '../../../test/harness.js'
import { startNodes, type Nodes } from '../../../test/nodes.js'
import type { App } from '../../app/index.js'
import { sqlRows } from '../../platform/db/index.js'
import { DEFAULT_LIMITS_MB, ingest } from './ingest.js'

const adminUrl = process.env.DATABASE_URL
let nodes: Nodes
let a: App
let b: App
beforeAll(async () => {
  if (!adminUrl) return
  nodes = await startNodes(adminUrl, 2)
  ;[a, b] = nodes.apps as [App, App]
})
afterAll(() => nodes?.close())

async function upload(app: App, c: Client, siteId: string, data: Buffer) {
  const boundary = `----sw${randomBytes(8).toString('hex')}`
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\n\r\n`
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)])
  if (!c.crumb) await c.get('/api/auth/me')
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const headers = { host: c.host, cookie, 'x-csrf-token': c.crumb!, 'content-type': `multipart/form-data; boundary=${boundary}` }
  const res = await app.fastify.inject({ method: 'POST', url: `/api/sites/${siteId}/files`, headers, payload })
  expect(res.statusCode).toBe(201)
  return res.json().file as { id: string; assetUrl: string }
}

const get = (app: App, host: string, url: string) => app.fastify.inject({ method: 'GET', url, headers: { host } })
const image = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#336699' } }).png().toBuffer()

async function owner(app: App) {
  const c = new Client(app, 'localhost')
  const res = await c.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { c, siteId: res.json.site.id as string, host: `${res.json.site.slug}.localhost` }
}

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not true within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe.skipIf(!adminUrl)('image variants on two nodes (postgres)', () => {
  it('an upload through A gets its variants from a pg-boss job; B serves them', async () => {
    expect(a.files.variantsUsePgBoss).toBe(true)
    expect(b.files.variantsUsePgBoss).toBe(true)
    const o = await owner(a)
    const f = await upload(a, o.c, o.siteId, await image(900, 600))
    await until(async () => (await b.files.getAsset(o.siteId, f.id))?.status === 'ready')
    const res = await get(b, o.host, `${f.assetUrl}?format=300w`)
    expect(res.statusCode).toBe(200)
    expect(res.headers.etag).toBe(`"${f.id}-300w"`)
    expect((await sharp(res.rawPayload).metadata()).width).toBe(300)
  })

  it('before the job ran B serves the original uncached; two runs at once make one copy', async () => {
    const o = await owner(a)
    const ctx = { orm: a.db.orm, storage: a.files.storage, limitsMb: DEFAULT_LIMITS_MB }
    const row = await ingest(ctx, o.siteId, { filename: 'waiting.png', source: await image(800, 400) })
    expect(row.status).toBe('processing')
    const url = `/files/${row.id}/waiting.png?format=300w`
    const early = await get(b, o.host, url)
    expect(early.statusCode).toBe(200)
    expect(early.headers.etag).toBe(`"${row.id}-original"`)
    expect(early.headers['cache-control']).toBe('no-cache')

    const runs = await Promise.all([a.files.makeVariants(o.siteId, row.id), b.files.makeVariants(o.siteId, row.id)])
    expect(runs.sort()).toEqual(['made', 'skipped'])
    const objects = await sqlRows<{ key: string }>(a.db.orm, sql`SELECT key FROM file_objects WHERE key LIKE ${`${o.siteId}/${row.id}/%`} ORDER BY key`)
    expect(objects.map((r) => r.key.split('/')[2])).toEqual(['100w', '300w', '500w', '750w', 'original'])
    for (const app of [a, b]) {
      const res = await get(app, o.host, url)
      expect(res.headers.etag).toBe(`"${row.id}-300w"`)
      expect(res.headers['cache-control']).toContain('immutable')
    }
  })

  it('a live claim is left alone; the claim of a node that died is taken over once its lease ended', async () => {
    const o = await owner(a)
    const ctx = { orm: a.db.orm, storage: a.files.storage, limitsMb: DEFAULT_LIMITS_MB }
    const row = await ingest(ctx, o.siteId, { filename: 'claimed.png', source: await image(400, 300) })
    const claim = (interval: string) => a.db.orm.execute(sql`UPDATE file_assets SET variants_claimed_until = now() + ${interval}::interval WHERE id = ${row.id}`)
    await claim('60 seconds') // another node is making them
    expect(await b.files.makeVariants(o.siteId, row.id)).toBe('skipped')
    await claim('-1 second') // that node died mid-job: its lease has ended
    expect(await b.files.makeVariants(o.siteId, row.id)).toBe('made')
    expect((await a.files.getAsset(o.siteId, row.id))?.status).toBe('ready')
    expect(await a.files.makeVariants(o.siteId, row.id)).toBe('skipped') // finished: nothing left to make
  })
})
