// Durable mail: a message is queued as a row whose id is its event id (queuing the same event again does nothing),
// in the caller's transaction, so a committed event always has its mail. A worker (in-process, on both backends)
// claims due rows with FOR UPDATE SKIP LOCKED and a lease, sends them, and retries failures with doubling back-off
// up to MAX_ATTEMPTS; a row is marked sent once, so an event's mail goes out once even with several workers.
// On PostgreSQL (`pgBossUrl`) the claimed rows are handed to the pg-boss queue 'mail-send' and its workers (any
// node) send them; the row stays the record: a row already sent is never sent again, a failed send goes back to
// the table with its back-off, and a row whose pg-boss job was lost is claimed and handed over again after a lease.
import { and, eq, ne, sql } from 'drizzle-orm'
import type PgBoss from 'pg-boss'
import type { FastifyBaseLogger } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { createQueueOnce } from '../../platform/pg-boss.js'
import { sqlRows } from '../../platform/db/index.js'
import { mailJobs } from './schema.js'
import type { MailMessage } from './service.js'
import { every, type Every } from '../../platform/every.js'

export const MAX_ATTEMPTS = 8
const LEASE_SECONDS = 120
/** A row handed to pg-boss is claimed again only after this long (pg-boss owns its retries meanwhile). */
const RELAY_LEASE_SECONDS = 6 * 60 * 60
export const MAIL_QUEUE = 'mail-send'

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
  /** PostgreSQL connection string: sending goes through pg-boss (PGlite keeps the in-process worker). */
  pgBossUrl?: string | null
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
  let timer: Every | null = null
  let running: Promise<number> | null = null
  let boss: PgBoss | null = null

  /** A failed send: queued again after its back-off, or failed for good after MAX_ATTEMPTS. */
  async function failed(id: string, attempts: number, e: unknown): Promise<void> {
    const last = attempts >= MAX_ATTEMPTS
    deps.log?.warn({ err: e, mailJob: id, attempts }, last ? 'mail job failed for good' : 'mail job failed; will retry')
    await orm
      .update(mailJobs)
      .set({ status: last ? 'failed' : 'queued', lastError: String(e).slice(0, 500), runAt: new Date(Date.now() + mailBackoffSeconds(attempts) * 1000) })
      .where(and(eq(mailJobs.id, id), ne(mailJobs.status, 'sent')))
  }

  /**
   * Sends a row's mail once (pg-boss workers): the row is locked while its mail is sent (another worker holding the
   * same event skips it), only a row not yet sent is sent, and it is marked sent in the same transaction.
   */
  async function sendRow(id: string): Promise<boolean> {
    return orm.transaction(async (tx) => {
      const [row] = await tx.select().from(mailJobs).where(eq(mailJobs.id, id)).for('update', { skipLocked: true })
      if (!row || row.status === 'sent' || row.status === 'failed') return false
      await deps.send(row.payload)
      await tx.update(mailJobs).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(mailJobs.id, id))
      return true
    })
  }

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
        if (boss) {
          try {
            await boss.send(MAIL_QUEUE, { id: row.id }, { retryLimit: 2, retryDelay: 5, retryBackoff: true })
            await orm.execute(sql`UPDATE mail_jobs SET run_at = now() + make_interval(secs => ${RELAY_LEASE_SECONDS}) WHERE id = ${row.id} AND status = 'sending'`)
            sent++
          } catch (e) {
            deps.log?.warn({ err: e, mailJob: row.id }, 'mail job not handed to pg-boss; will retry')
          }
          continue
        }
        try {
          await deps.send(row.payload)
          await orm.update(mailJobs).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(and(eq(mailJobs.id, row.id), eq(mailJobs.status, 'sending')))
          sent++
        } catch (e) {
          await failed(row.id, row.attempts, e)
        }
      }
    }
  }

  /** Runs the queue now (one run at a time); answers how many were sent. */
  function kick(): Promise<number> {
    running ??= runOnce().finally(() => (running = null))
    return running
  }

  async function startBoss(url: string): Promise<void> {
    const { default: Boss } = await import('pg-boss')
    const b = new Boss({ connectionString: url, max: 2, schedule: false, supervise: true })
    b.on('error', (e: unknown) => deps.log?.warn({ err: e }, 'pg-boss error'))
    await b.start()
    await createQueueOnce(b, MAIL_QUEUE)
    // A batch at a time; a failed send goes back to the table with its back-off (claimed and handed over again
    // when due), so one failure never holds up or repeats the rest of the batch.
    await b.work<{ id: string }>(MAIL_QUEUE, { pollingIntervalSeconds: 1, batchSize: 20 }, async (jobs) => {
      for (const job of jobs) {
        try {
          await sendRow(job.data.id)
        } catch (e) {
          const [row] = await orm.select({ attempts: mailJobs.attempts }).from(mailJobs).where(eq(mailJobs.id, job.data.id))
          await failed(job.data.id, row?.attempts ?? MAX_ATTEMPTS, e)
        }
      }
    })
    boss = b
  }

  return {
    routes(): void {},
    kick,
    /** Whether sending goes through pg-boss (PostgreSQL) rather than the in-process worker. */
    get usesPgBoss(): boolean {
      return boss !== null
    },
    async start(): Promise<void> {
      if (deps.pgBossUrl) {
        try {
          await startBoss(deps.pgBossUrl)
        } catch (e) {
          deps.log?.warn({ err: e }, 'pg-boss did not start; mail uses the in-process worker')
          boss = null
        }
      }
      timer = every({ name: 'mail worker', ms: deps.intervalMs ?? 1000, log: deps.log }, kick)
    },
    async stop(): Promise<void> {
      await timer?.stop()
      timer = null
      await running?.catch(() => undefined)
      await boss?.stop({ graceful: true, timeout: 3000, wait: true }).catch(() => undefined)
      boss = null
    },
  }
}

export type MailJobs = ReturnType<typeof createMailJobs>
