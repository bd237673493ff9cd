// What a stored submission must still deliver, built inside the submission's transaction and stored in the
// outbox: the owner's notification e-mail and the form's webhook.
import type { FormRow } from './forms.js'
import type { FieldSummary } from './summary.js'

export interface EmailJob {
  to: string
  subject: string
  text: string
  replyTo?: string
  /** What the theme's owner-form-submission email shows (the mail is rendered from it when sent; else `text`). */
  submission?: { siteId: string; formId: string; formName: string; fields: { label: string; value: string }[] }
}

export interface WebhookJob {
  url: string
  /** HMAC-SHA256 key of the X-Sitewright-Signature header. */
  secret: string
  body: {
    event: 'form.submission'
    formId: string
    formName: string
    submissionId: string
    createdOn: number
    fields: FieldSummary[]
  }
}

export type OutboxItem = { kind: 'email'; payload: EmailJob } | { kind: 'webhook'; payload: WebhookJob }

export function notificationText(formName: string, siteTitle: string, createdAt: Date, summaries: FieldSummary[]): string {
  const lines = [`A visitor submitted "${formName}" on ${siteTitle} at ${createdAt.toISOString()}.`, '']
  for (const s of summaries) {
    if (s.lines && s.lines.length > 1) {
      lines.push(`${s.title}:`)
      for (const l of s.lines) lines.push(`  ${l.label ? `${l.label}: ` : ''}${l.text}`)
    } else lines.push(`${s.title}: ${s.text}`)
  }
  return lines.join('\n')
}

export function buildOutbox(o: { form: FormRow; submissionId: string; createdAt: Date; summaries: FieldSummary[]; siteTitle: string }): OutboxItem[] {
  const items: OutboxItem[] = []
  if (o.form.notifyEmail) {
    const replyTo = o.summaries.find((s) => s.type === 'email' && s.text.includes('@'))?.text
    items.push({
      kind: 'email',
      payload: {
        to: o.form.notifyEmail,
        subject: `Form Submission - ${o.form.name}`.slice(0, 250),
        text: notificationText(o.form.name, o.siteTitle, o.createdAt, o.summaries),
        ...(replyTo ? { replyTo } : {}),
        submission: {
          siteId: o.form.siteId,
          formId: o.form.id,
          formName: o.form.name,
          fields: o.summaries.map((s) => ({
            label: s.title,
            value: s.lines && s.lines.length > 1 ? s.lines.map((l) => `${l.label ? `${l.label}: ` : ''}${l.text}`).join('\n') : s.text,
          })),
        },
      },
    })
  }
  if (o.form.webhookUrl) {
    items.push({
      kind: 'webhook',
      payload: {
        url: o.form.webhookUrl,
        secret: o.form.webhookSecret,
        body: {
          event: 'form.submission',
          formId: o.form.id,
          formName: o.form.name,
          submissionId: o.submissionId,
          createdOn: o.createdAt.getTime(),
          fields: o.summaries,
        },
      },
    })
  }
  return items
}
