// What each source record became, per site and export (import_sources): the key to idempotent, resumable imports.
import { and, eq } from 'drizzle-orm'
import type { Orm } from '../../platform/db/index.js'
import { importSources } from './schema.js'

export interface SourceKeys {
  get(sourceId: string): Promise<string | undefined>
  /** Records the mapping, in `tx` when given (the transaction that wrote the record). */
  set(sourceId: string, targetId: string, tx?: Orm): Promise<void>
  /** Every mapping of this export (read once for the address plan). */
  all(): Promise<Map<string, string>>
  /** Runs `fn` in one transaction: what an imported record writes (itself, its mapping, its redirects) lands together. */
  transaction<T>(fn: (tx: Orm) => Promise<T>): Promise<T>
}

export interface SourceMap {
  of(siteId: string, source: string): SourceKeys
}

export function createSourceMap(orm: Orm): SourceMap {
  return {
    of(siteId, source) {
      const where = (sourceId: string) => and(eq(importSources.siteId, siteId), eq(importSources.source, source), eq(importSources.sourceId, sourceId))
      return {
        transaction: (fn) => orm.transaction(fn),
        async get(sourceId) {
          const [row] = await orm.select({ id: importSources.targetId }).from(importSources).where(where(sourceId))
          return row?.id
        },
        async set(sourceId, targetId, tx) {
          await (tx ?? orm)
            .insert(importSources)
            .values({ siteId, source, sourceId, targetId })
            .onConflictDoUpdate({ target: [importSources.siteId, importSources.source, importSources.sourceId], set: { targetId } })
        },
        async all() {
          const rows = await orm.select({ k: importSources.sourceId, v: importSources.targetId }).from(importSources).where(and(eq(importSources.siteId, siteId), eq(importSources.source, source)))
          return new Map(rows.map((r) => [r.k, r.v]))
        },
      }
    },
  }
}
