// The owner's side of site members on a real database (PGlite, or PostgreSQL with DATABASE_URL): search by name or
// email, tags added and removed, CSV export, comp access opening a tag-only area, removal, member-area rules, and
// the plan gate (SITE_USER_ACCOUNTS) and role rule (ADMIN) on these routes.
import { FEATURE_FLAGS } from '@sitewright/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { WEBSITE_ROLES } from '../accounts/index.js'

let t: TestApp
let admin: Client
let siteId = ''
let slug = ''
let areaId = ''
const PASSWORD = 'glaze-and-kiln-2024'
const ids = new Map<string, string>()

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  admin = t.client()
  const res = await admin.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  slug = res.json.site.slug
  for (const [email, name] of [['ada@example.com', 'Ada Lovelace'], ['grace@example.com', 'Grace Hopper'], ['=cmd@example.com', 'Formula Fan']] as const) {
    await t.app.members.ensureMember(siteId, { email, password: PASSWORD, name })
  }
  const list = await admin.get(`/api/sites/${siteId}/members`)
  for (const m of list.json.members) ids.set(m.email, m.id)
  const area = await admin.post(`/api/sites/${siteId}/content/collections`, { typeName: 'page', title: 'Studio notes', urlId: 'studio-notes', navigation: '_memberareas', lock: 'members' })
  expect(area.status).toBe(201)
  areaId = area.json.collection.id
}, 60_000)
afterAll(async () => t?.close())

const api = (path = '') => `/api/sites/${siteId}/members${path}`

describe(`owner screens for site members (${BACKEND})`, () => {
  it('lists members newest first and searches by name or email, any case', async () => {
    const all = await admin.get(api())
    expect(all.status).toBe(200)
    expect(all.json.total).toBe(3)
    expect(all.json.members[0]).toMatchObject({ verified: true, compAccess: false, tags: [] })
    expect((await admin.get(api('?q=HOPPER'))).json.members.map((m: { email: string }) => m.email)).toEqual(['grace@example.com'])
    expect((await admin.get(api('?q=ada%40'))).json.members.map((m: { name: string }) => m.name)).toEqual(['Ada Lovelace'])
    expect((await admin.get(api('?q=%25'))).json.total).toBe(0) // a % is a character, not a wildcard
  })

  it('adds and removes tags; filters by tag; lists the tags in use', async () => {
    const ada = ids.get('ada@example.com')!
    const res = await admin.patch(api(`/${ada}`), { addTags: ['potters', 'vip'] })
    expect(res.json.member.tags).toEqual(['potters', 'vip'])
    expect((await admin.patch(api(`/${ada}`), { removeTags: ['vip'], addTags: ['glaze'] })).json.member.tags).toEqual(['potters', 'glaze'])
    const byTag = await admin.get(api('?tag=potters'))
    expect(byTag.json.members.map((m: { email: string }) => m.email)).toEqual(['ada@example.com'])
    expect(byTag.json.tags).toEqual(['glaze', 'potters'])
    expect((await admin.patch(api(`/${ada}`), {})).status).toBe(400)
    expect((await admin.patch(api(`/${ada}`), { addTags: [' '] })).status).toBe(400)
    expect((await admin.patch(api('/no-such-member'), { compAccess: true })).json.error.code).toBe('member_not_found')
  })

  it('exports CSV with the same filter, formula-looking cells made text', async () => {
    const res = await admin.get(api('/export.csv'))
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    const lines = res.body.trim().split('\r\n')
    expect(lines[0]).toBe('"Email","Name","Verified","Newsletter","Tags","Comp access","Joined","Last sign-in"')
    expect(lines).toHaveLength(4)
    expect(res.body).toContain(`"'=cmd@example.com"`)
    expect(res.body).toContain('"potters; glaze"')
    const one = await admin.get(api('/export.csv?q=grace'))
    expect(one.body.trim().split('\r\n')).toHaveLength(2)
  })

  it('member areas: a tag rule keeps other members out until the owner gives comp access', async () => {
    const areas = await admin.get(`/api/sites/${siteId}/member-areas`)
    expect(areas.json.areas).toEqual([{ collectionId: areaId, title: 'Studio notes', fullUrl: '/studio-notes', rule: 'members', productId: null }])
    expect((await admin.request('PUT', `/api/sites/${siteId}/member-areas/${areaId}`, { json: { rule: 'tag' } })).json.error.fields.tag).toBe('Enter a tag.')
    const set = await admin.request('PUT', `/api/sites/${siteId}/member-areas/${areaId}`, { json: { rule: 'tag', tag: 'potters' } })
    expect(set.json.area).toMatchObject({ rule: 'tag', tag: 'potters' })
    expect((await admin.request('PUT', `/api/sites/${siteId}/member-areas/not-an-area`, { json: { rule: 'members' } })).status).toBe(404)
    // a new page is a draft: publish it so members can read it
    expect((await admin.patch(`/api/sites/${siteId}/content/collections/${areaId}`, { status: 'published' })).status).toBe(200)
    const grace = t.client(`${slug}.localhost`)
    expect((await grace.post('/api/site-users/account/session', { email: 'grace@example.com', password: PASSWORD })).status).toBe(200)
    expect((await grace.get('/studio-notes')).status).toBe(403)
    expect((await admin.patch(api(`/${ids.get('grace@example.com')}`), { compAccess: true })).json.member.compAccess).toBe(true)
    expect((await grace.get('/studio-notes')).status).toBe(200)
  })

  it('removes a member (sessions end with them)', async () => {
    const id = ids.get('=cmd@example.com')!
    expect((await admin.request('DELETE', api(`/${id}`))).status).toBe(204)
    expect((await admin.request('DELETE', api(`/${id}`))).status).toBe(404)
    expect((await admin.get(api())).json.total).toBe(2)
  })

  it('is for ADMIN only and needs SITE_USER_ACCOUNTS in the plan', async () => {
    const editor = t.client()
    const res = await editor.post('/api/auth/signup', newSignup())
    await t.app.sites.addMember(siteId, res.json.user.id, WEBSITE_ROLES.EDITOR)
    expect((await editor.get(api())).json.error.code).toBe('role_not_allowed')
    await t.app.billing.setPlan(siteId, 'personal')
    const gated = await admin.get(api())
    expect(gated.status).toBe(403)
    expect(gated.json.error).toMatchObject({ code: 'feature_not_in_plan', fields: { flag: String(FEATURE_FLAGS.SITE_USER_ACCOUNTS) } })
    await t.app.billing.setPlan(siteId, 'business')
    expect((await admin.get(api())).status).toBe(200)
  })
})
