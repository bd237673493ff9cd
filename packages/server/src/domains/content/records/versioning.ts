// Optimistic concurrency of pages and items. The version of a page or item is its `updatedOn` (epoch ms of
// updated_at), sent back by the editor as `If-Match: "<updatedOn>"`. Every write moves updated_at forward by at
// least one millisecond (two writes in the same millisecond still get different versions), and a write that names
// the version it was based on checks it in its UPDATE statement, atomically with the write.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { AppError } from '../../../platform/errors.js'

export const VERSION_CONFLICT_MESSAGE = 'This page was changed elsewhere since you opened it. Reload it to see the changes.'

/** The SET value of updated_at on every write: now, and always at least 1 ms after the previous version. */
export const nextUpdatedAt = (): SQL => sql`date_trunc('milliseconds', greatest(now(), updated_at + interval '1 millisecond'))`

/** WHERE condition: the row is still at `version` (epoch ms, as `updatedOn` shows it). */
export const atVersion = (column: AnyColumn, version: number): SQL =>
  sql`(extract(epoch from date_trunc('milliseconds', ${column})) * 1000)::bigint = ${version}`

/** A write based on an older version: 409 `version_conflict`; `current` is the version now stored. */
export class VersionConflict extends AppError {
  constructor(readonly current: number) {
    super('conflict', 'version_conflict', VERSION_CONFLICT_MESSAGE)
  }
}

/**
 * The version named by an If-Match header: `"123"`, `W/"123"` or `123`; undefined when there is none (or `*`):
 * no check. Anything else can never match a version (-1), so the write is refused as a conflict.
 */
export function ifMatchVersion(header: string | string[] | undefined): number | undefined {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim()
  if (!raw || raw === '*') return undefined
  const m = /^(?:W\/)?"?(\d{1,16})"?$/.exec(raw.split(',')[0]!.trim())
  return m ? Number(m[1]) : -1
}

/** The ETag of a version. */
export const versionTag = (version: number | null): string => `"${version ?? 0}"`
