// Connected-account link entries: a site connected to an online food-ordering provider gets a navigation link
// titled 'Order Now' unless the owner names it; https links only.
import { CONNECTED_LINK_PROVIDERS } from '@sitewright/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'

let t: TestApp
let owner: Client
let siteId: string
let host: string

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
})
afterAll(() => t?.close())

const profile = `/api/sites/${'SITE'}/content/profile`
const navLinks = (html: string) => [...html.matchAll(/<li class="nav-item[^"]*"><a href="([^"]+)"[^>]*>([^<]+)<\/a><\/li>/g)].map((m) => [m[2], m[1]])

describe(`connected-account link entries (${BACKEND})`, () => {
  it("an online food-ordering link closes the main navigation as 'Order Now', or the owner's title", async () => {
    expect(CONNECTED_LINK_PROVIDERS['online-ordering'].defaultTitle).toBe('Order Now')
    const path = profile.replace('SITE', siteId)
    expect((await owner.post(`/api/sites/${siteId}/content/collections`, { typeName: 'page', title: 'Menu' })).status).toBe(201)
    const saved = await owner.patch(path, { connectedLinks: [{ provider: 'online-ordering', url: 'https://order.example.com/harbour-kitchen' }] })
    expect(saved.status, saved.body).toBe(200)
    expect(saved.json.profile.connectedLinks).toEqual([{ provider: 'online-ordering', url: 'https://order.example.com/harbour-kitchen', title: 'Order Now' }])
    const visitor = t.client(host)
    const page = await visitor.get('/menu')
    expect(page.status).toBe(200)
    expect(navLinks(page.body).at(-1)).toEqual(['Order Now', 'https://order.example.com/harbour-kitchen'])
    const json = await visitor.get('/menu?format=json')
    expect(json.json.navigation.main.at(-1)).toEqual({ title: 'Order Now', fullUrl: 'https://order.example.com/harbour-kitchen', active: false, folder: false })

    expect((await owner.patch(path, { connectedLinks: [{ provider: 'online-ordering', url: 'https://order.example.com/hk', title: 'Order online' }] })).status).toBe(200)
    expect(navLinks((await visitor.get('/menu')).body).at(-1)).toEqual(['Order online', 'https://order.example.com/hk'])

    const bad = await owner.patch(path, { connectedLinks: [{ provider: 'online-ordering', url: 'javascript:alert(1)' }] })
    expect(bad.status).toBe(400)
    // per entry and field: the editor's Connected accounts screen shows each message under its field
    expect(bad.json.error.fields).toEqual({ 'connectedLinks.0.url': 'Links must be formatted as https://example.com' })
    const six = Array.from({ length: 6 }, (_, i) => ({ provider: 'online-ordering', url: `https://order.example.com/${i}` }))
    expect((await owner.patch(path, { connectedLinks: six })).json.error.fields).toEqual({ connectedLinks: 'Add at most 5 connected accounts.' })
    const long = await owner.patch(path, { connectedLinks: [{ provider: 'online-ordering', url: 'https://order.example.com/hk', title: 'x'.repeat(101) }] })
    expect(long.json.error.fields).toEqual({ 'connectedLinks.0.title': 'Use at most 100 characters.' })
    expect((await owner.patch(path, { connectedLinks: [{ provider: 'pizza', url: 'https://x.example' }] })).status).toBe(400)
    expect((await owner.patch(path, { connectedLinks: [] })).json.profile.connectedLinks).toEqual([])
    expect(navLinks((await visitor.get('/menu')).body).map(([title]) => title)).not.toContain('Order online')
  })
})
