// PGlite has no autovacuum: it is one backend with no background workers. Without it, the dead rows of tables that
// are updated or deleted in stay (the open visits of tracking, rewritten by every batch, held ten dead rows for each
// live one after a minute of hits), their pages and indexes grow, the planner's statistics go stale, and old rows are
// never frozen (each tracking batch is a transaction: at 5,000 hits/s, autovacuum's 200 million transactions before
// a table must be frozen pass in about a month). This does autovacuum's job with PostgreSQL's default thresholds:
// every minute, each table past them is vacuumed (and analyzed) or only analyzed, one at a time. Each statement holds
// the database while it runs, as any statement does: measured, 0.8 s for a million new raw events (a vacuum after
// every 20% more rows keeps each one to the rows added since the last).
import type { RawQuery } from './types.js'
import { every } from '../every.js'

export const UPKEEP_INTERVAL_MS = 60_000

export interface UpkeepDone {
  vacuumed: string[]
  analyzed: string[]
}

/** Vacuums and analyzes the tables that autovacuum's default thresholds would. */
export async function upkeep(query: RawQuery): Promise<UpkeepDone> {
  const rows = (await query(
    `SELECT quote_ident(s.schemaname) || '.' || quote_ident(s.relname) AS name,
            s.n_dead_tup > 50 + 0.2 * s.n_live_tup OR s.n_ins_since_vacuum > 1000 + 0.2 * s.n_live_tup
              OR age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::int AS vacuum,
            s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup AS analyze
     FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid ORDER BY s.relname`,
    [],
  )) as { name: string; vacuum: boolean; analyze: boolean }[]
  const done: UpkeepDone = { vacuumed: [], analyzed: [] }
  for (const r of rows) {
    if (r.vacuum) {
      await query(`VACUUM (ANALYZE) ${r.name}`, [])
      done.vacuumed.push(r.name)
    } else if (r.analyze) {
      await query(`ANALYZE ${r.name}`, [])
      done.analyzed.push(r.name)
    }
  }
  return done
}

/**
 * Runs `run` (a database's upkeep) every `intervalMs`, never two at once; the timer keeps no process alive.
 * Returns the stop, which waits for a run under way.
 */
export function startUpkeep(run: () => Promise<UpkeepDone>, report: { done(d: UpkeepDone, ms: number): void; failed(e: unknown): void }, intervalMs = UPKEEP_INTERVAL_MS): () => Promise<void> {
  // an exact period: one process holds a PGlite database, so there is no other node to keep apart from
  const timer = every({ name: 'database upkeep', ms: intervalMs, jitter: 0 }, async () => {
    const t0 = performance.now()
    await run().then((d) => report.done(d, performance.now() - t0), report.failed)
  })
  return () => timer.stop()
}
