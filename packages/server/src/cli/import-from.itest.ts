// `sitewright import-from KIND FILE (--slug NEW | --site SLUG)` with the built CLI (dist/cli.js) on its own data
// (PGlite, or a fresh PostgreSQL database with DATABASE_URL): a Squarespace-shaped WXR makes a new site, then a
// Shopify product CSV and a Ghost export are added to it, each printing what it brought; a bad file makes no site
// and names the line. The figures printed are the ones in the database afterwards.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, freshPostgresDatabase } from '../../test/harness.js'
import { openPglite, openPostgres, sqlRows, type Db } from '../platform/db/index.js'

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url))
const fixture = (name: string) => fileURLToPath(new URL(`../domains/import/fixtures/${name}`, import.meta.url))
const root = mkdtempSync(join(tmpdir(), 'sw-import-from-'))
let env: Record<string, string> = { DATA_DIR: join(root, 'data') }
let open: () => Promise<Db> = () => openPglite(env.DATA_DIR!)
let drop: (() => Promise<void>) | undefined

async function run(args: string[], stdin = '') {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  child.stdin.end(stdin)
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)))
  return { code, stdout, stderr }
}

async function count(table: string, slug: string): Promise<number> {
  const db = await open()
  try {
    return (await sqlRows<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} t JOIN websites w ON w.id = t.site_id WHERE w.slug = ${slug}`))[0]!.n
  } finally {
    await db.close()
  }
}

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    const db = await freshPostgresDatabase(process.env.DATABASE_URL)
    drop = db.drop
    env = { ...env, DATABASE_URL: db.url }
    open = () => openPostgres(db.url)
  }
}, 60_000)
afterAll(async () => {
  await drop?.()
  rmSync(root, { recursive: true, force: true })
})

describe(`sitewright import-from (${BACKEND})`, () => {
  it('makes a site from a WXR, adds a Shopify CSV and a Ghost export to it; a bad file makes nothing', async () => {
    const help = await run(['import-from', '--help'])
    expect(help.stdout).toContain('sitewright import-from KIND FILE')
    expect(help.stdout).not.toContain('not read yet')
    expect((await run(['create-owner', 'ops@example.com'], 'tide pools and lighthouses 7\n')).code).toBe(0)

    const wxr = await run(['import-from', 'wxr', fixture('squarespace.xml'), '--slug', 'bakery'])
    expect(wxr.code, wxr.stderr).toBe(0)
    expect(wxr.stdout).toMatch(/^Imported ".+" into http:\/\/bakery\.localhost(:\d+)?\/ \(site id [0-9a-f]{24}\): 2 posts, 1 pages, 2 comments, 0 images, \d+ redirects from the old addresses\.\n/)
    expect(await count('content_items', 'bakery')).toBe(2)

    const csv = await run(['import-from', 'shopify-csv', fixture('shopify-products.csv'), '--site', 'bakery'])
    expect(csv.code, csv.stderr).toBe(0)
    expect(csv.stdout).toMatch(/: 4 products, 7 variants, 0 images, 4 redirects from the old addresses\.\n/)
    expect(csv.stdout).toMatch(/^\d+ images could not be fetched/m)
    expect(await count('commerce_products', 'bakery')).toBe(4)
    expect(await count('commerce_variants', 'bakery')).toBe(7)

    const ghost = await run(['import-from', 'ghost', fixture('ghost-export.json'), '--site', 'bakery'])
    expect(ghost.code, ghost.stderr).toBe(0)
    expect(ghost.stdout).toMatch(/^Imported "The Studio" into .+: 4 posts, 1 pages, 4 members, /)
    expect(await count('site_users', 'bakery')).toBe(4)
    expect(await count('content_items', 'bakery')).toBe(6)

    // a file cut short: refused before any site is made, naming the line
    const cut = join(root, 'cut.csv')
    writeFileSync(cut, 'Handle,Title,Variant Price\nmug,"Mug,12\n')
    const bad = await run(['import-from', 'shopify-csv', cut, '--slug', 'broken'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/The file is not well-formed CSV at line \d+/)
    expect(await count('content_collections', 'broken')).toBe(0)
    const db = await open()
    try {
      expect(await sqlRows(db.orm, sql`SELECT 1 FROM websites WHERE slug = 'broken'`)).toEqual([])
    } finally {
      await db.close()
    }
    expect((await run(['import-from', 'joomla', cut, '--slug', 'x'])).stderr).toContain('Unknown kind "joomla"')
  }, 240_000)
})
