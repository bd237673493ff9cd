// The additional-fields form of a product (shown in a lightbox before add to cart): field kinds, the value each kind submits, and the
// client-side 'Required' rule. Framework-free; the lightbox island renders it.
import { FIELD_PARTS, LIKERT_SCALE as SHARED_LIKERT, isComposite } from '@sitewright/contracts/forms'

export interface CheckoutFormField {
  id: string
  type: string
  title?: string
  description?: string
  required?: boolean
  placeholder?: string
  options?: string[]
  showCountryCode?: boolean
  key?: string
  value?: string
  currencySymbol?: string
}

export interface AdditionalFieldsForm {
  id?: string
  name?: string
  fields: CheckoutFormField[]
  submitButtonText?: string
}

export const DEFAULT_FORM_BUTTON = 'Add to Cart'
/** The five-point likert scale (packages/contracts), with the values as the radio inputs submit them. */
export const LIKERT_SCALE = SHARED_LIKERT.map((s) => ({ value: String(s.value), label: s.label }))

export function partsOf(f: CheckoutFormField): readonly string[] | undefined {
  if (f.type === 'phone') return f.showCountryCode ? FIELD_PARTS.phone : FIELD_PARTS.phone.slice(1)
  return isComposite(f.type) ? FIELD_PARTS[f.type] : undefined
}

export function readForm(raw: unknown): AdditionalFieldsForm | null {
  if (typeof raw !== 'object' || raw === null) return null
  const r = raw as Record<string, unknown>
  if (!Array.isArray(r.fields)) return null
  const fields = r.fields.filter((f): f is CheckoutFormField => typeof f === 'object' && f !== null && typeof (f as CheckoutFormField).id === 'string' && typeof (f as CheckoutFormField).type === 'string')
  return {
    id: typeof r.id === 'string' ? r.id : undefined,
    name: typeof r.name === 'string' ? r.name : undefined,
    fields,
    submitButtonText: typeof r.submitButtonText === 'string' ? r.submitButtonText : undefined,
  }
}

export type Value = string | string[] | Record<string, string[]>

/** Input names: `{id}` for single values, `{id}.{i}` for parts and likert statements. */
export const partName = (f: CheckoutFormField, i: number) => `${f.id}.${i}`

/** The submitted values by field id, read from the form's data by field kind (sections skipped). */
export function collectValues(form: AdditionalFieldsForm, data: FormData, search = ''): Record<string, Value> {
  const out: Record<string, Value> = {}
  const text = (name: string) => {
    const v = data.get(name)
    return typeof v === 'string' ? v : ''
  }
  for (const f of form.fields) {
    const parts = partsOf(f)
    if (f.type === 'section') continue
    if (parts) {
      const list = parts.map((_, i) => text(partName(f, i)))
      out[f.id] = f.type === 'phone' && list.length === 3 ? ['', ...list] : list
    } else if (f.type === 'checkbox') out[f.id] = data.getAll(f.id).map(String)
    else if (f.type === 'likert')
      out[f.id] = Object.fromEntries((f.options ?? []).map((q, i) => [q, data.getAll(partName(f, i)).map(String)]))
    else if (f.type === 'hidden') {
      const fromQuery = new URLSearchParams(search).get(f.key ?? f.id)
      out[f.id] = fromQuery ?? f.value ?? ''
    } else out[f.id] = text(f.id)
  }
  return out
}

export const REQUIRED = 'Required'

/** 'Required' for each required field left empty: text, multi-part, radio, select; a checkbox group needs one
 * checked; a likert field needs every statement answered. */
export function requiredErrors(form: AdditionalFieldsForm, values: Record<string, Value>): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const f of form.fields) {
    if (!f.required || f.type === 'section' || f.type === 'hidden') continue
    const v = values[f.id]
    let empty: boolean
    if (Array.isArray(v)) empty = v.every((s) => s.trim() === '')
    else if (typeof v === 'string') empty = v.trim() === ''
    else empty = !v || Object.values(v).some((checked) => checked.length === 0) || Object.keys(v).length === 0
    if (empty) errors[f.id] = REQUIRED
  }
  return errors
}
