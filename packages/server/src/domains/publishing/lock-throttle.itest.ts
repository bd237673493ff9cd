// Issue 11 item 17: guesses at a page-lock password are throttled like owner sign-ins.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, startTestApp, type TestApp } from '../../../test/harness.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t?.close())

const form = { contentType: 'application/x-www-form-urlencoded' }

describe(`page-lock passwords (${BACKEND})`, () => {
  it('25 wrong guesses in a row: 8 answered, then 429 with Retry-After on the lock screen; another visitor still unlocks', async () => {
    const guesser = t.client('localhost', '192.0.2.10')
    await guesser.get('/kiln-log')
    const statuses: number[] = []
    let last = null
    for (let i = 0; i < 25; i++) {
      last = await guesser.request('POST', '/kiln-log?unlock', { ...form, body: `password=guess${i}` })
      statuses.push(last.status)
    }
    expect(statuses).toEqual([...Array(8).fill(403), ...Array(17).fill(429)])
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(800)
    expect(last!.body).toContain('This page is locked')
    expect(last!.body).toContain('Too many wrong passwords.')
    // the right password from the guessing address waits too
    expect(
      (await guesser.request('POST', '/kiln-log?unlock', { ...form, body: 'password=demo' })).status,
    ).toBe(429)
    // a visitor elsewhere is not locked out by one address's guesses
    const visitor = t.client('localhost', '192.0.2.11')
    const ok = await visitor.request('POST', '/kiln-log?unlock', { ...form, body: 'password=demo' })
    expect(ok).toMatchObject({ status: 303, headers: { location: '/kiln-log' } })
  })

  it('exactly 8 of 30 parallel guesses from one address are checked, the other 22 are 429', async () => {
    // the page's shared key starts empty (the test above used up one address's share of it, SHARE_PER_SOURCE)
    await t.app.db.orm.execute(sql`DELETE FROM login_throttle`)
    const c = t.client('localhost', '192.0.2.20')
    await c.get('/kiln-log')
    const res = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        c.request('POST', '/kiln-log?unlock', { ...form, body: `password=p${i}` }),
      ),
    )
    expect(res.filter((r) => r.status === 403).length).toBe(8)
    expect(res.filter((r) => r.status === 429).length).toBe(22)
  })
})
