// A WXR import killed part way (SIGKILL of the built CLI, `sitewright import-from wxr FILE --slug resume`, once it
// has reported a fifth of the posts done; on PostgreSQL at the instant a post is written and its source-id mapping
// is not: the test holds a lock on import_sources until the importer waits on it), killed again in its second run
// (`--site resume`) past half the file, each time leaving no post or comment without its mapping and every mapped
// post's old addresses already redirecting, and run a third time ends with exactly what the generated file holds:
// its posts, comments and tags once each, no source id or slug twice, a redirect for each old address
// (/2020/01/01/post-N/ and /?p=N), and old /?p=N addresses answering 301 to a page that answers 200. A fourth run of
// the file with one post's title changed updates that post instead of adding one. PGlite (its data dir) or
// PostgreSQL (DATABASE_URL: a fresh database). landing.itest.ts stops an import after each write in turn.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeWxrExport, wxrExportTags } from '../../../scripts/wxr-export.js'
import { BACKEND, freshPostgresDatabase } from '../../../test/harness.js'
import { buildApp } from '../../app/index.js'
import { loadConfig } from '../../platform/config.js'
import { openPglite, openPostgres, sqlRows, type Db } from '../../platform/db/index.js'

const N = 600
const CLI = fileURLToPath(new URL('../../../dist/cli.js', import.meta.url))
const root = mkdtempSync(join(tmpdir(), 'sw-import-resume-'))
const file = join(root, 'export.xml')
let env: Record<string, string> = { DATA_DIR: join(root, 'data') }
let open: () => Promise<Db> = () => openPglite(env.DATA_DIR!)
let drop: (() => Promise<void>) | undefined
let pgUrl: string | null = null

function start(args: string[], stdin = '') {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  child.stdin.end(stdin)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  return { child, exited, stdout: () => stdout, stderr: () => stderr }
}

async function run(args: string[], stdin = '') {
  const r = start(args, stdin)
  const { code } = await r.exited
  return { code, stdout: r.stdout(), stderr: r.stderr() }
}

async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  const db = await open()
  try {
    return await sqlRows<T>(db.orm, q)
  } finally {
    await db.close()
  }
}

const figures = async () =>
  (
    await query<{ posts: number; slugs: number; comments: number; tags: number; keys: number; targets: number; unmapped: number; unmappedComments: number; unredirected: number; redirects: number }>(sql`
      SELECT (SELECT count(*)::int FROM content_items i WHERE i.site_id = w.id) AS posts,
             (SELECT count(DISTINCT i.url_id)::int FROM content_items i WHERE i.site_id = w.id) AS slugs,
             (SELECT count(*)::int FROM social_comments c WHERE c.site_id = w.id) AS comments,
             (SELECT count(DISTINCT t.tag)::int FROM content_items i, jsonb_array_elements_text(i.tags) AS t(tag) WHERE i.site_id = w.id) AS tags,
             (SELECT count(*)::int FROM import_sources s WHERE s.site_id = w.id AND s.source_id LIKE 'post:%') AS keys,
             (SELECT count(DISTINCT s.target_id)::int FROM import_sources s WHERE s.site_id = w.id AND s.source_id LIKE 'post:%') AS targets,
             (SELECT count(*)::int FROM content_items i WHERE i.site_id = w.id AND NOT EXISTS (SELECT 1 FROM import_sources s WHERE s.site_id = w.id AND s.target_id = i.id)) AS unmapped,
             (SELECT count(*)::int FROM social_comments c WHERE c.site_id = w.id AND NOT EXISTS (SELECT 1 FROM import_sources s WHERE s.site_id = w.id AND s.source_id LIKE 'comment:%' AND s.target_id = c.id)) AS "unmappedComments",
             (SELECT count(*)::int FROM import_sources s WHERE s.site_id = w.id AND s.source_id LIKE 'post:%' AND NOT EXISTS (SELECT 1 FROM content_redirects r WHERE r.site_id = w.id AND r.from_path = '/?p=' || substr(s.source_id, 6))) AS unredirected,
             (SELECT count(*)::int FROM content_redirects r WHERE r.site_id = w.id) AS redirects
      FROM websites w WHERE w.slug = 'resume'`)
  )[0]!

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    const db = await freshPostgresDatabase(process.env.DATABASE_URL)
    drop = db.drop
    env = { ...env, DATABASE_URL: db.url }
    pgUrl = db.url
    open = () => openPostgres(db.url)
  }
  await writeWxrExport(file, N)
}, 60_000)
afterAll(async () => {
  await drop?.()
  rmSync(root, { recursive: true, force: true })
})

/**
 * PostgreSQL: kills the importer while it waits to write a source-id mapping. A lock on import_sources (reads pass,
 * writes wait) is held until the importer's next mapping waits on it, then the importer is killed: its post (or
 * comment) is written and its mapping is not, which must leave neither (both in one transaction that never commits).
 */
async function killWaitingOnMapping(child: ReturnType<typeof spawn>, exited: Promise<unknown>) {
  const db = await openPostgres(pgUrl!)
  try {
    await db.orm.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE import_sources IN EXCLUSIVE MODE`)
      await expect
        .poll(async () => (await sqlRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'import_sources'::regclass AND NOT granted`))[0]!.n, { timeout: 60_000, interval: 20 })
        .toBeGreaterThan(0)
      child.kill('SIGKILL')
      await exited
    })
  } finally {
    await db.close()
  }
}

describe(`a WXR import killed part way resumes (${BACKEND})`, () => {
  it('is killed after a fifth of the posts and again past half, run again ends with the file once; a changed title updates its post', async () => {
    const owner = await run(['create-owner', 'ops@example.com'], 'tide pools and lighthouses 7\n')
    expect(owner.code, owner.stderr).toBe(0)

    // run 1: killed once it reports a fifth of the posts done; run 2 (on the site run 1 made) past half the file
    let before = 0
    for (const [args, at] of [[['--slug', 'resume'], N / 5], [['--site', 'resume'], N / 2]] as const) {
      const r = start(['import-from', 'wxr', file, ...args])
      // its progress lines on stderr: `  done/total (pct%)`
      const reported = () => Math.max(0, ...[...r.stderr().matchAll(/^\s+(\d+)\/\d+ \(\d+%\)$/gm)].map((m) => Number(m[1])))
      await expect.poll(() => (r.child.exitCode === null ? reported() : `exited early: ${r.stderr()}`), { timeout: 180_000, interval: 20 }).toBeGreaterThanOrEqual(at)
      if (pgUrl) await killWaitingOnMapping(r.child, r.exited)
      else r.child.kill('SIGKILL')
      expect((await r.exited).signal).toBe('SIGKILL')
      const partial = await figures()
      expect(partial.posts).toBeGreaterThan(before)
      expect(partial.posts).toBeLessThan(N)
      // each post whole or absent: mapped (once), its comment mapped, its old addresses redirecting
      expect({ unmapped: partial.unmapped, unmappedComments: partial.unmappedComments, unredirected: partial.unredirected, twice: partial.keys - partial.targets, posts: partial.posts - partial.keys }).toEqual({ unmapped: 0, unmappedComments: 0, unredirected: 0, twice: 0, posts: 0 })
      expect(partial.redirects).toBe(2 * partial.keys)
      before = partial.posts
    }

    // run 3: the same file added to the site once more, to the end
    const second = await run(['import-from', 'wxr', file, '--site', 'resume'])
    expect(second.code, second.stderr).toBe(0)
    expect(second.stdout).toContain(`: ${N} posts, 0 pages, ${N} comments, 0 images, ${2 * N} redirects from the old addresses.`)
    const whole = { posts: N, slugs: N, comments: N, tags: wxrExportTags(N), keys: N, targets: N, unmapped: 0, unmappedComments: 0, unredirected: 0, redirects: 2 * N }
    expect(await figures()).toEqual(whole)

    // old addresses: 20 /?p=N spread over the file, each a 301 to a post that answers 200
    const db = await open()
    const app = await buildApp({ ...loadConfig({ ...env, LOG_LEVEL: 'silent' }), seedDemo: false }, { db, background: false })
    try {
      for (let k = 0; k < 20; k++) {
        const id = 1 + Math.floor((k * (N - 1)) / 19)
        const res = await app.fastify.inject({ method: 'GET', url: `/?p=${id}`, headers: { host: 'resume.localhost' } })
        expect(res.statusCode, `/?p=${id}`).toBe(301)
        const to = String(res.headers.location)
        expect(to).toMatch(new RegExp(`/post-${id}$`))
        const page = await app.fastify.inject({ method: 'GET', url: to, headers: { host: 'resume.localhost' } })
        expect(page.statusCode, to).toBe(200)
        expect(page.body).toContain(`Post ${id}`)
      }
    } finally {
      await app.close()
    }

    // run 4: one title changed in the file: that post is updated, nothing is added
    await writeWxrExport(file, N, { title: (i) => (i === 123 ? 'A new title for post 123' : `Post ${i}`) })
    const third = await run(['import-from', 'wxr', file, '--site', 'resume'])
    expect(third.code, third.stderr).toBe(0)
    expect(await figures()).toEqual(whole)
    const titled = await query<{ title: string; url_id: string }>(sql`SELECT i.title, i.url_id FROM content_items i JOIN websites w ON w.id = i.site_id WHERE w.slug = 'resume' AND (i.title LIKE '%123' OR i.url_id = 'post-123')`)
    expect(titled).toEqual([{ title: 'A new title for post 123', url_id: 'post-123' }])
  }, 900_000)
})
