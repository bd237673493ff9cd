// The stored shape of a site form's fields (zod) and the form template schema answered by
// GET /api/template/GetTemplateSchema?type=form.
import { FIELD_KINDS, FIELD_PARTS, FIELD_PROPERTIES, FORM_SETUP_STEPS, LIKERT_SCALE, isComposite } from '@sitewright/contracts'
import { z } from 'zod'

// Field kinds, properties, parts, the likert scale and the setup steps are shared with the editor (packages/contracts).
export {
  FIELD_KINDS, FIELD_PARTS, FIELD_PROPERTIES, FORM_SETUP_STEPS, LIKERT_SCALE, PART_VIEWS, isComposite,
  type CompositeKind, type FieldKind, type PartView,
} from '@sitewright/contracts'

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
