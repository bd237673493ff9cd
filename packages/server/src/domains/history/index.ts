// Public API of the history domain: every save of an owner-editable object is an immutable version (issue 36).
// The owning tables mark what was written (triggers of migration 0050: the one write path every domain shares), and
// a capture turns the marks into versions: at the end of the owner request that wrote them (app/wire/history.ts),
// or by the background sweep for writes outside requests (seeds, starters, imports). Kinds are composed by the app
// from the owning domains' tables; this domain never imports them.
import type { HistoryKind, HistoryReason } from '@sitewright/contracts'
import type { FastifyInstance } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import type { DomainLifecycle } from '../../platform/domain.js'
import { every, type Every } from '../../platform/every.js'
import { capture, dropOrphanMarks, pendingSites, type CaptureMeta } from './capture.js'
import type { KindSpec, ObjectState } from './kinds.js'
import { registerHistoryRoutes, REQUEST_GRACE_MS, type HistoryRouteDeps } from './routes.js'
import { thinHistory } from './thin.js'
import { restoreSite } from './restore.js'
import { loadValues } from './blobs.js'
import { versionById } from './queries.js'

export type { KindPart, KindSpec, ObjectState } from './kinds.js'
export type { HistoryRouteDeps } from './routes.js'
export { historyTables } from './schema.js'
export { thinHistory, collectPieces, THIN_AFTER_DAYS } from './thin.js'

export interface HistoryDeps extends HistoryRouteDeps {
  kinds: readonly KindSpec[]
  log: { warn(obj: unknown, msg: string): void }
  /** Sweep period of marks left by writes outside requests (ms). */
  sweepMs?: number
  /** Thinning period (ms). */
  thinMs?: number
}

export function createHistory(orm: Orm, deps: HistoryDeps) {
  const specs = new Map<HistoryKind, KindSpec>(deps.kinds.map((k) => [k.kind, k]))
  let timers: Every[] = []
  let running: Promise<unknown> = Promise.resolve()

  const sweep = async () => {
    await dropOrphanMarks(orm)
    for (const siteId of await pendingSites(orm, REQUEST_GRACE_MS * 5)) await capture(orm, specs, siteId, { actorId: null, reason: 'import', olderThanMs: REQUEST_GRACE_MS * 5 })
  }
  /** The sweep and the thinning take turns (one background job at a time); `every` logs a failure. */
  const oneAtATime = (job: () => Promise<unknown>) => () => (running = running.catch(() => undefined).then(job))

  const domain = {
    /** Captures the site's marked objects as versions (the end of an owner request that wrote them). */
    capture: (siteId: string, meta: CaptureMeta) => capture(orm, specs, siteId, meta),
    /** Restores the whole site to `at` (ISO); used by the API and the bench. */
    restoreSite: (siteId: string, at: string, actorId: string | null) => restoreSite(orm, specs, siteId, at, actorId),
    thin: (now?: Date) => thinHistory(orm, now),
    /** One version's object as it was (its rows by part; null: deleted by that version); null: no such version of the site. */
    async versionObject(siteId: string, versionId: string): Promise<{ kind: HistoryKind; objectId: string; object: ObjectState | null } | null> {
      const v = /^\d{1,18}$/.test(versionId) ? await versionById(orm, siteId, versionId) : null
      if (!v) return null
      const object = v.root ? ((await loadValues(orm, siteId, [v.root])).get(v.root) as ObjectState) : null
      return { kind: v.kind, objectId: v.object_id, object }
    },
    sweep,
    routes(app: FastifyInstance): void {
      registerHistoryRoutes(app, orm, specs, deps)
    },
    async start(): Promise<void> {
      const log = deps.log
      timers = [
        every({ name: 'history sweep', ms: deps.sweepMs ?? 15_000, log }, oneAtATime(sweep)),
        every({ name: 'history thinning', ms: deps.thinMs ?? 3_600_000, log }, oneAtATime(() => thinHistory(orm))),
      ]
      void timers[0]!.run()
    },
    async stop(): Promise<void> {
      await Promise.all(timers.map((t) => t.stop()))
      timers = []
    },
  } satisfies DomainLifecycle & Record<string, unknown>
  return domain
}

export type History = ReturnType<typeof createHistory>
export type { CaptureMeta, HistoryReason }
