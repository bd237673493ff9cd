// Thinning: autosaves older than 30 days are kept one per object and hour (the hour's last); every publish, restore
// and import is kept forever. Then the snapshot pieces no version reaches any more are removed (under the site's
// capture lock, so a capture storing pieces for its version is never cut short).
import { sql } from 'drizzle-orm'
import { sqlRows, type Orm } from '../../platform/db/index.js'
import { lockSite } from './capture.js'

export const THIN_AFTER_DAYS = 30

export interface ThinResult {
  versions: number
  pieces: number
}

export async function thinHistory(orm: Orm, now: Date = new Date()): Promise<ThinResult> {
  const cutoff = new Date(now.getTime() - THIN_AFTER_DAYS * 86_400_000).toISOString()
  const removed = await sqlRows<{ site_id: string }>(
    orm,
    sql`DELETE FROM history_versions v WHERE v.reason = 'autosave' AND v.created_at < ${cutoff}::timestamptz
        AND EXISTS (SELECT 1 FROM history_versions w WHERE w.site_id = v.site_id AND w.kind = v.kind AND w.object_id = v.object_id
          AND w.reason = 'autosave' AND w.id > v.id AND date_trunc('hour', w.created_at) = date_trunc('hour', v.created_at))
        RETURNING v.site_id`,
  )
  let pieces = 0
  for (const siteId of new Set(removed.map((r) => r.site_id))) pieces += await collectPieces(orm, siteId)
  return { versions: removed.length, pieces }
}

/** Removes the site's pieces no version reaches; answers how many. */
export async function collectPieces(orm: Orm, siteId: string): Promise<number> {
  return orm.transaction(async (tx) => {
    await lockSite(tx, siteId)
    const rows = await sqlRows<{ hash: string }>(
      tx,
      sql`WITH RECURSIVE live(hash) AS (
            SELECT DISTINCT root FROM history_versions WHERE site_id = ${siteId} AND root IS NOT NULL
            UNION SELECT jsonb_array_elements_text(b.children) FROM history_blobs b JOIN live l ON b.site_id = ${siteId} AND b.hash = l.hash)
          DELETE FROM history_blobs b WHERE b.site_id = ${siteId} AND NOT EXISTS (SELECT 1 FROM live l WHERE l.hash = b.hash) RETURNING b.hash`,
    )
    return rows.length
  })
}
