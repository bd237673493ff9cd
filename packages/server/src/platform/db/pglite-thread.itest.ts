// PGlite runs on its own thread; the server's thread sees it through Drizzle as before. These check what crosses the
// thread boundary: rows and their types, database errors with their SQLSTATE, transactions (commit, rollback, a
// failed statement, statements from outside waiting for the transaction), the parsers that can and cannot cross,
// and that the server's thread stays free while PGlite works.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { isUniqueViolation, openPglite, sqlRows, type Db } from './index.js'
import { startPgliteThread } from './pglite-client.js'

describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite on its own thread', () => {
  let db: Db
  beforeAll(async () => {
    db = await openPglite(null)
    await db.orm.execute(sql`CREATE TABLE t (id int PRIMARY KEY, note text)`)
  }, 60_000)
  afterAll(() => db.close())

  it('rows keep their types: int8, json, bytea, timestamptz text (Drizzle keeps dates as text), arrays and nulls', async () => {
    const [row] = await sqlRows<Record<string, unknown>>(
      db.orm,
      sql`SELECT 5::int8 AS big, '{"a":[1,2]}'::jsonb AS j, '\\x0a0b'::bytea AS b, '2026-01-02T03:04:05Z'::timestamptz AS at, ARRAY[1,2]::int[] AS arr, NULL::text AS nothing, ${'ünï'}::text AS param`,
    )
    expect(row).toEqual({ big: 5, j: { a: [1, 2] }, b: new Uint8Array([10, 11]), at: '2026-01-02 03:04:05+00', arr: [1, 2], nothing: null, param: 'ünï' })
  })

  it('a database error keeps its SQLSTATE code and constraint (unique violations are recognised)', async () => {
    await db.orm.execute(sql`INSERT INTO t VALUES (1, 'one')`)
    const e = await db.orm.execute(sql`INSERT INTO t VALUES (1, 'again')`).catch((x: unknown) => x)
    expect(isUniqueViolation(e, 't_pkey')).toBe(true)
    const zero = await db.orm.execute(sql`SELECT 1 / 0`).catch((x: { cause?: { code?: string; message?: string } }) => x.cause)
    expect(zero).toMatchObject({ code: '22012', message: 'division by zero' })
  })

  it('transactions commit, roll back when their function throws, and roll back on request', async () => {
    await db.orm.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO t VALUES (2, 'two')`)
    })
    await expect(
      db.orm.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t VALUES (3, 'three')`)
        await tx.execute(sql`INSERT INTO t VALUES (1, 'dup')`)
      }),
    ).rejects.toThrow()
    await expect(
      db.orm.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t VALUES (4, 'four')`)
        tx.rollback()
      }),
    ).rejects.toThrow('Rollback')
    // a savepoint inside a transaction (Drizzle's nested transaction) rolls back alone
    await db.orm.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO t VALUES (5, 'five')`)
      await tx.transaction(async (inner) => {
        await inner.execute(sql`INSERT INTO t VALUES (6, 'six')`)
        inner.rollback()
      }).catch(() => {})
    })
    const ids = await sqlRows<{ id: number }>(db.orm, sql`SELECT id FROM t ORDER BY id`)
    expect(ids.map((r) => r.id)).toEqual([1, 2, 5])
  })

  it('a statement from outside an open transaction waits for it, and sees what it committed', async () => {
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    let inserted = false
    const tx = db.orm.transaction(async (t) => {
      await t.execute(sql`INSERT INTO t VALUES (7, 'seven')`)
      inserted = true
      await held
    })
    await vi.waitFor(() => expect(inserted).toBe(true)) // the transaction is open and has written
    const outside = sqlRows<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM t WHERE id = 7`)
    let answered = false
    void outside.then(() => (answered = true))
    await new Promise((r) => setTimeout(r, 50))
    expect(answered).toBe(false)
    release()
    await tx
    expect((await outside)[0]!.n).toBe(1)
  })

  it('the server thread keeps running while PGlite works', async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    const started = performance.now()
    await db.orm.execute(sql`SELECT count(*) FROM generate_series(1, 1000000)`)
    const took = performance.now() - started
    clearInterval(timer)
    // on PGlite's old place (this thread) no timer could fire during the statement
    expect(took).toBeGreaterThan(20)
    expect(ticks).toBeGreaterThan(took / 10)
  })

  it('a snapshot holds what was committed; a database started from it has those rows and is its own', async () => {
    await db.orm.execute(sql`INSERT INTO t VALUES (70, 'kept') ON CONFLICT (id) DO UPDATE SET note = 'kept'`)
    const snapshot = await db.snapshot!()
    await db.orm.execute(sql`UPDATE t SET note = 'after' WHERE id = 70`)
    const copy = await openPglite(null, { snapshot })
    try {
      expect(await sqlRows(copy.orm, sql`SELECT note FROM t WHERE id = 70`)).toEqual([{ note: 'kept' }])
      await copy.orm.execute(sql`DELETE FROM t WHERE id = 70`)
      expect(await sqlRows(db.orm, sql`SELECT note FROM t WHERE id = 70`)).toEqual([{ note: 'after' }])
    } finally {
      await copy.close()
    }
  }, 60_000)

  it("a closed database in memory leaves its thread to the next one, which starts from its own snapshot and nothing else", async () => {
    const first = await startPgliteThread({ dir: null, conf: [] })
    await first.exec('CREATE TABLE left_behind (n int); INSERT INTO left_behind VALUES (1)')
    const snapshot = await first.snapshot!()
    await first.exec('INSERT INTO left_behind VALUES (2)')
    await first.close()
    const next = await startPgliteThread({ dir: null, conf: [], loadDataDir: snapshot })
    try {
      expect(next.threadId).toBe(first.threadId)
      expect((await next.query<{ n: number }>('SELECT n FROM left_behind ORDER BY n')).rows).toEqual([{ n: 1 }])
      await expect(first.query('SELECT 1')).rejects.toThrow('The database is closed.')
      // the next database takes transactions of its own
      await next.transaction(async (tx) => tx.query('INSERT INTO left_behind VALUES (3)'))
      expect((await next.query<{ c: number }>('SELECT count(*)::int AS c FROM left_behind')).rows).toEqual([{ c: 2 }])
    } finally {
      await next.close()
    }
    // a snapshot that is not one fails to open on a kept thread as on a new one
    await expect(startPgliteThread({ dir: null, conf: [], loadDataDir: new Uint8Array(1024) })).rejects.toThrow()
    const after = await startPgliteThread({ dir: null, conf: [] })
    expect((await after.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
    await after.close()
  }, 60_000)

  it('parsers that change the text cannot cross the thread: the query is refused with why', async () => {
    const client = await startPgliteThread({ dir: null, conf: [] })
    try {
      expect((await client.query<{ n: string }>('SELECT 1::int AS n', [], { parsers: { 23: (v: string) => v } })).rows).toEqual([{ n: '1' }])
      await expect(client.query('SELECT 1::int AS n', [], { parsers: { 23: (v: string) => Number(v) * 2 } })).rejects.toThrow('cannot be sent there')
      await expect(client.query('SELECT 1', [], { blob: new Blob([]) })).rejects.toThrow('"blob" is not supported')
    } finally {
      await client.close()
    }
    expect(client.closed).toBe(true)
    await expect(client.query('SELECT 1')).rejects.toThrow('The database is closed.')
  }, 60_000)
})
