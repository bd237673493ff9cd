// Request schemas of the forms domain (strict zod objects with human messages).
import { z } from 'zod'
import { isSafeLink } from '../../platform/url-policy.js'
import { CAPTCHA_ALIGNMENTS, CAPTCHA_THEMES, fieldsSchema } from './fields.js'
import { isValidEmail } from './values.js'

export const siteParams = z.object({ siteId: z.string().min(1).max(64) }).strict()
export const formParams = z.object({ siteId: z.string().min(1).max(64), formId: z.string().min(1).max(64) }).strict()
export const submissionParams = formParams.extend({ submissionId: z.string().min(1).max(64) }).strict()
export const listParams = z.object({ siteId: z.string().min(1).max(64), listId: z.string().min(1).max(64) }).strict()
export const visitorFormParams = z.object({ formId: z.string().min(1).max(64) }).strict()

const redirect = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || ((/^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/i.test(v)) && isSafeLink(v)), 'Use a path like /thanks or an http(s) address.')

export const formInput = z
  .object({
    name: z.string().trim().min(1, 'Give the form a name.').max(200, 'Keep the name under 200 characters.'),
    fields: fieldsSchema,
    submissionMessage: z.string().max(5000, 'Keep the message under 5000 characters.'),
    submissionHtml: z.string().max(50_000, 'Keep the HTML under 50000 characters.'),
    successRedirect: redirect,
    disclaimerMessage: z.string().max(5000, 'Keep the disclaimer under 5000 characters.'),
    captchaEnabled: z.boolean(),
    captchaTheme: z.enum(CAPTCHA_THEMES),
    captchaAlignment: z.enum(CAPTCHA_ALIGNMENTS),
    submitButtonText: z.string().trim().min(1, 'Give the button a label.').max(100, 'Keep the label under 100 characters.'),
    notifyEmail: z
      .string()
      .trim()
      .max(256)
      .refine((v) => v === '' || isValidEmail(v), 'Please enter a valid email'),
    webhookUrl: z
      .string()
      .trim()
      .max(2000)
      .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Use an http(s) address.'),
    mailingListId: z.string().min(1).max(64).nullable(),
  })
  .partial()
  .strict()
export type FormInput = z.infer<typeof formInput>

export const submissionsQuery = z
  .object({
    q: z.string().max(200).optional(),
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict()

const pageEvent = {
  collectionId: z.string().max(200).optional(),
  itemId: z.string().max(200).optional(),
  objectName: z.string().max(200).optional(),
  pageId: z.string().max(200).optional(),
  pageTitle: z.string().max(500).optional(),
  pagePath: z.string().max(2000).optional(),
  contentSource: z.string().max(20).optional(),
}
export const PAGE_EVENT_FIELDS = Object.keys(pageEvent)

/** SaveFormSubmission: `form` is the map of field id to value, or that map as JSON text. */
export const saveSubmissionBody = z
  .object({
    key: z.string().min(1, 'A submission key is required.').max(200),
    formId: z.string().min(1, 'A form id is required.').max(64),
    form: z.union([z.record(z.string(), z.unknown()), z.string().max(1_000_000)]),
    captchaKey: z.string().max(20_000).optional(),
    ...pageEvent,
  })
  .strict()

export const validateBody = z.record(z.string(), z.unknown())

export const formRenderBody = z
  .object({ formId: z.string().min(1).max(64), visitorCookie: z.string().max(500).optional(), ...pageEvent })
  .strict()

export const templateQuery = z.object({ type: z.literal('form', { message: 'Only type=form is available.' }) }).strict()

export const listInput = z.object({ name: z.string().trim().min(1, 'Give the list a name.').max(200) }).strict()
export const subscribeBody = z
  .object({
    listId: z.string().max(64).optional(),
    email: z.string().max(512),
    captchaKey: z.string().max(20_000).optional(),
  })
  .strict()
export const unsubscribeQuery = z.object({ s: z.string().min(1).max(200), t: z.string().min(1).max(200) }).strict()

export const connectionQuery = z.object({ formId: z.string().min(1).max(64) }).partial().strict()
export const connectionBody = z
  .object({
    connection: z
      .object({ service: z.enum(['lists', 'automation']), listId: z.string().max(64).optional(), listName: z.string().max(200).optional() })
      .nullable(),
  })
  .strict()
