import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { WEBSITE_ROLES } from '../accounts/index.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t?.close())

async function owner(): Promise<{ c: Client; siteId: string; slug: string; userId: string }> {
  const c = t.client()
  const body = newSignup()
  const res = await c.post('/api/auth/signup', body)
  expect(res.status).toBe(201)
  return { c, siteId: res.json.site.id, slug: res.json.site.slug, userId: res.json.user.id }
}

describe(`website settings (${BACKEND})`, () => {
  it('GET answers the defaults of a new site', async () => {
    const { c, siteId } = await owner()
    const res = await c.get(`/api/sites/${siteId}/settings`)
    expect(res.status).toBe(200)
    expect(res.json.settings).toEqual({
      title: expect.any(String),
      commentsEnabled: false,
      disqusShortName: '',
      simpleLikingEnabled: true,
      likesRequireSignIn: false,
      timeZone: 'America/New_York',
      useCLDRMoneyFormat: true,
      currency: 'USD',
      locale: 'en-US',
      iconImageId: null,
    })
  })

  it('PATCH changes only the given fields and persists them', async () => {
    const { c, siteId } = await owner()
    const res = await c.patch(`/api/sites/${siteId}/settings`, { timeZone: 'Europe/Paris', commentsEnabled: true, currency: 'eur', title: 'Le Shop' })
    expect(res.status).toBe(200)
    expect(res.json.settings).toMatchObject({ timeZone: 'Europe/Paris', commentsEnabled: true, currency: 'EUR', title: 'Le Shop', locale: 'en-US' })
    const again = await c.get(`/api/sites/${siteId}/settings`)
    expect(again.json.settings).toEqual(res.json.settings)
    const me = await c.get('/api/auth/me')
    expect(me.json.sites[0].title).toBe('Le Shop')
  })

  it('PATCH with bad values is 400 validation_failed with a message per field, and changes nothing', async () => {
    const { c, siteId } = await owner()
    const before = (await c.get(`/api/sites/${siteId}/settings`)).json.settings
    const res = await c.patch(`/api/sites/${siteId}/settings`, {
      title: '',
      timeZone: 'Mars/Base',
      currency: 'DOLLARS',
      locale: '??',
      commentsEnabled: 'yes',
      disqusShortName: 'has spaces',
      color: 'red',
    })
    expect(res.status).toBe(400)
    expect(res.json.error).toMatchObject({ type: 'invalid_data', code: 'validation_failed' })
    expect(res.json.error.fields).toEqual({
      title: 'Enter a site title.',
      timeZone: 'Choose a time zone such as America/New_York.',
      currency: 'Choose a three-letter ISO 4217 currency code such as USD.',
      locale: 'Choose a language tag such as en-US.',
      commentsEnabled: 'Choose on or off.',
      disqusShortName: 'Use only letters, digits, hyphens and underscores.',
      color: 'Unknown field "color".',
    })
    expect((await c.get(`/api/sites/${siteId}/settings`)).json.settings).toEqual(before)
  })

  it('needs a session (401) and the crumb (403 crumbFail)', async () => {
    const { c, siteId } = await owner()
    expect((await t.client().get(`/api/sites/${siteId}/settings`)).status).toBe(401)
    const noCrumb = await c.patch(`/api/sites/${siteId}/settings`, { title: 'x' }, { crumb: false })
    expect(noCrumb.status).toBe(403)
    expect(noCrumb.json.crumbFail).toBe(true)
  })

  it('a malformed site id is 400, an unknown one 404', async () => {
    const { c } = await owner()
    expect((await c.get('/api/sites/not-an-id/settings')).status).toBe(400)
    expect((await c.get('/api/sites/0123456789abcdef01234567/settings')).json.error.code).toBe('site_not_found')
  })
})

describe(`roles (${BACKEND})`, () => {
  it('an EDITOR may read the settings but not change them; removing the role removes access', async () => {
    const a = await owner()
    const b = await owner()
    await t.app.sites.addMember(a.siteId, b.userId, WEBSITE_ROLES.EDITOR)
    const me = await b.c.get('/api/auth/me')
    expect(me.json.sites.map((s: { id: string; roleName: string }) => [s.id, s.roleName])).toContainEqual([a.siteId, 'EDITOR'])
    expect((await b.c.get(`/api/sites/${a.siteId}/settings`)).status).toBe(200)
    const write = await b.c.patch(`/api/sites/${a.siteId}/settings`, { title: 'Taken over' })
    expect(write.status).toBe(403)
    expect(write.json.error).toMatchObject({ type: 'forbidden', code: 'role_not_allowed' })
    await t.app.sites.removeMember(a.siteId, b.userId)
    expect((await b.c.get(`/api/sites/${a.siteId}/settings`)).status).toBe(404)
  })

  it('requireRole checks the allowed list', async () => {
    const a = await owner()
    await expect(t.app.sites.requireRole({ ownerId: a.userId }, a.siteId, [WEBSITE_ROLES.ADMIN])).resolves.toMatchObject({ roles: [1] })
    await expect(t.app.sites.requireRole({ ownerId: a.userId }, a.siteId, [WEBSITE_ROLES.VIEWER])).rejects.toMatchObject({ code: 'role_not_allowed' })
  })
})

describe(`tenancy isolation (${BACKEND})`, () => {
  it("site A's data can be neither read nor written with site B's session", async () => {
    const a = await owner()
    const b = await owner()
    const read = await b.c.get(`/api/sites/${a.siteId}/settings`)
    expect(read.status).toBe(404)
    expect(read.json.error.code).toBe('site_not_found')
    const write = await b.c.patch(`/api/sites/${a.siteId}/settings`, { title: 'Hacked' })
    expect(write.status).toBe(404)
    expect((await a.c.get(`/api/sites/${a.siteId}/settings`)).json.settings.title).not.toBe('Hacked')
  })

  it("site A's data can be neither read nor written through site B's host, even with A's own session", async () => {
    const a = await owner()
    const b = await owner()
    const viaB = t.client(`${b.slug}.localhost`)
    viaB.cookies.set('sw_session', a.c.cookies.get('sw_session')!)
    const read = await viaB.get(`/api/sites/${a.siteId}/settings`)
    expect(read.status).toBe(404)
    const write = await viaB.patch(`/api/sites/${a.siteId}/settings`, { title: 'Hacked' })
    expect(write.status).toBe(404)
    // Through A's own host the same session works.
    const viaA = t.client(`${a.slug}.localhost`)
    viaA.cookies.set('sw_session', a.c.cookies.get('sw_session')!)
    const own = await viaA.get(`/api/sites/${a.siteId}/settings`)
    expect(own.status).toBe(200)
    expect(own.json.settings.title).not.toBe('Hacked')
  })

  it("each host's published page shows its own site", async () => {
    const a = await owner()
    const b = await owner()
    await a.c.patch(`/api/sites/${a.siteId}/settings`, { title: 'Alpha Bakery' })
    const pageB = await t.client(`${b.slug}.localhost`).get('/?format=json')
    expect(pageB.status).toBe(200)
    expect(pageB.json.website.id).toBe(b.siteId)
    expect(JSON.stringify(pageB.json)).not.toContain('Alpha Bakery')
    const pageA = await t.client(`${a.slug}.localhost`).get('/?format=json')
    expect(pageA.json.website).toMatchObject({ id: a.siteId, siteTitle: 'Alpha Bakery' })
  })
})
