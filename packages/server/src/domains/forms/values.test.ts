import { describe, expect, it } from 'vitest'
import { FEATURE_FLAGS, fieldProperties, flagsOf, textareaLimit } from '@sitewright/contracts'
import { loadFormsConfig } from './config.js'
import { csvCell, toCsv } from './csv.js'
import { fieldsSchema, formTemplateSchema, type FormField } from './fields.js'
import { fieldsOf, publicDto, visitorFields, type FormRow } from './forms.js'
import { summarize } from './summary.js'
import { CHARACTER_LIMIT_MESSAGE, EMAIL_MESSAGE, isValidEmail, validateValues } from './values.js'

/** A stored form row (forms.ts FormRow) around the fields under test. */
const FORM_ROW = {
  id: 'f1', siteId: 's1', name: 'F', fields: [], submissionMessage: '', submissionHtml: '', successRedirect: '', disclaimerMessage: '',
  captchaEnabled: false, captchaTheme: 'light', captchaAlignment: 'left', submitButtonText: 'Send', notifyEmail: null, webhookUrl: null,
  webhookSecret: null, mailingListId: null, createdAt: new Date(0), updatedAt: new Date(0),
} as unknown as FormRow
const f = (x: Record<string, unknown>) => fieldsSchema.parse([{ description: '', ...x }])[0]! as FormField

describe('validateValues', () => {
  it('email rule, character limit, required and options', () => {
    expect(isValidEmail('a@b.co')).toBe(true)
    expect(isValidEmail('a@b.c')).toBe(false)
    expect(isValidEmail('a@b.abcde')).toBe(false)
    const fields = [
      f({ type: 'email', id: 'e', title: 'E' }),
      f({ type: 'textarea', id: 't', title: 'T', maxLength: 3 }),
      f({ type: 'select', id: 's', title: 'S', options: ['A'], required: true }),
      f({ type: 'section', id: 'x', title: 'X' }),
    ]
    expect(validateValues(fields, { e: 'nope', t: 'abcd', s: '' })).toEqual({ ok: false, errors: { e: EMAIL_MESSAGE, t: CHARACTER_LIMIT_MESSAGE, s: 'S is required.' } })
    expect(validateValues(fields, { e: '', t: 'abc', s: 'A', x: 'ignored', unknown: 1 })).toEqual({ ok: true, answers: { e: '', t: 'abc', s: 'A' } })
  })

  it('composite parts: phone with 3 parts gets an empty country, dates and times are checked', () => {
    const phone = f({ type: 'phone', id: 'p', title: 'P' })
    expect(validateValues([phone], { p: ['1', '2', '3'] })).toEqual({ ok: true, answers: { p: ['', '1', '2', '3'] } })
    const date = f({ type: 'date', id: 'd', title: 'D' })
    expect(validateValues([date], { d: ['2', '30', '2025'] }).ok).toBe(false)
    expect(validateValues([date], { d: ['2', '28', '2025'] }).ok).toBe(true)
    const time = f({ type: 'time', id: 't', title: 'T', required: true })
    expect(validateValues([time], { t: ['', '30', '', ''] })).toEqual({ ok: false, errors: { t: 'T is required.' } })
  })

  it('likert answers are -2..2 for known statements; checkbox values keep the option order', () => {
    const likert = f({ type: 'likert', id: 'l', title: 'L', options: ['Q1', 'Q2'] })
    expect(validateValues([likert], { l: { Q1: '2', Q2: ['-2'] } })).toEqual({ ok: true, answers: { l: { Q1: '2', Q2: '-2' } } })
    expect(validateValues([likert], { l: { Q1: '3' } }).ok).toBe(false)
    const cb = f({ type: 'checkbox', id: 'c', title: 'C', options: ['A', 'B'] })
    expect(validateValues([cb], { c: ['B', 'A'] })).toEqual({ ok: true, answers: { c: ['A', 'B'] } })
  })
})

describe('summaries, CSV, template, config', () => {
  it('time parts default to 00; unanswered is N/A; likert by label', () => {
    expect(summarize(f({ type: 'time', id: 't', title: 'T' }), ['9', '', '', 'PM']).text).toBe('9:00:00 PM')
    expect(summarize(f({ type: 'name', id: 'n', title: 'N' }), ['', '']).text).toBe('N/A')
    expect(summarize(f({ type: 'text', id: 'x', title: 'X' }), undefined).text).toBe('N/A')
    expect(summarize(f({ type: 'likert', id: 'l', title: 'L', options: ['Q'] }), { Q: '-1' }).lines).toEqual([{ label: 'Q', text: 'Disagree' }])
  })

  it('CSV quotes every cell, doubles quotes, ends lines with CRLF and defuses formulas', () => {
    expect(csvCell('a"b')).toBe('"a""b"')
    for (const v of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvCell(v).startsWith(`"'`)).toBe(true)
    expect(toCsv(['h'], [['v']])).toBe('"h"\r\n"v"\r\n')
  })

  it('template schema defaults and the configuration', () => {
    expect(formTemplateSchema().defaults.name).toBe('My Form Name')
    expect(loadFormsConfig({}).captcha.provider).toBe('altcha')
    expect(loadFormsConfig({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/v' }).captcha.recaptchaVerifyUrl).toBe('http://127.0.0.1:9/v')
    expect(() => loadFormsConfig({ CAPTCHA_PROVIDER: 'hcaptcha' })).toThrow(/CAPTCHA_PROVIDER/)
  })
})

describe("SPEC.md: 'Textarea has maxLength when the vanilla form handler flag is on'", () => {
  const row = { fields: [
    { type: 'textarea', id: 't', title: 'T', description: '', placeholder: '', required: false, maxLength: 5 },
    { type: 'text', id: 'x', title: 'X', description: '', placeholder: '', required: false },
  ] }
  const captcha = { provider: 'altcha' as const, siteKey: 'altcha' }
  const long = 'abcdefgh'

  it('flag on: the page gets maxLength 5 and the server refuses 8 characters with the character-limit message', () => {
    expect(publicDto({ ...FORM_ROW, ...row }, captcha, true).fields[0]).toMatchObject({ type: 'textarea', maxLength: 5 })
    expect(validateValues(visitorFields(row, true), { t: long })).toEqual({ ok: false, errors: { t: 'You have exceeded the character limit.' } })
    expect(fieldProperties('textarea', true)).toContain('maxLength')
    expect(textareaLimit({ maxLength: 5 }, true)).toBe(5)
  })

  it('flag off: no maxLength on the page (no counter), the 8 characters are accepted, the builder does not offer it; the stored value stays', () => {
    expect(publicDto({ ...FORM_ROW, ...row }, captcha, false).fields[0]).toMatchObject({ type: 'textarea', maxLength: 0 })
    expect(validateValues(visitorFields(row, false), { t: long })).toEqual({ ok: true, answers: { t: long, x: '' } })
    expect(fieldProperties('textarea', false)).toEqual(['description', 'placeholder', 'required'])
    expect(fieldProperties('text', false)).toEqual(fieldProperties('text', true))
    expect(textareaLimit({ maxLength: 5 }, false)).toBe(0)
    expect(fieldsOf(row)[0]).toMatchObject({ maxLength: 5 })
  })

  it('every plan (and a running or ended trial) has the flag: FEATURE_FLAGS.VANILLA_FORM_HANDLER', () => {
    const now = new Date('2026-01-01T00:00:00Z')
    for (const plan of ['personal', 'business', 'commerce'] as const) expect(flagsOf(plan, null, now)).toContain(FEATURE_FLAGS.VANILLA_FORM_HANDLER)
    expect(flagsOf('trial', new Date('2026-01-02T00:00:00Z'), now)).toContain(FEATURE_FLAGS.VANILLA_FORM_HANDLER)
    expect(flagsOf('trial', new Date('2025-12-01T00:00:00Z'), now)).toContain(FEATURE_FLAGS.VANILLA_FORM_HANDLER)
  })
})
