// Visitor limits and throttles hold across app nodes: two nodes on one PostgreSQL database (and, with REDIS_URL,
// one Redis) count one window together, so a visitor gets no more through A and B than through one node.
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { Client, newSignup } from '../../test/harness.js'
import { startNodes, type Nodes } from '../../test/nodes.js'
import type { App } from './index.js'

const adminUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL ?? null
const started: Nodes[] = []
afterAll(async () => {
  for (const n of started) await n.close()
})

/** The same visitor (address and cookies) on another node. */
function sameVisitor(c: Client, app: App): Client {
  const other = new Client(app, c.host, c.remoteAddress)
  for (const [k, v] of c.cookies) other.cookies.set(k, v)
  return other
}

const transports = (['postgres', 'redis'] as const).filter((t) => t === 'postgres' || redisUrl)

describe.skipIf(!adminUrl).each(transports)('limits on two nodes, counted in %s', (transport) => {
  it('comments, likes and the owner sign-in throttle hold across nodes', async () => {
    const nodes = await startNodes(adminUrl!, 2, transport === 'redis' ? { redisUrl, keyPrefix: `scale_l${randomBytes(4).toString('hex')}_` } : {})
    started.push(nodes)
    const [a, b] = nodes.apps as [App, App]
    const signup = newSignup()
    const owner = new Client(a, 'localhost')
    const res = await owner.post('/api/auth/signup', signup)
    expect(res.status).toBe(201)
    const siteId = res.json.site.id as string
    const host = `${res.json.site.slug}.localhost`
    expect((await owner.patch(`/api/sites/${siteId}/settings`, { commentsEnabled: true, simpleLikingEnabled: true })).status).toBe(200)
    const blog = await owner.post(`/api/sites/${siteId}/content/collections`, { typeName: 'blog', title: 'Blog' })
    const item = await owner.post(`/api/sites/${siteId}/content/collections/${blog.json.collection.id}/items`, { title: 'Post', status: 'published' })
    const itemId = item.json.item.id as string

    // comments: 5 per 10 minutes per visitor and address, 3 through A and 2 through B, then both refuse
    const va = new Client(a, host)
    await va.get('/api/auth/me')
    const vb = sameVisitor(va, b)
    const comment = (c: Client, i: number) => c.post(`/api/content/items/${itemId}/comments`, { authorName: 'V', body: `c${i}` })
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await comment(va, i)).status)
    for (let i = 3; i < 5; i++) statuses.push((await comment(vb, i)).status)
    expect(statuses).toEqual([201, 201, 201, 201, 201])
    const refused = await comment(vb, 5)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await comment(va, 6)).status).toBe(429)

    // likes: 30 a minute; 20 through A, 10 through B, the 31st refused on either
    const like = (c: Client) => c.post(`/api/content/items/${itemId}/likes`)
    const liked: number[] = []
    for (let i = 0; i < 20; i++) liked.push((await like(va)).status)
    for (let i = 0; i < 10; i++) liked.push((await like(vb)).status)
    expect(liked.every((s) => s === 200)).toBe(true)
    expect((await like(va)).status).toBe(429)

    // owner sign-in: failures through A count on B (the same address)
    const addr = `10.77.${Math.floor(Math.random() * 250)}.1`
    const la = new Client(a, 'localhost', addr)
    const lb = new Client(b, 'localhost', addr)
    const tries: number[] = []
    for (let i = 0; i < 8; i++) tries.push((await la.post('/api/auth/login', { email: signup.email, password: `wrong-${i}` })).status)
    expect(tries.filter((s) => s === 401).length).toBeGreaterThan(0)
    expect((await lb.post('/api/auth/login', { email: signup.email, password: 'wrong-9' })).status).toBe(429)
  })
})
