// Sign-up never tells whether an email has an account: a taken email is answered exactly like a new one, its owner is
// mailed a link to add the started site to their account, and a new account is mailed a link confirming its address.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js'
import { sqlRows } from '../../platform/db/index.js'

let t: TestApp
let smtp: SmtpSink
beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await startTestApp({ smtpUrl: smtp.url, seedDemo: false })
})
afterAll(() => {
  t?.close()
  smtp?.close()
})

/** The link with `path` in the last mail to `to` (waits for the mail; sending follows the answer closely). */
async function linkIn(to: string, path: string): Promise<URL> {
  for (let i = 0; i < 100; i++) {
    const mail = [...smtp.mails].reverse().find((m) => m.to === to && m.text.includes(path))
    const found = mail && new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?token=[\\w%-]+`).exec(mail.text)
    if (found) return new URL(found[0])
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`no mail to ${to} with ${path}`)
}

const shape = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(shape) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)])) : typeof v

describe(`sign-up without account enumeration (${BACKEND})`, () => {
  it('a taken email gets the same answer as a new one: 201, the same fields, a session, cookies of the same names', async () => {
    const taken = newSignup()
    const first = await t.client().post('/api/auth/signup', taken)
    const fresh = await t.client().post('/api/auth/signup', newSignup())
    const again = await t.client().post('/api/auth/signup', newSignup({ email: taken.email.toUpperCase(), password: 'other-long-password-9' }))
    expect(first.status).toBe(201)
    expect(again.status).toBe(fresh.status)
    expect(shape(again.json)).toEqual(shape(fresh.json))
    expect(again.json.user.email).toBe(taken.email)
    const cookieNames = (r: typeof first) => [String(r.headers['set-cookie'])].join().match(/(^|, )(\w+)=/g)?.map((x) => x.replace(/[, =]/g, '')).sort()
    expect(cookieNames(again)).toEqual(cookieNames(fresh))
  })

  it('the provisional account works in its browser only; the real owner signs in as before and is mailed a claim link', async () => {
    const real = newSignup()
    const owner = t.client()
    expect((await owner.post('/api/auth/signup', real)).status).toBe(201)
    const intruder = t.client()
    const started = newSignup({ email: real.email, password: 'intruder-password-77' })
    const dup = await intruder.post('/api/auth/signup', started)
    expect(dup.status).toBe(201)
    // the intruder's browser is signed in to the started site only
    const mine = await intruder.get('/api/auth/me')
    expect(mine.json.sites.map((s: { title: string }) => s.title)).toEqual([started.siteTitle])
    // signing in with the address finds the real account: its password works, the intruder's does not
    expect((await t.client().post('/api/auth/login', { email: real.email, password: started.password })).status).toBe(401)
    const login = await t.client().post('/api/auth/login', { email: real.email, password: real.password })
    expect(login.status).toBe(200)
    expect(login.json.sites.map((s: { title: string }) => s.title)).toEqual([real.siteTitle])

    const link = await linkIn(real.email, '/api/auth/claim')
    // opening the link changes nothing and names the started site
    const page = await owner.get(`${link.pathname}${link.search}`)
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.body).toContain(started.siteTitle)
    expect(String(page.headers['content-security-policy'])).toContain("form-action 'self'")
    expect((await intruder.get('/api/auth/me')).status).toBe(200)

    const token = link.searchParams.get('token')!
    expect((await owner.post('/api/auth/claim', { token }, { crumb: false })).status).toBe(403)
    const claimed = await owner.post('/api/auth/claim', { token })
    expect(claimed.status).toBe(200)
    expect(claimed.json.user.email).toBe(real.email)
    expect(claimed.json.sites.map((s: { title: string }) => s.title).sort()).toEqual([real.siteTitle, started.siteTitle].sort())
    // the provisional account and its session are gone; the link works once
    expect((await intruder.get('/api/auth/me')).status).toBe(401)
    const reuse = await owner.post('/api/auth/claim', { token })
    expect(reuse.status).toBe(404)
    expect(reuse.json.error).toMatchObject({ code: 'link_expired', message: 'This link has expired or was already used.' })
    const expired = await owner.get(`${link.pathname}${link.search}`)
    expect(expired.status).toBe(404)
    expect(expired.body).toContain('This link has expired or was already used.')
  })

  it('a new account is mailed a confirmation link; the form post confirms the address and goes to the editor', async () => {
    const body = newSignup()
    const c = t.client()
    expect((await c.post('/api/auth/signup', body)).status).toBe(201)
    const link = await linkIn(body.email, '/api/auth/verify-email')
    const verified = async () =>
      (await sqlRows<{ v: boolean }>(t.app.db.orm, sql`select email_verified_at is not null as v from owners where email = ${body.email}`))[0]!.v
    const page = await c.get(`${link.pathname}${link.search}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain(body.email)
    expect(page.body).toContain(`name="crumb" value="${c.crumb}"`)
    expect(await verified()).toBe(false)
    const form = new URLSearchParams({ token: link.searchParams.get('token')!, crumb: c.crumb! }).toString()
    const res = await c.request('POST', '/api/auth/verify-email', { body: form, contentType: 'application/x-www-form-urlencoded', crumb: false })
    expect(res.status).toBe(303)
    expect(res.headers.location).toBe('/config?verified=1')
    expect(await verified()).toBe(true)
    expect((await c.post('/api/auth/verify-email', { token: link.searchParams.get('token') })).status).toBe(404)
  })

  it('two sign-ups of one new email at once: both answered 201, one account of the address, one provisional', async () => {
    const body = newSignup()
    const [a, b] = await Promise.all([t.client().post('/api/auth/signup', body), t.client().post('/api/auth/signup', { ...body, slug: `${body.slug}-b` })])
    expect([a.status, b.status]).toEqual([201, 201])
    const rows = await sqlRows<{ real: number; provisional: number }>(
      t.app.db.orm,
      sql`select count(*) filter (where email = ${body.email})::int as real, count(*) filter (where claims_email = ${body.email})::int as provisional from owners`,
    )
    expect(rows[0]).toEqual({ real: 1, provisional: 1 })
  })

  it('a claim whose address lost its account makes the provisional account the account of the address', async () => {
    const real = newSignup()
    expect((await t.client().post('/api/auth/signup', real)).status).toBe(201)
    const started = newSignup({ email: real.email, password: 'second-password-55' })
    expect((await t.client().post('/api/auth/signup', started)).status).toBe(201)
    const link = await linkIn(real.email, '/api/auth/claim')
    await sqlRows(t.app.db.orm, sql`delete from owners where email = ${real.email}`)
    const res = await t.client().post('/api/auth/claim', { token: link.searchParams.get('token') })
    expect(res.status).toBe(200)
    expect(res.json.sites.map((s: { title: string }) => s.title)).toEqual([started.siteTitle])
    expect((await t.client().post('/api/auth/login', { email: real.email, password: started.password })).status).toBe(200)
  })
})
