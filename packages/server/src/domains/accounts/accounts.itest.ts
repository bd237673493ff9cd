import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'
import { DEMO_OWNER } from '../../app/index.js'
import { sql } from 'drizzle-orm'
import { sqlRows } from '../../platform/db/index.js'
import { MAX_FAILURES } from './index.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t?.close())

describe(`accounts (${BACKEND})`, () => {
  it('me without a session is 401 not_signed_in', async () => {
    const res = await t.client().get('/api/auth/me')
    expect(res.status).toBe(401)
    expect(res.json.error).toMatchObject({ type: 'unauthorized', code: 'not_signed_in' })
  })

  it('sign-up creates an owner and a site with the creator as ADMIN, signs in, and sends a welcome mail', async () => {
    const c = t.client()
    const body = newSignup()
    const res = await c.post('/api/auth/signup', body)
    expect(res.status).toBe(201)
    expect(res.json.user).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), email: body.email, name: body.name })
    expect(res.json.site).toEqual({
      id: expect.any(String),
      slug: body.slug,
      title: body.siteTitle,
      role: 1,
      roleName: 'ADMIN',
      url: `http://${body.slug}.localhost:3000/`,
      capabilities: expect.arrayContaining(['content', 'commerce', 'contributors']),
    })
    const set = String(res.headers['set-cookie'])
    expect(set).toMatch(/sw_session=[^;]+;.*HttpOnly/i)
    expect(set).toMatch(/sw_session=[^;]+;.*SameSite=Lax/i)
    const me = await c.get('/api/auth/me')
    expect(me.status).toBe(200)
    expect(me.json.sites).toEqual([res.json.site])
    const mails = readdirSync(join(t.config.dataDir, 'mail')).map((f) => readFileSync(join(t.config.dataDir, 'mail', f), 'utf8'))
    expect(mails.some((m) => m.includes(`To: ${body.email}`) && m.includes(body.siteTitle))).toBe(true)
  })

  it('sign-up validation names each bad field', async () => {
    const res = await t.client().post('/api/auth/signup', { email: 'nope', password: 'short', siteTitle: '', slug: 'A!', extra: 1 })
    expect(res.status).toBe(400)
    expect(res.json.error.code).toBe('validation_failed')
    expect(Object.keys(res.json.error.fields).sort()).toEqual(['email', 'extra', 'password', 'siteTitle', 'slug'])
    expect(res.json.error.fields.password).toBe('Use at least 10 characters.')
  })

  it('sign-up with a taken slug is 409 and nothing half-created remains; a taken email is answered like a new one', async () => {
    const first = newSignup()
    expect((await t.client().post('/api/auth/signup', first)).status).toBe(201)
    const dupEmail = await t.client().post('/api/auth/signup', newSignup({ email: first.email.toUpperCase() }))
    expect(dupEmail.status).toBe(201)
    expect(dupEmail.json.user.email).toBe(first.email)
    const second = newSignup({ slug: first.slug })
    const dupSlug = await t.client().post('/api/auth/signup', second)
    expect(dupSlug.status).toBe(409)
    expect(dupSlug.json.error.code).toBe('slug_taken')
    // The owner of the failed sign-up was rolled back with the site: the email is still free.
    const retry = await t.client().post('/api/auth/signup', { ...second, slug: undefined })
    expect(retry.status).toBe(201)
    expect(retry.json.site.slug).toMatch(/^site-/)
  })

  it('login rotates the session id; logout invalidates it server-side', async () => {
    const body = newSignup()
    const c = t.client()
    await c.post('/api/auth/signup', body)
    const afterSignup = c.cookies.get('sw_session')!
    const login = await c.post('/api/auth/login', { email: body.email, password: body.password })
    expect(login.status).toBe(200)
    expect(login.json.user.email).toBe(body.email)
    expect(login.json.sites).toHaveLength(1)
    const afterLogin = c.cookies.get('sw_session')!
    expect(afterLogin).not.toBe(afterSignup)
    // The old id no longer works.
    const stale = t.client()
    stale.cookies.set('sw_session', afterSignup)
    expect((await stale.get('/api/auth/me')).status).toBe(401)

    const logout = await c.post('/api/auth/logout')
    expect(logout.status).toBe(204)
    expect(c.cookies.has('sw_session')).toBe(false)
    const replay = t.client()
    replay.cookies.set('sw_session', afterLogin)
    expect((await replay.get('/api/auth/me')).status).toBe(401)
  })

  it('wrong password and unknown email both answer 401 invalid_credentials', async () => {
    const body = newSignup()
    await t.client().post('/api/auth/signup', body)
    const wrong = await t.client().post('/api/auth/login', { email: body.email, password: 'not-it' })
    expect(wrong.status).toBe(401)
    expect(wrong.json.error.code).toBe('invalid_credentials')
    const unknown = await t.client().post('/api/auth/login', { email: 'ghost@example.com', password: 'x' })
    expect(unknown.json.error).toEqual(wrong.json.error)
  })

  it(`throttles an account after ${MAX_FAILURES} failures with 429 and Retry-After, even for the right password`, async () => {
    const body = newSignup()
    await t.client().post('/api/auth/signup', body)
    for (let i = 0; i < MAX_FAILURES; i++) {
      const res = await t.client().post('/api/auth/login', { email: body.email, password: `wrong-${i}` })
      expect(res.status).toBe(401)
    }
    const blocked = await t.client().post('/api/auth/login', { email: body.email, password: body.password })
    expect(blocked.status).toBe(429)
    expect(blocked.json.error).toMatchObject({ type: 'rate_limited', code: 'too_many_attempts' })
    const retryAfter = Number(blocked.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(800)
    expect(retryAfter).toBeLessThanOrEqual(900)
  })

  it('throttles an address that tries many accounts', async () => {
    const attempt = (email: string) => t.client('localhost', '203.0.113.9').post('/api/auth/login', { email, password: 'guess' })
    for (let i = 0; i < MAX_FAILURES; i++) expect((await attempt(`victim${i}@example.com`)).status).toBe(401)
    const blocked = await attempt('another@example.com')
    expect(blocked.status).toBe(429)
    expect(blocked.headers['retry-after']).toBeDefined()
  })

  it('the demo owner exists and can sign in', async () => {
    const res = await t.client().post('/api/auth/login', { email: DEMO_OWNER.email, password: DEMO_OWNER.password })
    expect(res.status).toBe(200)
    expect(res.json.sites).toEqual([expect.objectContaining({ slug: 'demo', role: 1, roleName: 'ADMIN', url: 'http://localhost:3000/' })])
  })

  it('sweep deletes expired sessions and ended throttle windows, and keeps live ones', async () => {
    const c = t.client()
    const body = newSignup()
    const res = await c.post('/api/auth/signup', body)
    const orm = t.app.db.orm
    await orm.execute(sql`insert into owner_sessions (id, owner_id, expires_at) values ('expired-session', ${res.json.user.id}, now() - interval '1 minute')`)
    await orm.execute(sql`insert into login_throttle (key, failures, window_started_at) values ('address:old', 3, now() - interval '1 day')`)
    await t.app.accounts.sweep()
    const left = await sqlRows<{ n: number }>(orm, sql`select
      (select count(*)::int from owner_sessions where id = 'expired-session') + (select count(*)::int from login_throttle where key = 'address:old') as n`)
    expect(left[0]!.n).toBe(0)
    expect((await c.get('/api/auth/me')).status).toBe(200)
  })
})
