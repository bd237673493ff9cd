// submitForm called directly (no HTTP): the whole SaveFormSubmission flow as one domain function.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { BACKEND, startTestApp, type TestApp, type Client } from '../../../test/harness.js'
import { sqlRows } from '../../platform/db/index.js'
import { isAppError } from '../../platform/errors.js'
import { createForm, ownerSite, type OwnerSite } from './forms-test-kit.js'
import { issueKey } from './keys.js'

let t: TestApp
let site: OwnerSite<Client>
let form: Record<string, any>
beforeAll(async () => {
  t = await startTestApp()
  site = await ownerSite(t)
  form = await createForm(site)
})
afterAll(() => t?.close())

const crumb = 'visitor-crumb-of-submit-itest'
const rows = async (formId: string) =>
  sqlRows<{ id: string; answers: any; page: any }>(t.app.db.orm, sql`select id, answers, page from form_submissions where form_id = ${formId} order by created_at`)
const keyFor = (c = crumb) => issueKey(t.app.db.orm, site.siteId, c, 600)
const input = (key: string, formMap: unknown, extra: Record<string, string> = {}) => ({
  siteId: site.siteId,
  siteSlug: site.slug,
  crumb,
  ip: '203.0.113.7',
  body: { key, formId: form.id, form: formMap as Record<string, unknown>, ...extra },
})
async function refusal(p: Promise<unknown>) {
  const e = await p.then(() => null, (x: unknown) => x)
  if (!isAppError(e)) throw new Error(`expected an AppError, got ${String(e)}`)
  return e
}

describe(`submitForm (${BACKEND})`, () => {
  it('stores the answers and the page, and a replay of the key answers the first answer without a second row', async () => {
    const key = await keyFor()
    const answer = await t.app.forms.submit(input(key, { text: 'Direct', email: 'dee@example.com' }, { pagePath: '/contact' }))
    expect(answer.submissionId).toMatch(/^[0-9a-f]{24}$/)
    const stored = await rows(form.id)
    expect(stored.map((r) => r.id)).toEqual([answer.submissionId])
    expect(stored[0]!.answers).toMatchObject({ text: 'Direct', email: 'dee@example.com' })
    expect(stored[0]!.page).toEqual({ pagePath: '/contact' })
    expect(await t.app.forms.submit(input(key, { text: 'Another body' }))).toEqual(answer)
    expect((await rows(form.id)).length).toBe(1)
  })

  it('accepts the field map as JSON text', async () => {
    const answer = await t.app.forms.submit(input(await keyFor(), JSON.stringify({ text: 'As text' })))
    const [row] = await sqlRows<{ answers: any }>(t.app.db.orm, sql`select answers from form_submissions where id = ${answer.submissionId}`)
    expect(row!.answers).toMatchObject({ text: 'As text' })
  })

  it('refuses invalid fields with their messages and stores nothing; the key stays usable', async () => {
    const before = (await rows(form.id)).length
    const key = await keyFor()
    const e = await refusal(t.app.forms.submit(input(key, { email: 'not-an-email' })))
    expect(e.code).toBe('invalid_fields')
    expect(Object.keys((e.details as { fields: Record<string, string> }).fields).sort()).toEqual(['email', 'text'])
    expect((await rows(form.id)).length).toBe(before)
    await t.app.forms.submit(input(key, { text: 'Fixed' }))
    expect((await rows(form.id)).length).toBe(before + 1)
  })

  it("refuses another visitor's key and an unreadable field map", async () => {
    expect((await refusal(t.app.forms.submit(input(await keyFor('someone-else'), { text: 'x' })))).type).toBe('unauthorized')
    expect((await refusal(t.app.forms.submit(input(await keyFor(), '{not json')))).code).toBe('form_unparseable')
  })
})
