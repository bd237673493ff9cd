// Published pages of the demo site: every page kind, its status and its context compared with CONTEXT.md.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'
import { BLOCK, COLLECTION, COMMENT, IMAGE, ITEM, NAV_LINK, PAGE, SETTINGS, TOP, WEBSITE, shapeProblems } from './context/context-shape.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t?.close())

const json = async (path: string, host = 'localhost') => {
  const res = await t.client(host).get(`${path}${path.includes('?') ? '&' : '?'}format=json`)
  return { status: res.status, ctx: res.json as Record<string, any> }
}

/** Every contract problem of a whole context (top level, site parts, collection, items, blocks, images, comments). */
function problems(ctx: Record<string, any>): string[] {
  const out = [...shapeProblems(ctx, TOP, 'ctx'), ...shapeProblems(ctx.page, PAGE, 'page'), ...shapeProblems(ctx.website, WEBSITE, 'website'), ...shapeProblems(ctx.websiteSettings, SETTINGS, 'websiteSettings')]
  for (const l of [...ctx.navigation.main, ...ctx.navigation.footer]) out.push(...shapeProblems(l, NAV_LINK, 'nav'))
  if (ctx.collection && ctx.pageType < 103) out.push(...shapeProblems(ctx.collection, COLLECTION, 'collection'))
  const items = [...(ctx.items ?? []), ...(ctx.item ? [ctx.item] : [])].filter((i) => i.recordType !== 11)
  for (const i of items) {
    out.push(...shapeProblems(i, ITEM, `item ${i.urlId}`))
    if (i.mainImage) out.push(...shapeProblems(i.mainImage, IMAGE, `item ${i.urlId}.mainImage`))
  }
  for (const s of ctx.layout?.sections ?? []) for (const b of s.blocks) out.push(...shapeProblems(b, BLOCK, `block ${b.id}`))
  for (const c of ctx.comments ?? []) out.push(...shapeProblems(c, COMMENT, 'comment'))
  return out
}

describe(`published demo pages (${BACKEND})`, () => {
  it.each([
    ['/', 200, 3, 'splash'],
    ['/about', 200, 2, 'page'],
    ['/contact', 200, 2, 'page'],
    ['/blog', 200, 1, 'blog-list'],
    ['/blog/firing-the-kiln', 200, 50, 'blog-item'],
    ['/events', 200, 1, 'events-list'],
    ['/events/raku-weekend', 200, 50, 'events-item'],
    ['/galleries', 200, 1, 'index'],
    ['/galleries/grid', 200, 1, 'gallery'],
    ['/galleries/slideshow', 200, 1, 'gallery'],
    ['/galleries/slider', 200, 1, 'gallery'],
    ['/galleries/stacked', 200, 1, 'gallery'],
    ['/galleries/grid/field-1', 200, 50, 'gallery-item'],
    ['/shop', 200, 1, 'products-list'],
    ['/search?q=kiln', 200, 102, 'search'],
    ['/no/such/page', 404, 100, 'not-found'],
    ['/kiln-log', 403, 103, 'lock-screen'],
    ['/members', 403, 105, 'protected'],
    ['/popup-overlay', 200, 104, 'popup-overlay'],
    ['/thank-you', 200, 2, 'page'],
  ])('%s answers %i with page type %i (%s) and a context shaped like CONTEXT.md', async (path, status, pageType, template) => {
    const { status: got, ctx } = await json(path)
    expect(got).toBe(status)
    expect(ctx).toMatchObject({ pageType, template, requestPath: path.split('?')[0] })
    expect(problems(ctx)).toEqual([])
    const html = await t.client('localhost').get(path)
    expect(html.status).toBe(status)
    expect(html.headers['content-type']).toMatch(/text\/html/)
    expect(html.body).toMatch(/^<!doctype html>/)
    expect(html.body).not.toMatch(/\{(website|collection|item)\.[a-zA-Z]/) // every directive rendered
  })

  it('the home page: site context, navigation without hidden or member pages, cover image and blocks', async () => {
    const { ctx } = await json('/')
    expect(ctx.website).toMatchObject({ identifier: 'demo', siteTitle: 'Sitewright Demo', baseUrl: 'http://localhost:3000', language: 'en-US', timeZone: 'America/New_York', siteTagLine: 'Handmade by the sea' })
    expect(ctx.websiteSettings).toMatchObject({ commentsEnabled: true, currency: 'USD' })
    expect(ctx.collection).toMatchObject({ typeName: 'splash-page', type: 8, homepage: true, fullUrl: '/', backgroundSource: 1 })
    expect(ctx.collection.mainImage.assetUrl).toMatch(/^\/files\/demo\/[0-9a-f]{24}\/hero\.jpg$/)
    const main = ctx.navigation.main.map((l: any) => l.fullUrl)
    expect(main).toEqual(['/', '/about', '/blog', '/events', '/galleries', '/shop', '/contact', '/more'])
    expect(ctx.navigation.main[0].active).toBe(true)
    expect(ctx.navigation.main.find((l: any) => l.fullUrl === '/more')).toMatchObject({ folder: true, items: [{ fullUrl: '/faq' }, { fullUrl: '/wholesale' }] })
    expect(ctx.navigation.footer.map((l: any) => l.fullUrl)).toEqual(['/kiln-log', '/privacy', '/support'])
    const summary = ctx.layout.sections.flatMap((s: any) => s.blocks).find((b: any) => b.typeName === 'summary')
    expect(summary.value.items).toHaveLength(3)
    expect(ctx.page).toMatchObject({ title: 'Sitewright Demo', canonicalUrl: 'http://localhost:3000/', ogType: 'website' })
  })

  it("the journal's popup overlay carries its newsletter form resolved, rendered as a site form the forms client saves", async () => {
    const { ctx } = await json('/blog')
    expect(ctx.popupOverlay).toMatchObject({ title: 'Join the studio letter', buttonText: 'Sign me up', form: { id: ctx.popupOverlay.formId, isNewsletter: true } })
    const html = (await t.client('localhost').get('/blog')).body
    const popup = html.slice(html.indexOf('data-popup-overlay'))
    expect(popup).toMatch(/data-popup-form>\s*<div class="form-slot" data-form-slot><div class="form-wrapper" data-form-wrapper>/)
    expect(popup).toContain(`data-site-form data-form-id="${ctx.popupOverlay.formId}"`)
    expect(popup).not.toMatch(/<form[^>]*action=/)
  })

  it('the about page resolves every block to the documented value shape', async () => {
    const { ctx } = await json('/about')
    const blocks = Object.fromEntries(ctx.layout.sections.flatMap((s: any) => s.blocks).map((b: any) => [b.typeName, b]))
    expect(Object.keys(blocks).sort()).toEqual(['accordion', 'button', 'chart', 'code', 'gallery', 'html', 'image', 'map', 'markdown', 'menu', 'quote', 'search', 'social-links', 'spacer', 'video'])
    expect(blocks.image).toMatchObject({ type: 5, value: { caption: 'The studio at dusk', image: { assetUrl: expect.stringMatching(/studio\.jpg$/) } } })
    expect(shapeProblems(blocks.image.value.image, IMAGE, 'image')).toEqual([])
    expect(blocks.markdown.value.html).toContain('<strong>Throw</strong>')
    expect(blocks.gallery.value.items.length).toBeGreaterThan(3)
    expect(blocks.gallery.value.options).toMatchObject({ design: 'grid', 'thumbnails-per-row': 3, padding: 10, lightbox: true })
    expect(blocks.map.value.location).toMatchObject({ mapLat: 43.6591, mapLng: -70.2568 })
    expect(blocks.video.value.oembed.html).toMatch(/^<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\//)
    expect(blocks.spacer.value).toEqual({ height: 32 })
    const html = (await t.client('localhost').get('/about')).body
    expect(html).toContain('Clay remembers everything you do to it.')
  })

  it('a blog post: item, comments (escaped in the page), likes, neighbours, SEO', async () => {
    const { ctx } = await json('/blog/firing-the-kiln')
    expect(ctx.item).toMatchObject({ recordType: 1, tags: ['kiln', 'wood fire'], categories: ['Process'], publicCommentCount: 2, likeCount: 5, commentState: 1, author: { displayName: 'Mara Quinn' } })
    expect(ctx.comments.map((c: any) => c.authorName)).toEqual(['Sam', 'Ida'])
    expect(ctx.pagination).toEqual({ nextItem: { title: 'Sixty glaze tests', fullUrl: '/blog/glaze-tests' } })
    expect(ctx.page).toMatchObject({ title: 'Firing the wood kiln \u2014 Sitewright Demo', ogType: 'article', canonicalUrl: 'http://localhost:3000/blog/firing-the-kiln' })
    const html = (await t.client('localhost').get('/blog/firing-the-kiln')).body
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/blog/firing-the-kiln">')
    expect(html).toContain('<meta property="og:type" content="article">')
    expect(html).toMatch(/<meta name="description" content="Thirty-one hours/)
    expect(html).toContain('&lt;b&gt;Bold&lt;/b&gt;')
    expect(html).not.toContain('<b>Bold</b>')
  })

  it('blog lists: pagination, tag and category filters, link and passthrough posts, no scheduled post', async () => {
    const { ctx } = await json('/blog')
    expect(ctx.items.map((i: any) => i.urlId)).toEqual(['firing-the-kiln', 'glaze-tests', 'spring-market-notes', 'featured', 'packing'])
    expect(ctx.pagination).toMatchObject({ page: 1, pageSize: 5, pageCount: 2, nextPage: true, nextPageUrl: '/blog?page=2', prevPage: false })
    expect(ctx.collection.tags).toContain('wood fire')
    expect(ctx.collection.categories).toEqual(['News', 'Process', 'Studio life'])
    expect(ctx.items.find((i: any) => i.urlId === 'featured')).toMatchObject({ recordType: 5, externalLink: 'https://example.com/coastal-living/studios', passthrough: false })
    const two = await json('/blog?page=2')
    expect(two.ctx.items.map((i: any) => i.urlId)).toEqual(['a-week-of-bowls', 'why-wood'])
    expect(two.ctx.items[1]).toMatchObject({ passthrough: true, sourceUrl: 'https://example.org/essays/why-wood' })
    const tag = await json('/blog?tag=kiln')
    expect(tag.ctx.items.map((i: any) => i.urlId)).toEqual(['firing-the-kiln', 'a-week-of-bowls'])
    expect(tag.ctx.filter).toEqual({ tag: 'kiln' })
    const cat = await json('/blog?category=News')
    expect(cat.ctx.items.map((i: any) => i.urlId)).toEqual(['spring-market-notes', 'featured'])
    expect((await json('/blog/autumn-workshops')).status).toBe(404) // scheduled in 30 days
  })

  it('events: upcoming and past, a multi-day event on every day of the calendar, a located event', async () => {
    const { ctx } = await json('/events')
    expect(ctx.events.upcoming.map((e: any) => e.urlId)).toEqual(['open-studio', 'raku-weekend', 'harbour-market'])
    expect(ctx.events.past.map((e: any) => e.urlId)).toEqual(['spring-market', 'glaze-evening'])
    expect(ctx.events.calendar).toBeUndefined()
    expect(ctx.events.upcoming[0].location).toMatchObject({ mapLat: 43.6591, mapLng: -70.2568 })
    const cal = await json('/events?view=calendar')
    expect(cal.ctx.collection.calendarView).toBe(true)
    const days = cal.ctx.events.calendar.flatMap((m: any) => m.weeks.flatMap((w: any) => w.days.filter((d: any) => d.inMonth)))
    const raku = days.filter((d: any) => d.events.some((e: any) => e.title === 'Raku weekend workshop'))
    expect(raku.length).toBe(3)
    for (const m of cal.ctx.events.calendar) for (const w of m.weeks) expect(w.days).toHaveLength(7)
    expect(cal.ctx.events.calendar[0].weekdays[0]).toBe('Mon')
  })

  it('galleries: the index lists the four galleries; each has its design and complete options', async () => {
    const { ctx } = await json('/galleries')
    expect(ctx.collection.collections.map((c: any) => c.fullUrl)).toEqual(['/galleries/grid', '/galleries/slideshow', '/galleries/slider', '/galleries/stacked'])
    for (const design of ['grid', 'slideshow', 'slider', 'stacked']) {
      const g = await json(`/galleries/${design}`)
      expect(g.ctx.collection).toMatchObject({ galleryDesign: design, galleryOptions: { design, lightboxTheme: 'dark' } })
      expect(Object.keys(g.ctx.collection.galleryOptions)).toHaveLength(23)
      expect(g.ctx.items.length).toBeGreaterThan(0)
      expect(g.ctx.items[0]).toMatchObject({ recordType: 2, assetUrl: expect.stringMatching(/^\/files\/demo\//), originalSize: expect.stringMatching(/^\d+x\d+$/) })
    }
  })

  it('folders redirect to their first page, the home page slug to /, drafts are not found', async () => {
    const c = t.client('localhost')
    expect(await c.get('/more')).toMatchObject({ status: 302, headers: { location: '/faq' } })
    expect(await c.get('/home')).toMatchObject({ status: 301, headers: { location: '/' } })
    expect((await c.get('/summer-collection')).status).toBe(404)
    expect((await c.get('/about/')).status).toBe(200)
  })

  it('the contact page carries the form block of the forms domain', async () => {
    const { ctx } = await json('/contact')
    const form = ctx.layout.sections.flatMap((s: any) => s.blocks).find((b: any) => b.typeName === 'form')
    expect(form).toMatchObject({ type: 9, value: { formId: expect.any(String) } })
  })

  it('search: full-text over published, unlocked content; no locked, hidden or scheduled content', async () => {
    const { ctx } = await json('/search?q=celadon')
    expect(ctx.search.query).toBe('celadon')
    expect(ctx.search.results.map((r: any) => r.fullUrl)).toEqual(expect.arrayContaining(['/blog/glaze-tests', '/about']))
    expect(ctx.search.results.find((r: any) => r.fullUrl === '/blog/glaze-tests')).toMatchObject({ collectionTitle: 'Journal', recordType: 1 })
    // a page past the last one has no results and still the number of them all
    const first = (await json('/search?q=kiln')).ctx.search
    expect(first.total).toBeGreaterThan(0)
    expect(first.total).toBeGreaterThanOrEqual(first.results.length)
    const past = (await json('/search?q=kiln&page=50')).ctx.search
    expect(past).toMatchObject({ total: first.total, results: [] })
    expect((await json('/search?q=cone')).ctx.search.total).toBe(0) // only on the locked kiln log
    expect((await json('/search?q=autumn')).ctx.search.total).toBe(0) // the scheduled post
    expect((await json('/search?q=biography')).ctx.search.total).toBe(0) // the hidden press kit
    const blank = await json('/search')
    expect(blank.ctx.search).toEqual({ query: '', total: 0, results: [] })
    expect(blank.ctx.page.robots).toBe('noindex')
  })

  it('sitemap.xml lists every published, unlocked, non-hidden page and item; robots.txt points at it', async () => {
    const c = t.client('localhost')
    const map = await c.get('/sitemap.xml')
    expect(map.headers['content-type']).toMatch(/application\/xml/)
    const locs = [...map.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace('http://localhost:3000', ''))
    expect(locs).toEqual(expect.arrayContaining(['/', '/about', '/blog', '/blog/firing-the-kiln', '/events/raku-weekend', '/galleries/slider', '/shop', '/contact', '/faq']))
    for (const hidden of ['/kiln-log', '/members', '/thank-you', '/press-kit', '/summer-collection', '/blog/autumn-workshops', '/more']) expect(locs).not.toContain(hidden)
    const robots = await c.get('/robots.txt')
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml')
  })

  it('a password page: lock screen, wrong password, unlock with the crumb, cookie scoped to the page', async () => {
    const c = t.client('localhost')
    const locked = await c.get('/kiln-log')
    expect(locked.status).toBe(403)
    expect(locked.body).toContain('This page is locked')
    expect(locked.body).not.toContain('Firing 42')
    expect(locked.body).toContain(`name="crumb" value="${c.crumb}"`)
    const noCrumb = await c.request('POST', '/kiln-log?unlock', { body: 'password=demo', contentType: 'application/x-www-form-urlencoded', crumb: false })
    expect(noCrumb.status).toBe(403)
    expect(noCrumb.json).toMatchObject({ crumbFail: true })
    const wrong = await c.request('POST', '/kiln-log?unlock', { body: 'password=nope', contentType: 'application/x-www-form-urlencoded' })
    expect(wrong.status).toBe(403)
    expect(wrong.body).toContain('That password is not right.')
    const ok = await c.request('POST', '/kiln-log?unlock', { body: 'password=demo', contentType: 'application/x-www-form-urlencoded' })
    expect(ok).toMatchObject({ status: 303, headers: { location: '/kiln-log' } })
    expect(String(ok.headers['set-cookie'])).toMatch(/Path=\/kiln-log; .*HttpOnly/)
    const open = await c.get('/kiln-log')
    expect(open.status).toBe(200)
    expect(open.body).toContain('Firing 42')
    expect((await t.client('localhost').get('/kiln-log')).status).toBe(403) // another visitor
  })

  it('a members-only page says so and shows nothing of the page', async () => {
    const res = await t.client('localhost').get('/members')
    expect(res.body).toContain('This page available only site members')
    expect(res.body).not.toContain('Glaze recipes')
  })

  it('?format=json-pretty is indented JSON', async () => {
    const res = await t.client('localhost').get('/about?format=json-pretty')
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.body).toContain('\n  "pageType": 2')
  })

  it('a failure while building a page gives the themed ERROR page with status 500 and no stack trace', async () => {
    const orm = t.app.db.orm
    await orm.execute(sql`alter table content_items rename to content_items_moved`)
    try {
      const html = await t.client('localhost').get('/blog?page=3')
      expect(html.status).toBe(500)
      expect(html.body).toContain('Something went wrong')
      expect(html.body).toContain('<nav class="site-nav"')
      expect(html.body).not.toMatch(/at \S+ \(|content_items|relation/)
      const { status, ctx } = await json('/blog?page=4')
      expect(status).toBe(500)
      expect(ctx).toMatchObject({ pageType: 101, template: 'error' })
    } finally {
      await orm.execute(sql`alter table content_items_moved rename to content_items`)
    }
    expect((await t.client('localhost').get('/blog?page=3')).status).toBe(200) // failures are never cached
  })

  it('a new site renders its own (empty) home page, escapes its title, and never the demo pages', async () => {
    const body = newSignup({ siteTitle: 'Tom & <b>Jerry</b>' })
    const res = await t.client().post('/api/auth/signup', body)
    const host = `${res.json.site.slug}.localhost`
    const page = await t.client(host).get('/')
    expect(page.status).toBe(200)
    expect(page.body).toContain('Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;')
    expect(page.body).not.toContain('<b>Jerry</b>')
    for (const p of ['/about', '/blog', '/blog/firing-the-kiln', '/galleries/grid', '/kiln-log']) expect((await t.client(host).get(p)).status).toBe(404)
    const map = await t.client(host).get('/sitemap.xml')
    expect(map.body).not.toContain('/blog')
    const search = await json('/search?q=kiln', host)
    expect(search.ctx.search.total).toBe(0)
  })

  it('theme assets are served; a missing one is 404; unknown API paths answer JSON 404', async () => {
    expect((await t.client().get('/assets/theme/site.css')).headers['content-type']).toMatch(/text\/css/)
    expect((await t.client().get('/assets/theme/nope.css')).status).toBe(404)
    const api = await t.client().get('/api/nope')
    expect(api.status).toBe(404)
    expect(api.json).toMatchObject({ error: { code: 'route_not_found' } })
  })
})
