// Image variants as jobs on the platform queue 'file-variants' (platform/jobs.ts): on PostgreSQL pg-boss, so whichever
// node is free makes them (into the shared storage, where every node finds them); on PGlite the jobs table. Either way
// a run first claims its asset (`makeVariants`: a lease on the row), so a duplicate job, a restart's resume or a second
// node never makes a second copy concurrently. Nothing is lost when a node dies mid-job: the queue runs an expired job
// again, and every node's sweep re-queues an asset still 'processing' whose claim has ended.
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import type { Jobs } from '../../platform/jobs.js'
import { fileAssets } from './schema.js'
import { unfinished } from './service.js'
import { every, type Every } from '../../platform/every.js'
import { modernPending, releaseModernClaims } from './modern.js'

export const VARIANT_QUEUE = 'file-variants'
/** The AVIF/WebP copies of an image whose variants are made (modern.ts). */
export const MODERN_QUEUE = 'file-modern'
/** How often each node looks for assets left 'processing' with no live claim (seconds). */
const SWEEP_SECONDS = 30

export interface VariantJobsDeps {
  orm: Orm
  jobs: Jobs
  run(siteId: string, id: string): Promise<'made' | 'skipped'>
  /** Makes an image's modern-format copies (absent: none are made). */
  runModern?: ((siteId: string, id: string) => Promise<'made' | 'skipped'>) | undefined
  /** Several nodes share the database (PostgreSQL): a claim left in the table may be another node's live one. */
  shared: boolean
  log?: FastifyBaseLogger | undefined
}

export function createVariantJobs(deps: VariantJobsDeps) {
  let timer: Every | null = null
  let stopped = false
  /** Assets this node queued and not yet seen finished (for `idle()`). */
  const sent = new Set<string>()
  const handing = new Set<Promise<unknown>>()

  const queue = deps.jobs.queue<{ siteId: string; id: string }>({
    name: VARIANT_QUEUE,
    attempts: 4,
    retryDelaySeconds: 5,
    expireSeconds: 300,
    run: async ({ siteId, id }) => {
      if ((await deps.run(siteId, id)) === 'made') enqueueModern(siteId, id)
    },
  })
  const runModern = deps.runModern
  // Long encodes (AVIF), so a long lease; one job an image, after its variants, any node.
  const modernQueue = runModern
    ? deps.jobs.queue<{ siteId: string; id: string }>({
        name: MODERN_QUEUE,
        attempts: 3,
        retryDelaySeconds: 30,
        expireSeconds: 900,
        run: async ({ siteId, id }) => void (await runModern(siteId, id)),
      })
    : null

  function hand(p: Promise<void>, assetId: string, what: string): void {
    const q = p
      .catch((e: unknown) => deps.log?.warn({ err: e, assetId }, `${what} job not queued; the sweep queues it again`))
      .finally(() => handing.delete(q))
    handing.add(q)
  }

  function enqueue(siteId: string, id: string): void {
    if (stopped) return
    sent.add(id)
    hand(queue.send({ siteId, id }), id, 'variant')
  }

  function enqueueModern(siteId: string, id: string): void {
    if (stopped || !modernQueue) return
    hand(modernQueue.send({ siteId, id }), id, 'modern image')
  }

  async function sweep(olderThanSeconds: number): Promise<void> {
    for (const a of await unfinished(deps.orm, olderThanSeconds)) enqueue(a.siteId, a.id)
    if (modernQueue) for (const a of await modernPending(deps.orm, olderThanSeconds)) enqueueModern(a.siteId, a.id)
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
      return deps.jobs.usesPgBoss
    },
    /** Re-queues what a stopped node left unfinished; then sweeps every 30 s. */
    async start(): Promise<void> {
      // one process on PGlite (its data-dir lock): a claim left in the table is from a run that died with it
      if (!deps.shared) {
        await deps.orm.update(fileAssets).set({ variantsClaimedUntil: null }).where(eq(fileAssets.status, 'processing'))
        if (modernQueue) await releaseModernClaims(deps.orm)
      }
      await sweep(0)
      timer = every({ name: 'variant sweep', ms: SWEEP_SECONDS * 1000, log: deps.log }, () => sweep(SWEEP_SECONDS))
    },
    async stop(): Promise<void> {
      stopped = true
      await timer?.stop()
      timer = null
      await Promise.allSettled([...handing])
    },
    /** Resolves when this node's queued variant jobs have finished (wherever they ran), or after a minute. */
    async idle(): Promise<void> {
      const end = Date.now() + 60_000
      while (Date.now() < end) {
        await Promise.allSettled([...handing])
        await deps.jobs.idle(Math.max(0, end - Date.now()))
        const open = await stillProcessing([...sent])
        for (const id of sent) if (!open.includes(id)) sent.delete(id)
        if (open.length === 0 && handing.size === 0) return
        await new Promise((r) => setTimeout(r, 50))
      }
    },
  }
}

export type VariantJobs = ReturnType<typeof createVariantJobs>
