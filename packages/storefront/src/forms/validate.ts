// Client-side checks of site forms: required fields, the email rule, the textarea character limit.
import { isValidEmail } from '@sitewright/contracts'
import { parseMax } from '../core/counter.js'
import { MESSAGES } from './messages.js'
import type { FieldValue } from './values.js'

/** 3 to 256 characters, local@domain, last label 2 to 4 alphanumerics (the one rule, in contracts). */
export { isValidEmail } from '@sitewright/contracts'

function isEmpty(v: FieldValue | undefined): boolean {
  if (v === undefined) return true
  if (typeof v === 'string') return v.trim() === ''
  if (Array.isArray(v)) return v.every((p) => p.trim() === '')
  return Object.keys(v).length === 0
}

/** Field id -> message for every field that fails (empty map: the form may be sent). */
export function validateForm(form: ParentNode, values: Record<string, FieldValue>): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const el of form.querySelectorAll<HTMLElement>('[data-field-id]')) {
    const id = el.getAttribute('data-field-id')!
    const type = el.getAttribute('data-field-type')
    const v = values[id]
    const title = el.querySelector('.title')?.textContent?.trim() || id
    if (el.hasAttribute('data-required') && isEmpty(v)) {
      errors[id] = `${title} is required.`
      continue
    }
    if (type === 'email' && typeof v === 'string' && v.trim() !== '' && !isValidEmail(v.trim())) errors[id] = MESSAGES.email
    if (type === 'textarea' && typeof v === 'string') {
      const max = parseMax(el.getAttribute('data-max-length'))
      if (max !== null && v.length > max) errors[id] = MESSAGES.characterLimit
    }
  }
  return errors
}
