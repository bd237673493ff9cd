// Reads of versions: the list (newest first, cursor-paged by id), one version, the versions in force at a time.
import type { HistoryKind, HistoryReason } from '@sitewright/contracts'
import { sql, type SQL } from 'drizzle-orm'
import { sqlRows, type Orm } from '../../platform/db/index.js'

/** A version row as the queries answer it (created_at to the microsecond, UTC). */
export interface VersionRow {
  id: string
  kind: HistoryKind
  object_id: string
  root: string | null
  title: string
  reason: HistoryReason
  actor_id: string | null
  changes: string[] | string
  created_at: string
}

export const VERSION_COLUMNS = sql.raw(`id::text AS id, kind, object_id, root, title, reason, actor_id, changes, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at`)

export interface ListFilter {
  kind?: HistoryKind | undefined
  objectId?: string | undefined
  person?: string | undefined
  /** Versions older than this id. */
  before?: string | undefined
  limit: number
}

export async function listVersions(orm: Orm, siteId: string, f: ListFilter): Promise<VersionRow[]> {
  const where: SQL[] = [sql`site_id = ${siteId}`]
  if (f.kind) where.push(sql`kind = ${f.kind}`)
  if (f.objectId !== undefined) where.push(sql`object_id = ${f.objectId}`)
  if (f.person) where.push(sql`actor_id = ${f.person}`)
  if (f.before) where.push(sql`id < ${f.before}::bigint`)
  return sqlRows<VersionRow>(orm, sql`SELECT ${VERSION_COLUMNS} FROM history_versions WHERE ${sql.join(where, sql` AND `)} ORDER BY history_versions.id DESC LIMIT ${f.limit}`)
}

export async function versionById(orm: Orm, siteId: string, id: string): Promise<VersionRow | null> {
  const [row] = await sqlRows<VersionRow>(orm, sql`SELECT ${VERSION_COLUMNS} FROM history_versions WHERE site_id = ${siteId} AND id = ${id}::bigint`)
  return row ?? null
}

export async function previousOf(orm: Orm, siteId: string, v: VersionRow): Promise<VersionRow | null> {
  const [row] = await sqlRows<VersionRow>(
    orm,
    sql`SELECT ${VERSION_COLUMNS} FROM history_versions WHERE site_id = ${siteId} AND kind = ${v.kind} AND object_id = ${v.object_id} AND id < ${v.id}::bigint ORDER BY history_versions.id DESC LIMIT 1`,
  )
  return row ?? null
}

/** The last version of every object of the site: at or before `at` (an ISO time), or of all. */
export async function versionsInForce(orm: Orm, siteId: string, at?: string): Promise<{ kind: HistoryKind; object_id: string; root: string | null }[]> {
  const when = at === undefined ? sql`` : sql` AND created_at <= ${at}::timestamptz`
  return sqlRows(orm, sql`SELECT DISTINCT ON (kind, object_id) kind, object_id, root FROM history_versions WHERE site_id = ${siteId}${when} ORDER BY kind, object_id, created_at DESC, id DESC`)
}

/** The site's first version (null: no history yet). */
export async function firstVersion(orm: Orm, siteId: string): Promise<VersionRow | null> {
  const [row] = await sqlRows<VersionRow>(orm, sql`SELECT ${VERSION_COLUMNS} FROM history_versions WHERE site_id = ${siteId} ORDER BY history_versions.id LIMIT 1`)
  return row ?? null
}
