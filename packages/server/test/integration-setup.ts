// Once per integration run: a tag for the run, which the harness puts in the names of the bases it makes (a migrated
// template database, the demo seeded once per test process: see harness.ts), and their removal after the run.
import { readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    itestRun: string
  }
}

/** Names of the bases' databases and data dirs start with this and the run's tag. */
export const BASE_PREFIX = 'sw_itest_base_'

export default function setup(project: TestProject): () => Promise<void> {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  project.provide('itestRun', run)
  return async () => {
    for (const name of readdirSync(tmpdir())) if (name.startsWith(`${BASE_PREFIX}${run}`)) rmSync(join(tmpdir(), name), { recursive: true, force: true })
    const adminUrl = process.env.DATABASE_URL
    if (!adminUrl) return
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    try {
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [`${BASE_PREFIX}${run}`])
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
    } finally {
      await admin.end()
    }
  }
}
