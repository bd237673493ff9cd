// Whole-site round trip (PGlite, and PostgreSQL with DATABASE_URL): the demo site is exported over HTTP and imported
// with slug "copy" into another instance (its own fresh database and file storage). Every published page's
// `?format=json` and every stored file (originals and width variants, by sha256) are the same as the source's,
// normalised only for what must differ: the site's host, slug and the ids (renewed consistently).
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SITE_ARCHIVE_MEDIA_TYPE } from '@sitewright/contracts'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { DEMO_OWNER } from '../../app/index.js'
import { sqlRows } from '../../platform/db/index.js'
import { readTar } from './index.js'

let source: TestApp
let target: TestApp
let archive: Buffer
let owner: Client
let sourceSiteId = ''
let orderNumber = 0
beforeAll(async () => {
  // with DATABASE_URL the source is on PostgreSQL and the target on PGlite: the archive crosses backends (the import
  // onto the source's own instance below is PostgreSQL to PostgreSQL)
  const targetBackend = BACKEND === 'postgres' ? { databaseUrl: null, fileStorage: 'disk' as const } : {}
  ;[source, target] = await Promise.all([startTestApp(), startTestApp({ seedDemo: false, ...targetBackend })])
  owner = source.client()
  const me = await owner.post('/api/auth/login', { email: DEMO_OWNER.email, password: DEMO_OWNER.password })
  sourceSiteId = me.json.sites.find((s: { slug: string }) => s.slug === 'demo').id
}, 180_000)
afterAll(async () => {
  await source?.close()
  await target?.close()
})

/** A binary request with the client's cookies and crumb (the harness client speaks text). */
async function raw(t: TestApp, c: Client, method: 'GET' | 'POST', url: string, payload?: Buffer) {
  if (!c.crumb) await c.get('/api/auth/me')
  const headers: Record<string, string> = { host: c.host, cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': c.crumb ?? '' }
  if (payload) headers['content-type'] = SITE_ARCHIVE_MEDIA_TYPE
  const res = await t.app.fastify.inject({ method, url, headers, ...(payload ? { payload } : {}), remoteAddress: c.remoteAddress })
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: res.headers['content-type']?.toString().includes('json') ? (res.json() as any) : undefined }
}

/** Every published page and item address of a site (collections, items, products) plus its sitemap. */
async function pagePaths(t: TestApp, c: Client, siteId: string, host: string): Promise<string[]> {
  const paths = new Set<string>(['/'])
  const cols = (await c.get(`/api/sites/${siteId}/content/collections`)).json.collections as { id: string; fullUrl: string; status: string }[]
  for (const col of cols.filter((x) => x.status === 'published')) {
    paths.add(col.fullUrl)
    const items = (await c.get(`/api/sites/${siteId}/content/collections/${col.id}/items?pageSize=100`)).json.items as { fullUrl: string; status: string }[] | undefined
    for (const item of items ?? []) if (item.status === 'published') paths.add(item.fullUrl)
  }
  const products = (await c.get(`/api/sites/${siteId}/commerce/products?pageSize=100`)).json.products as { fullUrl?: string }[] | undefined
  for (const p of products ?? []) if (p.fullUrl) paths.add(p.fullUrl)
  const sitemap = (await t.client(host).get('/sitemap.xml')).body
  for (const m of sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)) paths.add(m[1]!)
  return [...paths].sort()
}

/** A page's JSON with the site's host and slug and every id (in order of first appearance) made neutral. */
function normalise(json: string, host: string, slug: string): string {
  const seen = new Map<string, string>()
  return json
    .replace(/"crumb":"[^"]*"/g, '"crumb":"CRUMB"')
    .split(`"identifier":"${slug}"`)
    .join('"identifier":"SLUG"')
    .split(host)
    .join('HOST')
    .replace(/[0-9a-f]{24}/g, (id) => {
      if (!seen.has(id)) seen.set(id, `ID${seen.size}`)
      return seen.get(id)!
    })
    .split(`/files/${slug}/`)
    .join('/files/SLUG/')
}

async function fileDigests(t: TestApp, siteId: string) {
  const list = await sqlRows<{ id: string; filename: string; variants: string }>(t.app.db.orm, sql`SELECT id, filename, variants FROM file_assets WHERE site_id = ${siteId}`)
  const out: string[] = []
  for (const f of list) {
    for (const variant of ['original', ...f.variants.split(',').filter(Boolean)]) {
      const bytes = await t.app.files.storage.get(`${siteId}/${f.id}/${variant}`)
      expect(bytes, `${f.filename} ${variant}`).not.toBeNull()
      out.push(`${f.filename} ${variant} ${createHash('sha256').update(bytes!).digest('hex')}`)
    }
  }
  expect(out.length).toBeGreaterThan(3)
  return out.sort()
}

const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' }
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }
const count = async (t: TestApp, table: string, siteId: string) =>
  (await sqlRows<{ n: number }>(t.app.db.orm, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE site_id = ${siteId}`))[0]!.n

/** A real order on the demo store (cart, checkout, test card): customer data to carry over. */
async function buyOnDemo(): Promise<number> {
  const [p] = await sqlRows<{ id: string; sku: string }>(
    source.app.db.orm,
    sql`SELECT p.id, v.sku FROM commerce_products p JOIN commerce_variants v ON v.product_id = p.id WHERE p.site_id = ${sourceSiteId} AND p.product_type = 1 AND p.is_subscribable = false AND p.additional_fields_form_id IS NULL AND (v.unlimited OR v.qty_in_stock > 3) ORDER BY p.title LIMIT 1`,
  )
  const c = source.client('localhost')
  const added = await c.post('/api/commerce/shopping-cart/entries', { itemId: p!.id, sku: p!.sku, quantity: 1, additionalFields: null })
  expect(added.status, added.body).toBe(200)
  const r = await c.post('/api/commerce/checkout', { email: 'buyer@example.com', shippingAddress: ADDRESS, card: CARD })
  expect(r.status, JSON.stringify(r.json)).toBe(201)
  return r.json.order.number as number
}

describe(`whole-site export and import (${BACKEND})`, () => {
  it('exports the demo site as a .swz archive of exactly the announced length', async () => {
    orderNumber = await buyOnDemo()
    // a thread on a demo post: a reply to one of its comments, and a reply to that reply
    const [first] = await sqlRows<{ id: string; item_id: string }>(source.app.db.orm, sql`SELECT id, item_id FROM social_comments WHERE site_id = ${sourceSiteId} AND status = 'approved' ORDER BY created_at LIMIT 1`)
    const reply = await source.app.social.addComment(sourceSiteId, first!.item_id, { authorName: 'Rosa', body: 'Replying to the first comment.', parentId: first!.id })
    await source.app.social.addComment(sourceSiteId, first!.item_id, { authorName: 'Ed', body: 'And a reply to the reply.', parentId: reply.id })
    await source.app.files.whenIdle() // every image's width variants made
    const res = await raw(source, owner, 'GET', `/api/sites/${sourceSiteId}/export`)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe(SITE_ARCHIVE_MEDIA_TYPE)
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="demo-\d{4}-\d{2}-\d{2}\.swz"$/)
    archive = res.bytes
    expect(Number(res.headers['content-length'])).toBe(archive.length)
    const names: string[] = []
    for await (const e of readTar((async function* () { yield archive })())) names.push(e.name)
    expect(names[0]).toBe('manifest.json')
    expect(names.some((n) => n.startsWith('tables/') && n.includes('-content_collections/'))).toBe(true)
    expect(names.filter((n) => n.startsWith('files/')).length).toBeGreaterThan(3)
  }, 120_000)

  it(`imports it with slug "copy" on another instance (${BACKEND === 'postgres' ? 'PostgreSQL to PGlite' : 'PGlite to PGlite'}): same pages (?format=json) and the same file bytes`, async () => {
    const importer = target.client()
    expect((await importer.post('/api/auth/signup', newSignup())).status).toBe(201)
    const res = await raw(target, importer, 'POST', '/api/sites/import?slug=copy', archive)
    expect(res.status, JSON.stringify(res.json)).toBe(201)
    expect(res.json.site).toMatchObject({ slug: 'copy', roleName: 'ADMIN' })
    expect(res.json.customerData).toBe(true)
    expect(res.json.warnings).toEqual([]) // every checksum verified, no reference to data outside the archive
    const copyId = res.json.site.id as string

    const sourcePaths = await pagePaths(source, owner, sourceSiteId, 'localhost')
    expect(await pagePaths(target, importer, copyId, 'copy.localhost')).toEqual(sourcePaths)
    expect(sourcePaths.length).toBeGreaterThan(5)
    for (const path of sourcePaths) {
      const q = `${path}${path.includes('?') ? '&' : '?'}format=json`
      const a = await source.client('localhost').get(q)
      const b = await target.client('copy.localhost').get(q)
      expect(b.status, path).toBe(a.status)
      expect(normalise(b.body, 'copy.localhost', 'copy'), path).toBe(normalise(a.body, 'localhost', 'demo'))
    }
    expect(target.app.db.kind).toBe('pglite')
    expect(await fileDigests(target, copyId)).toEqual(await fileDigests(source, sourceSiteId))
    // the business came along: the order (same number and total), members, reviews, comments
    const orders = (await importer.get(`/api/sites/${copyId}/commerce/orders`)).json.orders as { number: number }[]
    expect(orders.map((o) => o.number)).toEqual([orderNumber])
    for (const table of ['commerce_orders', 'commerce_test_payments', 'site_users', 'product_reviews', 'social_comments', 'commerce_variants']) {
      expect(await count(target, table, copyId), table).toBe(await count(source, table, sourceSiteId))
    }
    // replies keep their parents (the pages' nested comments are compared above too)
    const threads = (t: TestApp, siteId: string) =>
      sqlRows<{ reply: string; parent: string }>(t.app.db.orm, sql`SELECT c.body AS reply, p.body AS parent FROM social_comments c JOIN social_comments p ON p.id = c.parent_id AND p.item_id = c.item_id WHERE c.site_id = ${siteId} ORDER BY c.body`)
    expect(await threads(target, copyId)).toEqual([
      { reply: 'And a reply to the reply.', parent: 'Replying to the first comment.' },
      { reply: 'Replying to the first comment.', parent: expect.any(String) },
    ])
    expect(await threads(target, copyId)).toEqual(await threads(source, sourceSiteId))
  }, 300_000)

  it('imports onto the same instance (every id renewed: nothing collides) and leaves customer data out when asked', async () => {
    const here = await raw(source, owner, 'POST', '/api/sites/import?slug=copy-here&title=Second%20studio', archive)
    expect(here.status, JSON.stringify(here.json)).toBe(201)
    expect(here.json.site).toMatchObject({ slug: 'copy-here', title: 'Second studio' })
    expect(await count(source, 'commerce_orders', here.json.site.id)).toBe(1)
    expect(await count(source, 'commerce_orders', sourceSiteId)).toBe(1)
    expect((await source.client('copy-here.localhost').get('/')).status).toBe(200)

    const bare = await raw(source, owner, 'GET', `/api/sites/${sourceSiteId}/export?customerData=0`)
    expect(bare.status).toBe(200)
    const res = await raw(source, owner, 'POST', '/api/sites/import?slug=bare-copy', bare.bytes)
    expect(res.status).toBe(201)
    expect(res.json.customerData).toBe(false)
    for (const table of ['commerce_orders', 'site_users', 'form_submissions']) expect(await count(source, table, res.json.site.id), table).toBe(0)
    expect(await count(source, 'content_collections', res.json.site.id)).toBe(await count(source, 'content_collections', sourceSiteId))
  }, 300_000)
})
