// Additional fields of a cart entry, checked on the server before they are stored (add entry, PUT additionalFields,
// subscriptions): against the product's form of the forms domain (additionalFieldsFormId), else its inline form,
// and gift-card recipient details. Failures are 400 with a message per field id (`error.fields`), which the
// storefront's lightbox shows above each field.
import { EMAIL_PATTERN } from '@sitewright/contracts'
import { AppError } from '../../../platform/errors.js'
import type { CommerceDeps } from '../context.js'
import type { ProductRow } from '../schema.js'
import { PRODUCT_TYPES } from '../validators.js'

type Values = Record<string, unknown>

/** The gift-card page's fields: who the card is for, a message, and the answer to the reminder box ('true' / 'false'). */
export const GIFT_CARD_FIELDS = { recipientName: 100, recipientEmail: 256, senderName: 100, message: 1000, reminderConsent: 5 } as const
export const GIFT_CARD_EMAIL_MESSAGE = 'Enter the recipient’s email address, like name@example.com.'

function failed(errors: Record<string, string>): never {
  const first = Object.values(errors)[0] ?? 'Some fields are not valid.'
  throw new AppError('invalid_data', 'additional_fields_invalid', first, { fields: errors })
}

interface InlineField {
  id: string
  type: string
  title?: string
  required?: boolean
  options?: string[]
}

function inlineFields(form: unknown): InlineField[] | null {
  if (typeof form !== 'object' || form === null || !Array.isArray((form as { fields?: unknown }).fields)) return null
  return ((form as { fields: unknown[] }).fields).filter(
    (f): f is InlineField => typeof f === 'object' && f !== null && typeof (f as InlineField).id === 'string' && typeof (f as InlineField).type === 'string',
  )
}

const isEmpty = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.every(isEmpty)) ||
  (typeof v === 'object' && !Array.isArray(v) && v !== null && Object.values(v).some(isEmpty))

/** An inline form (owner-authored JSON on the product): required fields and the choices of choice fields. */
export function checkInline(fields: readonly InlineField[], values: Values): Values {
  const errors: Record<string, string> = {}
  const out: Values = {}
  for (const f of fields) {
    if (f.type === 'section') continue
    const v = values[f.id]
    const title = f.title?.trim() || f.id
    if (f.required && f.type !== 'hidden' && isEmpty(v)) {
      errors[f.id] = `${title} is required.`
      continue
    }
    if (v === undefined) continue
    const options = f.options ?? []
    if (['select', 'radio', 'checkbox'].includes(f.type) && options.length > 0 && !isEmpty(v)) {
      const chosen = Array.isArray(v) ? v : [v]
      const bad = chosen.find((c) => typeof c !== 'string' || (c !== '' && !options.includes(c)))
      if (bad !== undefined) {
        errors[f.id] = `${String(bad)} is not one of the expected options`
        continue
      }
    }
    if (typeof v === 'string' && v.length > 10_000) {
      errors[f.id] = 'You have exceeded the character limit.'
      continue
    }
    out[f.id] = v
  }
  if (Object.keys(errors).length) failed(errors)
  return out
}

/** A gift card's recipient details: known keys only, text within limits, a valid email when one is given. */
export function checkGiftCard(values: Values): Values {
  const errors: Record<string, string> = {}
  const out: Values = {}
  for (const [key, v] of Object.entries(values)) {
    const max = GIFT_CARD_FIELDS[key as keyof typeof GIFT_CARD_FIELDS]
    if (max === undefined) {
      errors[key] = 'This field is not part of a gift card.'
      continue
    }
    if (v !== null && typeof v !== 'string') errors[key] = 'This value is not valid.'
    else if ((v ?? '').length > max) errors[key] = 'You have exceeded the character limit.'
    else if (key === 'recipientEmail' && v && !EMAIL_PATTERN.test(v.trim())) errors[key] = GIFT_CARD_EMAIL_MESSAGE
    else if (key === 'reminderConsent' && !['', 'true', 'false'].includes((v ?? '').trim())) errors[key] = 'This value is not valid.'
    else out[key] = (v ?? '').trim()
  }
  if (Object.keys(errors).length) failed(errors)
  return out
}

/**
 * The additional fields to store for an entry of `product`: normalized answers, or null. Throws 400 with
 * per-field messages when they do not fit the product's form.
 */
export async function checkAdditionalFields(deps: CommerceDeps, siteId: string, product: ProductRow, values: Values | null): Promise<Values | null> {
  if (product.additionalFieldsFormId && deps.validateFields) {
    const result = await deps.validateFields(siteId, product.additionalFieldsFormId, values ?? {})
    if (result === null) return values // the form was deleted: nothing left to check against
    if (!result.ok) failed(result.errors)
    return values === null ? null : result.answers
  }
  const inline = inlineFields(product.additionalFieldsForm)
  if (inline) {
    const answers = checkInline(inline, values ?? {})
    return values === null ? null : answers
  }
  if (product.productType === PRODUCT_TYPES.GIFT_CARD && values) return checkGiftCard(values)
  return values
}
