// The form model the builder edits (the server's forms contract) and its pure operations: field kinds with their
// editable properties, new fields with defaults, reorder, property edits, setup steps.
import { FIELD_PROPERTIES, FORM_SETUP_STEPS, type FieldKind, type FormSettings } from '@sitewright/contracts'

export { FIELD_KINDS, FIELD_PROPERTIES as PROPERTIES, type FieldKind, type FieldProperty as Property } from '@sitewright/contracts'

export const KIND_LABELS: Readonly<Record<FieldKind, string>> = {
  text: 'Text', textarea: 'Text area', email: 'Email', number: 'Number', website: 'Website', currency: 'Currency',
  password: 'Password', twitter: 'Twitter', date: 'Date', time: 'Time', name: 'Name', address: 'Address', phone: 'Phone',
  section: 'Section', radio: 'Radio buttons', checkbox: 'Checkboxes', select: 'Dropdown', likert: 'Likert survey', hidden: 'Hidden',
}

export interface Field {
  type: FieldKind
  id: string
  title?: string
  description?: string
  placeholder?: string
  required?: boolean
  maxLength?: number
  currencySymbol?: string
  showCountryCode?: boolean
  underline?: boolean
  options?: string[]
  key?: string
  value?: string
}

/** A form as the owner API answers it (its settings are the contract's), with the fields the builder edits. */
export interface Form extends FormSettings {
  id: string
  fields: Field[]
}

/** Setup steps of a form (ids from the shared contract): build 1, storage 2, advanced 3, captcha 4, disclaimer 5. */
type StepKey = keyof typeof FORM_SETUP_STEPS
const STEP_LABELS: Readonly<Record<StepKey, string>> = { build: 'Build', storage: 'Storage', advanced: 'Advanced', captcha: 'Captcha', disclaimer: 'Disclaimer' }
export const STEPS = (Object.keys(FORM_SETUP_STEPS) as StepKey[]).map((key) => ({ id: FORM_SETUP_STEPS[key], key, label: STEP_LABELS[key] }))
export type StepId = (typeof FORM_SETUP_STEPS)[StepKey]

function uniqueId(kind: FieldKind, taken: readonly Field[]): string {
  for (let n = 1; ; n++) {
    const id = `${kind}-${n}`
    if (!taken.some((f) => f.id === id)) return id
  }
}

/** A new field of `kind` with the defaults of its properties. */
export function newField(kind: FieldKind, taken: readonly Field[]): Field {
  const id = uniqueId(kind, taken)
  if (kind === 'hidden') return { type: 'hidden', id, key: id.replace(/-/g, '_'), value: '' }
  const f: Field = { type: kind, id, title: KIND_LABELS[kind], description: '' }
  const props = FIELD_PROPERTIES[kind]
  if (props.includes('required')) f.required = false
  if (props.includes('placeholder')) f.placeholder = ''
  if (props.includes('maxLength')) f.maxLength = 0
  if (props.includes('currencySymbol')) f.currencySymbol = '$'
  if (props.includes('showCountryCode')) f.showCountryCode = false
  if (props.includes('underline')) f.underline = false
  if (props.includes('options')) f.options = kind === 'likert' ? ['Statement 1'] : ['Option 1', 'Option 2']
  return f
}

export function moveField(fields: readonly Field[], index: number, by: -1 | 1): Field[] {
  const to = index + by
  if (to < 0 || to >= fields.length) return [...fields]
  const out = [...fields]
  const [f] = out.splice(index, 1)
  out.splice(to, 0, f!)
  return out
}

export function updateField(fields: readonly Field[], index: number, patch: Partial<Field>): Field[] {
  return fields.map((f, i) => (i === index ? { ...f, ...patch } : f))
}

export function removeField(fields: readonly Field[], index: number): Field[] {
  return fields.filter((_, i) => i !== index)
}

/** Options edited one per line; blank lines dropped. */
export function parseOptions(text: string): string[] {
  return text.split('\n').map((o) => o.trim()).filter(Boolean)
}
