// The built `sitewright` CLI (dist/cli.js) on its own data: `start` seeds the demo site (and holds the embedded
// database, so the other commands say so clearly), then, stopped: `export` writes the archive, `create-owner` makes
// an owner on another instance, `import --slug copy` makes the site there, `reset-password` signs the owner out.
// PGlite data dirs, or fresh PostgreSQL databases with DATABASE_URL. `--help` for every command. The export and the
// import run the README's own lines (`npx sitewright ...`, through a shell) in a directory of the checkout: npx must
// find the command there, offline (it is refused to install anything).
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, freshPostgresDatabase } from '../../test/harness.js'
import { openPglite, openPostgres, sqlRows, type Db } from '../platform/db/index.js'

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url))
const CHECKOUT = fileURLToPath(new URL('../../../../', import.meta.url))
const root = mkdtempSync(join(tmpdir(), 'sw-cli-'))
const archive = join(root, 'demo.swz')
// the README's commands run in a directory inside the checkout (.data/ is ignored by git), as a person would
mkdirSync(join(CHECKOUT, '.data'), { recursive: true })
const readmeDir = mkdtempSync(join(CHECKOUT, '.data', 'readme-cli-'))

/** The README's `npx sitewright ...` lines of the "Moving a site" section, as written. */
function readmeCommands(): { exportLine: string; importLine: string } {
  const readme = readFileSync(join(CHECKOUT, 'README.md'), 'utf8')
  const lines = readme.split('\n').filter((l) => l.startsWith('npx sitewright '))
  const exportLine = lines.find((l) => l.startsWith('npx sitewright export demo '))
  const importLine = lines.find((l) => l.startsWith('npx sitewright import demo.swz '))
  if (!exportLine || !importLine) throw new Error(`README.md has no npx sitewright export/import lines: ${lines.join(' | ')}`)
  return { exportLine, importLine }
}

/** A README line through the shell in `readmeDir`; npx may not install or fetch anything. */
async function shell(line: string, env: Record<string, string>) {
  const child = spawn('sh', ['-c', line], {
    cwd: readmeDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', npm_config_offline: 'true', npm_config_yes: 'false', npm_config_update_notifier: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)))
  return { code, stdout, stderr }
}
const drops: (() => Promise<void>)[] = []

interface Instance {
  env: Record<string, string>
  open(): Promise<Db>
}

async function instance(name: string): Promise<Instance> {
  const dataDir = join(root, name)
  if (!process.env.DATABASE_URL) return { env: { DATA_DIR: dataDir }, open: () => openPglite(dataDir) }
  const db = await freshPostgresDatabase(process.env.DATABASE_URL)
  drops.push(db.drop)
  return { env: { DATA_DIR: dataDir, DATABASE_URL: db.url }, open: () => openPostgres(db.url) }
}

function cli(args: string[], env: Record<string, string>, stdin: string | Buffer = '') {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  child.stdin.end(stdin)
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, out: () => stdout, err: () => stderr }
}

async function run(args: string[], env: Record<string, string>, stdin: string | Buffer = '') {
  const r = cli(args, env, stdin)
  const code = await r.exited
  return { code, stdout: r.out(), stderr: r.err() }
}

async function query<T>(inst: Instance, text: ReturnType<typeof sql>): Promise<T[]> {
  const db = await inst.open()
  try {
    return await sqlRows<T>(db.orm, text)
  } finally {
    await db.close()
  }
}

let source: Instance
let target: Instance
beforeAll(async () => {
  ;[source, target] = await Promise.all([instance('source'), instance('target')])
})
afterAll(async () => {
  for (const d of drops) await d()
  rmSync(root, { recursive: true, force: true })
  rmSync(readmeDir, { recursive: true, force: true })
})

describe(`sitewright CLI (${BACKEND})`, () => {
  it('prints --help for every command', async () => {
    for (const command of ['start', 'migrate', 'export', 'import', 'create-owner', 'reset-password', 'cluster']) {
      const r = await run([command, '--help'], {})
      expect(r.code, command).toBe(0)
      expect(r.stdout, command).toContain(`sitewright ${command}`)
    }
    expect((await run(['export', '--help'], {})).stdout).toContain('--no-customer-data')
    const all = await run(['--help'], {})
    expect(all.stdout).not.toContain('not available')
    expect((await run(['frobnicate'], {})).code).toBe(1)
  })

  it('start seeds the demo site; while it runs an embedded database is refused with a clear message', async () => {
    const server = cli(['start'], source.env)
    const started = Date.now()
    while (!/Demo site:\s+http/.test(server.out()) && server.child.exitCode === null && Date.now() - started < 120_000) await new Promise((r) => setTimeout(r, 100))
    expect(server.out(), server.err()).toMatch(/Demo site:\s+http/)
    if (BACKEND === 'pglite') {
      const refused = await run(['export', 'demo', '--out', archive], source.env)
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(/^The data directory .* is in use by a running Sitewright server \(pid \d+\)/)
      expect(refused.stderr).toContain('Stop that server and run this command again')
      // a weak password is refused before the database is opened: the running server does not stand in the way
      const weak = await run(['create-owner', 'ops@example.com'], source.env, 'password1\n')
      expect(weak.code).toBe(1)
      expect(weak.stderr).toContain('Choose a stronger password.')
      expect(weak.stderr).not.toContain('in use by a running Sitewright server')
    }
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 180_000)

  it("export (the README's line: npx, offline, to standard output) writes the demo site as an archive; an unknown site is named", async () => {
    const r = await shell(readmeCommands().exportLine, source.env)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toMatch(/^Exported demo: \d+ rows in \d+ tables, \d+ files \(.+\), with customer data; archive .+\.\n$/)
    const bytes = readFileSync(join(readmeDir, 'demo.swz'))
    writeFileSync(archive, bytes)
    expect(bytes.subarray(0, 13).toString()).toBe('manifest.json')
    expect(statSync(archive).size).toBeGreaterThan(100_000)
    expect((await run(['export', 'no-such-site', '--out', join(root, 'x.swz')], source.env)).stderr).toContain('No site has the address or id "no-such-site".')
  }, 120_000)

  it('create-owner (sign-up password rules), import --slug copy, reset-password (sessions end)', async () => {
    expect((await run(['import', archive], target.env)).stderr).toContain('This instance has no owner account yet')
    const weak = await run(['create-owner', 'ops@example.com'], target.env, 'password1\n')
    expect(weak.code).toBe(1)
    expect(weak.stderr).toContain('Choose a stronger password.')
    const made = await run(['create-owner', 'ops@example.com', '--name', 'Ops'], target.env, 'tide pools and lighthouses 7\n')
    expect(made.code, made.stderr).toBe(0)
    expect(made.stdout).toContain('Created the owner account ops@example.com')
    expect(made.stdout + made.stderr).not.toContain('lighthouses')

    const imported = await shell(readmeCommands().importLine, target.env)
    expect(imported.code, imported.stderr).toBe(0)
    expect(imported.stdout).toMatch(/^Imported "Sitewright Demo" as http:\/\/copy\.localhost:\d+\/ \(site id [0-9a-f]{24}\): \d+ pages and collections/)
    expect((await run(['import', archive, '--slug', 'copy'], target.env)).stderr).toContain('This site address is already taken.')
    const damaged = await run(['import', '-', '--slug', 'half'], target.env, readFileSync(archive).subarray(0, 5000))
    expect(damaged.stderr).toContain('This archive is damaged or incomplete')

    const counts = sql`SELECT ${sql.raw(['content_collections', 'content_items', 'file_assets', 'commerce_products'].map((t) => `(SELECT count(*)::int FROM ${t} t JOIN websites w ON w.id = t.site_id WHERE w.slug IN ('demo', 'copy')) AS ${t}`).join(', '))}`
    const [src] = await query<Record<string, number>>(source, counts)
    const [dst] = await query<Record<string, number>>(target, counts)
    expect(dst).toEqual(src)
    expect(Object.values(src!).every((n) => n > 0)).toBe(true)
    const [owner] = await query<{ id: string; password_hash: string }>(target, sql`SELECT id, password_hash FROM owners WHERE email = 'ops@example.com'`)
    await query(target, sql`INSERT INTO owner_sessions (id, owner_id, expires_at) VALUES ('s1', ${owner!.id}, now() + interval '1 day'), ('s2', ${owner!.id}, now() + interval '1 day')`)
    const reset = await run(['reset-password', 'ops@example.com'], target.env, 'a brand new harbour phrase 8\n')
    expect(reset.code, reset.stderr).toBe(0)
    expect(reset.stdout).toBe('Changed the password of ops@example.com; 2 sessions signed out.\n')
    const [after] = await query<{ password_hash: string; sessions: number }>(target, sql`SELECT password_hash, (SELECT count(*)::int FROM owner_sessions WHERE owner_id = ${owner!.id}) AS sessions FROM owners WHERE id = ${owner!.id}`)
    expect(after!.password_hash).not.toBe(owner!.password_hash)
    expect(after!.sessions).toBe(0)
  }, 180_000)
})
