// A visitor's form submission, start to finish: the key (a used key replays its first answer), the configured form,
// the submitted map, the per-address rate window, field validation, the captcha, then the one transaction that stores
// the submission with its deliveries and the key's answer. The deliveries are queued in that transaction.
import type { z } from 'zod'
import { AppError } from '../../platform/errors.js'
import { refuseBadText } from '../../platform/http/edge.js'
import type { FormsContext } from './context.js'
import { FORM_NOT_CONFIGURED, fieldsOf, requireForm, visitorFields, type FormRow } from './forms.js'
import { hitRate, requireKey } from './keys.js'
import { captchaError, replayOf, saveSubmission, type SaveAnswer } from './submissions.js'
import type { saveSubmissionBody } from './validators.js'
import { validateValues } from './values.js'

export const INVALID_MESSAGE = 'Please correct the highlighted fields.'

export interface SubmitInput {
  siteId: string
  /** Names the site in the owner's notification when it has no title. */
  siteSlug: string
  /** The visitor's crumb: submission keys belong to the visitor who asked for them. */
  crumb: string
  /** The client address (rate window, captcha verification). */
  ip: string
  body: z.output<typeof saveSubmissionBody>
}

/** The form, when it has at least one field a visitor can fill in; 404 form_not_configured otherwise. */
export function configured(form: FormRow): FormRow {
  if (!fieldsOf(form).some((f) => f.type !== 'section')) throw new AppError('not_found', 'form_not_configured', FORM_NOT_CONFIGURED)
  return form
}

/** The submitted field map: an object, or a JSON text of one (without NUL characters or ill-formed Unicode). */
export function parseFormMap(form: string | Record<string, unknown>): Record<string, unknown> {
  if (typeof form !== 'string') return form
  let parsed: unknown
  try {
    parsed = JSON.parse(form)
  } catch {
    parsed = undefined
  }
  refuseBadText(parsed, 'form', 'form')
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>
  throw new AppError('invalid_data', 'form_unparseable', 'The form fields could not be read.', { fields: { form: 'The form fields could not be read.' } })
}

/**
 * Stores a submission and answers `{ submissionId, createdOn }`; the same key answers its first answer again.
 * The rate window is counted before validation, in its own write, so refused attempts count too.
 */
export async function submitForm(ctx: FormsContext, input: SubmitInput): Promise<SaveAnswer> {
  const { orm, config } = ctx
  const { siteId, body } = input
  const key = await requireKey(orm, siteId, input.crumb, body.key)
  const replay = replayOf(key, body.formId)
  if (replay) return replay
  const form = configured(await requireForm(orm, siteId, body.formId))
  const submitted = parseFormMap(body.form)
  await hitRate(orm, siteId, input.ip, config.rateLimit, config.rateWindowSeconds)
  const result = validateValues(visitorFields(form, await ctx.vanillaFormHandler(siteId)), submitted)
  if (!result.ok) throw new AppError('invalid_data', 'invalid_fields', INVALID_MESSAGE, { fields: result.errors })
  const check = form.captchaEnabled ? await ctx.captcha.check(siteId, body.captchaKey, input.ip) : { ok: true as const }
  if (!check.ok) throw captchaError()
  const { key: _k, formId: _f, form: _form, captchaKey: _c, ...page } = body
  const siteTitle = (await ctx.sites.get(siteId))?.title ?? input.siteSlug
  const answer = await saveSubmission(orm, { siteId, crumb: input.crumb, key: body.key, form, answers: result.answers, captcha: check, page, siteTitle, deliver: ctx.delivery.queue })
  return answer
}
