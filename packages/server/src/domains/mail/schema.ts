import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export type MailJobStatus = 'queued' | 'sending' | 'sent' | 'failed'

/** Durable mail: the row's id is the event id, so one event is queued (and sent) once. */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<{ to: string; subject: string; text: string; html?: string; from?: string; replyTo?: string }>().notNull(),
    status: text('status').$type<MailJobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: tz('run_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: tz('created_at').notNull().defaultNow(),
    sentAt: tz('sent_at'),
  },
  (t) => [index('mail_jobs_due_idx').on(t.status, t.runAt)],
)

export const mailTables = { mailJobs }
