// Open visits in PostgreSQL (tracking_sessions), shared by every app node: a visitor's page views may reach any
// node. A batch locks its sessions in its own transaction (new ones are inserted first as placeholders, views 0, so
// two nodes starting the same visit at once serialize on the row), aggregates against them, and writes them back;
// a batch that fails leaves them as they were, so its retry counts nothing twice.
import { sql, type SQL } from 'drizzle-orm'
import { sqlRows, type Orm } from '../../platform/db/index.js'
import { SEP, SESSION_IDLE_MS, type VisitSession } from './aggregate.js'
import type { Attributes, TrackedEvent } from './types.js'

interface SessionRow {
  site_id: string
  session: string
  start_day: string
  last_path: string
  last_day: string
  last_at: string | Date
  views: number
  attrs: Attributes
}

/** The open sessions of the batch's page views, locked until `tx` ends (keyed `${siteId}${SEP}${session}`). */
export async function lockSessions(tx: Orm, batch: readonly TrackedEvent[]): Promise<Map<string, VisitSession>> {
  const keys = [...new Set(batch.filter((e) => e.kind === 'pageview').map((e) => `${e.siteId}${SEP}${e.session}`))].sort()
  const sessions = new Map<string, VisitSession>()
  if (keys.length === 0) return sessions
  const pairs = keys.map((k) => {
    const [site_id, session] = k.split(SEP) as [string, string]
    return { site_id, session }
  })
  const json = JSON.stringify(pairs)
  await tx.execute(sql`
    INSERT INTO tracking_sessions (site_id, session, start_day, last_path, last_day, last_at, views, attrs)
    SELECT site_id, session, '', '', '', now(), 0, '{}'::jsonb
    FROM jsonb_to_recordset(${json}::jsonb) AS x(site_id text, session text)
    ORDER BY site_id, session
    ON CONFLICT DO NOTHING`)
  const rows = await sqlRows<SessionRow>(
    tx,
    sql`SELECT t.site_id, t.session, t.start_day, t.last_path, t.last_day, t.last_at, t.views, t.attrs
        FROM tracking_sessions t JOIN jsonb_to_recordset(${json}::jsonb) AS x(site_id text, session text)
          ON t.site_id = x.site_id AND t.session = x.session
        ORDER BY t.site_id, t.session
        FOR UPDATE OF t`,
  )
  for (const r of rows) {
    if (r.views === 0) continue // a placeholder: the visit starts in this batch
    sessions.set(`${r.site_id}${SEP}${r.session}`, { startDay: r.start_day, lastPath: r.last_path, lastDay: r.last_day, lastAt: new Date(r.last_at).getTime(), views: r.views, attrs: r.attrs })
  }
  return sessions
}

/** The UPDATE that writes the batch's sessions back (a part of the batch's write, in its transaction). */
export function sessionsUpdate(sessions: Map<string, VisitSession>): SQL {
  const rows = [...sessions].map(([k, s]) => {
    const [site_id, session] = k.split(SEP) as [string, string]
    return { site_id, session, start_day: s.startDay, last_path: s.lastPath, last_day: s.lastDay, last_at: new Date(s.lastAt).toISOString(), views: s.views, attrs: s.attrs }
  })
  return sql`
    UPDATE tracking_sessions t SET start_day = x.start_day, last_path = x.last_path, last_day = x.last_day,
      last_at = x.last_at, views = x.views, attrs = x.attrs
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS x(site_id text, session text, start_day text, last_path text, last_day text, last_at timestamptz, views int, attrs jsonb)
    WHERE t.site_id = x.site_id AND t.session = x.session`
}

/** Forgets visits idle longer than a visit lasts (and placeholders a failed batch left; they roll back anyway). */
export async function sweepSessions(orm: Orm, now: number): Promise<void> {
  await orm.execute(sql`DELETE FROM tracking_sessions WHERE last_at < ${new Date(now - SESSION_IDLE_MS).toISOString()}::timestamptz`)
}
