// Issue 11 (items 10, 11, 16, 19): atomic login throttle, no lock-out of the real owner, exponential back-off,
// password strength and sign-up limits, owner crumbs bound to the session.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'
import { MAX_FAILURES, WINDOW_MS } from './index.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t?.close())

let net = 0
/** A block of fresh addresses (never used by another test of this file). */
const addresses = () => {
  net++
  return (i: number) => `172.${16 + (net % 16)}.${net}.${i + 1}`
}

async function owner() {
  const body = newSignup()
  const c = t.client('localhost', addresses()(0))
  const res = await c.post('/api/auth/signup', body)
  expect(res.status).toBe(201)
  return { body, client: c, id: res.json.user.id as string, siteId: res.json.site.id as string }
}

const login = (address: string, email: string, password: string) =>
  t.client('localhost', address).post('/api/auth/login', { email, password })

/** Moves every throttle key's last failure `ms` into the past (time passing). */
async function timePasses(ms: number) {
  const at = new Date(Date.now() - ms)
  await t.app.db.orm.execute(
    sql`update login_throttle set last_failure_at = ${at}, window_started_at = ${at}`,
  )
}

describe(`sign-in throttle (${BACKEND})`, () => {
  it('evaluates exactly 8 of 40 parallel wrong passwords for one account from 40 addresses, the rest 429 (item 10)', async () => {
    const { body } = await owner()
    const from = addresses()
    const clients = Array.from({ length: 40 }, (_, i) => t.client('localhost', from(i)))
    await Promise.all(clients.map((c) => c.get('/api/auth/me'))) // crumbs first, so the burst is only logins
    const res = await Promise.all(
      clients.map((c, i) => c.post('/api/auth/login', { email: body.email, password: `wrong-${i}` })),
    )
    // exactly: a throttle refusing every guess (or letting a ninth through) fails here
    const statuses = res.map((r) => r.status)
    expect(statuses.filter((s) => s === 401).length).toBe(MAX_FAILURES)
    expect(statuses.filter((s) => s === 429).length).toBe(40 - MAX_FAILURES)
  })

  it('evaluates exactly 8 of 40 parallel wrong passwords from one address, the rest 429', async () => {
    const { body } = await owner()
    const c = t.client('localhost', addresses()(0))
    await c.get('/api/auth/me')
    const res = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        c.post('/api/auth/login', { email: body.email, password: `wrong-${i}` }),
      ),
    )
    expect(res.filter((r) => r.status === 401).length).toBe(MAX_FAILURES)
    expect(res.filter((r) => r.status === 429).length).toBe(40 - MAX_FAILURES)
  })

  it('12 wrong passwords from one address do not lock the real owner out of another address (item 11)', async () => {
    const { body } = await owner()
    const from = addresses()
    const statuses = []
    for (let i = 0; i < 12; i++) statuses.push((await login(from(0), body.email, `wrong-${i}`)).status)
    expect(statuses).toEqual([...Array(MAX_FAILURES).fill(401), ...Array(12 - MAX_FAILURES).fill(429)])
    expect((await login(from(1), body.email, body.password)).status).toBe(200)
    // the attacker's address stays locked, even with the right password
    expect((await login(from(0), body.email, body.password)).status).toBe(429)
  })

  it('after guesses from many addresses, the owner still gets in from a known device or a known address; a new place waits', async () => {
    const { body } = await owner()
    const home = addresses()(0)
    const device = t.client('localhost', addresses()(0))
    expect(
      (await device.post('/api/auth/login', { email: body.email, password: body.password })).status,
    ).toBe(200)
    expect(device.cookies.get('sw_device')).toBeTruthy()
    expect((await login(home, body.email, body.password)).status).toBe(200)
    const atk = addresses()
    for (let i = 0; i < 16; i++) await login(atk(i), body.email, `wrong-${i}`)
    expect((await login(atk(99), body.email, body.password)).status).toBe(429) // the account is locked for new places
    // the known device (from yet another address) and the known address both get in
    device.cookies.delete('sw_session')
    const onTheRoad = t.client('localhost', addresses()(0))
    for (const [k, v] of device.cookies) if (k !== 'crumb') onTheRoad.cookies.set(k, v)
    expect(
      (await onTheRoad.post('/api/auth/login', { email: body.email, password: body.password })).status,
    ).toBe(200)
    expect((await login(home, body.email, body.password)).status).toBe(200)
  })

  it("a forged or another owner's device cookie is not a known device", async () => {
    const a = await owner()
    const b = await owner()
    const dev = t.client('localhost', addresses()(0))
    await dev.post('/api/auth/login', { email: a.body.email, password: a.body.password })
    const atk = addresses()
    for (let i = 0; i < 16; i++) await login(atk(i), b.body.email, `wrong-${i}`)
    const withAsDevice = t.client('localhost', addresses()(0))
    withAsDevice.cookies.set('sw_device', dev.cookies.get('sw_device')!)
    expect(
      (await withAsDevice.post('/api/auth/login', { email: b.body.email, password: b.body.password })).status,
    ).toBe(429)
    const forged = t.client('localhost', addresses()(0))
    const [, id] = dev.cookies.get('sw_device')!.split('.')
    forged.cookies.set('sw_device', `${b.id}.${id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`)
    expect(
      (await forged.post('/api/auth/login', { email: b.body.email, password: b.body.password })).status,
    ).toBe(429)
  })

  it('backs off exponentially: after a lock ends one guess is let through, and its failure locks for twice as long', async () => {
    const { body } = await owner()
    const atk = addresses()(0)
    for (let i = 0; i < MAX_FAILURES; i++)
      expect((await login(atk, body.email, `wrong-${i}`)).status).toBe(401)
    const first = await login(atk, body.email, 'wrong-again')
    expect(first.status).toBe(429)
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(WINDOW_MS / 1000 - 60)
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(WINDOW_MS / 1000)
    await timePasses(WINDOW_MS + 1000)
    expect((await login(atk, body.email, 'wrong-after-lock')).status).toBe(401)
    const second = await login(atk, body.email, 'wrong-again')
    expect(second.status).toBe(429)
    expect(Number(second.headers['retry-after'])).toBeGreaterThan((2 * WINDOW_MS) / 1000 - 60)
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual((2 * WINDOW_MS) / 1000)
    // a right password once the lock ends clears the pair
    await timePasses(2 * WINDOW_MS + 1000)
    expect((await login(atk, body.email, body.password)).status).toBe(200)
    expect((await login(atk, body.email, 'one-typo')).status).toBe(401)
    expect((await login(atk, body.email, body.password)).status).toBe(200)
  })
})

describe(`passwords and sign-up (${BACKEND})`, () => {
  const signup = (password: string, extra: Record<string, unknown> = {}) =>
    t.client('localhost', addresses()(0)).post('/api/auth/signup', newSignup({ password, ...extra }))

  it('refuses short and guessable passwords with zxcvbn feedback (item 16)', async () => {
    for (const pw of ['password', '12345678', '        ', '1234567']) {
      const res = await signup(pw)
      expect(res.status).toBe(400)
      expect(res.json.error.fields.password).toBe('Use at least 10 characters.')
    }
    const common = await signup('password123')
    expect(common.status).toBe(400)
    expect(common.json.error).toMatchObject({ type: 'invalid_data', code: 'validation_failed' })
    expect(common.json.error.fields.password).toMatch(/often used|most used/)
    const spaces = await signup(' '.repeat(12))
    expect(spaces.status).toBe(400)
    expect(spaces.json.error.fields.password).toContain('Repeated characters')
    const email = `same${Date.now()}@example.com`
    const sameAsEmail = await signup(email, { email })
    expect(sameAsEmail.status).toBe(400)
    expect(sameAsEmail.json.error.fields.password).toContain('email address')
    const nameInIt = await signup('Pottery Barnsley', { siteTitle: 'Pottery Barnsley' })
    expect(nameInIt.status).toBe(400)
  })

  it('accepts a strong password', async () => {
    expect((await signup('correct horse battery staple')).status).toBe(201)
  })

  it('limits sign-ups per browser and per address, with Retry-After', async () => {
    const from = addresses()
    const browser = t.client('localhost', from(0))
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push((await browser.post('/api/auth/signup', newSignup())).status)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    // fresh browsers (new crumbs) from the same address: 20 in all, then 429
    const more = []
    for (let i = 0; i < 16; i++)
      more.push((await t.client('localhost', from(0)).post('/api/auth/signup', newSignup())).status)
    expect(more.slice(0, 15)).toEqual(Array(15).fill(201))
    expect(more[15]).toBe(429)
    const limited = await t.client('localhost', from(0)).post('/api/auth/signup', newSignup())
    expect(limited.json.error).toMatchObject({ type: 'rate_limited', code: 'too_many_attempts' })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000)
    // another address is not affected
    expect((await t.client('localhost', from(1)).post('/api/auth/signup', newSignup())).status).toBe(201)
  })
})

describe(`crumbs of owner sessions (${BACKEND})`, () => {
  it('an owner crumb minted for another browser is refused (item 19)', async () => {
    const a = await owner()
    const b = await owner()
    const aCrumb = a.client.cookies.get('crumb')!
    const bSession = b.client.cookies.get('sw_session')!
    // B's session with A's crumb (cookie and header both A's): a double-submit token alone no longer passes
    const mixed = t.client('localhost', addresses()(0))
    mixed.cookies.set('sw_session', bSession)
    mixed.cookies.set('crumb', aCrumb)
    const res = await mixed.request('POST', '/api/auth/logout', { crumb: aCrumb })
    expect(res.status).toBe(403)
    expect(res.json).toMatchObject({ crumbFail: true })
    // a crumb minted before signing in (no session) is refused with the session too
    const anon = t.client('localhost', addresses()(0))
    await anon.get('/api/auth/me')
    const anonCrumb = anon.crumb!
    const withAnon = t.client('localhost', addresses()(0))
    withAnon.cookies.set('sw_session', bSession)
    withAnon.cookies.set('crumb', anonCrumb)
    expect((await withAnon.request('POST', '/api/auth/logout', { crumb: anonCrumb })).status).toBe(403)
    // B's own crumb works, and B is still signed in after the refused attempts
    expect((await b.client.get('/api/auth/me')).status).toBe(200)
    expect((await b.client.patch(`/api/sites/${b.siteId}/settings`, {})).status).toBe(200)
  })

  it('signing in with a stale or planted session cookie still works, and gets a new session and a bound crumb', async () => {
    const { body, siteId } = await owner()
    const c = t.client('localhost', addresses()(0))
    await c.get('/api/auth/me')
    c.cookies.set('sw_session', 'planted-session-token-aaaaaaaaaaaaaaaaaaaaaaa')
    const res = await c.request('POST', '/api/auth/login', {
      json: { email: body.email, password: body.password },
      crumb: c.crumb!,
    })
    expect(res.status).toBe(200)
    expect(c.cookies.get('sw_session')).not.toBe('planted-session-token-aaaaaaaaaaaaaaaaaaaaaaa')
    expect((await c.patch(`/api/sites/${siteId}/settings`, {})).status).toBe(200)
  })

  it('signing in and out re-issues the crumb; the old one stops working', async () => {
    const { body, siteId } = await owner()
    const c = t.client('localhost', addresses()(0))
    await c.get('/api/auth/me')
    const before = c.crumb!
    expect((await c.post('/api/auth/login', { email: body.email, password: body.password })).status).toBe(200)
    const during = c.crumb!
    expect(during).not.toBe(before)
    expect(
      (await c.request('PATCH', `/api/sites/${siteId}/settings`, { json: {}, crumb: before })).status,
    ).toBe(403)
    expect((await c.patch(`/api/sites/${siteId}/settings`, {})).status).toBe(200)
    expect((await c.post('/api/auth/logout')).status).toBe(204)
    expect(c.crumb).not.toBe(during)
    // the signed-out browser's new crumb works for anonymous requests
    expect((await c.post('/api/auth/login', { email: body.email, password: 'wrong-password' })).status).toBe(
      401,
    )
  })
})
