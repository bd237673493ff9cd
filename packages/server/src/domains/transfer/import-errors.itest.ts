// Imports that must fail, each with a typed 4xx and a clear message, and leave nothing behind (no site, no files):
// another kind of file, another format version, a damaged or cut archive, one flipped byte inside an image (its
// SHA-256 in the manifest), a manifest that promises more than the archive holds, a wrong media type, no session.
// And what an edited archive (checksums recomputed) cannot do: reach another site's rows through references no
// foreign key covers (an orphan comment, a form block naming another site's form). PGlite, and PostgreSQL with
// DATABASE_URL.
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SITE_ARCHIVE_MEDIA_TYPE, SITE_ARCHIVE_VERSION } from '@sitewright/contracts'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { sqlRows } from '../../platform/db/index.js'
import { readTar, writeTar, type Manifest, type TarMember } from './index.js'

let t: TestApp
let owner: Client
let archive: Buffer
let victimCollection = ''
let victimItem = ''
let victimForm = ''
let ownForm = ''
let ownItem = ''
const PDF = '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const signup = await owner.post('/api/auth/signup', newSignup())
  const siteId = signup.json.site.id as string
  await t.app.files.storeBuffer(siteId, 'note.pdf', Buffer.from(PDF))
  await t.app.files.storeBuffer(siteId, 'photo.png', await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f6b3b' } }).png().toBuffer())
  await owner.patch(`/api/sites/${siteId}/content/profile`, { tagLine: 'A small site' })
  const blog = await owner.post(`/api/sites/${siteId}/content/collections`, { typeName: 'blog', title: 'News' })
  const hello = await owner.post(`/api/sites/${siteId}/content/collections/${blog.json.collection.id}/items`, { title: 'Hello' })
  expect(hello.status).toBe(201)
  ownItem = hello.json.item.id
  ownForm = (await owner.post(`/api/sites/${siteId}/forms`, { name: 'Contact' })).json.form.id
  const layout = { sections: [{ blocks: [{ typeName: 'form', value: { formId: ownForm } }, { typeName: 'text', value: { html: '<p>Write to us</p>' } }] }] }
  expect((await owner.post(`/api/sites/${siteId}/content/collections`, { typeName: 'page', title: 'Contact', layout })).status).toBe(201)
  // another owner's site, whose rows a crafted archive will try to reach
  const other = t.client()
  const theirs = await other.post('/api/auth/signup', newSignup())
  const theirSite = theirs.json.site.id as string
  victimCollection = (await other.post(`/api/sites/${theirSite}/content/collections`, { typeName: 'blog', title: 'Theirs' })).json.collection.id
  victimItem = (await other.post(`/api/sites/${theirSite}/content/collections/${victimCollection}/items`, { title: 'Their post' })).json.item.id
  victimForm = (await other.post(`/api/sites/${theirSite}/forms`, { name: 'Theirs' })).json.form.id
  await t.app.files.whenIdle() // the image's width variants made: they travel too
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

const manifestOf = (list: TarMember[]) => JSON.parse((list[0]!.body as Buffer).toString()) as Manifest
const withManifest = (list: TarMember[], m: Manifest): TarMember[] => {
  const body = Buffer.from(JSON.stringify(m))
  return [{ name: 'manifest.json', size: body.length, body }, ...list.slice(1)]
}
/** An edited archive whose manifest is re-signed: every checksum recomputed (what someone crafting one would do). */
const resigned = (list: TarMember[], m = manifestOf(list)): TarMember[] =>
  withManifest(list, { ...m, checksums: Object.fromEntries(list.slice(1).map((x) => [x.name, createHash('sha256').update(x.body as Buffer).digest('hex')])) })
const replaced = (list: TarMember[], member: TarMember, text: string): TarMember[] =>
  list.map((x) => (x === member ? { ...x, size: Buffer.byteLength(text), body: Buffer.from(text) } : x))

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

    // a table part cut short by one row, the manifest re-signed: its row count no longer matches
    const cutPart = list.find((x) => x.name.includes('-content_items/'))!
    const oneLess = (cutPart.body as Buffer).toString().split('\n').filter(Boolean).slice(1).join('\n') + '\n'
    const fewer = await post('/api/sites/import?slug=x-seven', await rebuild(resigned(replaced(list, cutPart, oneLess))))
    expect(fewer.json.error.message).toContain('content_items has 0 rows where its manifest lists 1')

    // an item moved into another site's collection (an id the archive does not hold stays as it is): refused
    const items = list.find((x) => x.name.includes('-content_items/'))!
    const moved = Buffer.from((items.body as Buffer).toString().replace(/"collection_id":"[0-9a-f]{24}"/, `"collection_id":"${victimCollection}"`))
    const crafted = await post('/api/sites/import?slug=x-six', await rebuild(resigned(list.map((x) => (x === items ? { ...x, size: moved.length, body: moved } : x)))))
    expect(crafted.status).toBe(400)
    expect(crafted.json.error.message).toContain('content_items refers to data that is not in the archive')

    expect(await siteCount()).toBe(before)
    const orphans = await sqlRows<{ n: number }>(t.app.db.orm, sql`SELECT count(*)::int AS n FROM file_assets WHERE site_id NOT IN (SELECT id FROM websites)`)
    expect(orphans[0]!.n).toBe(0)
    for (const slug of ['x-one', 'x-two', 'x-three', 'x-four', 'x-six', 'x-seven']) expect((await t.client(`${slug}.localhost`).get('/')).status).toBe(404)
  })

  it('refuse one flipped byte inside an image, naming it, before writing anything', async () => {
    const list = await members(archive)
    const m = manifestOf(list)
    const assets = list.find((x) => x.name.includes('-file_assets/'))!
    const photoId = ((assets.body as Buffer).toString().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: string; filename: string })).find((r) => r.filename === 'photo.png')!.id
    const photo = list.find((x) => x.name === `files/${photoId}/original`)!
    expect(m.checksums![photo.name]).toBe(createHash('sha256').update(photo.body as Buffer).digest('hex'))
    const flipped = Buffer.from(photo.body as Buffer)
    flipped[Math.floor(flipped.length / 2)]! ^= 0x01
    const before = await siteCount()
    const put = vi.spyOn(t.app.files.storage, 'put')
    try {
      const res = await post('/api/sites/import?slug=x-flip', await rebuild(list.map((x) => (x === photo ? { ...x, body: flipped } : x))))
      expect(res.status).toBe(400)
      expect(res.json.error).toMatchObject({
        code: 'archive_damaged',
        message: `This archive is damaged or incomplete (files/${photoId}/original (photo.png) does not match its checksum). Export the site again and retry.`,
      })
      expect(put).not.toHaveBeenCalled()
    } finally {
      put.mockRestore()
    }
    expect(await siteCount()).toBe(before)
    expect((await t.client('x-flip.localhost').get('/')).status).toBe(404)

    // a member the manifest does not list, and one it lists that is missing: refused by name
    const extra = await post('/api/sites/import?slug=x-flip', await rebuild(withManifest(list, { ...m, checksums: Object.fromEntries(Object.entries(m.checksums!).filter(([k]) => k !== photo.name)) })))
    expect(extra.json.error.message).toContain(`files/${photoId}/original (photo.png) is not in its manifest`)
    const gone = await post('/api/sites/import?slug=x-flip', await rebuild(withManifest(list, { ...m, checksums: { ...m.checksums!, [`files/${photoId}/9999w`]: '0'.repeat(64) } })))
    expect(gone.json.error.message).toContain(`files/${photoId}/9999w is missing`)
    expect(await siteCount()).toBe(before)

    // an archive made before checksums (no `checksums`): imported, with a warning that it was not verified
    const old = await post('/api/sites/import?slug=x-old', await rebuild(withManifest(list, { ...m, checksums: undefined })))
    expect(old.status).toBe(201)
    expect(old.json.warnings).toEqual(['This archive was made before archives carried checksums: its files and tables could not be verified byte for byte.'])
    expect((await post('/api/sites/import?slug=x-signed', archive)).json.warnings).toEqual([])
  })

  it('leave out references no foreign key covers when the archive does not hold their row', async () => {
    const list = await members(archive)
    const m = manifestOf(list)
    // four comments: one on the archive's own post (kept), one on another site's post (left out), a reply to the
    // first (kept, with its parent; listed before it) and a reply to a comment the archive lacks (kept, top-level)
    const row = (id: string, itemId: string, body: string, parentId: string | null = null) =>
      JSON.stringify({ site_id: m.source.siteId, id, item_id: itemId, parent_id: parentId, author_name: 'Ann', body, status: 'approved', ip_hash: 'x', created_at: '2026-01-02T03:04:05+00:00' })
    const comments = [
      row('c0ffee0000000000000000a0', ownItem, 'Reply', 'c0ffee0000000000000000a1'),
      row('c0ffee0000000000000000a1', ownItem, 'Kept'),
      row('c0ffee0000000000000000a2', victimItem, 'Orphan'),
      row('c0ffee0000000000000000a3', ownItem, 'Lost parent', 'c0ffee0000000000000000ff'),
    ].join('\n') + '\n'
    const part: TarMember = { name: 'tables/16-social_comments/000001.jsonl', size: Buffer.byteLength(comments), body: Buffer.from(comments) }
    const tables = m.tables.map((x) => (x.name === 'social_comments' ? { ...x, rows: 4, parts: 1 } : x))
    // the contact page's form block now names another site's form
    const pages = list.find((x) => x.name.includes('-content_collections/'))!
    expect((pages.body as Buffer).toString()).toContain(ownForm)
    const edited = replaced(list, pages, (pages.body as Buffer).toString().split(ownForm).join(victimForm))
    const at = edited.findIndex((x) => x.name.startsWith('files/'))
    const crafted = resigned([...edited.slice(0, at), part, ...edited.slice(at)], { ...m, tables })
    const res = await post('/api/sites/import?slug=x-refs', await rebuild(crafted))
    expect(res.status, JSON.stringify(res.json)).toBe(201)
    expect(res.json.warnings).toEqual([
      'content_collections: 1 reference to data that is not in the archive left out.',
      'social_comments: 2 references to data that is not in the archive left out.',
    ])
    const siteId = res.json.site.id as string
    const kept = await sqlRows<{ body: string; item_id: string; parent: string | null }>(
      t.app.db.orm,
      sql`SELECT c.body, c.item_id, p.body AS parent FROM social_comments c LEFT JOIN social_comments p ON p.id = c.parent_id WHERE c.site_id = ${siteId} ORDER BY c.body`,
    )
    const newItem = await sqlRows<{ id: string }>(t.app.db.orm, sql`SELECT id FROM content_items WHERE site_id = ${siteId}`)
    expect(kept).toEqual([
      { body: 'Kept', item_id: newItem[0]!.id, parent: null },
      { body: 'Lost parent', item_id: newItem[0]!.id, parent: null },
      { body: 'Reply', item_id: newItem[0]!.id, parent: 'Kept' },
    ])
    const contact = (await owner.get(`/api/sites/${siteId}/content/collections`)).json.collections.find((c: { title: string }) => c.title === 'Contact')
    const blocks = (await owner.get(`/api/sites/${siteId}/content/collections/${contact.id}`)).json.collection.layout.sections[0].blocks as { value: Record<string, unknown> }[]
    expect(blocks.map((b) => b.value)).toEqual([{ html: '<p>Write to us</p>' }])
    expect(JSON.stringify(await sqlRows(t.app.db.orm, sql`SELECT * FROM content_collections WHERE site_id = ${siteId}`))).not.toContain(victimForm)

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
