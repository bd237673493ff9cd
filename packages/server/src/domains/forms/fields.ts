// Field kinds of a site form and the properties an owner may edit on each (SPEC §3, Form), the five-point likert
// scale, the setup steps and the form template schema answered by GET /api/template/GetTemplateSchema?type=form.
import { z } from 'zod'

export const FIELD_KINDS = [
  'text', 'textarea', 'email', 'number', 'website', 'currency', 'password', 'twitter', 'date', 'time', 'name',
  'address', 'phone', 'section', 'radio', 'checkbox', 'select', 'likert', 'hidden',
] as const
export type FieldKind = (typeof FIELD_KINDS)[number]

/** Editable properties per kind, exactly as SPEC §3 lists them (textarea adds maxLength). */
export const FIELD_PROPERTIES: Readonly<Record<FieldKind, readonly string[]>> = {
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

/** Composite kinds and the parts their value lists hold, in order (SPEC §3 summary parts). */
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

/** Five-point likert scale, the default answers of every likert statement (SPEC §9). */
export const LIKERT_SCALE = [
  { value: -2, label: 'Strongly Disagree' },
  { value: -1, label: 'Disagree' },
  { value: 0, label: 'Neutral' },
  { value: 1, label: 'Agree' },
  { value: 2, label: 'Strongly Agree' },
] as const

export const FORM_SETUP_STEPS = { build: 1, storage: 2, advanced: 3, captcha: 4, disclaimer: 5 } as const
export const DEFAULT_FORM_NAME = 'My Form Name'
export const DEFAULT_BUTTON_TEXT = 'Add to Cart'
export const PASSWORD_MASK = '__MASKED_FIELD__'
export const CAPTCHA_THEMES = ['light', 'dark'] as const
export const CAPTCHA_ALIGNMENTS = ['left', 'center', 'right'] as const
export const MAX_FIELDS = 100
export const MAX_TEXTAREA_LENGTH = 100_000

const id = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Use 1 to 40 lowercase letters, digits or dashes.')
const title = z.string().trim().min(1, 'Give the field a title.').max(200, 'Keep the title under 200 characters.')
const description = z.string().max(2000, 'Keep the description under 2000 characters.').default('')
const options = z
  .array(z.string().trim().min(1, 'Options cannot be empty.').max(200, 'Keep options under 200 characters.'))
  .min(1, 'Add at least one option.')
  .max(200, 'Use at most 200 options.')
  .refine((o) => new Set(o).size === o.length, 'Options must be different from each other.')

const base = { id, title, description }
const placeholder = z.string().max(200, 'Keep the placeholder under 200 characters.').default('')
const required = z.boolean().default(false)

const simple = <T extends string>(type: T) => z.object({ type: z.literal(type), ...base, required }).strict()
const typed = <T extends string>(type: T) => z.object({ type: z.literal(type), ...base, placeholder, required }).strict()
const choice = <T extends string>(type: T) => z.object({ type: z.literal(type), ...base, options, required }).strict()

export const fieldSchema = z.discriminatedUnion('type', [
  typed('text'),
  typed('email'),
  typed('number'),
  typed('website'),
  z
    .object({
      type: z.literal('textarea'),
      ...base,
      placeholder,
      required,
      maxLength: z.number().int().min(0).max(MAX_TEXTAREA_LENGTH).default(0),
    })
    .strict(),
  z
    .object({ type: z.literal('currency'), ...base, currencySymbol: z.string().max(8).default('$'), required })
    .strict(),
  simple('password'),
  simple('twitter'),
  simple('date'),
  simple('time'),
  simple('name'),
  simple('address'),
  z.object({ type: z.literal('phone'), ...base, showCountryCode: z.boolean().default(false), required }).strict(),
  z.object({ type: z.literal('section'), ...base, underline: z.boolean().default(false) }).strict(),
  choice('radio'),
  choice('checkbox'),
  choice('select'),
  choice('likert'),
  z
    .object({
      type: z.literal('hidden'),
      id,
      title: title.optional(),
      key: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'Use letters, digits, dot, dash or underscore.'),
      value: z.string().max(2000).default(''),
    })
    .strict(),
])
export type FormField = z.infer<typeof fieldSchema>

export const fieldsSchema = z
  .array(fieldSchema)
  .max(MAX_FIELDS, `A form holds at most ${MAX_FIELDS} fields.`)
  .refine((f) => new Set(f.map((x) => x.id)).size === f.length, 'Every field needs its own id.')

/** The field's title for people (hidden fields are named by their key). */
export function fieldTitle(f: FormField): string {
  return f.type === 'hidden' ? (f.title ?? f.key) : f.title
}

/** The form template schema (what a new form starts from and what each kind may edit). */
export function formTemplateSchema() {
  return {
    type: 'form',
    defaults: {
      name: DEFAULT_FORM_NAME,
      submitButtonText: DEFAULT_BUTTON_TEXT,
      submissionMessage: '',
      submissionHtml: '',
      successRedirect: '',
      disclaimerMessage: '',
      captchaEnabled: false,
      captchaTheme: 'light',
      captchaAlignment: 'left',
      fields: [],
    },
    setupSteps: FORM_SETUP_STEPS,
    fieldKinds: FIELD_KINDS.map((kind) => ({
      type: kind,
      properties: FIELD_PROPERTIES[kind],
      ...(isComposite(kind) ? { parts: FIELD_PARTS[kind] } : {}),
      ...(kind === 'likert' ? { scale: LIKERT_SCALE } : {}),
    })),
    captchaThemes: CAPTCHA_THEMES,
    captchaAlignments: CAPTCHA_ALIGNMENTS,
    passwordMask: PASSWORD_MASK,
  }
}
