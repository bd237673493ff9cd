// Visitor submissions: the idempotent save (key -> first answer, never a second row; committed before any 2xx)
// and the owner side (list with search and paging, detail with summary displays, CSV export, delete).
import { and, count, desc, eq, like, sql } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { newId, sha256Hex } from '../../platform/ids.js'
import type { CaptchaCheck } from './captcha.js'
import { CAPTCHA_REQUIRED_MESSAGE } from './captcha.js'
import { toCsv } from './csv.js'
import { fieldsOf, type FormRow } from './forms.js'
import { fieldsSchema, type FormField } from './fields.js'
import { requireKey, type KeyRow } from './keys.js'
import { buildOutbox } from './notify.js'
import { subscribeInTx } from './newsletter.js'
import { captchaSpent, formOutbox, formSubmissionKeys, formSubmissions } from './schema.js'
import { summarizeAll, type FieldSummary } from './summary.js'
import type { Answers } from './values.js'

export type SubmissionRow = typeof formSubmissions.$inferSelect

/** The 2xx answer of SaveFormSubmission (stored with the key and replayed as is). */
export interface SaveAnswer {
  submissionId: string
  createdOn: number
}

export interface SaveContext {
  siteId: string
  crumb: string
  key: string
  form: FormRow
  answers: Answers
  captcha: CaptchaCheck
  page: Record<string, string>
  siteTitle: string
  /** Queues the delivery of the outbox rows written in the transaction (forms' delivery queue). */
  deliver(tx: Orm, outboxIds: readonly string[]): Promise<void>
}

export function captchaError(): AppError {
  return new AppError('invalid_data', 'captcha_failed', CAPTCHA_REQUIRED_MESSAGE, { fields: { captcha: CAPTCHA_REQUIRED_MESSAGE } })
}

/** The stored answer of a used key (for the same form), or null when the key is unused. */
export function replayOf(key: KeyRow, formId: string): SaveAnswer | null {
  if (!key.answer) return null
  if (key.formId !== formId) throw new AppError('unauthorized', 'submission_key_used', 'Unable to submit form. Please try again later.')
  return key.answer as SaveAnswer
}

/** Stores the submission, its deliveries and the key's answer in one transaction; returns the (first) answer. */
export async function saveSubmission(orm: Orm, c: SaveContext): Promise<SaveAnswer> {
  return orm.transaction(async (tx) => {
    const key = await requireKey(tx, c.siteId, c.crumb, c.key, true)
    const replay = replayOf(key, c.form.id)
    if (replay) return replay
    if (c.captcha.ok && c.captcha.spend) {
      const spent = await tx
        .insert(captchaSpent)
        .values({ signature: c.captcha.spend.signature, siteId: c.siteId, expiresAt: c.captcha.spend.expiresAt })
        .onConflictDoNothing()
        .returning({ signature: captchaSpent.signature })
      if (spent.length === 0) throw captchaError()
    }
    const fields = fieldsOf(c.form)
    const summaries = summarizeAll(fields, c.answers)
    const id = newId()
    const createdAt = new Date()
    await tx.insert(formSubmissions).values({
      id,
      siteId: c.siteId,
      formId: c.form.id,
      keyHash: sha256Hex(c.key),
      formName: c.form.name,
      fields,
      answers: c.answers,
      searchText: searchText(summaries),
      page: c.page,
      createdAt,
    })
    const outbox = buildOutbox({ form: c.form, submissionId: id, createdAt, summaries, siteTitle: c.siteTitle })
    if (outbox.length) {
      const rows = outbox.map((o) => ({ id: newId(), siteId: c.siteId, ...o }))
      await tx.insert(formOutbox).values(rows)
      await c.deliver(tx, rows.map((r) => r.id))
    }
    if (c.form.mailingListId) await subscribeInTx(tx, c.siteId, c.form.mailingListId, fields, c.answers)
    const answer: SaveAnswer = { submissionId: id, createdOn: createdAt.getTime() }
    await tx
      .update(formSubmissionKeys)
      .set({ usedAt: createdAt, formId: c.form.id, answer })
      .where(eq(formSubmissionKeys.keyHash, key.keyHash))
    return answer
  })
}

function searchText(summaries: FieldSummary[]): string {
  return summaries
    .filter((s) => s.type !== 'password')
    .map((s) => `${s.title} ${s.text}`)
    .join('\n')
    .toLowerCase()
    .slice(0, 20_000)
}

export interface SubmissionDto {
  id: string
  formId: string
  formName: string
  createdOn: number
  page: Record<string, unknown>
  summary: FieldSummary[]
}

function snapshotFields(row: SubmissionRow): FormField[] {
  const parsed = fieldsSchema.safeParse(row.fields)
  return parsed.success ? parsed.data : []
}

export function submissionDto(row: SubmissionRow): SubmissionDto {
  return {
    id: row.id,
    formId: row.formId,
    formName: row.formName,
    createdOn: row.createdAt.getTime(),
    page: row.page as Record<string, unknown>,
    summary: summarizeAll(snapshotFields(row), row.answers as Answers),
  }
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (m) => `\\${m}`)

export async function listSubmissions(orm: Orm, siteId: string, formId: string, opts: { q?: string | undefined; page: number; size: number }) {
  const conds = [eq(formSubmissions.siteId, siteId), eq(formSubmissions.formId, formId)]
  const q = opts.q?.trim().toLowerCase()
  if (q) conds.push(like(formSubmissions.searchText, `%${escapeLike(q)}%`))
  const where = and(...conds)
  const [total] = await orm.select({ n: count() }).from(formSubmissions).where(where)
  const rows = await orm
    .select()
    .from(formSubmissions)
    .where(where)
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
    .limit(opts.size)
    .offset(opts.page * opts.size)
  const n = Number(total?.n ?? 0)
  return { submissions: rows.map(submissionDto), total: n, page: opts.page, size: opts.size, hasNextPage: (opts.page + 1) * opts.size < n }
}

export async function getSubmission(orm: Orm, siteId: string, formId: string, id: string): Promise<SubmissionDto> {
  const [row] = await orm
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.siteId, siteId), eq(formSubmissions.formId, formId), eq(formSubmissions.id, id)))
  if (!row) throw new AppError('not_found', 'submission_not_found', 'No such submission.')
  return submissionDto(row)
}

export async function deleteSubmission(orm: Orm, siteId: string, formId: string, id: string): Promise<void> {
  const gone = await orm
    .delete(formSubmissions)
    .where(and(eq(formSubmissions.siteId, siteId), eq(formSubmissions.formId, formId), eq(formSubmissions.id, id)))
    .returning({ id: formSubmissions.id })
  if (gone.length === 0) throw new AppError('not_found', 'submission_not_found', 'No such submission.')
}

export async function countSubmissions(orm: Orm, siteId: string): Promise<number> {
  const [row] = await orm.select({ n: sql<number>`count(*)::int` }).from(formSubmissions).where(eq(formSubmissions.siteId, siteId))
  return Number(row?.n ?? 0)
}

/** CSV of every submission of the form: 'Submitted On', then one column per current field (sections skipped). */
export async function exportCsv(orm: Orm, siteId: string, form: FormRow): Promise<string> {
  const rows = await orm
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.siteId, siteId), eq(formSubmissions.formId, form.id)))
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
  const fields = fieldsOf(form).filter((f) => f.type !== 'section')
  const header = ['Submitted On', ...fields.map((f) => (f.type === 'hidden' ? (f.title ?? f.key) : f.title))]
  const lines = rows.map((r) => {
    const snapshot = new Map(snapshotFields(r).map((f) => [f.id, f]))
    const answers = r.answers as Answers
    const texts = fields.map((f) => summarizeAll([snapshot.get(f.id) ?? f], answers)[0]!.text)
    return [r.createdAt.toISOString(), ...texts]
  })
  return toCsv(header, lines)
}
