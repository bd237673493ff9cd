// Durable mail: a message is queued as a row whose id is its event id (queuing the same event again does nothing),
// in the caller's transaction, so a committed event always has its mail. A worker (in-process, on both backends)
// claims due rows with FOR UPDATE SKIP LOCKED and a lease, sends them, and retries failures with doubling back-off
// up to MAX_ATTEMPTS; a row is marked sent once, so an event's mail goes out once even with several workers.
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { sqlRows } from '../../platform/db/index.js'
import { mailJobs } from './schema.js'
import type { MailMessage } from './service.js'

export const MAX_ATTEMPTS = 8
const LEASE_SECONDS = 120

/** Seconds before attempt `attempts + 1`: 5 s doubling, at most an hour. */
export function mailBackoffSeconds(attempts: number): number {
  return Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1))
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
  log?: FastifyBaseLogger
  intervalMs?: number
}

/** Queues a mail in `tx` (the caller's transaction); answers false when the event was already queued. */
export async function enqueueMail(tx: Orm, job: MailJob): Promise<boolean> {
  const rows = await tx
    .insert(mailJobs)
    .values({ id: job.id, siteId: job.siteId, kind: job.kind, payload: job.message })
    .onConflictDoNothing()
    .returning({ id: mailJobs.id })
  return rows.length > 0
}

export function createMailJobs(orm: Orm, deps: MailJobsDeps) {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<number> | null = null

  async function claim(limit: number): Promise<{ id: string; payload: MailMessage; attempts: number }[]> {
    return sqlRows(
      orm,
      sql`UPDATE mail_jobs SET status = 'sending', attempts = attempts + 1, run_at = now() + make_interval(secs => ${LEASE_SECONDS})
          WHERE id IN (SELECT id FROM mail_jobs WHERE status IN ('queued', 'sending') AND run_at <= now() ORDER BY run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING id, payload, attempts`,
    )
  }

  async function runOnce(): Promise<number> {
    let sent = 0
    for (;;) {
      const rows = await claim(20)
      if (!rows.length) return sent
      for (const row of rows) {
        try {
          await deps.send(row.payload)
          await orm.update(mailJobs).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(and(eq(mailJobs.id, row.id), eq(mailJobs.status, 'sending')))
          sent++
        } catch (e) {
          const last = row.attempts >= MAX_ATTEMPTS
          deps.log?.warn({ err: e, mailJob: row.id, attempts: row.attempts }, last ? 'mail job failed for good' : 'mail job failed; will retry')
          await orm
            .update(mailJobs)
            .set({ status: last ? 'failed' : 'queued', lastError: String(e).slice(0, 500), runAt: new Date(Date.now() + mailBackoffSeconds(row.attempts) * 1000) })
            .where(eq(mailJobs.id, row.id))
        }
      }
    }
  }

  /** Runs the queue now (one run at a time); answers how many were sent. */
  function kick(): Promise<number> {
    running ??= runOnce().finally(() => (running = null))
    return running
  }

  return {
    routes(): void {},
    kick,
    async start(): Promise<void> {
      timer = setInterval(() => void kick().catch((e: unknown) => deps.log?.warn({ err: e }, 'mail worker failed')), deps.intervalMs ?? 1000)
      timer.unref()
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer)
      timer = null
      await running?.catch(() => undefined)
    },
  }
}

export type MailJobs = ReturnType<typeof createMailJobs>
