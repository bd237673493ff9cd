// The WordPress Theme Unit Test export (public test data, ../shared/fixtures/import beside the repository) imported
// through the owner API into a new site: the counts are those of the file (counted here with a plain reading of its
// items), every old address answers 301 to a page that answers 200, a crawl of the new site finds no broken internal
// link, the images (on hosts tests cannot reach) are reported missing, and importing the file again updates
// instead of duplicating. A malformed file and an RSS feed that is no export are refused whole, naming the line.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportJobView } from '@sitewright/contracts'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { sqlRows } from '../../platform/db/index.js'

const FIXTURES = fileURLToPath(new URL('../../../../../../shared/fixtures/import/', import.meta.url))
const UNIT_TEST = join(FIXTURES, 'wordpress-theme-unit-test.xml')
const have = existsSync(UNIT_TEST)
if (!have) console.warn(`skipped: the WordPress fixtures are not at ${FIXTURES} (the repository's ../shared/fixtures/import)`)

let t: TestApp
let owner: Client
let site: { id: string; host: string }

/** The file's items, read plainly (a field per item), to count what the import must have made. */
function sourceCounts(xml: string) {
  const items = xml.split('<item>').slice(1).map((s) => s.slice(0, s.indexOf('</item>')))
  const field = (item: string, name: string) => new RegExp(`<wp:${name}>(?:<!\\[CDATA\\[)?([^<\\]]*)`).exec(item)?.[1] ?? ''
  const live = items.filter((i) => ['publish', 'draft', 'future', 'pending', 'private'].includes(field(i, 'status')))
  const posts = live.filter((i) => field(i, 'post_type') === 'post')
  const pages = live.filter((i) => field(i, 'post_type') === 'page')
  const comments = posts.flatMap((p) => p.split('<wp:comment>').slice(1)).filter((c) => {
    const type = /<wp:comment_type>(?:<!\[CDATA\[)?([^<\]]*)/.exec(c)?.[1] ?? ''
    const approved = /<wp:comment_approved>(?:<!\[CDATA\[)?([^<\]]*)/.exec(c)?.[1] ?? ''
    return !['pingback', 'trackback'].includes(type) && ['1', '0', 'spam'].includes(approved)
  })
  // published and not password-protected (those come in private)
  const open = (i: string) => field(i, 'status') === 'publish' && !field(i, 'post_password')
  const oldPaths = [...posts, ...pages]
    .filter(open)
    .map((i) => new URL(/<link>([^<]*)<\/link>/.exec(i)![1]!).pathname.replace(/\/+$/, '') || '/')
    .filter((p) => p !== '/')
  const ids = posts.filter(open).map((i) => field(i, 'post_id'))
  return { posts: posts.length, pages: pages.length, comments: comments.length, oldPaths, ids }
}

async function upload(name: string, bytes: Buffer | string, as = { owner: () => owner, siteId: () => site.id }): Promise<{ status: number; json: any }> {
  const owner = as.owner()
  if (!owner.crumb) await owner.get('/api/auth/me')
  const res = await t.app.fastify.inject({
    method: 'POST',
    url: `/api/sites/${as.siteId()}/imports?kind=wxr&fileName=${encodeURIComponent(name)}`,
    headers: { host: owner.host, cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': owner.crumb ?? '', 'content-type': 'application/xml' },
    payload: bytes,
    remoteAddress: owner.remoteAddress,
  })
  return { status: res.statusCode, json: res.json() }
}

/** Waits for the job to end (the editor polls the same call). */
async function finished(jobId: string, as = { owner: () => owner, siteId: () => site.id }): Promise<ImportJobView> {
  await t.app.imports.jobs.drain()
  const res = await as.owner().get(`/api/sites/${as.siteId()}/imports/${jobId}`)
  expect(res.status).toBe(200)
  return res.json.job as ImportJobView
}

const count = async (table: string, siteId = site.id) => (await sqlRows<{ n: number }>(t.app.db.orm, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE site_id = ${siteId}`))[0]!.n

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  site = { id: res.json.site.id, host: `${res.json.site.slug}.localhost` }
}, 120_000)
afterAll(async () => {
  await t?.close()
})

describe.skipIf(!have)(`WXR import of the WordPress theme unit test (${BACKEND})`, () => {
  const xml = have ? readFileSync(UNIT_TEST, 'utf8') : ''
  const expected = have ? sourceCounts(xml) : null

  it('refuses a malformed file and a plain RSS feed whole, naming the line', async () => {
    const broken = xml.slice(0, xml.indexOf('<item>', 200_000)) + '<item><title>cut</wrong></item>'
    const line = broken.slice(0, broken.lastIndexOf('</wrong>')).split('\n').length
    const bad = await upload('broken.xml', broken)
    expect(bad.status).toBe(202)
    const job = await finished(bad.json.job.id)
    expect(job.status).toBe('failed')
    expect(job.error).toContain(`line ${line}`)
    const feed = await upload('feed.xml', '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>News</title><item><title>A</title></item></channel></rss>')
    expect((await finished(feed.json.job.id)).error).toMatch(/^This is not a WordPress export \(WXR\)/)
    const html = await upload('page.html', '<html><body>hi</body></html>')
    expect((await finished(html.json.job.id)).error).toMatch(/starts with <html>, not <rss> \(line 1\)/)
    expect(await count('content_items')).toBe(0)
    expect(await count('import_sources')).toBe(0)
    // a WordPress export sent as another kind of file: refused by that kind's reader, naming what it is
    const asGhost = await owner.request('POST', `/api/sites/${site.id}/imports?kind=ghost`, { body: xml.slice(0, 5000), contentType: 'application/xml' })
    expect(asGhost.status).toBe(202)
    expect((await finished(asGhost.json.job.id)).error).toMatch(/^This is not a Ghost export \(JSON\): the file is XML/)
    const unknownKind = await owner.request('POST', `/api/sites/${site.id}/imports?kind=joomla`, { body: '{}', contentType: 'application/json' })
    expect(unknownKind.status).toBe(400)
    expect(await count('content_items')).toBe(0)
  })

  it('imports posts, pages, comments and redirects; images on unreachable hosts are reported missing', async () => {
    const started = await upload('wordpress-theme-unit-test.xml', xml)
    expect(started.status).toBe(202)
    const job = await finished(started.json.job.id)
    expect(job.error).toBeNull()
    expect(job.status).toBe('done')
    expect(job.done).toBe(job.total)
    const r = job.report!
    expect(r.counts.posts).toBe(expected!.posts)
    expect(r.counts.pages).toBe(expected!.pages)
    expect(r.counts.comments).toBe(expected!.comments)
    expect(r.counts.images ?? 0).toBe(0)
    expect(r.missingImages.length).toBeGreaterThan(10)
    expect(r.missingImages.every((m) => /could not be found|did not answer|not a public one/.test(m.reason))).toBe(true)
    expect(await count('content_items')).toBe(expected!.posts)
    expect(await count('social_comments')).toBe(expected!.comments)
  }, 90_000)

  it('keeps the replies threaded: each reply of the file under its wp:comment_parent, nested on the page', async () => {
    // the replies of the file's posts (comments on pages are not imported), read plainly: id, parent id, text
    const field = (c: string, name: string) => new RegExp(`<wp:${name}>(?:<!\\[CDATA\\[)?([\\s\\S]*?)(?:\\]\\]>)?</wp:${name}>`).exec(c)?.[1] ?? ''
    const firstLine = (text: string) => text.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim()
    const posts = xml.split('<item>').slice(1).filter((i) => field(i.split('<wp:comment>')[0]!, 'post_type') === 'post')
    const all = posts.flatMap((i) => i.split('<wp:comment>').slice(1)).map((c) => ({ id: field(c, 'comment_id'), parent: field(c, 'comment_parent'), text: firstLine(field(c, 'comment_content')) }))
    const byId = new Map(all.map((c) => [c.id, c]))
    const replies = all.filter((c) => c.parent !== '0' && byId.has(c.parent)).map((c) => ({ reply: c.text, parent: byId.get(c.parent)!.text }))
    expect(replies).toContainEqual({ reply: 'Comment Depth 02', parent: 'Comment Depth 01' })
    const stored = await sqlRows<{ reply: string; parent: string }>(
      t.app.db.orm,
      sql`SELECT c.body AS reply, p.body AS parent FROM social_comments c JOIN social_comments p ON p.id = c.parent_id AND p.item_id = c.item_id AND p.site_id = c.site_id WHERE c.site_id = ${site.id}`,
    )
    const norm = (rows: { reply: string; parent: string }[]) => rows.map((r) => ({ reply: firstLine(r.reply), parent: firstLine(r.parent) })).sort((a, b) => a.reply.localeCompare(b.reply))
    expect(norm(stored)).toEqual(norm(replies))

    // the page of the nested post: Depth 01 with Depth 02 under it, 03 under 02, and 04..10 flattened beside 03
    expect((await owner.patch(`/api/sites/${site.id}/settings`, { commentsEnabled: true })).status).toBe(200)
    const item = xml.split('<item>').find((i) => i.includes('Comment Depth 01'))!
    const visitor = t.client(site.host)
    const old = await visitor.get(`${new URL(/<link>([^<]*)<\/link>/.exec(item)![1]!).pathname.replace(/\/+$/, '')}/`)
    expect(old.status).toBe(301)
    const page = await visitor.get(`${String(old.headers.location)}?format=json`)
    expect(page.status).toBe(200)
    type C = { id: string; body: string; parentId?: string; depth: number; replies: C[]; replyToName?: string }
    const top = (page.json.comments as C[]).find((c) => c.body === 'Comment Depth 01')!
    expect(top.depth).toBe(1)
    expect('parentId' in top).toBe(false) // a top-level comment carries none (the context has no nulls)
    const second = top.replies.find((c) => c.body === 'Comment Depth 02')!
    expect(second.depth).toBe(2)
    const depth02 = all.find((c) => c.text === 'Comment Depth 02')!
    const below = (id: string): string[] => all.filter((c) => c.parent === id).flatMap((c) => [c.text, ...below(c.id)])
    expect(below(depth02.id).length).toBeGreaterThan(5)
    expect(second.replies.map((c) => firstLine(c.body)).sort()).toEqual(below(depth02.id).sort())
    expect(second.replies.every((c) => c.depth === 3 && c.replies.length === 0)).toBe(true)
    expect(second.replies[1]!.replyToName).toBe('Fred Bloggs')
    const html = (await visitor.get(String(old.headers.location))).body
    expect(second.replies[0]!.parentId).toBe(second.id)
    expect(html).toMatch(new RegExp(`id="comment-${second.id}"[^>]*data-comment-depth="2">[\\s\\S]*?<ol class="comment-replies"[^>]*>\\s*<li class="comment comment-depth-3" id="comment-${second.replies[0]!.id}"`))
  })

  it("puts the pages of the export's fullest menu in the main navigation, in menu order", async () => {
    // the menu items, read plainly: All Pages Flat has the most top-level pages (the export names no theme location)
    const items = xml.split('<item>').slice(1).filter((i) => i.includes('<wp:post_type><![CDATA[nav_menu_item]]>') || i.includes('<wp:post_type>nav_menu_item<'))
    const meta = (i: string, k: string) => new RegExp(`<wp:meta_key>(?:<!\\[CDATA\\[)?${k}(?:\\]\\]>)?</wp:meta_key>\\s*<wp:meta_value>(?:<!\\[CDATA\\[)?([^<\\]]*)`).exec(i)?.[1] ?? ''
    const flat = items
      .filter((i) => i.includes('nicename="all-pages-flat"') && meta(i, '_menu_item_menu_item_parent') === '0')
      .sort((a, b) => Number(/<wp:menu_order>(\d+)/.exec(a)![1]) - Number(/<wp:menu_order>(\d+)/.exec(b)![1]))
      .map((i) => meta(i, '_menu_item_object_id'))
    expect(flat.length).toBeGreaterThan(10)
    const pageTitle = new Map(
      xml
        .split('<item>')
        .slice(1)
        .filter((i) => /<wp:post_type>(?:<!\[CDATA\[)?page\b/.test(i))
        .map((i) => [/<wp:post_id>(\d+)/.exec(i)![1]!, /<title>(?:<!\[CDATA\[)?([^<\]]*)/.exec(i)![1]!.trim()]),
    )
    const main = await sqlRows<{ title: string }>(t.app.db.orm, sql`SELECT title FROM content_collections WHERE site_id = ${site.id} AND navigation = 'main' ORDER BY ordering`)
    const expectedTitles = [...new Set(flat.map((id) => pageTitle.get(id)).filter((x): x is string => !!x))]
    expect(expectedTitles.length).toBeGreaterThan(10)
    expect(main.slice(0, expectedTitles.length).map((m) => m.title)).toEqual(expectedTitles)
    // a page of the export that no menu lists at the top is out of the main navigation (still at its address)
    const hidden = await sqlRows<{ title: string }>(t.app.db.orm, sql`SELECT title FROM content_collections WHERE site_id = ${site.id} AND navigation = '_hidden' AND type_name = 'page'`)
    expect(hidden.map((h) => h.title)).not.toEqual(expect.arrayContaining(expectedTitles.slice(0, 1)))
    const job = (await owner.get(`/api/sites/${site.id}/imports`)).json.jobs[0] as ImportJobView
    expect(job.report!.counts['main navigation entries (from the menu “All Pages Flat”)']).toBe(expectedTitles.length)
  })

  it('answers every old address with a 301 to a page that answers 200, and ?p= ids too', async () => {
    const visitor = t.client(site.host)
    const follow = async (path: string) => {
      const res = await visitor.get(`${path}/`)
      if (res.status === 200) return // the same address here (a page at its old path)
      expect(res.status, path).toBe(301)
      const to = String(res.headers.location)
      expect((await visitor.get(to)).status, `${path} -> ${to}`).toBe(200)
    }
    for (let i = 0; i < expected!.oldPaths.length; i += 8) await Promise.all(expected!.oldPaths.slice(i, i + 8).map(follow))
    for (const id of expected!.ids.slice(0, 5)) {
      const res = await visitor.get(`/?p=${id}`)
      expect(res.status, id).toBe(301)
      expect((await visitor.get(String(res.headers.location))).status).toBe(200)
    }
  }, 90_000)

  it('has no broken internal link: a crawl from the home page and every imported post', async () => {
    const visitor = t.client(site.host)
    const items = await sqlRows<{ path: string }>(t.app.db.orm, sql`SELECT '/' || c.url_id || '/' || i.url_id AS path FROM content_items i JOIN content_collections c ON c.id = i.collection_id WHERE i.site_id = ${site.id} AND i.status = 'published'`)
    const queue = ['/', ...items.map((i) => i.path)]
    const seen = new Set(queue)
    const broken: string[] = []
    const oldLinks = new Set<string>() // links still to an address of the old site that was imported
    const oldPaths = new Set(expected!.oldPaths)
    while (queue.length) {
      const path = queue.shift()!
      const res = await visitor.get(path)
      if (res.status === 301 || res.status === 302) {
        const to = String(res.headers.location)
        if (!seen.has(to)) {
          seen.add(to)
          queue.push(to)
        }
        continue
      }
      if (res.status !== 200) {
        broken.push(`${path} ${res.status}`)
        continue
      }
      if (!String(res.headers['content-type']).includes('text/html')) continue
      for (const m of res.body.matchAll(/\s(?:href|src)="([^"#]*)/g)) {
        const href = m[1]!.replace(/&amp;/g, '&')
        if (href.startsWith('https://wpthemetestdata.wordpress.com/') && oldPaths.has(new URL(href).pathname.replace(/\/+$/, ''))) oldLinks.add(href)
        if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/assets/') || href.startsWith('/api/')) continue
        // a blog filter (?tag=, ?category=) is the blog's own page: its path is crawled
        const target = href.split('?')[0]!
        if (!seen.has(target)) {
          seen.add(target)
          queue.push(target)
        }
      }
    }
    expect(broken).toEqual([])
    expect([...oldLinks]).toEqual([])
    expect(seen.size).toBeGreaterThan(expected!.posts)
  }, 90_000)

  it('imports the same file again without duplicating anything', async () => {
    const before = { items: await count('content_items'), comments: await count('social_comments'), pages: await count('content_collections') }
    const again = await upload('wordpress-theme-unit-test.xml', xml)
    const job = await finished(again.json.job.id)
    expect(job.error).toBeNull()
    expect(job.status).toBe('done')
    expect({ items: await count('content_items'), comments: await count('social_comments'), pages: await count('content_collections') }).toEqual(before)
  }, 90_000)
})

describe(`WXR import of a Squarespace export (${BACKEND})`, () => {
  it('imports pages and posts written with paths, rewrites their links and keeps the comments\' approval', async () => {
    const other = t.client()
    const made = await other.post('/api/auth/signup', newSignup())
    const as = { owner: () => other, siteId: () => made.json.site.id as string }
    const xml = readFileSync(fileURLToPath(new URL('./fixtures/squarespace.xml', import.meta.url)))
    const job = await finished((await upload('squarespace.xml', xml, as)).json.job.id, as)
    expect(job.error).toBeNull()
    expect(job.report!.counts).toMatchObject({ pages: 1, posts: 2, comments: 2, 'comments awaiting approval': 1, 'images missing': 1 })
    expect(job.report!.missingImages[0]!.url).toBe('https://images.squarespace-cdn.invalid/content/v1/oven.jpg')
    expect(await count('social_comments', as.siteId())).toBe(2)
    const visitor = t.client(`${made.json.site.slug}.localhost`)
    const post = await visitor.get('/blog/sourdough-starter')
    expect(post.status).toBe(200)
    expect(post.body).toContain('href="/blog/rye-day#top"')
    expect(post.body).toContain('href="/about"')
    expect(post.body).toContain('Patience is the only ingredient.')
    const comments = await sqlRows<{ body: string; status: string }>(t.app.db.orm, sql`SELECT body, status FROM social_comments WHERE site_id = ${as.siteId()} ORDER BY created_at`)
    expect(comments).toEqual([{ body: 'Lovely story!', status: 'approved' }, { body: 'Thank you, Ola.', status: 'pending' }])
    const about = await visitor.get('/about')
    expect(about.status).toBe(200)
    expect(about.body).toContain('href="/blog/sourdough-starter"')
    expect((await visitor.get('/?p=2')).headers.location).toBe('/blog/sourdough-starter')
    expect((await visitor.get('/blog/rye-day')).status).toBe(404) // a draft stays a draft
  })
})

describe.skipIf(!existsSync(join(FIXTURES, 'wordpress-theme-preview.xml')))(`WXR import of the theme-preview export, written without post ids (${BACKEND})`, () => {
  it('imports its posts and comments under the ids of their ?p= addresses, which redirect', async () => {
    const other = t.client()
    const made = await other.post('/api/auth/signup', newSignup())
    const as = { owner: () => other, siteId: () => made.json.site.id as string }
    const xml = readFileSync(join(FIXTURES, 'wordpress-theme-preview.xml'), 'utf8')
    const posts = xml.split('<item>').length - 1
    const comments = xml.split('<wp:comment>').length - 1
    const job = await finished((await upload('wordpress-theme-preview.xml', xml, as)).json.job.id, as)
    expect(job.error).toBeNull()
    expect(job.report!.counts).toMatchObject({ posts, comments })
    expect(await count('content_items', as.siteId())).toBe(posts)
    const visitor = t.client(`${made.json.site.slug}.localhost`)
    const to = (await visitor.get('/?p=19')).headers.location
    expect(to).toBe('/blog/worth-a-thousand-words')
    expect((await visitor.get(String(to))).body).toContain('Boat.')
    // again: updated, not duplicated
    expect((await finished((await upload('wordpress-theme-preview.xml', xml, as)).json.job.id, as)).status).toBe('done')
    expect(await count('content_items', as.siteId())).toBe(posts)
  })
})
