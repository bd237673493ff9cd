// Durable mail: a message is queued as a `mail_jobs` row whose id is its event id (queuing the same event again does
// nothing) and a job on the platform queue 'mail-send' (platform/jobs.ts), both in the caller's transaction, so a
// committed event always has its mail. The job sends the row's mail and marks it sent; a failed send is retried by the
// queue with doubling back-off up to MAX_ATTEMPTS (the row keeps the attempts and the last error, and becomes 'failed'
// after the last). A row already sent is never sent again, so an event's mail goes out once.
import { and, eq, ne } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { retryDelay, type JobInfo, type Jobs } from '../../platform/jobs.js'
import { mailJobs } from './schema.js'
import type { MailMessage } from './service.js'

export const MAX_ATTEMPTS = 8
export const MAIL_QUEUE = 'mail-send'
const FIRST_RETRY_SECONDS = 5

/** Seconds before attempt `attempts + 1`: 5 s doubling, at most an hour. */
export function mailBackoffSeconds(attempts: number): number {
  return retryDelay(FIRST_RETRY_SECONDS, attempts)
}

export interface MailJob {
  /** The event id: one mail per event. */
  id: string
  siteId: string
  kind: string
  message: MailMessage
}

export interface MailJobsDeps {
  send(message: MailMessage): Promise<unknown>
  jobs: Jobs
  log?: FastifyBaseLogger
}

export function createMailJobs(orm: Orm, deps: MailJobsDeps) {
  /** Sends a row's mail once: only a row not yet sent (nor given up) is sent, then marked sent. */
  async function sendRow(id: string, job: JobInfo): Promise<void> {
    const [row] = await orm.select().from(mailJobs).where(eq(mailJobs.id, id))
    if (!row || row.status === 'sent' || row.status === 'failed') return
    try {
      await deps.send(row.payload)
    } catch (e) {
      await orm
        .update(mailJobs)
        .set({ status: job.last ? 'failed' : 'queued', attempts: job.attempt, lastError: String(e).slice(0, 500) })
        .where(and(eq(mailJobs.id, id), ne(mailJobs.status, 'sent')))
      throw e
    }
    await orm.update(mailJobs).set({ status: 'sent', attempts: job.attempt, sentAt: new Date(), lastError: null }).where(eq(mailJobs.id, id))
  }

  const queue = deps.jobs.queue<{ id: string }>({
    name: MAIL_QUEUE,
    attempts: MAX_ATTEMPTS,
    retryDelaySeconds: FIRST_RETRY_SECONDS,
    run: ({ id }, job) => sendRow(id, job),
  })

  return {
    routes(): void {},
    /** Queues a mail in `tx` (the caller's transaction); answers false when the event was already queued. */
    async enqueue(tx: Orm, job: MailJob): Promise<boolean> {
      const rows = await tx
        .insert(mailJobs)
        .values({ id: job.id, siteId: job.siteId, kind: job.kind, payload: job.message })
        .onConflictDoNothing()
        .returning({ id: mailJobs.id })
      if (!rows.length) return false
      await queue.send({ id: job.id }, { tx })
      return true
    },
    /** Runs the due jobs of this node now (PGlite; on PostgreSQL pg-boss's workers take them). */
    kick: () => deps.jobs.kick(),
    /** Whether sending goes through pg-boss (PostgreSQL) rather than the jobs table. */
    get usesPgBoss(): boolean {
      return deps.jobs.usesPgBoss
    },
  }
}

export type MailJobs = ReturnType<typeof createMailJobs>
/** Queues one mail in the caller's transaction (`MailJobs['enqueue']`), for the domains that send mail. */
export type QueueMail = MailJobs['enqueue']
