// Fuzzed payloads against the visitor form calls: whatever a client sends, the answer is never a 5xx.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, fileEnv, startTestApp, type TestApp, type Client } from '../../../test/harness.js'
import { ALL_KIND_FIELDS, createForm, newKey, ownerSite, type OwnerSite } from './forms-test-kit.js'

fileEnv({ FORM_RATE_LIMIT: '0' })

let t: TestApp
let site: OwnerSite<Client>
let formId = ''
beforeAll(async () => {
  t = await startTestApp()
  site = await ownerSite(t)
  formId = (await createForm(site, { captchaEnabled: false })).id
})
afterAll(() => t?.close())

const fieldIds = ALL_KIND_FIELDS.map((f) => f.id)
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 300 }),
  fc.array(fc.string({ maxLength: 40 }), { maxLength: 8 }),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxKeys: 4 }),
)
const formMap = fc.dictionary(fc.oneof(fc.constantFrom(...fieldIds), fc.string({ maxLength: 10 })), anyValue, { maxKeys: 12 })

describe(`fuzzed form payloads get only 2xx/4xx (${BACKEND})`, () => {
  it('SaveFormSubmission with random bodies and random field values', async () => {
    const v = site.visitor()
    const key = await newKey(v)
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            key: fc.oneof(fc.constant(key), fc.string({ maxLength: 50 }), fc.integer()),
            formId: fc.oneof(fc.constant(formId), fc.string({ maxLength: 30 }), fc.constant(null)),
            form: fc.oneof(formMap, fc.string({ maxLength: 100 }), fc.jsonValue({ maxDepth: 2 })),
            captchaKey: fc.string({ maxLength: 100 }),
            pagePath: fc.oneof(fc.string({ maxLength: 50 }), fc.integer()),
            junk: fc.jsonValue({ maxDepth: 2 }),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const res = await v.post('/api/form/SaveFormSubmission', body)
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          expect(res.status, JSON.stringify(body).slice(0, 300)).toBeLessThan(500)
          if (res.status >= 400) expect(typeof res.json.data.error).toBe('string')
        },
      ),
      { numRuns: 250 },
    )
    console.log('SaveFormSubmission fuzz statuses', Object.fromEntries(statuses))
  }, 120_000)

  it('well-formed envelopes with fresh keys and random values: 200 or 400 with data.errors', async () => {
    const v = site.visitor()
    await fc.assert(
      fc.asyncProperty(formMap, async (form) => {
        const key = await newKey(v)
        const res = await v.post('/api/form/SaveFormSubmission', { key, formId, form })
        expect([200, 400], JSON.stringify(form).slice(0, 300)).toContain(res.status)
        // 400: field errors, or a rejected body (e.g. a __proto__ key) with its message
        if (res.status === 400) expect(Object.keys(res.json.data.errors).length > 0 || res.json.data.error).toBeTruthy()
      }),
      { numRuns: 150 },
    )
  }, 120_000)

  it('validate, form-render and raw (non-JSON) bodies', async () => {
    const v = site.visitor()
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), fc.string({ maxLength: 200 }), async (json, raw) => {
        for (const url of [`/api/rest/forms/validate/${formId}`, '/api/census/form-render', '/api/form/FormSubmissionKey']) {
          expect((await v.post(url, json)).status, url).toBeLessThan(500)
          expect((await v.request('POST', url, { body: raw, contentType: 'application/json' })).status, url).toBeLessThan(500)
          expect((await v.request('POST', url, { body: raw, contentType: 'text/plain' })).status, url).toBeLessThan(500)
        }
      }),
      { numRuns: 60 },
    )
  }, 120_000)
})
