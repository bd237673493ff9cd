// Site forms: the field kinds and the properties an owner may edit on each, the parts of composite fields
// and how a page shows them, the five-point likert scale and the setup steps.

export const FIELD_KINDS = [
  'text', 'textarea', 'email', 'number', 'website', 'currency', 'password', 'twitter', 'date', 'time', 'name',
  'address', 'phone', 'section', 'radio', 'checkbox', 'select', 'likert', 'hidden',
] as const
export type FieldKind = (typeof FIELD_KINDS)[number]

/** A field property an owner may edit. */
export type FieldProperty = 'description' | 'placeholder' | 'required' | 'maxLength' | 'currencySymbol' | 'showCountryCode' | 'underline' | 'options' | 'key' | 'value'

/** Editable properties per kind, exactly as the form builder offers them (textarea adds maxLength). */
export const FIELD_PROPERTIES: Readonly<Record<FieldKind, readonly FieldProperty[]>> = {
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

/**
 * SPEC.md: "Textarea has maxLength when the vanilla form handler flag is on." The properties the form builder offers
 * for `kind` on a site with (or without) that flag (plans.ts FEATURE_FLAGS.VANILLA_FORM_HANDLER).
 */
export function fieldProperties(kind: FieldKind, vanillaFormHandler: boolean): readonly FieldProperty[] {
  const props = FIELD_PROPERTIES[kind]
  return vanillaFormHandler ? props : props.filter((p) => p !== 'maxLength')
}

/** A textarea's own character limit as pages show and the server enforces it: its maxLength when the vanilla form
 * handler flag is on, else 0 (no limit of its own). */
export function textareaLimit(field: { maxLength?: number | undefined }, vanillaFormHandler: boolean): number {
  return vanillaFormHandler && field.maxLength && field.maxLength > 0 ? field.maxLength : 0
}

/** Composite kinds and the parts their value lists hold, in order. */
export const FIELD_PARTS = {
  address: ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'],
  date: ['Month', 'Day', 'Year'],
  name: ['First', 'Last'],
  phone: ['Country', 'Areacode', 'Prefix', 'Line'],
  time: ['Hour', 'Minute', 'Second', 'Ampm'],
} as const
export type CompositeKind = keyof typeof FIELD_PARTS

export interface PartView {
  name: string
  label: string
  autocomplete?: string
  inputMode?: 'numeric'
  maxLength?: number
  /** The part is a choice (time Ampm). */
  choices?: string[]
}

/** How a page shows each part of a composite field (labels, autocomplete hints). */
export const PART_VIEWS: Readonly<Record<CompositeKind, readonly PartView[]>> = {
  address: [
    { name: 'Line1', label: 'Address 1', autocomplete: 'address-line1' },
    { name: 'Line2', label: 'Address 2', autocomplete: 'address-line2' },
    { name: 'City', label: 'City', autocomplete: 'address-level2' },
    { name: 'State', label: 'State/Province', autocomplete: 'address-level1' },
    { name: 'Zip', label: 'Zip/Postal Code', autocomplete: 'postal-code' },
    { name: 'Country', label: 'Country', autocomplete: 'country-name' },
  ],
  date: [
    { name: 'Month', label: 'Month', inputMode: 'numeric', maxLength: 2 },
    { name: 'Day', label: 'Day', inputMode: 'numeric', maxLength: 2 },
    { name: 'Year', label: 'Year', inputMode: 'numeric', maxLength: 4 },
  ],
  name: [
    { name: 'First', label: 'First Name', autocomplete: 'given-name' },
    { name: 'Last', label: 'Last Name', autocomplete: 'family-name' },
  ],
  phone: [
    { name: 'Country', label: 'Country code', autocomplete: 'tel-country-code', inputMode: 'numeric', maxLength: 3 },
    { name: 'Areacode', label: 'Area code', autocomplete: 'tel-area-code', inputMode: 'numeric', maxLength: 3 },
    { name: 'Prefix', label: 'Prefix', autocomplete: 'tel-local-prefix', inputMode: 'numeric', maxLength: 3 },
    { name: 'Line', label: 'Line', autocomplete: 'tel-local-suffix', inputMode: 'numeric', maxLength: 4 },
  ],
  time: [
    { name: 'Hour', label: 'Hour', inputMode: 'numeric', maxLength: 2 },
    { name: 'Minute', label: 'Minute', inputMode: 'numeric', maxLength: 2 },
    { name: 'Second', label: 'Second', inputMode: 'numeric', maxLength: 2 },
    { name: 'Ampm', label: 'AM/PM', choices: ['AM', 'PM'] },
  ],
}
export const isComposite = (kind: string): kind is CompositeKind => Object.hasOwn(FIELD_PARTS, kind)

/** Five-point likert scale, the default answers of every likert statement. */
export const LIKERT_SCALE = [
  { value: -2, label: 'Strongly Disagree' },
  { value: -1, label: 'Disagree' },
  { value: 0, label: 'Neutral' },
  { value: 1, label: 'Agree' },
  { value: 2, label: 'Strongly Agree' },
] as const

export const FORM_SETUP_STEPS = { build: 1, storage: 2, advanced: 3, captcha: 4, disclaimer: 5 } as const

/** The empty first option of a select field (SPEC.md default text 'Select Value'); the theme's site forms print it too. */
export const SELECT_VALUE_TEXT = 'Select Value'

/**
 * The spec's email rule, for every email a visitor or shopper gives (forms, checkout, donations, checkout recovery):
 * local@domain with a last label of 2 to 4 letters or digits, 3 to 256 characters in all.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z0-9]{2,4}$/
export const EMAIL_LENGTH = { min: 3, max: 256 } as const
export function isValidEmail(value: string): boolean {
  return value.length >= EMAIL_LENGTH.min && value.length <= EMAIL_LENGTH.max && EMAIL_PATTERN.test(value)
}
