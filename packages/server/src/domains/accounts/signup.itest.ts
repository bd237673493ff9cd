// signUp called directly (no HTTP): the owner, their first site and the known address in one transaction.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'
import { sqlRows } from '../../platform/db/index.js'
import { isAppError } from '../../platform/errors.js'
import { signUp } from './signup.js'
import type { AccountsDeps } from './routes.js'

let t: TestApp
let welcomed: string[]
let deps: AccountsDeps
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  welcomed = []
  deps = {
    sites: t.app.sites,
    onSignedUp: async (owner) => {
      welcomed.push(owner.email)
    },
  }
})
afterAll(() => t?.close())

const owners = async (email: string) => (await sqlRows<{ n: number }>(t.app.db.orm, sql`select count(*)::int as n from owners where email = ${email}`))[0]!.n

describe(`signUp (${BACKEND})`, () => {
  it('creates the owner with their site (ADMIN) and remembers the address; the hook runs after the commit', async () => {
    const body = newSignup()
    const { owner, site } = await signUp(t.app.db.orm, deps, { body, ip: '198.51.100.20', device: 'device-signup-itest-1' })
    expect(owner.email).toBe(body.email)
    expect(site).toMatchObject({ title: body.siteTitle, role: 1 })
    expect((await t.app.sites.listForOwner(owner.id)).map((s) => s.id)).toEqual([site.id])
    const known = await sqlRows<{ address: string }>(t.app.db.orm, sql`select address from owner_known_addresses where owner_id = ${owner.id}`)
    expect(known.map((k) => k.address)).toEqual(['198.51.100.20'])
    expect(welcomed).toEqual([body.email])
  })

  it('a taken site address rolls the owner back too, and the hook does not run', async () => {
    const first = newSignup()
    await signUp(t.app.db.orm, deps, { body: first, ip: '198.51.100.21', device: 'device-signup-itest-2' })
    const second = { ...newSignup(), slug: first.slug }
    const e = await signUp(t.app.db.orm, deps, { body: second, ip: '198.51.100.22', device: 'device-signup-itest-3' }).then(() => null, (x: unknown) => x)
    expect(isAppError(e) && e.code).toBe('slug_taken')
    expect(await owners(second.email)).toBe(0)
    expect(welcomed).not.toContain(second.email)
  })

  it('refuses a weak password before counting or writing anything', async () => {
    const body = { ...newSignup(), password: 'password1' }
    const e = await signUp(t.app.db.orm, deps, { body, ip: '198.51.100.23', device: 'device-signup-itest-4' }).then(() => null, (x: unknown) => x)
    expect(isAppError(e) && e.code).toBe('validation_failed')
    expect(await owners(body.email)).toBe(0)
  })
})
