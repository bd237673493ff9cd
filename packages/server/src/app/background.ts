// The app's background work, between its start and its close: each domain's `start` in dependency order (their
// `stop`s in reverse), and the database's upkeep where it has one (PGlite: no autovacuum, `platform/db/pglite-upkeep.ts`).
import type { FastifyBaseLogger } from 'fastify'
import { startUpkeep, type Db } from '../platform/db/index.js'
import type { DomainLifecycle } from '../platform/domain.js'
import type { Jobs } from '../platform/jobs.js'

export function createBackground(db: Db, log: FastifyBaseLogger, jobs: Jobs) {
  const started: DomainLifecycle[] = []
  let stopUpkeep: (() => Promise<void>) | null = null
  return {
    async start(domains: readonly DomainLifecycle[]): Promise<void> {
      // the job queue first (a domain's start may send jobs) and stopped first (its jobs use the domains)
      await jobs.start()
      for (const d of domains) {
        started.push(d)
        await d.start?.()
      }
      if (db.upkeep)
        stopUpkeep = startUpkeep(db.upkeep, {
          done: (d, ms) => {
            if (d.vacuumed.length + d.analyzed.length > 0) log.debug({ ...d, ms: Math.round(ms) }, 'database upkeep')
          },
          failed: (e) => log.warn({ err: e }, 'database upkeep failed'),
        })
    },
    /** Stops what `start` began (the upkeep first, then the domains in reverse order); the database stays open. */
    async stop(): Promise<void> {
      await stopUpkeep?.()
      await jobs.stop()
      for (const d of started.reverse()) await d.stop?.()
      started.length = 0
    },
  }
}
