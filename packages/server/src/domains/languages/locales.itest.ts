// The owner's locale API: the default marked first, adds in canonical form under their language prefix, the typed
// refusals (not a tag, no language data, the default, twice, a taken prefix, the limit), roles, crumb, site scoping,
// and removal taking the locale's translations with it.
import { MAX_ADDED_LOCALES } from '@sitewright/contracts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { sqlRows } from '../../platform/db/index.js'
import { WEBSITE_ROLES } from '../accounts/index.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
}, 120_000)
afterAll(async () => t?.close())

async function owner(): Promise<{ c: Client; siteId: string; userId: string }> {
  const c = t.client()
  const res = await c.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { c, siteId: res.json.site.id as string, userId: res.json.user.id as string }
}

describe(`site locales (${BACKEND})`, () => {
  it('lists the default first, adds and removes locales with typed refusals', async () => {
    const a = await owner()
    const base = `/api/sites/${a.siteId}/locales`
    expect((await a.c.get(base)).json).toEqual({ locales: [{ locale: 'en-US', prefix: '', default: true }] })

    const fr = await a.c.post(base, { locale: 'fr-fr' })
    expect(fr.status).toBe(201)
    expect(fr.json).toEqual({ locale: 'fr-FR', prefix: 'fr', default: false })
    expect((await a.c.post(base, { locale: 'de' })).status).toBe(201)
    expect((await a.c.get(base)).json.locales).toEqual([
      { locale: 'en-US', prefix: '', default: true },
      { locale: 'fr-FR', prefix: 'fr', default: false },
      { locale: 'de', prefix: 'de', default: false },
    ])

    const refused = async (body: unknown) => {
      const res = await a.c.post(base, body)
      return [res.status, res.json?.error?.code]
    }
    expect(await refused({ locale: 'not a locale' })).toEqual([400, 'locale_invalid'])
    expect(await refused({ locale: 'qq-QQ' })).toEqual([400, 'locale_unsupported'])
    expect(await refused({ locale: 'en-us' })).toEqual([409, 'locale_is_default'])
    expect(await refused({ locale: 'fr-FR' })).toEqual([409, 'locale_exists'])
    expect(await refused({ locale: 'fr-CA' })).toEqual([409, 'locale_prefix_taken'])
    expect(await refused({ locale: 'en-GB' })).toEqual([409, 'locale_prefix_taken'])
    expect((await refused({ locale: 12 }))[0]).toBe(400)
    expect((await refused({ locale: 'es', extra: 1 }))[0]).toBe(400)
    const invalid = await a.c.post(base, { locale: '??' })
    expect(invalid.json.error.message).toBe('Choose a language tag such as fr-FR.')

    // removal: the default is refused, an unknown one is 404, an added one goes with its translations
    await t.app.db.orm.execute(sql`INSERT INTO translations (site_id, locale, kind, object_id, field, value) VALUES (${a.siteId}, 'fr-FR', 'page', 'p1', 'title', '"Accueil"')`)
    expect((await a.c.request('DELETE', `${base}/en-US`)).json.error.code).toBe('locale_is_default')
    expect((await a.c.request('DELETE', `${base}/es`)).status).toBe(404)
    expect((await a.c.request('DELETE', `${base}/fr-FR`)).status).toBe(204)
    expect((await a.c.get(base)).json.locales.map((l: { locale: string }) => l.locale)).toEqual(['en-US', 'de'])
    expect(await sqlRows(t.app.db.orm, sql`SELECT count(*)::int AS n FROM translations WHERE site_id = ${a.siteId}`)).toEqual([{ n: 0 }])
    // French can be added again (now as fr-CA: the prefix is free)
    expect((await a.c.post(base, { locale: 'fr-CA' })).json).toEqual({ locale: 'fr-CA', prefix: 'fr', default: false })
  })

  it(`holds at most ${MAX_ADDED_LOCALES} added locales`, async () => {
    const a = await owner()
    const base = `/api/sites/${a.siteId}/locales`
    const tags = ['fr', 'de', 'es', 'it', 'pt', 'nl', 'sv', 'da', 'nb', 'fi', 'pl', 'cs', 'sk', 'hu', 'ro', 'el', 'tr', 'ja', 'ko', 'zh', 'ru']
    expect(tags.length).toBe(MAX_ADDED_LOCALES + 1)
    for (const tag of tags.slice(0, MAX_ADDED_LOCALES)) expect((await a.c.post(base, { locale: tag })).status).toBe(201)
    const over = await a.c.post(base, { locale: tags[MAX_ADDED_LOCALES] })
    expect([over.status, over.json.error.code]).toEqual([422, 'locale_limit'])
    expect((await a.c.get(base)).json.locales).toHaveLength(MAX_ADDED_LOCALES + 1)
  })

  it('lets ADMIN change, other roles read, with the crumb, on its own site only', async () => {
    const a = await owner()
    const b = await owner()
    const editor = await owner()
    await t.app.sites.addMember(a.siteId, editor.userId, WEBSITE_ROLES.EDITOR)
    const base = `/api/sites/${a.siteId}/locales`
    expect((await a.c.post(base, { locale: 'es' }, { crumb: 'nope' })).status).toBe(403)
    expect((await editor.c.get(base)).status).toBe(200)
    const denied = await editor.c.post(base, { locale: 'es' })
    expect([denied.status, denied.json.error.code]).toEqual([403, 'role_not_allowed'])
    expect((await b.c.get(base)).status).toBe(404)
    expect((await b.c.post(base, { locale: 'es' })).status).toBe(404)
    expect((await a.c.get(base)).json.locales).toHaveLength(1)
  })
})
