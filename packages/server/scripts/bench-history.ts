// `npm run bench` (History): on a fresh in-memory PGlite, then on PostgreSQL when DATABASE_URL is set or one answers
// at 127.0.0.1:5432. A 200-page site gets BENCH_HISTORY_VERSIONS (default 10,000) versions: rounds of ten pages each
// changed by one word and captured together (what the owner request's capture does). Halfway, every page's
// ?format=json is kept; at the end the site is restored to that time and every page must equal it byte for byte.
// Then one object (the site styles) gets as many versions and the first page of its history is read.
// Figures: bytes stored per one-word autosave, whole-site restore time, first history page time (goals, issue 36:
// <= 2 KB, <= 2 s, <= 50 ms).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { buildApp, type App } from '../src/app/index.js'
import { loadConfig } from '../src/platform/config.js'
import { migrate, openPglite, sqlRows } from '../src/platform/db/index.js'
import { freshPostgresDatabase } from '../test/fresh-postgres.js'

const VERSIONS = Number(process.env.BENCH_HISTORY_VERSIONS ?? 10_000)
const PAGES = 200
const PER_ROUND = 10
const PG_PROBE = 'postgres://postgres@127.0.0.1:5432/postgres'

async function postgresUrl(): Promise<string | null> {
  const url = process.env.DATABASE_URL ?? PG_PROBE
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 })
  try {
    await c.connect()
    await c.end()
    return url
  } catch {
    return null
  }
}

const words = (n: number, tag: string) => `<p>${Array.from({ length: n }, (_, i) => `word${i}`).join(' ')} ${tag}</p>`

async function run(kind: 'pglite' | 'postgres', adminUrl: string | null): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-bench-history-'))
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: '0' }), pgliteStorage: 'memory' as const }
  const fresh = kind === 'postgres' ? await freshPostgresDatabase(adminUrl!, 'sw_bench') : null
  let app: App
  if (fresh) app = await buildApp({ ...config, databaseUrl: fresh.url }, { background: false })
  else {
    const db = await openPglite(null)
    await migrate(db)
    app = await buildApp({ ...config, databaseUrl: null }, { db, background: false })
  }
  try {
    const orm = app.db.orm
    const siteId = `bench${Date.now().toString(36)}`
    await orm.execute(sql`INSERT INTO websites (id, slug, title) VALUES (${siteId}, ${siteId}, 'History bench')`)
    const ids: string[] = []
    for (let i = 0; i < PAGES; i++) {
      const blocks = Array.from({ length: 8 }, (_, b) => ({ type: 2, value: { html: words(40, `page ${i} block ${b}`) } }))
      ids.push((await app.content.createCollection(siteId, { typeName: 'page', title: `Page ${i}`, layout: { sections: [{ blocks }] } })).id)
    }
    await app.history.capture(siteId, { actorId: null, reason: 'import' })
    const host = `${siteId}.localhost`
    const crumb = /crumb=([^;]+)/.exec(String((await app.fastify.inject({ method: 'GET', url: '/api/auth/me', headers: { host } })).headers['set-cookie']))?.[1] ?? ''
    const pageJson = async (i: number) => (await app.fastify.inject({ method: 'GET', url: `/page-${i}?format=json`, headers: { host, cookie: `crumb=${crumb}` } })).body
    const edit = (page: number, round: number) =>
      orm.execute(sql`UPDATE content_collections SET layout = jsonb_set(layout, '{sections,0,blocks,3,value,html}', to_jsonb(${words(40, `edit ${round}`)}::text)), updated_at = clock_timestamp() WHERE id = ${ids[page]!}`)
    const blobBytes = async () => Number((await sqlRows<{ n: string }>(orm, sql`SELECT coalesce(sum(octet_length(body) + octet_length(hash) + octet_length(children::text)), 0)::text AS n FROM history_blobs WHERE site_id = ${siteId}`))[0]!.n)
    const rowBytes = async () => Number((await sqlRows<{ n: string }>(orm, sql`SELECT coalesce(sum(pg_column_size(v.*)), 0)::text AS n FROM history_versions v WHERE site_id = ${siteId}`))[0]!.n)

    const rounds = Math.ceil(VERSIONS / PER_ROUND)
    const bytes0 = (await blobBytes()) + (await rowBytes())
    let at = ''
    let kept: string[] = []
    let captureMs = 0
    for (let r = 0; r < rounds; r++) {
      for (let k = 0; k < PER_ROUND; k++) await edit((r * PER_ROUND + k) % PAGES, r)
      const t0 = performance.now()
      await app.history.capture(siteId, { actorId: null, reason: 'autosave' })
      captureMs += performance.now() - t0
      if (r === Math.floor(rounds / 2)) {
        at = (await sqlRows<{ t: string }>(orm, sql`SELECT to_char(max(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t FROM history_versions WHERE site_id = ${siteId}`))[0]!.t
        kept = await Promise.all(ids.map((_, i) => pageJson(i)))
      }
    }
    const made = rounds * PER_ROUND
    const perAutosave = ((await blobBytes()) + (await rowBytes()) - bytes0) / made
    const r0 = performance.now()
    const restored = await app.history.restoreSite(siteId, at, null)
    const restoreMs = performance.now() - r0
    const now = await Promise.all(ids.map((_, i) => pageJson(i)))
    const same = now.filter((body, i) => body === kept[i]).length

    // one object with as many versions: the site styles, a colour changed each time
    for (let v = 0; v < VERSIONS; v++) {
      const hex = `#${(v % 0xffffff).toString(16).padStart(6, '0')}`
      await orm.execute(sql`INSERT INTO site_styles (site_id, styles) VALUES (${siteId}, ${JSON.stringify({ colors: { accent: hex } })}::jsonb) ON CONFLICT (site_id) DO UPDATE SET styles = EXCLUDED.styles, updated_at = clock_timestamp()`)
      await app.history.capture(siteId, { actorId: null, reason: 'autosave' })
    }
    // the list's query, as the route runs it after its role check
    const { listVersions } = await import('../src/domains/history/queries.js')
    const times: number[] = []
    for (let i = 0; i < 20; i++) {
      const l0 = performance.now()
      const page = await listVersions(orm, siteId, { kind: 'styles', objectId: siteId, limit: 51 })
      times.push(performance.now() - l0)
      if (page.length !== 51) throw new Error('history list came back short')
    }
    times.sort((a, b) => a - b)
    const count = Number((await sqlRows<{ n: string }>(orm, sql`SELECT count(*)::text AS n FROM history_versions WHERE site_id = ${siteId} AND kind = 'styles'`))[0]!.n)
    console.log(`${kind}: ${made} one-word autosaves over ${PAGES} pages captured in ${(captureMs / rounds).toFixed(1)} ms per capture of ${PER_ROUND}; stored ${perAutosave.toFixed(0)} bytes per autosave (goal <= 2048)`)
    console.log(`${kind}: restore of the ${PAGES}-page site to version ${made / 2} of its last ${made}: ${restoreMs.toFixed(0)} ms, ${restored.restored} objects written back (goal <= 2000 ms); ?format=json equal byte for byte: ${same}/${PAGES}`)
    console.log(`${kind}: first page (50) of the history of an object with ${count} versions: median ${times[10]!.toFixed(1)} ms, worst ${times[19]!.toFixed(1)} ms (goal <= 50 ms)`)
    if (same !== PAGES) process.exitCode = 1
  } finally {
    await app.close()
    await fresh?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await run('pglite', null)
const url = await postgresUrl()
if (url) await run('postgres', url)
else console.log('postgres: skipped (no DATABASE_URL and nothing at 127.0.0.1:5432)')
