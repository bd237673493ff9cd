// Summary display of a submitted form field: the parts of composite fields (address, date, name, phone, time),
// checked values, likert answers, and 'N/A' for an unanswered field.
import { field, isObject, list, nonEmpty, text } from './values.js'
import type { Value } from '../types.js'
import { FIELD_PARTS } from '@sitewright/contracts/forms'

export const NOT_ANSWERED = 'N/A'

/** Summary parts of the composite field kinds, in display order (the forms contract's). */
export const SUMMARY_PARTS = FIELD_PARTS

/** Five-point likert answers by value. */
export const LIKERT_ANSWERS: Readonly<Record<string, string>> = {
  '-2': 'Strongly Disagree',
  '-1': 'Disagree',
  '0': 'Neutral',
  '1': 'Agree',
  '2': 'Strongly Agree',
}

/** One line of a block value: optional bold label, then text. */
export interface SummaryLine {
  label?: string
  text: string
}

/** What the summary template renders: the title, then either an inline value or block lines. */
export interface SummaryView {
  title: string
  value?: string
  /** The inline value is a list of checked values (rendered with a trailing line break). */
  list?: boolean
  lines?: SummaryLine[]
}

const part = (values: Value, name: string): string => text(field(values, name))

function joinPresent(parts: string[], sep: string): string {
  return parts.filter((p) => p !== '').join(sep)
}

function address(values: Value): SummaryLine[] | undefined {
  const city = part(values, 'City')
  const rest = joinPresent([part(values, 'State'), part(values, 'Zip'), part(values, 'Country')], ' ')
  const lines = [part(values, 'Line1'), part(values, 'Line2'), city !== '' && rest !== '' ? `${city}, ${rest}` : city + rest]
  const present = lines.filter((l) => l !== '')
  return present.length === 0 ? undefined : present.map((l) => ({ text: l }))
}

function date(values: Value): string {
  const parts = SUMMARY_PARTS.date.map((p) => part(values, p))
  return parts.every((p) => p === '') ? '' : parts.join('/')
}

function name(values: Value): string {
  return joinPresent(SUMMARY_PARTS.name.map((p) => part(values, p)), ' ')
}

function phone(values: Value): string {
  const country = part(values, 'Country')
  const number = joinPresent([part(values, 'Areacode'), part(values, 'Prefix'), part(values, 'Line')], '-')
  if (number === '') return country === '' ? '' : `+${country}`
  return country === '' ? number : `+${country} ${number}`
}

function time(values: Value): string {
  const [h, m, s, ampm] = SUMMARY_PARTS.time.map((p) => part(values, p))
  if (h === '' && m === '' && s === '' && ampm === '') return ''
  const clock = [h, m, s].map((p) => (p === '' ? '00' : p)).join(':')
  return ampm === '' ? clock : `${clock} ${ampm}`
}

function likert(values: Value): SummaryLine[] | undefined {
  if (!isObject(values)) return undefined
  const lines = Object.entries(values).map(([question, answer]) => {
    const a = text(answer)
    return { label: question, text: LIKERT_ANSWERS[a] ?? a }
  })
  return lines.length === 0 ? undefined : lines
}

function checked(f: Value): { value: string; list: boolean } | undefined {
  const value = field(f, 'value')
  if (nonEmpty(value)) return { value, list: false }
  const values = list(field(f, 'values')).map(text).filter((v) => v !== '')
  if (values.length > 0) return { value: values.join(', '), list: true }
  const scalar = text(value)
  return scalar === '' ? undefined : { value: scalar, list: false }
}

/** Build the summary view of a form field (`type`, `rawTitle`, `value` or `values`). */
export function summaryView(f: Value): SummaryView {
  const title = text(field(f, 'rawTitle'))
  const values = field(f, 'values')
  const type = text(field(f, 'type'))
  const inline = (v: string): SummaryView => ({ title, value: v === '' ? NOT_ANSWERED : v })
  const block = (lines: SummaryLine[] | undefined): SummaryView => (lines ? { title, lines } : inline(''))
  switch (type) {
    case 'address':
      return block(address(values))
    case 'likert':
      return block(likert(values))
    case 'date':
      return inline(date(values))
    case 'name':
      return inline(name(values))
    case 'phone':
      return inline(phone(values))
    case 'time':
      return inline(time(values))
    default: {
      const c = checked(f)
      return c ? { title, value: c.value, list: c.list } : inline('')
    }
  }
}
