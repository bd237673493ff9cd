// Image variants as jobs. On PostgreSQL they go through the pg-boss queue 'file-variants', so whichever node is
// free makes them (into the shared storage, where every node finds them); on PGlite (one process) through the
// in-process queue. Either way a run first claims its asset (`makeVariants`: a lease on the row), so a duplicate
// job, a restart's resume or a second node never makes a second copy concurrently. Nothing is lost when a node
// dies mid-job: pg-boss hands an expired job to another worker, and every node's sweep re-queues an asset still
// 'processing' whose claim has ended.
import { and, eq, inArray } from 'drizzle-orm'
import type PgBoss from 'pg-boss'
import type { FastifyBaseLogger } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { createQueueOnce } from '../../platform/pg-boss.js'
import { createQueue } from './queue.js'
import { fileAssets } from './schema.js'
import { unfinished } from './service.js'
import { every, type Every } from '../../platform/every.js'

export const VARIANT_QUEUE = 'file-variants'
/** How often each node looks for assets left 'processing' with no live claim (seconds). */
const SWEEP_SECONDS = 30

export interface VariantJobsDeps {
  orm: Orm
  run(siteId: string, id: string): Promise<'made' | 'skipped'>
  /** PostgreSQL connection string: jobs go through pg-boss (PGlite keeps the in-process queue). */
  pgBossUrl?: string | null
  log?: FastifyBaseLogger | undefined
}

export function createVariantJobs(deps: VariantJobsDeps) {
  const local = createQueue({ onError: (name, e) => deps.log?.error({ err: e, job: name }, 'file job failed') })
  let boss: PgBoss | null = null
  let timer: Every | null = null
  let stopped = false
  /** Assets this node queued through pg-boss and not yet seen finished (for `idle()`). */
  const sent = new Set<string>()
  const handing = new Set<Promise<unknown>>()

  const runLocal = (siteId: string, id: string) => local.push(`variants ${id}`, async () => void (await deps.run(siteId, id)))

  function enqueue(siteId: string, id: string): void {
    if (stopped) return
    if (!boss) return runLocal(siteId, id)
    sent.add(id)
    const p = boss
      .send(VARIANT_QUEUE, { siteId, id }, { singletonKey: id, retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 })
      .catch((e: unknown) => {
        // not handed over: made here instead (the claim keeps it single)
        deps.log?.warn({ err: e, assetId: id }, 'variant job not queued in pg-boss; made on this node')
        runLocal(siteId, id)
      })
      .finally(() => handing.delete(p))
    handing.add(p)
  }

  async function startBoss(url: string): Promise<void> {
    const { default: Boss } = await import('pg-boss')
    const b = new Boss({ connectionString: url, max: 2, schedule: false, supervise: true })
    b.on('error', (e: unknown) => deps.log?.warn({ err: e }, 'pg-boss error'))
    await b.start()
    await createQueueOnce(b, VARIANT_QUEUE)
    await b.work<{ siteId: string; id: string }>(VARIANT_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 2 }, async (jobs) => {
      for (const job of jobs) await deps.run(job.data.siteId, job.data.id)
    })
    boss = b
  }

  async function sweep(olderThanSeconds: number): Promise<void> {
    for (const a of await unfinished(deps.orm, olderThanSeconds)) enqueue(a.siteId, a.id)
  }

  /** Asset ids of `ids` still waiting for their variants. */
  async function stillProcessing(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return []
    const rows = await deps.orm
      .select({ id: fileAssets.id })
      .from(fileAssets)
      .where(and(inArray(fileAssets.id, ids), eq(fileAssets.status, 'processing')))
    return rows.map((r) => r.id)
  }

  return {
    enqueue,
    get usesPgBoss(): boolean {
      return boss !== null
    },
    /** Starts the workers and re-queues what a stopped node left unfinished; then sweeps every 30 s. */
    async start(): Promise<void> {
      if (deps.pgBossUrl) {
        try {
          await startBoss(deps.pgBossUrl)
        } catch (e) {
          deps.log?.warn({ err: e }, 'pg-boss did not start; image variants use the in-process queue')
          boss = null
        }
      }
      // one process on PGlite (its data-dir lock): a claim left in the table is from a run that died with it
      if (!boss && !deps.pgBossUrl) await deps.orm.update(fileAssets).set({ variantsClaimedUntil: null }).where(eq(fileAssets.status, 'processing'))
      await sweep(0)
      timer = every({ name: 'variant sweep', ms: SWEEP_SECONDS * 1000, log: deps.log }, () => sweep(SWEEP_SECONDS))
    },
    async stop(): Promise<void> {
      stopped = true
      await timer?.stop()
      timer = null
      await Promise.allSettled([...handing])
      await boss?.stop({ graceful: true, timeout: 5000, wait: true }).catch(() => undefined)
      boss = null
      await local.close()
    },
    /** Resolves when this node's queued variant jobs have finished (wherever they ran), or after a minute. */
    async idle(): Promise<void> {
      const end = Date.now() + 60_000
      while (Date.now() < end) {
        await Promise.allSettled([...handing])
        await local.idle()
        const open = await stillProcessing([...sent])
        for (const id of sent) if (!open.includes(id)) sent.delete(id)
        if (open.length === 0 && handing.size === 0 && local.size === 0) return
        await new Promise((r) => setTimeout(r, 50))
      }
    },
  }
}

export type VariantJobs = ReturnType<typeof createVariantJobs>
