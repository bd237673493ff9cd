// Server-side validation of submitted field values (site forms) for every field kind. Pure: takes the
// form's fields and the visitor's `{ fieldId: value }` map, returns normalized answers or a message per field id.
import { isValidEmail } from '@sitewright/contracts'
import { FIELD_PARTS, PASSWORD_MASK, fieldTitle, isComposite, type FormField } from './fields.js'

export const EMAIL_FORMAT_EXAMPLE = 'user@domain.com'
export const EMAIL_MESSAGE = `Email is not valid. Email addresses should follow the format ${EMAIL_FORMAT_EXAMPLE}.`
export const CHARACTER_LIMIT_MESSAGE = 'You have exceeded the character limit.'
export const NOT_VALID_MESSAGE = 'This value is not valid.'
/** Longest single text value accepted for kinds without their own limit. */
export const TEXT_MAX = 10_000

/** Email rule of site forms: 3 to 256 characters, local@domain, last label 2 to 4 alphanumerics (contracts). */
export { isValidEmail } from '@sitewright/contracts'

export type Answer = string | string[] | Record<string, string>
export type Answers = Record<string, Answer>
export type ValuesResult = { ok: true; answers: Answers } | { ok: false; errors: Record<string, string> }

const required = (f: FormField) => `${fieldTitle(f)} is required.`
const notOption = (v: string) => `${v} is not one of the expected options`

/** Which parts must be filled when a composite field is required. */
const REQUIRED_PARTS: Record<keyof typeof FIELD_PARTS, readonly number[]> = {
  address: [0, 2, 3, 4],
  date: [0, 1, 2],
  name: [0, 1],
  phone: [1, 2, 3],
  time: [0, 1],
}

type Check = { value: Answer } | { error: string }

function str(raw: unknown): string | null {
  if (raw === undefined || raw === null) return ''
  if (typeof raw === 'string') return raw
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw)
  return null
}

function strList(raw: unknown): string[] | null {
  if (raw === undefined || raw === null || raw === '') return []
  if (typeof raw === 'string') return [raw]
  if (!Array.isArray(raw)) return null
  const out: string[] = []
  for (const v of raw) {
    const s = str(v)
    if (s === null) return null
    out.push(s)
  }
  return out
}

function partsOf(f: FormField & { type: keyof typeof FIELD_PARTS }, raw: unknown): Check {
  const names = FIELD_PARTS[f.type]
  let list = strList(raw)
  if (list === null || list.some((p) => p.length > 500)) return { error: NOT_VALID_MESSAGE }
  if (f.type === 'phone' && list.length === 3) list = ['', ...list]
  if (list.length === 0) list = names.map(() => '')
  if (list.length !== names.length) return { error: NOT_VALID_MESSAGE }
  const parts = list.map((p) => p.trim())
  const empty = parts.every((p) => p === '')
  if (f.required && REQUIRED_PARTS[f.type].some((i) => parts[i] === '')) return { error: required(f) }
  if (empty) return { value: parts }
  if (f.type === 'date') {
    const [m, d, y] = parts.map(Number) as [number, number, number]
    const ok = Number.isInteger(m) && Number.isInteger(d) && Number.isInteger(y) && m >= 1 && m <= 12 && d >= 1
    if (!ok || d > new Date(Date.UTC(y, m, 0)).getUTCDate() || y < 1 || y > 9999)
      return { error: `${fieldTitle(f)} is not a valid date.` }
  }
  if (f.type === 'time') {
    const [h, mi, s] = parts.slice(0, 3).map((p) => (p === '' ? 0 : Number(p))) as [number, number, number]
    const ampm = parts[3]!
    const ok = [h, mi, s].every(Number.isInteger) && h >= 0 && h <= 23 && mi >= 0 && mi <= 59 && s >= 0 && s <= 59
    if (!ok || !['', 'AM', 'PM'].includes(ampm.toUpperCase())) return { error: `${fieldTitle(f)} is not a valid time.` }
  }
  return { value: parts }
}

function textOf(f: FormField, raw: unknown): Check {
  const s = str(raw)
  if (s === null) return { error: NOT_VALID_MESSAGE }
  const value = f.type === 'textarea' ? s : s.trim()
  const limit = f.type === 'textarea' && f.maxLength > 0 ? f.maxLength : TEXT_MAX
  if (value.length > limit) return { error: CHARACTER_LIMIT_MESSAGE }
  const filled = value.trim() !== ''
  if (!filled) return 'required' in f && f.required ? { error: required(f) } : { value: '' }
  switch (f.type) {
    case 'email':
      return isValidEmail(value) ? { value } : { error: EMAIL_MESSAGE }
    case 'number':
      return Number.isFinite(Number(value)) ? { value } : { error: `${fieldTitle(f)} must be a number.` }
    case 'currency':
      return /^-?\d{1,15}([.,]\d{1,2})?$/.test(value) ? { value } : { error: `${fieldTitle(f)} must be an amount.` }
    case 'website':
      return /^(https?:\/\/)?[^\s/.]+(\.[^\s/.]+)+(\/\S*)?$/i.test(value)
        ? { value }
        : { error: `${fieldTitle(f)} must be a web address.` }
    case 'twitter':
      return /^@?\w{1,50}$/.test(value) ? { value } : { error: `${fieldTitle(f)} must be a Twitter handle.` }
    case 'password':
      return { value: PASSWORD_MASK }
    default:
      return { value }
  }
}

function choiceOf(f: FormField & { options: string[]; required: boolean }, raw: unknown): Check {
  if (f.type === 'checkbox') {
    const list = strList(raw)
    if (list === null) return { error: NOT_VALID_MESSAGE }
    const bad = list.find((v) => !f.options.includes(v))
    if (bad !== undefined) return { error: notOption(bad.slice(0, 200)) }
    if (f.required && list.length === 0) return { error: required(f) }
    return { value: f.options.filter((o) => list.includes(o)) }
  }
  if (f.type === 'likert') {
    if (raw === undefined || raw === null || raw === '') raw = {}
    if (typeof raw !== 'object' || Array.isArray(raw)) return { error: NOT_VALID_MESSAGE }
    const out: Record<string, string> = {}
    for (const [question, answer] of Object.entries(raw as Record<string, unknown>)) {
      if (!f.options.includes(question)) return { error: notOption(question.slice(0, 200)) }
      const a = Array.isArray(answer) ? answer[0] : answer
      const s = str(a)
      if (s === null || (s !== '' && !['-2', '-1', '0', '1', '2'].includes(s))) return { error: NOT_VALID_MESSAGE }
      if (s !== '') out[question] = s
    }
    if (f.required && f.options.some((q) => !(q in out))) return { error: required(f) }
    return { value: out }
  }
  const s = str(Array.isArray(raw) ? raw[0] : raw)
  if (s === null) return { error: NOT_VALID_MESSAGE }
  if (s === '') return f.required ? { error: required(f) } : { value: '' }
  return f.options.includes(s) ? { value: s } : { error: notOption(s.slice(0, 200)) }
}

function check(f: FormField, raw: unknown): Check | null {
  switch (f.type) {
    case 'section':
      return null
    case 'hidden': {
      const s = str(raw)
      return s === null || s.length > 2000 ? { error: NOT_VALID_MESSAGE } : { value: s }
    }
    case 'radio':
    case 'checkbox':
    case 'select':
    case 'likert':
      return choiceOf(f, raw)
    default:
      return isComposite(f.type) ? partsOf(f as FormField & { type: keyof typeof FIELD_PARTS }, raw) : textOf(f, raw)
  }
}

/** Validates every field of the form against the submitted map; unknown field ids are ignored. */
export function validateValues(fields: readonly FormField[], submitted: Record<string, unknown>): ValuesResult {
  const answers: Answers = {}
  const errors: Record<string, string> = {}
  for (const f of fields) {
    const raw = Object.hasOwn(submitted, f.id) ? submitted[f.id] : undefined
    const result = check(f, raw)
    if (!result) continue
    if ('error' in result) errors[f.id] = result.error
    else answers[f.id] = result.value
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers }
}
