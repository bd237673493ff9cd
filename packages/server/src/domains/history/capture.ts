// Capture: the objects marked written (history_pending, filled by the owning tables' triggers) become versions.
// One site at a time under a transaction-scoped advisory lock, so two captures of a site never interleave: each reads
// the object after the one before it stored its version, and a state equal to the latest version is not stored again
// (unless forced: a restore is always a new version).
import type { HistoryKind, HistoryReason } from '@sitewright/contracts'
import { sql } from 'drizzle-orm'
import { sqlRows, type Orm } from '../../platform/db/index.js'
import { loadValues, split, storePieces, textArray, type Pieces } from './blobs.js'
import { diff } from './diff.js'
import { snapshot, type KindSpec } from './kinds.js'
import { VERSION_COLUMNS, type VersionRow } from './queries.js'

export interface CaptureMeta {
  actorId: string | null
  reason: HistoryReason
  /** Only objects marked at least this long ago (a background sweep leaves requests' own marks to them). */
  olderThanMs?: number
  /** `kind:id` keys that get a version even when unchanged (the objects a restore wrote). */
  force?: readonly string[]
}

export interface CaptureResult {
  versions: VersionRow[]
  /** Bytes of snapshot pieces newly stored. */
  bytes: number
}

export type Specs = ReadonlyMap<HistoryKind, KindSpec>

const MAX_PATHS = 50

/** Columns every write moves (the row's version stamp): a change of these alone is not a change of the object. */
export const BOOKKEEPING_COLUMNS: ReadonlySet<string> = new Set(['updated_at', 'updated_on'])

/** A changed path (`/part/[row]/column/...`) inside a bookkeeping column. */
export const isBookkeeping = (path: string) => BOOKKEEPING_COLUMNS.has(path.split('/')[3] ?? '')

/** The pieces of `roots` and everything they refer to (pieces split from states that got no version are not stored). */
function reachable(pieces: Pieces, roots: readonly string[]): Pieces {
  const out: Pieces = new Map()
  const stack = [...roots]
  while (stack.length) {
    const h = stack.pop()!
    const p = pieces.get(h)
    if (!p || out.has(h)) continue
    out.set(h, p)
    stack.push(...p.children)
  }
  return out
}

export const lockSite = (tx: Orm, siteId: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`history:${siteId}`}))`)

export async function capture(orm: Orm, specs: Specs, siteId: string, meta: CaptureMeta): Promise<CaptureResult> {
  return orm.transaction(async (tx) => {
    await lockSite(tx, siteId)
    return captureLocked(tx, specs, siteId, meta)
  })
}

/**
 * A capture inside a transaction holding the site's lock (a whole-site restore captures what it wrote in its own
 * transaction). `known`: pieces already read (the objects' states before a restore), not fetched again for the diffs.
 */
export async function captureLocked(tx: Orm, specs: Specs, siteId: string, meta: CaptureMeta, known?: Pieces): Promise<CaptureResult> {
  {
    const older = meta.olderThanMs ? sql` AND marked_at < clock_timestamp() - make_interval(secs => ${meta.olderThanMs / 1000})` : sql``
    const claimed = await sqlRows<{ kind: HistoryKind; object_id: string }>(tx, sql`DELETE FROM history_pending WHERE site_id = ${siteId}${older} RETURNING kind, object_id`)
    const forced = new Set(meta.force ?? [])
    const byKind = new Map<HistoryKind, Set<string>>()
    for (const key of forced) {
      const at = key.indexOf(':')
      claimed.push({ kind: key.slice(0, at) as HistoryKind, object_id: key.slice(at + 1) })
    }
    for (const c of claimed) if (specs.has(c.kind)) byKind.set(c.kind, (byKind.get(c.kind) ?? new Set()).add(c.object_id))
    if (byKind.size === 0) return { versions: [], bytes: 0 }
    const [site] = await sqlRows<{ id: string }>(tx, sql`SELECT id FROM websites WHERE id = ${siteId}`)
    if (!site) return { versions: [], bytes: 0 }
    const pieces: Pieces = new Map()
    const todo: { kind: HistoryKind; id: string; root: string | null; before: string | null | undefined; state: unknown; title: string }[] = []
    for (const [kind, idSet] of byKind) {
      const spec = specs.get(kind)!
      const ids = [...idSet]
      const states = await snapshot(tx, spec, siteId, ids)
      const latest = new Map(
        (
          await sqlRows<{ object_id: string; root: string | null; title: string }>(
            tx,
            sql`SELECT DISTINCT ON (object_id) object_id, root, title FROM history_versions WHERE site_id = ${siteId} AND kind = ${kind} AND object_id = ANY(${textArray(ids)}) ORDER BY object_id, id DESC`,
          )
        ).map((r) => [r.object_id, r]),
      )
      for (const id of ids) {
        const state = states.get(id) ?? null
        const root = state ? split(state, pieces) : null
        const last = latest.get(id)
        const force = forced.has(`${kind}:${id}`)
        if (!force && (last?.root === root || (last === undefined && root === null))) continue
        // a deletion keeps the name of what was deleted
        todo.push({ kind, id, root, before: last?.root, state, title: state ? spec.title(state) : (last?.title ?? '') })
      }
    }
    if (todo.length === 0) return { versions: [], bytes: 0 }
    // what changed against each object's previous version: the old snapshots, sharing every piece kept
    const olds = todo.flatMap((x) => (x.before && x.root && x.before !== x.root ? [x.before] : []))
    const oldValues = olds.length ? await loadValues(tx, siteId, olds, known ? new Map([...known, ...pieces]) : pieces) : new Map<string, unknown>()
    const rows = todo.flatMap((x) => {
      const paths = x.before && x.root && x.before !== x.root ? diff(oldValues.get(x.before), x.state).map((c) => c.path) : x.root && x.before !== x.root ? [''] : []
      // a write that touched only its bookkeeping (a navigation reorder moves the pages' updated_at) is no version
      if (!forced.has(`${x.kind}:${x.id}`) && x.before && x.root && paths.every(isBookkeeping)) return []
      return [{ k: x.kind, o: x.id, r: x.root, t: x.title.slice(0, 200), c: paths.slice(0, MAX_PATHS) }]
    })
    if (rows.length === 0) return { versions: [], bytes: 0 }
    const bytes = await storePieces(tx, siteId, reachable(pieces, rows.flatMap((r) => (r.r ? [r.r] : []))))
    // times strictly increase within a site (a clock of millisecond grain still orders two versions of one ms)
    const versions = await sqlRows<VersionRow>(
      tx,
      sql`INSERT INTO history_versions (site_id, kind, object_id, root, title, reason, actor_id, changes, created_at)
          SELECT ${siteId}, x ->> 'k', x ->> 'o', x ->> 'r', x ->> 't', ${meta.reason}, ${meta.actorId}, x -> 'c',
            greatest(clock_timestamp(), (SELECT max(created_at) FROM history_versions WHERE site_id = ${siteId}) + interval '1 microsecond') + (n - 1) * interval '1 microsecond'
          FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) WITH ORDINALITY AS a(x, n)
          RETURNING ${VERSION_COLUMNS}`,
    )
    return { versions, bytes }
  }
}

/** Sites with objects marked at least `olderThanMs` ago. */
export async function pendingSites(orm: Orm, olderThanMs: number): Promise<string[]> {
  const rows = await sqlRows<{ site_id: string }>(orm, sql`SELECT DISTINCT site_id FROM history_pending WHERE marked_at < clock_timestamp() - make_interval(secs => ${olderThanMs / 1000}) LIMIT 100`)
  return rows.map((r) => r.site_id)
}

/** Marks of sites removed meanwhile (their versions went with them). */
export async function dropOrphanMarks(orm: Orm): Promise<void> {
  await orm.execute(sql`DELETE FROM history_pending p WHERE NOT EXISTS (SELECT 1 FROM websites w WHERE w.id = p.site_id)`)
}
