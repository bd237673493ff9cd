// Site members on a real database (PGlite, or PostgreSQL with DATABASE_URL) with mail through a real SMTP sink:
// sign-up + verification link, the session calls (xsrfToken, crumbFail, cloneCart), reset, account, member pages.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlRows } from '../../platform/db/index.js'
import { DEMO_MEMBER } from '../../app/index.js'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js'
import { CHECK_YOUR_MAIL } from './index.js'

let t: TestApp
let smtp: SmtpSink
const SESSION = '/api/site-users/account/session'
const PASSWORD = 'glaze-and-kiln-2024'

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await startTestApp({ smtpUrl: smtp.url })
  // the demo content (with its Members page) is seeded in the background
  for (let i = 0; i < 100 && (await t.client().get('/members')).status !== 403; i++) await new Promise((r) => setTimeout(r, 100))
}, 60_000)
afterAll(async () => {
  await t?.close()
  smtp?.close()
})

async function mailTo(email: string, subject: RegExp, count = 1) {
  for (let i = 0; i < 100; i++) {
    const found = smtp.mails.filter((m) => m.to.includes(email) && subject.test(m.text))
    if (found.length >= count) return found[count - 1]!
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no mail ${subject} to ${email}`)
}
const tokenIn = (text: string, path: string) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1] ?? ''

let n = 0
async function verifiedMember(c: Client): Promise<string> {
  const email = `visitor${++n}-${Date.now()}@example.com`
  expect((await c.post('/api/site-users/account/signup', { email, password: PASSWORD, name: 'Ada' })).status).toBe(202)
  const mail = await mailTo(email, /Confirm your email/)
  expect((await c.get(`/account/verify?token=${tokenIn(mail.text, '/account/verify')}`)).status).toBe(200)
  return email
}

describe(`site members (${BACKEND})`, () => {
  it('sign-up mails a verification link; the member page opens only after verifying and signing in', async () => {
    const c = t.client()
    const locked = await c.get('/members')
    expect(locked.status).toBe(403)
    expect(locked.body).toContain('This page available only site members')
    expect(locked.body).toContain('data-page-type="105"')
    expect(locked.body).toContain('data-member-form="sign-in"')
    const email = `new-${Date.now()}@example.com`
    const res = await c.post('/api/site-users/account/signup', { email, password: PASSWORD })
    expect(res.status).toBe(202)
    expect(res.json.data.message).toBe(CHECK_YOUR_MAIL)
    // not verified yet: the right password is refused and a new link goes out
    const early = await c.post(SESSION, { email, password: PASSWORD })
    expect(early.status).toBe(403)
    expect(early.json.error.code).toBe('email_not_verified')
    const mail = await mailTo(email, /Confirm your email/, 2)
    // the theme's template: from the site's title, with an HTML part in the site's brand
    expect(mail.text).toMatch(/^From: "?Sitewright Demo"? </m)
    expect(mail.text).toMatch(/Content-Type: text\/html/i)
    expect(mail.text).toContain('Confirm my email')
    const verify = await c.get(`/account/verify?token=${tokenIn(mail.text, '/account/verify')}`)
    expect(verify.status).toBe(200)
    expect(verify.body).toContain('Your email is confirmed')
    expect((await c.get(`/account/verify?token=${tokenIn(mail.text, '/account/verify')}`)).status).toBe(400) // one use
    const signIn = await c.post(SESSION, { email, password: PASSWORD, rememberMe: true })
    expect(signIn.status).toBe(200)
    expect(signIn.json.data.xsrfToken).toBe(c.crumb)
    expect(c.cookies.get('SiteUserSecureAuthToken')).toBe('1')
    const open = await c.get('/members')
    expect(open.status).toBe(200)
    expect(open.body).toContain('Glaze recipes and firing logs')
    // another browser still gets the locked page (the member's page was not cached for everyone)
    expect((await t.client().get('/members')).status).toBe(403)
  })

  it('sign-up and reset answer the same for a taken and an unknown email (the mail tells the address owner)', async () => {
    const c = t.client()
    const email = await verifiedMember(c)
    const again = await c.post('/api/site-users/account/signup', { email, password: 'another-long-pass-99' })
    expect(again.status).toBe(202)
    expect(again.json.data.message).toBe(CHECK_YOUR_MAIL)
    expect((await mailTo(email, /already has one/)).text).toContain('/account/reset')
    const unknown = await c.post('/api/site-users/account/password-reset', { email: `nobody-${Date.now()}@example.com` })
    const known = await c.post('/api/site-users/account/password-reset', { email })
    expect([unknown.status, known.status]).toEqual([202, 202])
    expect(unknown.json).toEqual(known.json)
  })

  it('a wrong password is 401; the answer for an unknown email is the same', async () => {
    const c = t.client()
    const email = await verifiedMember(c)
    const wrong = await c.post(SESSION, { email, password: 'not-the-password' })
    const unknown = await c.post(SESSION, { email: `x${email}`, password: 'not-the-password' })
    expect(wrong.status).toBe(401)
    expect(unknown.json).toEqual(wrong.json)
  })

  it('logout with a wrong crumb is a crumbFail; the retry with the crumb succeeds and ends the session', async () => {
    const c = t.client()
    const email = await verifiedMember(c)
    const { json } = await c.post(SESSION, { email, password: PASSWORD })
    const xsrf = json.data.xsrfToken as string
    const fail = await c.request('DELETE', SESSION, { crumb: 'stale.crumb' })
    expect(fail.status).toBe(403)
    expect(fail.json.crumbFail).toBe(true)
    expect((await c.get('/api/site-users/account')).status).toBe(200) // still signed in
    const retry = await c.request('DELETE', SESSION, { crumb: xsrf })
    expect(retry.status).toBe(204)
    expect(c.cookies.has('sw_member')).toBe(false)
    expect(c.cookies.has('SiteUserSecureAuthToken')).toBe(false)
    expect((await c.get('/api/site-users/account')).status).toBe(401)
    expect((await c.get('/members')).status).toBe(403)
  })

  it('cloneCart=true keeps the cart as a guest cart; without it the account keeps the cart for the next sign-in', async () => {
    const c = t.client()
    const email = await verifiedMember(c)
    c.cookies.set('sw_cart', 'cart-token-one')
    await c.post(SESSION, { email, password: PASSWORD })
    expect((await c.request('DELETE', `${SESSION}?cloneCart=true`)).status).toBe(204)
    expect(c.cookies.get('sw_cart')).toBe('cart-token-one') // the guest keeps it
    c.cookies.delete('sw_cart')
    await c.post(SESSION, { email, password: PASSWORD })
    expect(c.cookies.has('sw_cart')).toBe(false) // the account let go of it
    c.cookies.set('sw_cart', 'cart-token-two')
    c.cookies.set('sw_has_cart', '1')
    await c.post(SESSION, { email, password: PASSWORD })
    expect((await c.request('DELETE', SESSION)).status).toBe(204)
    expect(c.cookies.has('sw_cart')).toBe(false) // signed out: the browser has no cart
    expect(c.cookies.has('sw_has_cart')).toBe(false) // nor the storefront's marker of one
    await c.post(SESSION, { email, password: PASSWORD })
    expect(c.cookies.get('sw_cart')).toBe('cart-token-two') // back with the member
    expect(c.cookies.get('sw_has_cart')).toBe('1')
  })

  it('a reset link sets a new password and ends every session', async () => {
    const a = t.client()
    const b = t.client()
    const email = await verifiedMember(a)
    await a.post(SESSION, { email, password: PASSWORD })
    await b.post('/api/site-users/account/password-reset', { email })
    const token = tokenIn((await mailTo(email, /Reset your password/)).text, '/account/reset')
    expect((await b.get(`/account/reset?token=${token}`)).body).toContain('data-member-form="new-password"')
    const short = await b.post('/api/site-users/account/password', { token, password: 'short' })
    // a visitor reads the field's own sentence, not the API's 'Please correct the request field: password.'
    expect(short.json.error).toMatchObject({ code: 'validation_failed', message: 'Use at least 10 characters.', fields: { password: 'Use at least 10 characters.' } })
    expect((await b.post('/api/site-users/account/password', { token, password: 'a-brand-new-glaze-77' })).status).toBe(204)
    expect((await b.post('/api/site-users/account/password', { token, password: 'a-brand-new-glaze-78' })).json.error.code).toBe('link_invalid')
    expect((await a.get('/api/site-users/account')).status).toBe(401)
    expect((await b.post(SESSION, { email, password: PASSWORD })).status).toBe(401)
    expect((await b.post(SESSION, { email, password: 'a-brand-new-glaze-77' })).status).toBe(200)
  })

  it('the account: profile, newsletter, addresses; deleting it removes the data', async () => {
    const c = t.client()
    const email = await verifiedMember(c)
    expect((await c.get('/account')).status).toBe(302)
    await c.post(SESSION, { email, password: PASSWORD })
    expect((await c.patch('/api/site-users/account', { name: 'Ada Lovelace', newsletter: true })).json.data.user).toMatchObject({ name: 'Ada Lovelace', newsletter: true })
    const added = await c.post('/api/site-users/account/addresses', { name: 'Ada', line1: '1 Kiln Lane', city: 'Stoke', country: 'United Kingdom' })
    expect(added.status).toBe(201)
    const page = await c.get('/account')
    expect(page.status).toBe(200)
    expect(page.body).toContain('1 Kiln Lane')
    expect((await c.request('DELETE', `/api/site-users/account/addresses/${added.json.data.address.id}`)).status).toBe(204)
    expect((await c.request('DELETE', '/api/site-users/account', { json: { password: 'wrong-password' } })).status).toBe(400)
    expect((await c.request('DELETE', '/api/site-users/account', { json: { password: PASSWORD } })).status).toBe(204)
    expect((await c.post(SESSION, { email, password: PASSWORD })).status).toBe(401)
    const rows = await sqlRows<{ n: number }>(t.app.db.orm, sql`select count(*)::int as n from site_users where email = ${email}`)
    expect(rows[0]!.n).toBe(0)
  })

  it('the demo member reads the demo Members page; the header links to the account', async () => {
    const c = t.client()
    const home = await c.get('/')
    expect(home.body).toContain('data-account-link')
    const res = await c.post(SESSION, { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password })
    expect(res.status).toBe(200)
    expect((await c.get('/members')).status).toBe(200)
  })

  it("a member session is nobody on another site", async () => {
    const owner = t.client()
    const signup = newSignup()
    expect((await owner.post('/api/auth/signup', signup)).status).toBe(201)
    const c = t.client()
    await c.post(SESSION, { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password })
    const other = t.client(`${signup.slug}.localhost`)
    for (const [k, v] of c.cookies) other.cookies.set(k, v)
    expect((await other.get('/api/site-users/account')).status).toBe(401)
    expect((await other.post(SESSION, { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password })).status).toBe(401)
  })
})
