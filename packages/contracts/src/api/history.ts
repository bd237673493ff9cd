// Whole-site history (issue 36): GET /api/sites/:siteId/versions, GET .../versions/:versionId,
// POST .../versions/:versionId/restore and POST /api/sites/:siteId/restore. Types and constants only.

/** The kinds of versioned objects (`object={kind}:{id}`). */
export const HISTORY_KINDS = ['page', 'item', 'product', 'navigation', 'styles', 'form', 'settings', 'redirects'] as const
export type HistoryKind = (typeof HISTORY_KINDS)[number]

/** Why a version was made. */
export const HISTORY_REASONS = ['autosave', 'publish', 'restore', 'import'] as const
export type HistoryReason = (typeof HISTORY_REASONS)[number]

/** Request header an editor save may carry to name its reason (`publish`; default `autosave`). */
export const HISTORY_REASON_HEADER = 'x-history-reason'

/** One change between two versions of an object; `path` is a JSON pointer into the object (array members with an id by `[id]`). */
export interface HistoryChange {
  op: 'add' | 'remove' | 'replace' | 'move'
  path: string
  /** The value before (replace, remove) or the index before (move). */
  from?: unknown
  /** The value after (add, replace) or the index after (move). */
  to?: unknown
}

/** Who made a version (null: the system, an import or a seed). */
export interface HistoryPerson {
  id: string
  name: string
  email: string
}

/** A version in a list. */
export interface VersionSummary {
  id: string
  kind: HistoryKind
  objectId: string
  /** The object's title at that version (a page's title, a product's, 'Site styles', ...). */
  title: string
  reason: HistoryReason
  person: HistoryPerson | null
  /** ISO time, to the microsecond (usable as the `at` of a site restore). */
  createdAt: string
  /** The object was deleted by this change. */
  deleted: boolean
  /** Paths changed against the previous version (at most 50). */
  changedPaths: string[]
}

/** GET /api/sites/:siteId/versions?object=&person=&kind=&cursor=&limit= */
export interface VersionListQuery {
  /** `{kind}:{id}`, e.g. `page:abc`; omitted: every change of the site. */
  object?: string
  /** An owner id: only that person's changes. */
  person?: string
  kind?: HistoryKind
  /** The `nextCursor` of the previous page. */
  cursor?: string
  limit?: string
}

export interface VersionListAnswer {
  versions: VersionSummary[]
  /** null: no older versions. */
  nextCursor: string | null
}

/** GET /api/sites/:siteId/versions/:versionId */
export interface VersionAnswer {
  version: VersionSummary
  /** The object as it was (its stored rows by part, e.g. `{ collection: [...] }`); null when deleted. */
  object: Record<string, unknown> | null
  /** The version before it (null: the first). */
  previousId: string | null
  /** What changed against the previous version. */
  diff: HistoryChange[]
}

/** POST /api/sites/:siteId/versions/:versionId/restore: the new version the restore made. */
export interface VersionRestoreAnswer {
  version: VersionSummary
}

/** POST /api/sites/:siteId/restore */
export interface SiteRestoreBody {
  /** ISO time: every object goes back to its last version at or before it. */
  at: string
}

export interface SiteRestoreAnswer {
  at: string
  /** Objects whose state was changed by the restore. */
  restored: number
  versions: VersionSummary[]
}
