import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { escapeCommentText } from './index.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t?.close())

interface Site {
  owner: Client
  siteId: string
  host: string
}

async function site(settings: Record<string, unknown> = { commentsEnabled: true }): Promise<Site> {
  const owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  const siteId = res.json.site.id as string
  if (Object.keys(settings).length > 0) expect((await owner.patch(`/api/sites/${siteId}/settings`, settings)).status).toBe(200)
  return { owner, siteId, host: `${res.json.site.slug}.localhost` }
}

/** A published blog post of the site, made through the owner content API; returns its id. */
async function newItem(s: Site, fields: Record<string, unknown> = {}): Promise<string> {
  const blog = await s.owner.post(`/api/sites/${s.siteId}/content/collections`, { typeName: 'blog', title: `Blog ${randomBytes(3).toString('hex')}` })
  expect(blog.status, JSON.stringify(blog.json)).toBe(201)
  const item = await s.owner.post(`/api/sites/${s.siteId}/content/collections/${blog.json.collection.id}/items`, { title: 'Post', status: 'published', ...fields })
  expect(item.status).toBe(201)
  return item.json.item.id as string
}

const post = (c: Client, itemId: string, body: unknown, opts = {}) => c.post(`/api/content/items/${itemId}/comments`, body, opts)

describe(`comments (${BACKEND})`, () => {
  it('posts a comment (201, approved) and lists it; counts follow', async () => {
    const s = await site()
    const item = await newItem(s)
    const v = t.client(s.host)
    const res = await post(v, item, { authorName: '  Ada ', body: 'Great post!' })
    expect(res.status).toBe(201)
    expect(res.json.comment).toMatchObject({ authorName: 'Ada', body: 'Great post!', status: 'approved', likeCount: 0 })
    expect(res.json.comment.id).toMatch(/^[0-9a-f]{24}$/)
    expect(Math.abs(res.json.comment.createdOn - Date.now())).toBeLessThan(60_000)

    const list = await v.get(`/api/content/items/${item}/comments`)
    expect(list.status).toBe(200)
    expect(list.json).toEqual({ commentCount: 1, comments: [{ id: res.json.comment.id, authorName: 'Ada', body: 'Great post!', createdOn: res.json.comment.createdOn, likeCount: 0, parentId: null }] })
    expect(await t.app.social.getCommentCounts(s.siteId, [item, 'other'])).toEqual(new Map([[item, 1], ['other', 0]]))
    expect(await t.app.social.listApproved(s.siteId, item)).toEqual(list.json.comments)
  })

  it('threads replies: parentId in POST and lists, nested on the page to depth 3, refused for another item or site', async () => {
    const s = await site()
    const item = await newItem(s)
    const otherItem = await newItem(s)
    const v = t.client(s.host)
    const top = (await post(v, item, { authorName: 'Ada', body: 'Top' })).json.comment
    const r1 = await post(v, item, { authorName: 'Bo', body: 'Reply', parentId: top.id })
    expect(r1.status).toBe(201)
    expect(r1.json.comment).toMatchObject({ body: 'Reply', parentId: top.id, status: 'approved' })
    const r2 = (await post(v, item, { authorName: 'Cy', body: 'Reply to reply', parentId: r1.json.comment.id })).json.comment
    expect((await post(v, item, { authorName: 'Di', body: 'Fourth level', parentId: r2.id })).status).toBe(201)
    const list = await v.get(`/api/content/items/${item}/comments`)
    expect(list.json.comments.map((c: { body: string; parentId: string | null }) => [c.body, c.parentId])).toEqual([
      ['Top', null],
      ['Reply', top.id],
      ['Reply to reply', r1.json.comment.id],
      ['Fourth level', r2.id],
    ])
    expect(list.json.commentCount).toBe(4)

    // a parent on another item of the site: 422; another site's comment, an unknown one, a held one: 404; not an id: 400
    const elsewhere = (await post(t.client(s.host), otherItem, { authorName: 'Ed', body: 'x' })).json.comment
    const wrongItem = await post(v, item, { authorName: 'Ed', body: 'x', parentId: elsewhere.id })
    expect(wrongItem.status).toBe(422)
    expect(wrongItem.json.error.code).toBe('parent_comment_elsewhere')
    const other = await site()
    const foreign = (await post(t.client(other.host), await newItem(other), { authorName: 'Fi', body: 'y' })).json.comment
    for (const parentId of [foreign.id, '0123456789abcdef01234567']) {
      const res = await post(v, item, { authorName: 'Ed', body: 'x', parentId })
      expect(res.status, parentId).toBe(404)
      expect(res.json.error.code).toBe('parent_comment_not_found')
    }
    expect((await post(v, item, { authorName: 'Ed', body: 'x', parentId: 'nope' })).status).toBe(400)
    expect(await t.app.social.getCommentCounts(s.siteId, [item])).toEqual(new Map([[item, 4]]))

    // a native form post with an empty parentId is a top-level comment
    const form = await t.client(s.host).request('POST', `/api/content/items/${item}/comments`, { body: 'authorName=Gus&body=Plain&parentId=', contentType: 'application/x-www-form-urlencoded' })
    expect(form.status, form.body).toBe(201)
    expect(form.json.comment.parentId).toBeNull()

    // the thread pages get: Top > Reply > [Reply to reply, Fourth level (flattened, naming whom it answers)]
    const thread = await t.app.social.listThread(s.siteId, item)
    const shape = (cs: typeof thread): unknown[] => cs.map((c) => ({ body: c.body, depth: c.depth, ...(c.replyToName ? { to: c.replyToName } : {}), replies: shape(c.replies) }))
    expect(shape(thread)).toEqual([
      { body: 'Top', depth: 1, replies: [{ body: 'Reply', depth: 2, replies: [{ body: 'Reply to reply', depth: 3, replies: [] }, { body: 'Fourth level', depth: 3, to: 'Cy', replies: [] }] }] },
      { body: 'Plain', depth: 1, replies: [] },
    ])
    expect(thread[0]!.replies[0]!.replies[1]!.parentId).toBe(r2.id)

    // deleting a comment keeps its replies: they hang under the nearest comment still there
    expect((await s.owner.request('DELETE', `/api/sites/${s.siteId}/comments/${r1.json.comment.id}`)).status).toBe(204)
    const after = await t.app.social.listThread(s.siteId, item)
    expect(shape(after)).toEqual([
      { body: 'Top', depth: 1, replies: [] },
      { body: 'Reply to reply', depth: 1, replies: [{ body: 'Fourth level', depth: 2, replies: [] }] },
      { body: 'Plain', depth: 1, replies: [] },
    ])
  })

  it('keeps the body as typed and escapes it for HTML output', async () => {
    const s = await site()
    const item = await newItem(s)
    const evil = `<script>alert("x")</script> & 'quotes' / done`
    const res = await post(t.client(s.host), item, { authorName: '<b>Eve</b>', body: evil })
    expect(res.status).toBe(201)
    const [stored] = await t.app.social.listApproved(s.siteId, item)
    expect(stored!.body).toBe(evil)
    expect(stored!.authorName).toBe('<b>Eve</b>')
    expect(escapeCommentText(evil)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;&#x2F;script&gt; &amp; &#x27;quotes&#x27; &#x2F; done')
  })

  it('validates the fields (name 1..80, body 1..5000) with messages', async () => {
    const s = await site()
    const item = await newItem(s)
    const v = t.client(s.host)
    const res = await post(v, item, { authorName: ' ', body: '' })
    expect(res.status).toBe(400)
    expect(res.json.error.fields).toEqual({ authorName: 'Please enter your name.', body: 'Please enter a comment.' })
    const long = await post(v, item, { authorName: 'x'.repeat(81), body: 'y'.repeat(5001) })
    expect(long.json.error.fields).toEqual({ authorName: 'Use at most 80 characters for your name.', body: 'Use at most 5000 characters for your comment.' })
    expect((await post(v, item, { authorName: 'x'.repeat(80), body: 'y'.repeat(5000) })).status).toBe(201)
    expect((await post(v, item, { authorName: 'A', body: 'b', extra: 1 })).status).toBe(400)
  })

  it('answers 404 for an item the site does not show and 403 when the item has comments closed', async () => {
    const s = await site()
    const v = t.client(s.host)
    expect((await post(v, randomBytes(12).toString('hex'), { authorName: 'A', body: 'b' })).status).toBe(404)
    const draft = await newItem(s, { status: 'draft' })
    expect((await post(v, draft, { authorName: 'A', body: 'b' })).status).toBe(404)
    expect((await v.post(`/api/content/items/${draft}/likes`)).status).toBe(404)
    const closed = await newItem(s, { commentState: 2 })
    const res = await post(v, closed, { authorName: 'A', body: 'b' })
    expect(res.status).toBe(403)
    expect(res.json.error).toMatchObject({ code: 'comments_closed', message: 'Comments are closed on this item.' })
  })

  it('requires the crumb', async () => {
    const s = await site()
    const item = await newItem(s)
    const res = await post(t.client(s.host), item, { authorName: 'A', body: 'b' }, { crumb: false })
    expect(res.status).toBe(403)
    expect(res.json.crumbFail).toBe(true)
    const like = await t.client(s.host).post(`/api/content/items/${item}/likes`, undefined, { crumb: false })
    expect(like.status).toBe(403)
  })

  it('answers 403 when the site has comments turned off', async () => {
    const s = await site({})
    const item = await newItem(s)
    const res = await post(t.client(s.host), item, { authorName: 'A', body: 'b' })
    expect(res.status).toBe(403)
    expect(res.json.error).toMatchObject({ type: 'forbidden', code: 'comments_disabled', message: 'Comments are turned off on this site.' })
  })

  it('rate-limits comments per visitor and address (429 with Retry-After)', async () => {
    const s = await site()
    const item = await newItem(s)
    const v = t.client(s.host)
    for (let i = 0; i < 5; i++) expect((await post(v, item, { authorName: 'A', body: `c${i}` })).status).toBe(201)
    const res = await post(v, item, { authorName: 'A', body: 'one more' })
    expect(res.status).toBe(429)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(500)
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600)
    expect(res.json.error.type).toBe('rate_limited')
    // Same address, new cookie jar: still limited. Another address: fine.
    expect((await post(t.client(s.host, v.remoteAddress), item, { authorName: 'A', body: 'x' })).status).toBe(429)
    expect((await post(t.client(s.host), item, { authorName: 'B', body: 'y' })).status).toBe(201)
  })

  it('holds comments for moderation when the site requires approval; moderators approve, mark spam, delete', async () => {
    const s = await site()
    const item = await newItem(s)
    expect((await s.owner.get(`/api/sites/${s.siteId}/comment-settings`)).json.settings).toEqual({ commentApprovalRequired: false })
    const set = await s.owner.patch(`/api/sites/${s.siteId}/comment-settings`, { commentApprovalRequired: true })
    expect(set.json.settings).toEqual({ commentApprovalRequired: true })

    const v = t.client(s.host)
    const held = await post(v, item, { authorName: 'Bo', body: 'Hello' })
    expect(held.status).toBe(201)
    expect(held.json.comment.status).toBe('pending')
    expect((await v.get(`/api/content/items/${item}/comments`)).json.comments).toEqual([])
    expect((await t.app.social.getCommentCounts(s.siteId, [item])).get(item)).toBe(0)

    const pending = await s.owner.get(`/api/sites/${s.siteId}/comments?status=pending`)
    expect(pending.json.comments).toEqual([expect.objectContaining({ id: held.json.comment.id, itemId: item, status: 'pending', body: 'Hello' })])
    const id = held.json.comment.id
    const approved = await s.owner.patch(`/api/sites/${s.siteId}/comments/${id}`, { status: 'approved' })
    expect(approved.json.comment.status).toBe('approved')
    expect((await v.get(`/api/content/items/${item}/comments`)).json.commentCount).toBe(1)

    expect((await s.owner.patch(`/api/sites/${s.siteId}/comments/${id}`, { status: 'spam' })).json.comment.status).toBe('spam')
    expect((await t.app.social.listApproved(s.siteId, item))).toEqual([])
    expect((await s.owner.patch(`/api/sites/${s.siteId}/comments/${id}`, { status: 'deleted' })).status).toBe(400)
    expect((await s.owner.request('DELETE', `/api/sites/${s.siteId}/comments/${id}`)).status).toBe(204)
    expect((await s.owner.get(`/api/sites/${s.siteId}/comments`)).json.comments).toEqual([])
    expect((await s.owner.request('DELETE', `/api/sites/${s.siteId}/comments/${id}`)).status).toBe(404)
  })

  it("keeps sites apart: site B's host cannot comment on or moderate site A's item", async () => {
    const a = await site()
    const b = await site()
    const item = await newItem(a)
    const fromB = await post(t.client(b.host), item, { authorName: 'Mallory', body: 'on A?' })
    expect(fromB.status).toBe(404)
    expect(await t.app.social.listApproved(a.siteId, item)).toEqual([])
    expect((await t.client(a.host).get(`/api/content/items/${item}/comments`)).json.comments).toEqual([])

    const onA = await post(t.client(a.host), item, { authorName: 'Ann', body: 'mine' })
    const id = onA.json.comment.id
    expect((await b.owner.get(`/api/sites/${a.siteId}/comments`)).status).toBe(404)
    expect((await b.owner.patch(`/api/sites/${b.siteId}/comments/${id}`, { status: 'spam' })).status).toBe(404)
    expect((await t.client().get(`/api/sites/${a.siteId}/comments`)).status).toBe(401)
    expect((await t.client('nosuch.localhost').get(`/api/content/items/${item}/comments`)).status).toBe(404)
  })

  it('sends a native form post back to the page', async () => {
    const s = await site()
    const item = await newItem(s)
    const v = t.client(s.host)
    await v.get('/api/auth/me')
    const form = `authorName=Cy&body=${encodeURIComponent('No JS here')}&crumb=${encodeURIComponent(v.crumb!)}`
    const res = await v.request('POST', `/api/content/items/${item}/comments`, {
      body: form,
      contentType: 'application/x-www-form-urlencoded',
      crumb: false,
      headers: { referer: `http://${s.host}/blog/post?x=1` },
    })
    expect(res.status).toBe(303)
    expect(res.headers.location).toMatch(/^\/blog\/post\?x=1#comment-[0-9a-f]{24}$/)
  })

  it('a blog post is public (no crumb in it); a native post without the crumb is offered again, nothing lost', async () => {
    const s = await site()
    const item = await newItem(s)
    const v = t.client(s.host)
    const blog = (await s.owner.get(`/api/sites/${s.siteId}/content/items/${item}`)).json
    const path = (blog.item?.fullUrl ?? blog.fullUrl) as string
    const page = await v.request('GET', path, { crumb: false })
    expect(page.status).toBe(200)
    expect(page.body).toContain('data-comment-form')
    expect(page.body).not.toContain('name="crumb"')
    expect(page.headers['set-cookie']).toBeUndefined()
    expect(String(page.headers['cache-control'])).toContain('public')

    // a browser without JavaScript posts the form as it is: no crumb field, and (first visit) no crumb cookie
    const typed = `authorName=Dee&body=${encodeURIComponent('Typed <without> "JS" & sent')}`
    const first = await v.request('POST', `/api/content/items/${item}/comments`, {
      body: typed,
      contentType: 'application/x-www-form-urlencoded',
      crumb: false,
      headers: { accept: 'text/html,application/xhtml+xml', origin: `http://${s.host}`, referer: `http://${s.host}${path}` },
    })
    expect(first.status).toBe(403)
    expect(String(first.headers['content-type'])).toContain('text/html')
    expect(first.body).toContain('Send your form again')
    const crumb = /crumb=([^;]+)/.exec(String(first.headers['set-cookie']))![1]!
    expect(first.body).toContain(`name="crumb" value="${crumb}"`)
    expect(first.body).toContain('name="body" value="Typed &#60;without&#62; &#34;JS&#34; &#38; sent"')
    expect(first.body).toContain(`name="sw-return" value="${path}"`)
    expect((await v.get(`/api/content/items/${item}/comments`)).json.commentCount).toBe(0)

    // pressing Send posts the same fields with the crumb; the visitor is sent back to the post, the comment stored
    const again = await v.request('POST', `/api/content/items/${item}/comments`, {
      body: `${typed}&crumb=${encodeURIComponent(crumb)}&sw-return=${encodeURIComponent(path)}`,
      contentType: 'application/x-www-form-urlencoded',
      crumb: false,
      headers: { cookie: `crumb=${crumb}`, referer: `http://${s.host}/api/content/items/${item}/comments` },
    })
    expect(again.status).toBe(303)
    expect(again.headers.location).toMatch(new RegExp(`^${path}#comment-[0-9a-f]{24}$`))
    const stored = (await v.get(`/api/content/items/${item}/comments`)).json
    expect(stored.comments.map((c: { body: string }) => c.body)).toEqual(['Typed <without> "JS" & sent'])

    // a post from another site gets the plain crumb failure, and no page to re-send it from
    const cross = await t.client(s.host).request('POST', `/api/content/items/${item}/comments`, {
      body: typed,
      contentType: 'application/x-www-form-urlencoded',
      crumb: false,
      headers: { accept: 'text/html', origin: 'http://evil.example' },
    })
    expect(cross.status).toBe(403)
    expect(cross.json).toMatchObject({ crumbFail: true })
  })
})

describe(`likes (${BACKEND})`, () => {
  it('counts one like per visitor, unlikes, and reports counts', async () => {
    const s = await site()
    const item = await newItem(s)
    const v1 = t.client(s.host)
    const v2 = t.client(s.host)
    const url = `/api/content/items/${item}/likes`
    expect((await v1.post(url)).json).toEqual({ likeCount: 1, liked: true })
    expect((await v1.post(url)).json).toEqual({ likeCount: 1, liked: true })
    expect((await v2.post(url)).json).toEqual({ likeCount: 2, liked: true })
    expect(v1.cookies.get('sw_visitor')).toBeTruthy()
    expect((await t.app.social.getLikeCounts(s.siteId, [item, 'none'])).get(item)).toBe(2)
    expect((await v1.request('DELETE', url)).json).toEqual({ likeCount: 1, liked: false })
    expect((await t.app.social.getLikeCounts(s.siteId, [item])).get(item)).toBe(1)
  })

  it('answers 403 when simple liking is off', async () => {
    const s = await site({ simpleLikingEnabled: false })
    const res = await t.client(s.host).post(`/api/content/items/${await newItem(s)}/likes`)
    expect(res.status).toBe(403)
    expect(res.json.error.code).toBe('likes_disabled')
  })

  it('answers 401 sign_in_to_like when the site requires a member, and counts the signed-in member once', async () => {
    const s = await site({ likesRequireSignIn: true })
    const item = await newItem(s)
    const url = `/api/content/items/${item}/likes`
    const v = t.client(s.host)
    const refused = await v.post(url)
    expect(refused.status).toBe(401)
    expect(refused.json.error).toMatchObject({ type: 'unauthorized', code: 'sign_in_to_like' })
    expect((await v.request('DELETE', url)).status).toBe(401)
    expect((await t.app.social.getLikeCounts(s.siteId, [item])).get(item)).toBe(0)
    const email = `liker-${randomBytes(3).toString('hex')}@example.com`
    await t.app.members.ensureMember(s.siteId, { email, password: 'glaze-and-kiln-2024', name: 'Ada' })
    expect((await v.post('/api/site-users/account/session', { email, password: 'glaze-and-kiln-2024', rememberMe: false })).status).toBe(200)
    expect((await v.post(url)).json).toEqual({ likeCount: 1, liked: true })
    // off again: anyone may like
    expect((await s.owner.patch(`/api/sites/${s.siteId}/settings`, { likesRequireSignIn: false })).status).toBe(200)
    expect((await t.client(s.host).post(url)).json).toEqual({ likeCount: 2, liked: true })
  })

  it('rate-limits likes (30 a minute) with Retry-After', async () => {
    const s = await site()
    const v = t.client(s.host)
    const item = await newItem(s)
    for (let i = 0; i < 30; i++) expect((await v.post(`/api/content/items/${item}/likes`)).status).toBe(200)
    const res = await v.post(`/api/content/items/${item}/likes`)
    expect(res.status).toBe(429)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60)
  })

  it('keeps likes per site', async () => {
    const a = await site()
    const b = await site()
    const item = await newItem(a)
    expect((await t.client(b.host).post(`/api/content/items/${item}/likes`)).status).toBe(404)
    expect((await t.app.social.getLikeCounts(a.siteId, [item])).get(item)).toBe(0)
  })

  it('seeds comments and likes through the public API', async () => {
    const s = await site()
    const item = await newItem(s)
    const c = await t.app.social.addComment(s.siteId, item, { authorName: 'Seed', body: 'First!', createdAt: new Date('2024-01-02T03:04:05Z') })
    expect(c).toMatchObject({ authorName: 'Seed', body: 'First!', status: 'approved', createdOn: Date.parse('2024-01-02T03:04:05Z') })
    expect(await t.app.social.addLike(s.siteId, item, 'reader-1')).toBe(1)
    expect(await t.app.social.addLike(s.siteId, item, 'reader-1')).toBe(1)
    expect(await t.app.social.addLike(s.siteId, item, 'reader-2')).toBe(2)
    await expect(t.app.social.addComment(s.siteId, item, { authorName: '', body: 'x' })).rejects.toThrow()
  })
})
