// Owner API of the history: GET /versions (newest first, cursor-paged; ?object={kind}:{id}, ?person=, ?kind=),
// GET /versions/:versionId (the object as it was and its diff to the previous version),
// POST /versions/:versionId/restore, POST /restore {at} (the whole site). Editing roles; crumb on the writes.
import type { HistoryChange, HistoryKind, HistoryPerson, VersionAnswer, VersionListAnswer, VersionRestoreAnswer, VersionSummary, SiteRestoreAnswer } from '@sitewright/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import { loadValues } from './blobs.js'
import { capture, type Specs } from './capture.js'
import { diff } from './diff.js'
import { firstVersion, listVersions, previousOf, versionById, type VersionRow } from './queries.js'
import { restoreSite, restoreVersion } from './restore.js'
import { AT_MESSAGE, listQuery, restoreBody, siteParams, versionParams } from './validators.js'

export interface HistoryRouteDeps {
  /** Throws unless the request's person holds one of `roles` on the site (404 for no role at all). */
  authorize(request: FastifyRequest, siteId: string, roles: readonly number[]): Promise<unknown>
  /** Roles that may read the history (those that edit content). */
  readRoles: readonly number[]
  /** Roles that may restore the whole site. */
  siteRestoreRoles: readonly number[]
  currentOwnerId(request: FastifyRequest): Promise<string | null>
  people(ids: readonly string[]): Promise<HistoryPerson[]>
  /** After a restore committed: the site's pages (and host) are read again. */
  changed(siteId: string): void
}

const tags = ['history']
const notFound = () => new AppError('not_found', 'version_not_found', 'Version not found.')
/** Marks younger than this are left to the request that made them (it captures them as it answers). */
export const REQUEST_GRACE_MS = 2000

export function summaries(rows: VersionRow[], people: Map<string, HistoryPerson>): VersionSummary[] {
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    objectId: r.object_id,
    title: r.title,
    reason: r.reason,
    person: r.actor_id ? (people.get(r.actor_id) ?? { id: r.actor_id, name: '', email: '' }) : null,
    createdAt: r.created_at,
    deleted: r.root === null,
    changedPaths: typeof r.changes === 'string' ? (JSON.parse(r.changes) as string[]) : r.changes,
  }))
}

export function registerHistoryRoutes(app: FastifyInstance, orm: Orm, specs: Specs, deps: HistoryRouteDeps): void {
  const peopleOf = async (rows: VersionRow[]) => new Map((await deps.people([...new Set(rows.map((r) => r.actor_id).filter((x): x is string => !!x))])).map((p) => [p.id, p]))
  const summarize = async (rows: VersionRow[]) => summaries(rows, await peopleOf(rows))
  const find = async (siteId: string, versionId: string) => {
    const v = /^\d{1,18}$/.test(versionId) ? await versionById(orm, siteId, versionId) : null
    if (!v) throw notFound()
    return v
  }
  const base = '/api/sites/:siteId'

  defineRoute(app, { method: 'GET', url: `${base}/versions`, summary: "The site's versions, newest first (object={kind}:{id} for one object's; person=, kind= filter the site's)", tags, params: siteParams, query: listQuery, responses: { 200: { description: 'VersionListAnswer' }, 400: { description: 'validation_failed' }, 404: { description: 'site_not_found' } } }, async ({ request, params, query }): Promise<VersionListAnswer> => {
    await deps.authorize(request, params.siteId, deps.readRoles)
    await capture(orm, specs, params.siteId, { actorId: null, reason: 'autosave', olderThanMs: REQUEST_GRACE_MS })
    const at = query.object ? query.object.indexOf(':') : -1
    const rows = await listVersions(orm, params.siteId, {
      kind: query.object ? (query.object.slice(0, at) as HistoryKind) : query.kind,
      objectId: query.object ? query.object.slice(at + 1) : undefined,
      person: query.person,
      before: query.cursor,
      limit: query.limit + 1,
    })
    const page = rows.slice(0, query.limit)
    return { versions: await summarize(page), nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null }
  })

  defineRoute(app, { method: 'GET', url: `${base}/versions/:versionId`, summary: 'One version: the object as it was and what changed against the version before', tags, params: versionParams, responses: { 200: { description: 'VersionAnswer' }, 404: { description: 'version_not_found, site_not_found' } } }, async ({ request, params }): Promise<VersionAnswer> => {
    await deps.authorize(request, params.siteId, deps.readRoles)
    const v = await find(params.siteId, params.versionId)
    const prev = await previousOf(orm, params.siteId, v)
    const roots = [v.root, prev?.root].filter((h): h is string => !!h)
    const values = await loadValues(orm, params.siteId, roots)
    const object = v.root ? (values.get(v.root) as Record<string, unknown>) : null
    const before = prev?.root ? values.get(prev.root) : undefined
    const changes: HistoryChange[] = prev ? diff(before ?? null, object) : object ? [{ op: 'add', path: '', to: object }] : []
    const [version] = await summarize([v])
    return { version: version!, object, previousId: prev?.id ?? null, diff: changes }
  })

  defineRoute(app, { method: 'POST', url: `${base}/versions/:versionId/restore`, summary: 'Restore one object to a version (a new version, reason restore)', tags, params: versionParams, responses: { 200: { description: 'VersionRestoreAnswer' }, 403: { description: 'role_not_allowed, crumbFail' }, 404: { description: 'version_not_found' }, 409: { description: 'restore_conflict' } } }, async ({ request, params }): Promise<VersionRestoreAnswer> => {
    await deps.authorize(request, params.siteId, deps.readRoles)
    const v = await find(params.siteId, params.versionId)
    await deps.authorize(request, params.siteId, specs.get(v.kind)?.roles ?? deps.siteRestoreRoles)
    const result = await restoreVersion(orm, specs, params.siteId, v, await deps.currentOwnerId(request))
    deps.changed(params.siteId)
    const own = result.versions.filter((r) => r.kind === v.kind && r.object_id === v.object_id)
    const [version] = await summarize(own.length ? own : result.versions)
    return { version: version! }
  })

  defineRoute(app, { method: 'POST', url: `${base}/restore`, summary: 'Restore the whole site to a time: every object to its last version at or before `at`, in one transaction', tags, params: siteParams, body: restoreBody, responses: { 200: { description: 'SiteRestoreAnswer' }, 400: { description: 'validation_failed (at), before_history' }, 403: { description: 'role_not_allowed, crumbFail' }, 409: { description: 'restore_conflict' } } }, async ({ request, params, body }): Promise<SiteRestoreAnswer> => {
    await deps.authorize(request, params.siteId, deps.siteRestoreRoles)
    const first = await firstVersion(orm, params.siteId)
    if (!first || Date.parse(body.at) < Date.parse(first.created_at)) throw new AppError('invalid_data', 'before_history', `The site's history begins at ${first?.created_at ?? 'its next change'}. ${AT_MESSAGE}`, { fields: { at: 'before the first version' } })
    const result = await restoreSite(orm, specs, params.siteId, body.at, await deps.currentOwnerId(request))
    deps.changed(params.siteId)
    return { at: body.at, restored: result.restored, versions: await summarize(result.versions) }
  })
}
