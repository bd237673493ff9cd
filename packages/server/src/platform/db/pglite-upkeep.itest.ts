// PGlite's upkeep (it has no autovacuum): tables past autovacuum's default thresholds are vacuumed or analyzed, the
// others left alone; the app's timer runs it and its stop waits for a run under way. PostgreSQL has its own.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BACKEND, freshPglite } from '../../../test/harness.js'
import { sqlRows, type Db } from './index.js'
import { startUpkeep, type UpkeepDone } from './pglite-upkeep.js'

let db: Db
beforeAll(async () => {
  if (BACKEND === 'pglite') db = await freshPglite()
})
afterAll(async () => {
  await db?.close()
})

const stats = async (table: string) => {
  await db.orm.execute(sql.raw('SELECT pg_stat_force_next_flush()'))
  const [row] = await sqlRows<{ dead: number; live: number; mods: number }>(
    db.orm,
    sql`SELECT n_dead_tup::int AS dead, n_live_tup::int AS live, n_mod_since_analyze::int AS mods FROM pg_stat_user_tables WHERE relname = ${table}`,
  )
  return row!
}

describe.skipIf(BACKEND !== 'pglite')('PGlite upkeep', () => {
  it('vacuums a table with many dead rows, analyzes one with many new rows, leaves a quiet one', async () => {
    await db.orm.execute(sql.raw(`CREATE TABLE upkeep_churn (id int PRIMARY KEY, n int NOT NULL)`))
    await db.orm.execute(sql.raw(`CREATE TABLE upkeep_grown (id int PRIMARY KEY)`))
    await db.orm.execute(sql.raw(`CREATE TABLE upkeep_quiet (id int PRIMARY KEY)`))
    await db.orm.execute(sql.raw(`INSERT INTO upkeep_churn SELECT i, 0 FROM generate_series(1, 200) AS i`))
    await db.orm.execute(sql.raw(`INSERT INTO upkeep_quiet VALUES (1)`))
    await db.upkeep!() // the three tables start settled
    for (let i = 0; i < 3; i++) await db.orm.execute(sql.raw(`UPDATE upkeep_churn SET n = n + 1`))
    await db.orm.execute(sql.raw(`INSERT INTO upkeep_grown SELECT i FROM generate_series(1, 300) AS i`))
    expect((await stats('upkeep_churn')).dead).toBeGreaterThanOrEqual(400)

    await db.orm.execute(sql.raw('SELECT pg_stat_force_next_flush()'))
    const done = await db.upkeep!()
    expect(done.vacuumed).toContain('public.upkeep_churn')
    expect(done.analyzed).toContain('public.upkeep_grown')
    expect([...done.vacuumed, ...done.analyzed]).not.toContain('public.upkeep_quiet')
    expect(await stats('upkeep_churn')).toMatchObject({ dead: 0, live: 200 })
    expect((await stats('upkeep_grown')).mods).toBe(0)
    // nothing past a threshold now
    const again = await db.upkeep!()
    expect([...again.vacuumed, ...again.analyzed]).not.toContain('public.upkeep_churn')
  })

  it('the timer runs it, one at a time, and its stop waits for the run under way', async () => {
    // the 10 ms periods are counted by fake timers: no real time has to pass for "nothing more happened"
    vi.useFakeTimers()
    try {
      let runs = 0
      let release: () => void = () => {}
      const reports: UpkeepDone[] = []
      const stop = startUpkeep(
        async () => {
          runs++
          await new Promise<void>((r) => (release = r))
          return { vacuumed: ['x'], analyzed: [] }
        },
        { done: (d) => reports.push(d), failed: () => {} },
        10,
      )
      await vi.advanceTimersByTimeAsync(10)
      expect(runs).toBe(1) // the first run has begun
      await vi.advanceTimersByTimeAsync(60) // six more periods while it is held
      expect(runs).toBe(1) // the first run is still under way: no second one
      let stopped = false
      const stopping = stop().then(() => (stopped = true))
      await vi.advanceTimersByTimeAsync(20)
      expect(stopped).toBe(false)
      release()
      await stopping
      expect(reports).toEqual([{ vacuumed: ['x'], analyzed: [] }])
      await vi.advanceTimersByTimeAsync(40)
      expect(runs).toBe(1)
    } finally {
      vi.useRealTimers()
    }
  })
})
