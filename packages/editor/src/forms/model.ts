// The form model the builder edits (the server's forms contract) and its pure operations: field kinds with their
// editable properties (SPEC §3), new fields with defaults, reorder, property edits, setup steps.

export const FIELD_KINDS = [
  'text', 'textarea', 'email', 'number', 'website', 'currency', 'password', 'twitter', 'date', 'time', 'name',
  'address', 'phone', 'section', 'radio', 'checkbox', 'select', 'likert', 'hidden',
] as const
export type FieldKind = (typeof FIELD_KINDS)[number]

export type Property = 'description' | 'placeholder' | 'required' | 'maxLength' | 'currencySymbol' | 'showCountryCode' | 'underline' | 'options' | 'key' | 'value'

export const PROPERTIES: Readonly<Record<FieldKind, readonly Property[]>> = {
  text: ['description', 'placeholder', 'required'],
  textarea: ['description', 'placeholder', 'required', 'maxLength'],
  email: ['description', 'placeholder', 'required'],
  number: ['description', 'placeholder', 'required'],
  website: ['description', 'placeholder', 'required'],
  currency: ['description', 'currencySymbol', 'required'],
  password: ['description', 'required'],
  twitter: ['description', 'required'],
  date: ['description', 'required'],
  time: ['description', 'required'],
  name: ['description', 'required'],
  address: ['description', 'required'],
  phone: ['description', 'showCountryCode', 'required'],
  section: ['description', 'underline'],
  radio: ['description', 'options', 'required'],
  checkbox: ['description', 'options', 'required'],
  select: ['description', 'options', 'required'],
  likert: ['description', 'options', 'required'],
  hidden: ['key', 'value'],
}

export const KIND_LABELS: Readonly<Record<FieldKind, string>> = {
  text: 'Text', textarea: 'Text area', email: 'Email', number: 'Number', website: 'Website', currency: 'Currency',
  password: 'Password', twitter: 'Twitter', date: 'Date', time: 'Time', name: 'Name', address: 'Address', phone: 'Phone',
  section: 'Section', radio: 'Radio buttons', checkbox: 'Checkboxes', select: 'Dropdown', likert: 'Likert survey', hidden: 'Hidden',
}

export const PARTS: Partial<Record<FieldKind, readonly string[]>> = {
  address: ['Address 1', 'Address 2', 'City', 'State/Province', 'Zip/Postal Code', 'Country'],
  date: ['Month', 'Day', 'Year'],
  name: ['First Name', 'Last Name'],
  phone: ['Country code', 'Area code', 'Prefix', 'Line'],
  time: ['Hour', 'Minute', 'Second', 'AM/PM'],
}

export const LIKERT_SCALE = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'] as const

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

export interface Form {
  id: string
  name: string
  fields: Field[]
  submissionMessage: string
  submissionHtml: string
  successRedirect: string
  disclaimerMessage: string
  captchaEnabled: boolean
  captchaTheme: string
  captchaAlignment: string
  submitButtonText: string
  notifyEmail: string
  webhookUrl: string
  webhookSecret: string
  mailingListId: string | null
}

/** Setup steps of a form (SPEC §3): build 1, storage 2, advanced 3, captcha 4, disclaimer 5. */
export const STEPS = [
  { id: 1, key: 'build', label: 'Build' },
  { id: 2, key: 'storage', label: 'Storage' },
  { id: 3, key: 'advanced', label: 'Advanced' },
  { id: 4, key: 'captcha', label: 'Captcha' },
  { id: 5, key: 'disclaimer', label: 'Disclaimer' },
] as const
export type StepId = (typeof STEPS)[number]['id']

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
  const props = PROPERTIES[kind]
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
