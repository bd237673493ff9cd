// Forms of a site: create, read, update, delete; the owner DTO and the public (page) DTO.
import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newId } from '../../platform/ids.js'
import { DEFAULT_BUTTON_TEXT, DEFAULT_FORM_NAME, LIKERT_SCALE, PART_VIEWS, fieldsSchema, isComposite, type FormField, type PartView } from './fields.js'
import { forms, mailingLists } from './schema.js'
import type { FormInput } from './validators.js'
import type { CaptchaPublic } from './captcha.js'
import { textareaLimit, type FormSettings } from '@sitewright/contracts'

export type FormRow = typeof forms.$inferSelect

export const FORM_NOT_CONFIGURED = 'This form has not been configured yet.'

/** A form as the owner API answers it: the contract's settings and the validated fields. */
export interface OwnerForm extends FormSettings {
  id: string
  fields: FormField[]
  createdOn: number
  updatedOn: number
}

/** What a published page carries for a form block (no storage settings). */
export interface PublicForm {
  id: string
  name: string
  fields: (FormField & { likertScale?: typeof LIKERT_SCALE; parts?: readonly PartView[] })[]
  submitButtonText: string
  submissionMessage: string
  submissionHtml: string
  successRedirect: string
  disclaimerMessage: string
  captcha: CaptchaPublic & { enabled: boolean; theme: string; alignment: string }
  isNewsletter: boolean
}

export function fieldsOf(row: Pick<FormRow, 'fields'>): FormField[] {
  const parsed = fieldsSchema.safeParse(row.fields)
  return parsed.success ? parsed.data : []
}

/** The fields as a visitor's page and submission see them: without the vanilla form handler flag a textarea has no
 * character limit of its own (its stored maxLength is kept for the owner, and comes back with the flag). */
export function visitorFields(row: Pick<FormRow, 'fields'>, vanillaFormHandler: boolean): FormField[] {
  return fieldsOf(row).map((f) => (f.type === 'textarea' ? { ...f, maxLength: textareaLimit(f, vanillaFormHandler) } : f))
}

export function ownerDto(row: FormRow): OwnerForm {
  return {
    id: row.id,
    name: row.name,
    fields: fieldsOf(row),
    submissionMessage: row.submissionMessage,
    submissionHtml: row.submissionHtml,
    successRedirect: row.successRedirect,
    disclaimerMessage: row.disclaimerMessage,
    captchaEnabled: row.captchaEnabled,
    captchaTheme: row.captchaTheme,
    captchaAlignment: row.captchaAlignment,
    submitButtonText: row.submitButtonText,
    notifyEmail: row.notifyEmail,
    webhookUrl: row.webhookUrl,
    webhookSecret: row.webhookSecret,
    mailingListId: row.mailingListId,
    createdOn: row.createdAt.getTime(),
    updatedOn: row.updatedAt.getTime(),
  }
}

export function publicDto(row: FormRow, captcha: CaptchaPublic, vanillaFormHandler: boolean): PublicForm {
  return {
    id: row.id,
    name: row.name,
    fields: visitorFields(row, vanillaFormHandler).map((f) => {
      if (f.type === 'likert') return { ...f, likertScale: LIKERT_SCALE }
      if (!isComposite(f.type)) return f
      const parts = PART_VIEWS[f.type].filter((p) => !(f.type === 'phone' && p.name === 'Country' && !f.showCountryCode))
      return { ...f, parts }
    }),
    submitButtonText: row.submitButtonText,
    submissionMessage: row.submissionMessage,
    submissionHtml: row.submissionHtml,
    successRedirect: row.successRedirect,
    disclaimerMessage: row.disclaimerMessage,
    captcha: { ...captcha, enabled: row.captchaEnabled, theme: row.captchaTheme, alignment: row.captchaAlignment },
    isNewsletter: row.mailingListId !== null,
  }
}

export async function getForm(orm: Orm, siteId: string, formId: string): Promise<FormRow | null> {
  const [row] = await orm.select().from(forms).where(and(eq(forms.siteId, siteId), eq(forms.id, formId)))
  return row ?? null
}

export async function requireForm(orm: Orm, siteId: string, formId: string): Promise<FormRow> {
  const row = await getForm(orm, siteId, formId)
  if (!row) throw new AppError('not_found', 'form_not_found', FORM_NOT_CONFIGURED)
  return row
}

export async function listForms(orm: Orm, siteId: string): Promise<FormRow[]> {
  return orm.select().from(forms).where(eq(forms.siteId, siteId)).orderBy(asc(forms.createdAt), asc(forms.id))
}

export async function formsByIds(orm: Orm, siteId: string, ids: readonly string[]): Promise<FormRow[]> {
  if (ids.length === 0) return []
  return orm.select().from(forms).where(and(eq(forms.siteId, siteId), inArray(forms.id, [...ids])))
}

async function assertList(orm: Orm, siteId: string, listId: string | null | undefined): Promise<void> {
  if (!listId) return
  const [row] = await orm.select({ id: mailingLists.id }).from(mailingLists).where(and(eq(mailingLists.siteId, siteId), eq(mailingLists.id, listId)))
  if (!row) throw new AppError('invalid_data', 'validation_failed', 'A List must be selected', { fields: { mailingListId: 'A List must be selected' } })
}

function columns(input: FormInput, sanitize: (html: string) => string, current?: FormRow) {
  const out: Partial<typeof forms.$inferInsert> = { ...input }
  if (input.submissionHtml !== undefined) out.submissionHtml = sanitize(input.submissionHtml)
  if (input.webhookUrl !== undefined && input.webhookUrl !== '' && !current?.webhookSecret)
    out.webhookSecret = randomBytes(24).toString('base64url')
  return out
}

export async function createForm(orm: Orm, siteId: string, input: FormInput, sanitize: (html: string) => string): Promise<FormRow> {
  await assertList(orm, siteId, input.mailingListId)
  const [row] = await orm
    .insert(forms)
    .values({ id: newId(), siteId, name: DEFAULT_FORM_NAME, submitButtonText: DEFAULT_BUTTON_TEXT, ...columns(input, sanitize) })
    .returning()
  return row!
}

export async function updateForm(orm: Orm, siteId: string, formId: string, input: FormInput, sanitize: (html: string) => string): Promise<FormRow> {
  const current = await requireForm(orm, siteId, formId)
  await assertList(orm, siteId, input.mailingListId)
  const [row] = await orm
    .update(forms)
    .set({ ...columns(input, sanitize, current), updatedAt: new Date() })
    .where(and(eq(forms.siteId, siteId), eq(forms.id, formId)))
    .returning()
  return row!
}

export async function deleteForm(orm: Orm, siteId: string, formId: string): Promise<void> {
  const deleted = await orm.delete(forms).where(and(eq(forms.siteId, siteId), eq(forms.id, formId))).returning({ id: forms.id })
  if (deleted.length === 0) throw new AppError('not_found', 'form_not_found', FORM_NOT_CONFIGURED)
}
