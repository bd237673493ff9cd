import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, fileEnv, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { sqlRows } from '../../platform/db/index.js'
import { createForm, ownerSite, submit, type OwnerSite } from './forms-test-kit.js'

fileEnv({ ALTCHA_MAX_COUNTER: '2000' }) // quick proofs of work in tests

let t: TestApp
let site: OwnerSite<Client>
let form: Record<string, any>
beforeAll(async () => {
  t = await startTestApp()
  site = await ownerSite(t)
  form = await createForm(site, { captchaEnabled: true })
})
afterAll(() => t?.close())

async function solved(v: Client): Promise<string> {
  const res = await v.get('/api/form/captcha/challenge')
  expect(res.status).toBe(200)
  expect(res.headers['cache-control']).toBe('no-store')
  const challenge = res.json as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  expect(solution).not.toBeNull()
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

describe(`ALTCHA captcha (${BACKEND})`, () => {
  it('a solved challenge lets the submission through', async () => {
    const v = site.visitor()
    const { res } = await submit(v, form.id, { text: 'with captcha' }, { captchaKey: await solved(v) })
    expect(res.status, res.body).toBe(200)
  })

  it("no captcha or a wrong solution: 400 'Complete CAPTCHA before submitting.'", async () => {
    const v = site.visitor()
    const none = await submit(v, form.id, { text: 'x' })
    expect(none.res.status).toBe(400)
    expect(none.res.json.data).toEqual({ error: 'Complete CAPTCHA before submitting.', errors: { captcha: 'Complete CAPTCHA before submitting.' } })
    const good = JSON.parse(Buffer.from(await solved(v), 'base64').toString()) as { solution: { derivedKey: string } }
    good.solution.derivedKey = '00'.repeat(32)
    const wrong = await submit(v, form.id, { text: 'x' }, { captchaKey: Buffer.from(JSON.stringify(good)).toString('base64') })
    expect(wrong.res.status).toBe(400)
    expect((await submit(v, form.id, { text: 'x' }, { captchaKey: 'garbage' })).res.status).toBe(400)
  })

  it('a solved challenge is accepted once (replay store in the database)', async () => {
    const v = site.visitor()
    const captchaKey = await solved(v)
    expect((await submit(v, form.id, { text: 'first' }, { captchaKey })).res.status).toBe(200)
    const replay = await submit(v, form.id, { text: 'second' }, { captchaKey })
    expect(replay.res.status).toBe(400)
    expect(replay.res.json.data.error).toBe('Complete CAPTCHA before submitting.')
    const [row] = await sqlRows<{ n: number }>(t.app.db.orm, sql`select count(*)::int as n from captcha_spent where site_id = ${site.siteId}`)
    expect(row!.n).toBeGreaterThanOrEqual(2)
  })

  it("another site's challenge is refused", async () => {
    const other = await ownerSite(t)
    const captchaKey = await solved(other.visitor())
    const v = site.visitor()
    expect((await submit(v, form.id, { text: 'x' }, { captchaKey })).res.status).toBe(400)
  })

  it('the page context of a form carries the captcha settings (provider, site key, challenge URL)', async () => {
    const forms = await t.app.forms.getFormsForContext(site.siteId, [form.id, 'unknown'])
    expect([...forms.keys()]).toEqual([form.id])
    expect(forms.get(form.id)!.captcha).toMatchObject({ enabled: true, provider: 'altcha', siteKey: 'altcha', challengeUrl: '/api/form/captcha/challenge' })
    expect(forms.get(form.id)!.fields.map((f) => f.id)).toContain('email')
  })
})
