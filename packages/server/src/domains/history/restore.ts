// Restores: one object to one of its versions, or the whole site to a time (every object to its last version at or
// before it, in one transaction). Either writes the objects back through their tables, then captures the result as
// new versions (reason restore): history is never rewritten.
import type { HistoryKind } from '@sitewright/contracts'
import { isUniqueViolation, type Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { loadValues, split, type Pieces } from './blobs.js'
import { capture, captureLocked, lockSite, type CaptureResult, type Specs } from './capture.js'
import { writeBack, type ObjectState } from './kinds.js'
import { versionsInForce, type VersionRow } from './queries.js'

/** The order objects are written back in (parents first); deletions go in the reverse order. */
const ORDER: HistoryKind[] = ['settings', 'styles', 'page', 'navigation', 'item', 'product', 'form', 'redirects']

const urlTaken = () => new AppError('conflict', 'restore_conflict', 'The version uses an address or name another object holds now. Change that object first, then restore again.')

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    if (isUniqueViolation(e)) throw urlTaken()
    throw e
  }
}

export async function restoreVersion(orm: Orm, specs: Specs, siteId: string, v: VersionRow, actorId: string | null): Promise<CaptureResult> {
  const spec = specs.get(v.kind)
  if (!spec) throw new AppError('not_found', 'version_not_found', 'Version not found.')
  await capture(orm, specs, siteId, { actorId: null, reason: 'autosave' }) // what was written before stays a version
  const state = v.root ? ((await loadValues(orm, siteId, [v.root])).get(v.root) as ObjectState) : null
  await guarded(() =>
    orm.transaction(async (tx) => {
      await lockSite(tx, siteId)
      await writeBack(tx, spec, siteId, [{ id: v.object_id, state }])
    }),
  )
  return capture(orm, specs, siteId, { actorId, reason: 'restore', force: [`${v.kind}:${v.object_id}`] })
}

export async function restoreSite(orm: Orm, specs: Specs, siteId: string, at: string, actorId: string | null): Promise<CaptureResult & { restored: number }> {
  await capture(orm, specs, siteId, { actorId: null, reason: 'autosave' })
  // one transaction: the write-back and the capture of what it wrote (the restore's versions)
  return guarded(() =>
    orm.transaction(async (tx) => {
      await lockSite(tx, siteId)
      const then = new Map((await versionsInForce(tx, siteId, at)).map((r) => [`${r.kind}:${r.object_id}`, r.root]))
      const now = await versionsInForce(tx, siteId)
      const todo = now.filter((r) => specs.has(r.kind) && (then.get(`${r.kind}:${r.object_id}`) ?? null) !== r.root)
      const roots = todo.map((r) => then.get(`${r.kind}:${r.object_id}`)).filter((h): h is string => typeof h === 'string')
      // the states before the restore are read with those it restores (they share most pieces), for the diffs
      const before = todo.map((r) => r.root).filter((h): h is string => typeof h === 'string')
      const values = await loadValues(tx, siteId, [...roots, ...before])
      const known: Pieces = new Map()
      for (const h of before) split(values.get(h), known)
      const stateOf = (r: (typeof todo)[number]) => {
        const h = then.get(`${r.kind}:${r.object_id}`)
        return h ? (values.get(h) as ObjectState) : null
      }
      // deletions first, children's kinds before their parents'; then the writes, parents' kinds first
      for (const kind of [...ORDER].reverse()) {
        const gone = todo.filter((r) => r.kind === kind && stateOf(r) === null)
        if (gone.length) await writeBack(tx, specs.get(kind)!, siteId, gone.map((r) => ({ id: r.object_id, state: null })))
      }
      for (const kind of ORDER) {
        const kept = todo.filter((r) => r.kind === kind && stateOf(r) !== null)
        if (kept.length) await writeBack(tx, specs.get(kind)!, siteId, kept.map((r) => ({ id: r.object_id, state: stateOf(r) })))
      }
      const keys = todo.map((r) => `${r.kind}:${r.object_id}`)
      const result = await captureLocked(tx, specs, siteId, { actorId, reason: 'restore', force: keys }, known)
      return { ...result, restored: keys.length }
    }),
  )
}
