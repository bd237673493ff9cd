// Summary displays of submitted answers: composite parts by name (address Line1..Country, date
// Month/Day/Year, name First/Last, phone Country/Areacode/Prefix/Line, time Hour/Minute/Second/Ampm with missing
// parts 00), checked values, likert answers by label, and 'N/A' for an unanswered field.
import { FIELD_PARTS, LIKERT_SCALE, fieldTitle, isComposite, type FormField } from './fields.js'
import type { Answer } from './values.js'
import type { FieldSummary, SummaryPart } from '@sitewright/contracts'

export const NOT_ANSWERED = 'N/A'

export type { FieldSummary, SummaryPart }

const LIKERT_LABELS = new Map<string, string>(LIKERT_SCALE.map((s) => [String(s.value), s.label]))

function partsText(kind: keyof typeof FIELD_PARTS, p: string[]): { text: string; lines?: { text: string }[] } {
  const present = (xs: string[], sep: string) => xs.filter((x) => x !== '').join(sep)
  switch (kind) {
    case 'address': {
      const [line1 = '', line2 = '', city = '', state = '', zip = '', country = ''] = p
      const rest = present([state, zip, country], ' ')
      const lines = [line1, line2, city && rest ? `${city}, ${rest}` : city + rest].filter((l) => l !== '')
      return { text: lines.join(', '), lines: lines.map((text) => ({ text })) }
    }
    case 'date':
      return { text: p.join('/') }
    case 'name':
      return { text: present(p, ' ') }
    case 'phone': {
      const [country = '', ...rest] = p
      const number = present(rest, '-')
      return { text: country ? `+${country}${number ? ` ${number}` : ''}` : number }
    }
    case 'time': {
      const [h = '', m = '', s = '', ampm = ''] = p
      const clock = [h, m, s].map((x) => (x === '' ? '00' : x)).join(':')
      return { text: ampm ? `${clock} ${ampm}` : clock }
    }
  }
}

/** The summary of one field's answer (answer undefined or empty -> 'N/A'). */
export function summarize(field: FormField, answer: Answer | undefined): FieldSummary {
  const head = { id: field.id, type: field.type, title: fieldTitle(field) }
  if (isComposite(field.type)) {
    const names = FIELD_PARTS[field.type]
    const list = Array.isArray(answer) ? answer : []
    const values = names.map((_, i) => list[i] ?? '')
    const parts = names.map((name, i) => ({ name, value: values[i]! }))
    if (values.every((v) => v === '')) return { ...head, text: NOT_ANSWERED, parts }
    return { ...head, ...partsText(field.type, values), parts }
  }
  if (field.type === 'likert') {
    const map = answer && typeof answer === 'object' && !Array.isArray(answer) ? answer : {}
    const lines = field.options
      .filter((q) => map[q] !== undefined)
      .map((q) => ({ label: q, text: LIKERT_LABELS.get(map[q]!) ?? map[q]! }))
    if (lines.length === 0) return { ...head, text: NOT_ANSWERED }
    return { ...head, text: lines.map((l) => `${l.label}: ${l.text}`).join('; '), lines }
  }
  if (Array.isArray(answer)) {
    const values = answer.filter((v) => v !== '')
    return { ...head, text: values.length ? values.join(', ') : NOT_ANSWERED }
  }
  const text = typeof answer === 'string' ? answer : ''
  return { ...head, text: text.trim() === '' ? NOT_ANSWERED : text }
}

/** Summaries of every answerable field of a submission, in form order (sections are skipped). */
export function summarizeAll(fields: readonly FormField[], answers: Record<string, Answer>): FieldSummary[] {
  return fields.filter((f) => f.type !== 'section').map((f) => summarize(f, answers[f.id]))
}
