// Delivery of a submission's outbox (owner e-mail, webhooks): each `form_outbox` row, written in the submission's
// transaction, has a job on the platform queue 'form-delivery' (platform/jobs.ts) sent in that same transaction. The
// job delivers its row once (a row no longer 'pending' is skipped) and records the outcome on it; a failure is retried
// by the queue with doubling back-off up to MAX_ATTEMPTS, after which the row is 'failed'.
import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import type { JobInfo, Jobs } from '../../platform/jobs.js'
import type { EmailJob, WebhookJob } from './notify.js'
import { formOutbox } from './schema.js'

export const MAX_ATTEMPTS = 8
export const DELIVERY_QUEUE = 'form-delivery'
const FIRST_RETRY_SECONDS = 5

export interface DeliveryDeps {
  sendMail(job: EmailJob): Promise<unknown>
  jobs: Jobs
  log?: FastifyBaseLogger
  fetch?: typeof fetch
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

  async function deliver(outboxId: string, job: JobInfo): Promise<void> {
    const [row] = await orm.select().from(formOutbox).where(eq(formOutbox.id, outboxId))
    if (!row || row.status !== 'pending') return
    try {
      if (row.kind === 'email') await deps.sendMail(row.payload as EmailJob)
      else await postWebhook(row.payload as WebhookJob, row.id, doFetch)
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e)
      deps.log?.warn({ outbox: row.id, kind: row.kind, attempts: job.attempt, err: message }, 'form delivery failed')
      await orm
        .update(formOutbox)
        .set({ attempts: job.attempt, lastError: message.slice(0, 1000), ...(job.last ? { status: 'failed' as const, doneAt: new Date() } : {}) })
        .where(eq(formOutbox.id, row.id))
      throw e
    }
    await orm.update(formOutbox).set({ status: 'delivered', attempts: job.attempt, lastError: '', doneAt: new Date() }).where(eq(formOutbox.id, row.id))
  }

  const queue = deps.jobs.queue<{ outboxId: string }>({
    name: DELIVERY_QUEUE,
    attempts: MAX_ATTEMPTS,
    retryDelaySeconds: FIRST_RETRY_SECONDS,
    run: ({ outboxId }, job) => deliver(outboxId, job),
  })

  return {
    /** Queues the delivery of outbox rows written in `tx` (the submission's transaction). */
    async queue(tx: Orm, outboxIds: readonly string[]): Promise<void> {
      for (const outboxId of outboxIds) await queue.send({ outboxId }, { tx })
    },
    /** Whether deliveries run on pg-boss (PostgreSQL) rather than the jobs table. */
    get usesPgBoss() {
      return deps.jobs.usesPgBoss
    },
  }
}

export type Delivery = ReturnType<typeof createDelivery>
