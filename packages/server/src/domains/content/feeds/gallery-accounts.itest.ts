// Gallery blocks' connected accounts (SPEC.md "20 image-gallery connected accounts with size 50"): the server fetches
// each account's public photo feed (here a local stand-in HTTP server), keeps at most 50 images per account and
// caches them; the published gallery shows them in its design. 21 accounts are refused; a feed that fails keeps the
// page up; a stale feed is fetched again in the background; private addresses are refused outside tests.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, keepEnv, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'

keepEnv(['GALLERY_FEED_ALLOW_PRIVATE'])
let t: TestApp
let stub: Server
let base: string
let owner: Client
let siteId: string
let host: string
const hits: string[] = []
let version = 1

beforeAll(async () => {
  stub = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub')
    hits.push(url.pathname)
    const n = Number(url.searchParams.get('n') ?? 3)
    if (url.pathname === '/broken.json') return void res.writeHead(500).end()
    if (url.pathname === '/moved') return void res.writeHead(302, { location: `/photos.json?n=2&tag=moved` }).end()
    if (url.pathname === '/photos.rss') {
      res.setHeader('content-type', 'application/rss+xml')
      const items = Array.from({ length: n }, (_, i) => `<item><title>Rss ${i + 1}</title><link>https://photos.example.com/r/${i + 1}</link><enclosure url="https://img.example.com/r/${i + 1}.jpg" type="image/jpeg"/></item>`)
      return void res.end(`<?xml version="1.0"?><rss><channel><title>t</title>${items.join('')}</channel></rss>`)
    }
    res.setHeader('content-type', 'application/feed+json')
    const tag = url.searchParams.get('tag') ?? 'a'
    res.end(JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', items: Array.from({ length: n }, (_, i) => ({ id: String(i), title: `${tag} v${version} #${i + 1}`, url: `https://photos.example.com/${tag}/${i + 1}`, image: `https://img.example.com/${tag}/v${version}/${i + 1}.jpg` })) }))
  })
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
  process.env.GALLERY_FEED_ALLOW_PRIVATE = '1'
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
})
afterAll(async () => {
  await t?.close()
  stub?.close()
})

const api = (p: string) => `/api/sites/${siteId}/content${p}`
const gallery = (accounts: unknown[], design = 'grid') => ({ sections: [{ blocks: [{ type: 8, value: { source: 'accounts', accounts, options: { design } } }] }] })
const shownImages = (html: string) => [...html.matchAll(/<img class="image[^"]*" src="(https:\/\/img\.example\.com\/[^"]+)"/g)].map((m) => m[1]!)

async function poll<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await what()
    if (ok(v) || Date.now() > end) return v
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe(`gallery connected accounts (${BACKEND})`, () => {
  let pageId: string

  it('fetches each account feed on save and shows at most 50 images per account in the gallery design', async () => {
    const made = await owner.post(api('/collections'), {
      typeName: 'page',
      title: 'Photos',
      status: 'published',
      layout: gallery([
        { provider: 'flickr', feedUrl: `${base}/photos.json?n=80&tag=big`, title: 'Harbour on Flickr' },
        { provider: 'rss', feedUrl: `${base}/photos.rss?n=2` },
      ]),
    })
    expect(made.status, made.body).toBe(201)
    pageId = made.json.collection.id
    expect(hits.filter((p) => p === '/photos.json')).toHaveLength(1) // fetched on save
    const html = (await t.client(host).get('/photos')).body
    const images = shownImages(html)
    expect(images).toHaveLength(52)
    expect(images.slice(0, 50)).toEqual(Array.from({ length: 50 }, (_, i) => `https://img.example.com/big/v1/${i + 1}.jpg`))
    expect(images.slice(50)).toEqual(['https://img.example.com/r/1.jpg', 'https://img.example.com/r/2.jpg'])
    expect(html).toContain('<div class="gallery gallery-grid"')
    expect(html).toContain('href="https://photos.example.com/big/1"') // each image links to its photo page
    expect(html).toContain('alt="big v1 #1"')
    // served from the cache: no fetch per page view
    const before = hits.length
    await t.client(host).get('/photos?nocache=1')
    expect(hits.length).toBe(before)
  })

  it('refuses a 21st account with the limit in the message; 20 are kept', async () => {
    const accounts = (n: number) => Array.from({ length: n }, (_, i) => ({ provider: 'rss', feedUrl: `${base}/photos.json?n=1&tag=acct${i + 1}` }))
    const refused = await owner.patch(api(`/collections/${pageId}`), { layout: gallery(accounts(21)) })
    expect(refused.status).toBe(400)
    expect(refused.json.error).toMatchObject({ type: 'invalid_data', message: 'A gallery connects at most 20 accounts.' })
    const saved = await owner.patch(api(`/collections/${pageId}`), { layout: gallery(accounts(20), 'stacked') })
    expect(saved.status, saved.body).toBe(200)
    const html = (await t.client(host).get('/photos')).body
    expect(shownImages(html)).toHaveLength(20)
    expect(html).toContain('gallery-stacked')
    const bad = await owner.patch(api(`/collections/${pageId}`), { layout: gallery([{ provider: 'rss', feedUrl: 'ftp://photos.example.com/feed' }]) })
    expect(bad.status).toBe(400)
  })

  it('a failing feed leaves the gallery empty for that account; a redirect is followed', async () => {
    const saved = await owner.patch(api(`/collections/${pageId}`), { layout: gallery([{ provider: 'rss', feedUrl: `${base}/broken.json` }, { provider: 'rss', feedUrl: `${base}/moved` }]) })
    expect(saved.status).toBe(200)
    const rows = await t.app.db.orm.execute(sql`select feed_url, error, jsonb_array_length(images) as n from content_gallery_feeds where site_id = ${siteId} and (feed_url like '%broken%' or feed_url like '%moved')`)
    const byUrl = Object.fromEntries(((rows as unknown as { rows: { feed_url: string; error: string | null; n: number }[] }).rows ?? rows).map((r: { feed_url: string; error: string | null; n: number }) => [r.feed_url.replace(base, ''), [r.error, Number(r.n)]]))
    expect(byUrl).toEqual({ '/broken.json': ['The feed answered 500.', 0], '/moved': [null, 2] })
    expect(shownImages((await t.client(host).get('/photos')).body)).toEqual(['https://img.example.com/moved/v1/1.jpg', 'https://img.example.com/moved/v1/2.jpg'])
  })

  it('a stale feed is fetched again in the background and the page shows the new images', async () => {
    const feedUrl = `${base}/photos.json?n=2&tag=stale`
    expect((await owner.patch(api(`/collections/${pageId}`), { layout: gallery([{ provider: 'rss', feedUrl }]) })).status).toBe(200)
    expect(shownImages((await t.client(host).get('/photos')).body)[0]).toBe('https://img.example.com/stale/v1/1.jpg')
    version = 2
    await t.app.db.orm.execute(sql`update content_gallery_feeds set fetched_at = now() - interval '2 hours' where site_id = ${siteId} and feed_url = ${feedUrl}`)
    // the cached page is dropped (what its 60 s TTL does): the next look renders, sees the stale feed, still shows
    // the cached images and fetches the feed in the background; once it is in, the pages change
    expect((await owner.patch(api('/profile'), { tagLine: 'Photos by the sea' })).status).toBe(200)
    expect(shownImages((await t.client(host).get('/photos')).body)[0]).toBe('https://img.example.com/stale/v1/1.jpg')
    const fresh = await poll(async () => shownImages((await t.client(host).get('/photos')).body)[0], (v) => v === 'https://img.example.com/stale/v2/1.jpg')
    expect(fresh).toBe('https://img.example.com/stale/v2/1.jpg')
  })

  it('outside tests a feed on a private address is not fetched', async () => {
    delete process.env.GALLERY_FEED_ALLOW_PRIVATE
    const before = hits.length
    const feedUrl = `${base}/photos.json?n=2&tag=private`
    expect((await owner.patch(api(`/collections/${pageId}`), { layout: gallery([{ provider: 'rss', feedUrl }]) })).status).toBe(200)
    expect(hits.length).toBe(before)
    const rows = await t.app.db.orm.execute(sql`select error from content_gallery_feeds where site_id = ${siteId} and feed_url = ${feedUrl}`)
    const list = ((rows as unknown as { rows?: { error: string }[] }).rows ?? (rows as unknown as { error: string }[]))
    expect(list[0]!.error).toBe('The feed address is not a public one.')
    process.env.GALLERY_FEED_ALLOW_PRIVATE = '1'
  })
})
