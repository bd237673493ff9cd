// Imports that must fail, each with a typed 4xx and a clear message, and leave nothing behind (no site, no files):
// another kind of file, another format version, a damaged or cut archive, a manifest that promises more than the
// archive holds, a wrong media type, no session. PGlite, and PostgreSQL with DATABASE_URL.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SITE_ARCHIVE_MEDIA_TYPE, SITE_ARCHIVE_VERSION } from '@sitewright/contracts'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { sqlRows } from '../../platform/db/index.js'
import { readTar, writeTar, type TarMember } from './index.js'

let t: TestApp
let owner: Client
let archive: Buffer
let victimCollection = ''
const PDF = '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const signup = await owner.post('/api/auth/signup', newSignup())
  const siteId = signup.json.site.id as string
  await t.app.files.storeBuffer(siteId, 'note.pdf', Buffer.from(PDF))
  await owner.patch(`/api/sites/${siteId}/content/profile`, { tagLine: 'A small site' })
  const blog = await owner.post(`/api/sites/${siteId}/content/collections`, { typeName: 'blog', title: 'News' })
  expect((await owner.post(`/api/sites/${siteId}/content/collections/${blog.json.collection.id}/items`, { title: 'Hello' })).status).toBe(201)
  // another owner's site, whose page a crafted archive will try to reach
  const other = t.client()
  const theirs = await other.post('/api/auth/signup', newSignup())
  victimCollection = (await other.post(`/api/sites/${theirs.json.site.id}/content/collections`, { typeName: 'blog', title: 'Theirs' })).json.collection.id
  const res = await post(`/api/sites/${siteId}/export`, undefined, 'GET')
  expect(res.status).toBe(200)
  archive = res.bytes
}, 60_000)
afterAll(() => t?.close())

async function post(url: string, payload?: Buffer, method: 'GET' | 'POST' = 'POST', type = SITE_ARCHIVE_MEDIA_TYPE, c: Client | null = owner) {
  const headers: Record<string, string> = { host: 'localhost' }
  if (c) {
    if (!c.crumb) await c.get('/api/auth/me')
    headers.cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    headers['x-csrf-token'] = c.crumb ?? ''
  }
  if (payload) headers['content-type'] = type
  const res = await t.app.fastify.inject({ method, url, headers, ...(payload ? { payload } : {}) })
  return { status: res.statusCode, bytes: res.rawPayload, json: res.headers['content-type']?.toString().includes('json') ? (res.json() as any) : undefined }
}

async function members(bytes: Buffer): Promise<TarMember[]> {
  const out: TarMember[] = []
  for await (const e of readTar((async function* () { yield bytes })())) {
    const pieces: Buffer[] = []
    for await (const p of e.body) pieces.push(p)
    out.push({ name: e.name, size: e.size, body: Buffer.concat(pieces) })
  }
  return out
}

async function rebuild(list: TarMember[]): Promise<Buffer> {
  const pieces: Buffer[] = []
  for await (const p of writeTar(list)) pieces.push(p)
  return Buffer.concat(pieces)
}

const siteCount = async () => (await sqlRows<{ n: number }>(t.app.db.orm, sql`SELECT count(*)::int AS n FROM websites`))[0]!.n

describe(`failed imports (${BACKEND})`, () => {
  it('refuse what is not an archive, another version, a damaged one, and leave no site behind', async () => {
    const before = await siteCount()
    const manifest = (list: TarMember[]) => JSON.parse((list[0]!.body as Buffer).toString()) as Record<string, unknown>
    const list = await members(archive)

    const notOurs = await post('/api/sites/import?slug=x-one', Buffer.from('just some text, not a tar archive at all'.repeat(20)))
    expect(notOurs.status).toBe(400)
    expect(notOurs.json.error).toMatchObject({ code: 'archive_unknown', message: 'This is not a Sitewright site archive (.swz): it has no Sitewright manifest.' })

    const newer = Buffer.from(JSON.stringify({ ...manifest(list), version: SITE_ARCHIVE_VERSION + 1 }))
    const versioned = await post('/api/sites/import?slug=x-two', await rebuild([{ name: 'manifest.json', size: newer.length, body: newer }, ...list.slice(1)]))
    expect(versioned.status).toBe(422)
    expect(versioned.json.error.code).toBe('archive_version')
    expect(versioned.json.error.message).toContain(`made by a newer Sitewright (format version ${SITE_ARCHIVE_VERSION + 1})`)

    const cut = await post('/api/sites/import?slug=x-three', archive.subarray(0, archive.length - 2000))
    expect(cut.status).toBe(400)
    expect(cut.json.error).toMatchObject({ code: 'archive_damaged' })
    expect(cut.json.error.message).toMatch(/^This archive is damaged or incomplete \(.+\)\. Export the site again and retry\.$/)

    // a manifest that lists a file the archive does not hold: found out after the files were stored, all undone
    const m = manifest(list) as { files: { count: number } }
    const lying = Buffer.from(JSON.stringify({ ...m, files: { ...m.files, count: m.files.count + 1 } }))
    const short = await post('/api/sites/import?slug=x-four', await rebuild([{ name: 'manifest.json', size: lying.length, body: lying }, ...list.slice(1)]))
    expect(short.status).toBe(400)
    expect(short.json.error.message).toContain('files where its manifest lists')

    // an item moved into another site's collection (an id the archive does not hold stays as it is): refused
    const items = list.find((x) => x.name.includes('-content_items/'))!
    const moved = Buffer.from((items.body as Buffer).toString().replace(/"collection_id":"[0-9a-f]{24}"/, `"collection_id":"${victimCollection}"`))
    const crafted = await post('/api/sites/import?slug=x-six', await rebuild(list.map((x) => (x === items ? { ...x, size: moved.length, body: moved } : x))))
    expect(crafted.status).toBe(400)
    expect(crafted.json.error.message).toContain('content_items refers to data that is not in the archive')

    expect(await siteCount()).toBe(before)
    const orphans = await sqlRows<{ n: number }>(t.app.db.orm, sql`SELECT count(*)::int AS n FROM file_assets WHERE site_id NOT IN (SELECT id FROM websites)`)
    expect(orphans[0]!.n).toBe(0)
    for (const slug of ['x-one', 'x-two', 'x-three', 'x-four', 'x-six']) expect((await t.client(`${slug}.localhost`).get('/')).status).toBe(404)
  })

  it('needs a signed-in owner, the crumb and an archive media type; an invalid address is named', async () => {
    expect((await post('/api/sites/import', archive, 'POST', SITE_ARCHIVE_MEDIA_TYPE, null)).status).toBe(403) // no crumb
    const anonymous = t.client()
    expect((await post('/api/sites/import', archive, 'POST', SITE_ARCHIVE_MEDIA_TYPE, anonymous)).status).toBe(401)
    const wrongType = await post('/api/sites/import', archive, 'POST', 'image/png')
    expect(wrongType.status).toBe(415)
    const badSlug = await post('/api/sites/import?slug=A!', archive)
    expect(badSlug.status).toBe(400)
    expect(Object.keys(badSlug.json.error.fields)).toEqual(['slug'])
    const ok = await post('/api/sites/import?slug=x-five', archive)
    expect(ok.status).toBe(201)
    const files = (await owner.get(`/api/sites/${ok.json.site.id}/files`)).json.files as { filename: string; assetUrl: string }[]
    const note = files.find((f) => f.filename === 'note.pdf')!
    expect(note.assetUrl).toMatch(/^\/files\/x-five\/[0-9a-f]{24}\/note\.pdf$/)
    expect((await t.client('x-five.localhost').get(note.assetUrl)).body).toBe(PDF)
  })
})
