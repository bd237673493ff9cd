// Delivery of the outbox (owner e-mail, webhooks) after the submission is committed, with retries and backoff.
// - PGlite (and by default): an in-process worker claims due rows (FOR UPDATE SKIP LOCKED + a lease) and delivers.
// - PostgreSQL with pg-boss: webhook rows are relayed to the pg-boss queue 'form-webhook' (retryLimit, exponential
//   retryBackoff), whose worker posts them; pg-boss needs a real PostgreSQL connection, so PGlite keeps the worker.
import { createHmac } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import type { Orm } from '../../platform/db/index.js'
import { sqlRows } from '../../platform/db/index.js'
import type { EmailJob, WebhookJob } from './notify.js'
import { formOutbox } from './schema.js'
import { createQueueOnce } from '../../platform/pg-boss.js'
import { every, type Every } from '../../platform/every.js'

export const MAX_ATTEMPTS = 8
export const WEBHOOK_QUEUE = 'form-webhook'
const LEASE_SECONDS = 120

/** Seconds to wait before attempt `attempts + 1` (5 s doubling, at most an hour). */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1))
}

export interface DeliveryDeps {
  sendMail(job: EmailJob): Promise<unknown>
  log?: FastifyBaseLogger
  fetch?: typeof fetch
  intervalMs: number
  /** PostgreSQL connection string: webhooks go through pg-boss. */
  pgBossUrl?: string | null
}

interface OutboxRow {
  id: string
  kind: 'email' | 'webhook'
  payload: EmailJob | WebhookJob
  attempts: number
}

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

export async function postWebhook(job: WebhookJob, deliveryId: string, doFetch: typeof fetch): Promise<void> {
  const body = JSON.stringify(job.body)
  const res = await doFetch(job.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Sitewright-Webhooks/1',
      'x-sitewright-delivery': deliveryId,
      'x-sitewright-signature': signBody(job.secret, body),
    },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  })
  await res.arrayBuffer().catch(() => undefined)
  if (res.status < 200 || res.status >= 300) throw new Error(`webhook answered HTTP ${res.status}`)
}

export function createDelivery(orm: Orm, deps: DeliveryDeps) {
  const doFetch = deps.fetch ?? ((u: string | URL | Request, i?: RequestInit) => globalThis.fetch(u, i))
  let timer: Every | null = null
  let running: Promise<number> | null = null
  let again = false
  let boss: PgBoss | null = null

  const done = (id: string, status: 'delivered' | 'failed' | 'queued', error = '') =>
    orm.update(formOutbox).set({ status, lastError: error.slice(0, 1000), doneAt: status === 'queued' ? null : new Date() }).where(eq(formOutbox.id, id))

  async function failed(row: OutboxRow, e: unknown): Promise<void> {
    const message = e instanceof Error ? e.message : String(e)
    deps.log?.warn({ outbox: row.id, kind: row.kind, attempts: row.attempts, err: message }, 'form delivery failed')
    if (row.attempts >= MAX_ATTEMPTS) return void (await done(row.id, 'failed', message))
    await orm
      .update(formOutbox)
      .set({ lastError: message.slice(0, 1000), nextAttemptAt: new Date(Date.now() + backoffSeconds(row.attempts) * 1000) })
      .where(eq(formOutbox.id, row.id))
  }

  async function deliver(row: OutboxRow): Promise<void> {
    try {
      if (row.kind === 'email') await deps.sendMail(row.payload as EmailJob)
      else if (boss) {
        await boss.send(WEBHOOK_QUEUE, { outboxId: row.id }, { retryLimit: MAX_ATTEMPTS - 1, retryDelay: 5, retryBackoff: true, singletonKey: row.id })
        return void (await done(row.id, 'queued'))
      } else await postWebhook(row.payload as WebhookJob, row.id, doFetch)
      await done(row.id, 'delivered')
    } catch (e) {
      await failed(row, e)
    }
  }

  /** Claims and delivers every due row once; resolves with how many were claimed. */
  async function runOnce(): Promise<number> {
    const rows = await sqlRows<OutboxRow>(
      orm,
      sql`UPDATE form_outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
          WHERE id IN (SELECT id FROM form_outbox WHERE status = 'pending' AND next_attempt_at <= now()
                       ORDER BY next_attempt_at LIMIT 20 FOR UPDATE SKIP LOCKED)
          RETURNING id, kind, payload, attempts`,
    )
    for (const row of rows) await deliver(row)
    return rows.length
  }

  function kick(): Promise<number> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      let total = 0
      do {
        again = false
        total += await runOnce().catch((e: unknown) => (deps.log?.warn({ err: e }, 'form outbox run failed'), 0))
      } while (again)
      return total
    })().finally(() => (running = null))
    return running
  }

  async function startBoss(url: string): Promise<void> {
    const { default: Boss } = await import('pg-boss')
    boss = new Boss({ connectionString: url, max: 2, schedule: false, supervise: true })
    boss.on('error', (e: unknown) => deps.log?.warn({ err: e }, 'pg-boss error'))
    await boss.start()
    await createQueueOnce(boss, WEBHOOK_QUEUE)
    await boss.work<{ outboxId: string }>(WEBHOOK_QUEUE, { includeMetadata: true, pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) {
        const [row] = await orm.select().from(formOutbox).where(eq(formOutbox.id, job.data.outboxId))
        if (!row || row.status !== 'queued') continue
        try {
          await postWebhook(row.payload as WebhookJob, row.id, doFetch)
          await done(row.id, 'delivered')
        } catch (e) {
          const message = e instanceof Error ? e.message : String(e)
          const last = job.retryCount >= job.retryLimit
          await orm
            .update(formOutbox)
            .set({ attempts: row.attempts + 1, lastError: message, ...(last ? { status: 'failed' as const, doneAt: new Date() } : {}) })
            .where(eq(formOutbox.id, row.id))
          throw e
        }
      }
    })
  }

  return {
    kick,
    runOnce,
    get usesPgBoss() {
      return boss !== null
    },
    async start(): Promise<void> {
      if (deps.pgBossUrl) {
        try {
          await startBoss(deps.pgBossUrl)
        } catch (e) {
          deps.log?.warn({ err: e }, 'pg-boss did not start; webhooks use the in-process worker')
          boss = null
        }
      }
      timer = every({ name: 'form outbox', ms: deps.intervalMs, log: deps.log }, kick)
      void kick()
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

export type Delivery = ReturnType<typeof createDelivery>
