import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { BACKEND, startTestApp, type TestApp, type Client } from '../../../test/harness.js'
import { sqlRows } from '../../platform/db/index.js'
import { createForm, newKey, ownerSite, submit, type OwnerSite } from './forms-test-kit.js'

let t: TestApp
let site: OwnerSite<Client>
let form: Record<string, any>
beforeAll(async () => {
  t = await startTestApp()
  site = await ownerSite(t)
  form = await createForm(site)
})
afterAll(() => t?.close())

const count = async (formId: string) =>
  (await sqlRows<{ n: number }>(t.app.db.orm, sql`select count(*)::int as n from form_submissions where form_id = ${formId}`))[0]!.n

describe(`SaveFormSubmission status contract (${BACKEND})`, () => {
  it('FormSubmissionKey answers { data: { key } } with an empty body', async () => {
    const res = await site.visitor().post('/api/form/FormSubmissionKey')
    expect(res.status).toBe(200)
    expect(res.json.data.key).toMatch(/^[A-Za-z0-9_-]{20,}$/)
  })

  it('stores a valid submission and answers 200 { data: { submissionId } } after the commit', async () => {
    const v = site.visitor()
    const { res } = await submit(v, form.id, { text: 'Hello', email: 'ann@example.com', name: ['Ann', 'Lee'], checkbox: ['Z', 'X'] }, { pagePath: '/contact' })
    expect(res.status, res.body).toBe(200)
    expect(res.json.data.submissionId).toMatch(/^[0-9a-f]{24}$/)
    const rows = await sqlRows<{ answers: any; page: any }>(t.app.db.orm, sql`select answers, page from form_submissions where id = ${res.json.data.submissionId}`)
    expect(rows[0]!.answers).toMatchObject({ text: 'Hello', email: 'ann@example.com', name: ['Ann', 'Lee'], checkbox: ['X', 'Z'] })
    expect(rows[0]!.page).toEqual({ pagePath: '/contact' })
  })

  it('is idempotent by key: a replay answers the first answer and stores no second row', async () => {
    const v = site.visitor()
    const key = await newKey(v)
    const before = await count(form.id)
    const body = { key, formId: form.id, form: { text: 'Once' } }
    const first = await v.post('/api/form/SaveFormSubmission', body)
    const again = await v.post('/api/form/SaveFormSubmission', { ...body, form: { text: 'Twice' } })
    const parallel = await Promise.all([1, 2, 3].map(() => v.post('/api/form/SaveFormSubmission', body)))
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    expect(again.json).toEqual(first.json)
    for (const p of parallel) expect(p.json).toEqual(first.json)
    expect(await count(form.id)).toBe(before + 1)
  })

  it('concurrent first uses of one key store exactly one row', async () => {
    const v = site.visitor()
    const key = await newKey(v)
    const before = await count(form.id)
    const body = { key, formId: form.id, form: { text: 'Race' } }
    const answers = await Promise.all([1, 2, 3, 4].map(() => v.post('/api/form/SaveFormSubmission', body)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
    expect(new Set(answers.map((a) => a.json.data.submissionId)).size).toBe(1)
    expect(await count(form.id)).toBe(before + 1)
  })

  it('400 with data.errors per field id: required, email rule, character limit, options', async () => {
    const { res } = await submit(site.visitor(), form.id, { text: '', email: 'ann@example', message: 'x'.repeat(11), radio: 'C', checkbox: ['Q'] })
    expect(res.status).toBe(400)
    expect(res.json.data.errors).toEqual({
      text: 'Text is required.',
      email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
      message: 'You have exceeded the character limit.',
      radio: 'C is not one of the expected options',
      checkbox: 'Q is not one of the expected options',
    })
    expect(typeof res.json.data.error).toBe('string')
  })

  it('email: 3 to 256 characters, last label 2 to 4 alphanumerics; empty is valid when not required', async () => {
    const v = site.visitor()
    const ok = ['a@b.co', 'x.y+z@mail.example.info', `${'a'.repeat(240)}@example.com`]
    const bad = ['a@b.c', 'a@b.toolong', 'no-at.example.com', `${'a'.repeat(250)}@example.com`, 'a b@c.de']
    for (const email of ok) expect((await submit(v, form.id, { text: 't', email })).res.status, email).toBe(200)
    for (const email of bad) expect((await submit(v, form.id, { text: 't', email })).res.json.data.errors.email, email).toMatch(/^Email is not valid/)
    expect((await submit(v, form.id, { text: 't', email: '' })).res.status).toBe(200)
  })

  it('stores password fields as __MASKED_FIELD__ and phone with 3 parts gets an empty country first', async () => {
    const { res } = await submit(site.visitor(), form.id, { text: 't', password: 'hunter2', phone: ['555', '123', '4567'] })
    expect(res.status).toBe(200)
    const [row] = await sqlRows<{ answers: any }>(t.app.db.orm, sql`select answers from form_submissions where id = ${res.json.data.submissionId}`)
    expect(row!.answers.password).toBe('__MASKED_FIELD__')
    expect(row!.answers.phone).toEqual(['', '555', '123', '4567'])
  })

  it('accepts `form` as JSON text; unparseable text is 400', async () => {
    const v = site.visitor()
    expect((await submit(v, form.id, JSON.stringify({ text: 'json' }) as unknown as Record<string, unknown>)).res.status).toBe(200)
    const bad = await submit(v, form.id, '{nope' as unknown as Record<string, unknown>)
    expect(bad.res.status).toBe(400)
    expect(bad.res.json.data.errors.form).toBeTruthy()
  })

  it('401 for an unknown key, another client’s key and another site’s key', async () => {
    const v = site.visitor()
    const unknown = await v.post('/api/form/SaveFormSubmission', { key: 'not-a-key', formId: form.id, form: { text: 'x' } })
    expect(unknown.status).toBe(401)
    expect(unknown.json.data.error).toBe('Unable to submit form. Please try again later.')
    const key = await newKey(site.visitor())
    expect((await v.post('/api/form/SaveFormSubmission', { key, formId: form.id, form: { text: 'x' } })).status).toBe(401)
    const other = await ownerSite(t)
    const ov = other.visitor()
    ov.cookies.set('crumb', v.crumb!) // the same client on another site's host
    const otherKey = await newKey(ov)
    expect((await v.post('/api/form/SaveFormSubmission', { key: otherKey, formId: form.id, form: { text: 'x' } })).status).toBe(401)
  })

  it("404 'This form has not been configured yet.' for an unknown form, another site's form or a form without fields", async () => {
    const v = site.visitor()
    const missing = await submit(v, 'aaaaaaaaaaaaaaaaaaaaaaaa', { text: 'x' })
    expect(missing.res.status).toBe(404)
    expect(missing.res.json).toEqual({ data: { error: 'This form has not been configured yet.' } })
    const other = await ownerSite(t)
    const otherForm = await createForm(other)
    expect((await submit(v, otherForm.id, { text: 'x' })).res.status).toBe(404)
    const empty = await createForm(site, { fields: [] })
    expect((await submit(v, empty.id, {})).res.json.data.error).toBe('This form has not been configured yet.')
  })

  it('400 (not 500) for a malformed body, with data.errors naming the fields', async () => {
    const v = site.visitor()
    const res = await v.post('/api/form/SaveFormSubmission', { formId: form.id, form: 5, extra: true })
    expect(res.status).toBe(400)
    expect(Object.keys(res.json.data.errors).sort()).toEqual(['extra', 'form', 'key'])
    const text = await v.request('POST', '/api/form/SaveFormSubmission', { body: '{"key":', contentType: 'application/json' })
    expect(text.status).toBe(400)
    expect(text.json.data.error).toBeTruthy()
  })

  it('403 crumbFail without the crumb', async () => {
    const res = await site.visitor().request('POST', '/api/form/FormSubmissionKey', { crumb: false })
    expect(res.status).toBe(403)
    expect(res.json.crumbFail).toBe(true)
  })

  it('validate/{formId} answers the errors map without storing anything', async () => {
    const v = site.visitor()
    const before = await count(form.id)
    const bad = await v.post(`/api/rest/forms/validate/${form.id}`, { email: 'x@y', text: '' })
    expect(bad.status).toBe(400)
    expect(bad.json.data.errors).toMatchObject({ text: 'Text is required.', email: expect.stringMatching(/^Email is not valid/) })
    const good = await v.post(`/api/rest/forms/validate/${form.id}`, { text: 'fine' })
    expect(good.status).toBe(200)
    expect(good.json.data.valid).toBe(true)
    expect(await count(form.id)).toBe(before)
  })

  it('census form-render counts renders; template schema lists every kind', async () => {
    const v = site.visitor()
    expect((await v.post('/api/census/form-render', { formId: form.id, visitorCookie: 'abc' })).status).toBe(204)
    const [row] = await sqlRows<{ renders: number }>(t.app.db.orm, sql`select renders from form_render_counts where form_id = ${form.id}`)
    expect(row!.renders).toBe(1)
    const schema = await v.get('/api/template/GetTemplateSchema?type=form')
    expect(schema.status).toBe(200)
    expect(schema.json.data.defaults).toMatchObject({ name: 'My Form Name', submitButtonText: 'Add to Cart' })
    expect(schema.json.data.setupSteps).toEqual({ build: 1, storage: 2, advanced: 3, captcha: 4, disclaimer: 5 })
    expect(schema.json.data.fieldKinds.map((k: { type: string }) => k.type)).toHaveLength(19)
    expect(schema.json.data.fieldKinds.find((k: { type: string }) => k.type === 'likert').scale[0]).toEqual({ value: -2, label: 'Strongly Disagree' })
    expect((await v.get('/api/template/GetTemplateSchema?type=page')).status).toBe(400)
  })
})
