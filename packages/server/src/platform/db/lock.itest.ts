// The PGlite data-dir lock and process lifecycle (always PGlite: the lock is PGlite's; restart runs on both).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freshPostgresDatabase } from '../../../test/harness.js'
import { runMain, waitForPort } from '../../../test/spawn.js'
import { sql } from 'drizzle-orm'
import { DataDirLockedError, openDatabase, sqlRows } from './index.js'
import { LOCK_FILE } from './lock.js'

const dirs: string[] = []
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'sw-lock-'))
  dirs.push(d)
  return join(d, 'nested', 'data') // parents do not exist yet
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

describe('PGlite data directory lock', () => {
  // One directory for the three lock tests: initdb is the slow part, reopening is quick.
  const dir = tempDir()

  it('creates the directory, and a second open of the same directory fails fast naming it', async () => {
    const db = await openDatabase({ databaseUrl: null, dataDir: dir, pgliteStorage: 'file' })
    try {
      expect(existsSync(join(dir, LOCK_FILE))).toBe(true)
      const started = Date.now()
      const err = await openDatabase({ databaseUrl: null, dataDir: dir, pgliteStorage: 'file' }).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(DataDirLockedError)
      expect((err as Error).message).toContain(dir)
      expect(Date.now() - started).toBeLessThan(1000)
    } finally {
      await db.close()
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  })

  it('a second server process on the same DATA_DIR exits at once with a clear message', async () => {
    const db = await openDatabase({ databaseUrl: null, dataDir: dir, pgliteStorage: 'file' })
    try {
      const second = runMain({ DATA_DIR: dir })
      const code = await second.exited
      expect(code).toBe(1)
      expect(second.output()).toContain(`Data directory ${dir} is in use by another Sitewright process (pid ${process.pid})`)
    } finally {
      await db.close()
    }
  })

  it('replaces a stale lock left by a dead process', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: dead }))
    const db = await openDatabase({ databaseUrl: null, dataDir: dir, pgliteStorage: 'file' })
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid)
    await db.close()
  })
})

describe(`server process lifecycle (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('serves the demo page, shuts down cleanly on SIGTERM, and restarts without duplicating the demo', async () => {
    const dir = tempDir()
    const pgDb = process.env.DATABASE_URL ? await freshPostgresDatabase(process.env.DATABASE_URL) : null
    const env: Record<string, string> = { DATA_DIR: dir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) }
    try {
      for (const round of [1, 2]) {
        const server = runMain(env)
        const port = await waitForPort(server)
        expect(server.output()).toContain('Demo login: demo@sitewright.local / sitewright-demo')
        expect(server.output().includes('demo site created now')).toBe(round === 1)
        const health = await fetch(`http://127.0.0.1:${port}/healthz`)
        expect(await health.json()).toEqual({ status: 'ok', database: pgDb ? 'postgres' : 'pglite' })
        const home = await fetch(`http://127.0.0.1:${port}/`)
        expect(home.status).toBe(200)
        expect(await home.text()).toContain('Sitewright Demo')
        server.child.kill('SIGTERM')
        expect(await server.exited).toBe(0)
        if (!pgDb) expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
      }
      const db = await openDatabase(pgDb ? { databaseUrl: pgDb.url, dataDir: dir, pgliteStorage: 'file' } : { databaseUrl: null, dataDir: dir, pgliteStorage: 'file' })
      const rows = await sqlRows<{ owners: number; sites: number }>(
        db.orm,
        sql`select (select count(*)::int from owners) as owners, (select count(*)::int from websites) as sites`,
      )
      await db.close()
      expect(rows[0]).toEqual({ owners: 1, sites: 1 })
    } finally {
      await pgDb?.drop()
    }
  }, 240_000)
})
