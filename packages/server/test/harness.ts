// Integration-test harness: a fresh app per test file on PGlite (in memory) or, when DATABASE_URL is set, on a
// fresh PostgreSQL database created for the file and dropped afterwards (so files run in parallel).
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, inject } from 'vitest'
import { freshPostgresDatabase } from './fresh-postgres.js'
import { BASE_PREFIX } from './integration-setup.js'
import { startS3 } from './s3-server.js'
import { buildApp, type App } from '../src/app/index.js'
import { loadConfig, type Config } from '../src/platform/config.js'
import { migrate, openPglite, openPostgres, pgliteSnapshot, readMigrations, type Db } from '../src/platform/db/index.js'

export const BACKEND = process.env.DATABASE_URL ? 'postgres' : 'pglite'

/**
 * Puts these environment variables back as they were after this test file's last test. Test files share a worker
 * process (the integration tier runs without isolation), so a bare `process.env.X = ...` would leak into the next
 * file. Call at module level.
 */
export function keepEnv(keys: string[]): void {
  const before = Object.fromEntries(keys.map((k) => [k, process.env[k]]))
  afterAll(() => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  })
}

/** Sets environment variables for this test file only (see keepEnv). Call at module level. */
export function fileEnv(vars: Record<string, string>): void {
  keepEnv(Object.keys(vars))
  Object.assign(process.env, vars)
}

export interface TestApp {
  app: App
  config: Config
  /** A cookie-keeping client for a host (default: the platform host `localhost`) from its own random address. */
  client(host?: string, remoteAddress?: string): Client
  close(): Promise<void>
}

export { freshPostgresDatabase }

/**
 * A migrated empty PGlite database in memory, from a snapshot cached in the temp dir (keyed by the migrations),
 * so each test file skips initdb (~10 s under load -> ~2 s).
 */
export async function freshPglite(): Promise<Db> {
  const key = createHash('sha256')
    .update(readMigrations().map((m) => m.name + m.sql).join('\0'))
    .digest('hex')
    .slice(0, 16)
  const file = join(tmpdir(), `sitewright-pglite-${key}.tar`)
  let snapshot: Uint8Array
  try {
    snapshot = readFileSync(file)
  } catch {
    snapshot = await pgliteSnapshot()
    const partial = `${file}.${process.pid}.tmp`
    writeFileSync(partial, snapshot)
    renameSync(partial, file) // atomic: parallel files never read a half-written snapshot
  }
  const db = await openPglite(null, { snapshot })
  await migrate(db)
  return db
}

/**
 * `FILE_STORAGE=s3` runs the files of every test app in an S3 bucket (s3rver, a real S3-protocol server started
 * for the app), e.g. `FILE_STORAGE=s3 npx vitest run --project integration packages/server/src/domains/files`.
 */
export const TEST_FILE_STORAGE = process.env.FILE_STORAGE === 's3' ? 's3' : null

/** The configuration of a test app whose database and data dir are made for it. */
function testConfig(dataDir: string, databaseUrl: string | null, fileStorage: Config['fileStorage'], s3: Config['s3']): Config {
  // no AVIF/WebP copies unless a test asks for them (`imageModernFormats: true`): each demo seed would encode them
  return { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '3000', IMAGE_MODERN_FORMATS: 'off' }), databaseUrl, fileStorage, s3, pgliteStorage: 'memory' }
}

/**
 * What test apps start from, made once per test process (the integration tier's files share their worker's
 * modules): on PostgreSQL a migrated template database, and a template with the demo seeded; on PGlite a snapshot
 * of the seeded database and a data dir with its files (apps without the demo start from freshPglite's snapshot).
 * An app copies one instead of migrating and seeding: seeding the demo takes 2-3 s of each app's start.
 * The run's global setup (integration-setup.ts) removes them afterwards; without it, apps migrate and seed as before.
 */
const bases = new Map<string, Promise<Base | null>>()
type Base = { kind: 'postgres'; template: string } | { kind: 'pglite'; snapshot: Uint8Array; dataDir: string }

function runTag(): string | null {
  try {
    return inject('itestRun') ?? null
  } catch {
    return null
  }
}

function baseOf(kind: 'migrated' | 'demo'): Promise<Base | null> {
  const key = `${process.env.DATABASE_URL ?? 'pglite'}:${kind}`
  let base = bases.get(key)
  if (!base) {
    base = makeBase(kind).catch((e: unknown) => {
      console.warn(`integration harness: the ${kind} base could not be made, so apps ${kind === 'demo' ? 'seed the demo' : 'migrate'} themselves:`, e)
      return null
    })
    bases.set(key, base)
  }
  return base
}

async function makeBase(kind: 'migrated' | 'demo'): Promise<Base | null> {
  const run = runTag()
  if (!run) return null
  const adminUrl = process.env.DATABASE_URL
  const prefix = `${BASE_PREFIX}${run}_${kind === 'demo' ? 'd' : 'm'}`
  if (adminUrl) {
    if (kind === 'migrated') {
      const fresh = await freshPostgresDatabase(adminUrl, prefix)
      const db = await openPostgres(fresh.url, 1)
      try {
        await migrate(db)
      } finally {
        await db.close()
      }
      return { kind: 'postgres', template: fresh.name }
    }
    const migrated = await baseOf('migrated')
    const fresh = await freshPostgresDatabase(adminUrl, prefix, migrated?.kind === 'postgres' ? migrated.template : undefined)
    const dataDir = mkdtempSync(join(tmpdir(), `${BASE_PREFIX}${run}-`))
    try {
      const app = await buildApp({ ...testConfig(dataDir, fresh.url, 'postgres', null), seedDemo: true })
      try {
        await app.files.whenIdle() // the demo's image sizes: a copy would otherwise make them again
      } finally {
        await app.close() // a template may have no connections
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
    return { kind: 'postgres', template: fresh.name }
  }
  if (kind === 'migrated') return null // freshPglite's snapshot
  const dataDir = mkdtempSync(join(tmpdir(), `${BASE_PREFIX}${run}-`))
  const db = await freshPglite()
  try {
    // the app's close would close the database: it is closed here, after the snapshot of what the close wrote
    const app = await buildApp({ ...testConfig(dataDir, null, 'disk', null), seedDemo: true }, { db: { ...db, close: () => Promise.resolve() } })
    try {
      await app.files.whenIdle()
    } finally {
      await app.close()
    }
    return { kind: 'pglite', snapshot: await db.snapshot!(), dataDir }
  } finally {
    await db.close()
  }
}

export async function startTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-itest-'))
  const adminUrl = process.env.DATABASE_URL
  // a base has the demo seeded with the files stored as this app would store them (not in S3)
  const seeded = overrides.seedDemo !== false && overrides.fileStorage === undefined && overrides.s3 === undefined && TEST_FILE_STORAGE !== 's3'
  const base = overrides.databaseUrl === undefined ? await baseOf(seeded ? 'demo' : 'migrated') : null
  const pgDb = adminUrl ? await freshPostgresDatabase(adminUrl, 'sw_test', base?.kind === 'postgres' ? base.template : undefined) : null
  const s3 = TEST_FILE_STORAGE === 's3' && !overrides.fileStorage ? await startS3() : null
  const config: Config = {
    ...testConfig(dataDir, pgDb?.url ?? null, s3 ? 's3' : pgDb ? 'postgres' : 'disk', s3?.options ?? null),
    ...overrides,
  }
  let app: App
  try {
    let db: Db | undefined
    if (!pgDb && base?.kind === 'pglite') {
      if (existsSync(join(base.dataDir, 'files'))) cpSync(join(base.dataDir, 'files'), join(dataDir, 'files'), { recursive: true })
      db = await openPglite(null, { snapshot: base.snapshot })
      await migrate(db)
    }
    app = await buildApp(config, pgDb ? {} : { db: db ?? (await freshPglite()) })
  } catch (e) {
    await pgDb?.drop()
    await s3?.close()
    throw e
  }
  return {
    app,
    config,
    client: (host = 'localhost', remoteAddress?: string) => new Client(app, host, remoteAddress),
    async close() {
      await app.close()
      await pgDb?.drop()
      await s3?.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface Res {
  status: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
  json: any
}

/** A browser-like client over fastify.inject(): keeps cookies, echoes the crumb on state-changing calls. */
export class Client {
  readonly cookies = new Map<string, string>()
  constructor(
    private readonly app: App,
    readonly host: string,
    /** Each client comes from its own address unless told, so the per-address login throttle stays per test. */
    readonly remoteAddress = `10.${rnd()}.${rnd()}.${rnd()}`,
  ) {}

  get crumb(): string | undefined {
    return this.cookies.get('crumb')
  }

  async request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    opts: { json?: unknown; body?: string; contentType?: string; crumb?: string | false; headers?: Record<string, string> } = {},
  ): Promise<Res> {
    if (method !== 'GET' && opts.crumb !== false && !this.crumb) await this.request('GET', '/api/auth/me')
    const headers: Record<string, string> = { host: this.host, ...opts.headers }
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    if (method !== 'GET' && opts.crumb !== false) headers['x-csrf-token'] = opts.crumb ?? this.crumb ?? ''
    let payload: string | undefined = opts.body
    if (opts.json !== undefined) {
      payload = JSON.stringify(opts.json)
      headers['content-type'] = 'application/json'
    }
    if (opts.contentType) headers['content-type'] = opts.contentType
    const res = await this.app.fastify.inject({ method, url, headers, payload, remoteAddress: this.remoteAddress })
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === ''
      if (expired) this.cookies.delete(c.name)
      else this.cookies.set(c.name, c.value)
    }
    let json: unknown
    try {
      json = JSON.parse(res.body)
    } catch {
      json = undefined
    }
    return { status: res.statusCode, headers: res.headers, body: res.body, json }
  }

  get(url: string, opts?: Parameters<Client['request']>[2]) {
    return this.request('GET', url, opts)
  }
  post(url: string, json?: unknown, opts: Parameters<Client['request']>[2] = {}) {
    return this.request('POST', url, { ...opts, ...(json === undefined ? {} : { json }) })
  }
  patch(url: string, json?: unknown, opts: Parameters<Client['request']>[2] = {}) {
    return this.request('PATCH', url, { ...opts, ...(json === undefined ? {} : { json }) })
  }
  put(url: string, json?: unknown, opts: Parameters<Client['request']>[2] = {}) {
    return this.request('PUT', url, { ...opts, ...(json === undefined ? {} : { json }) })
  }
}

const rnd = () => Math.floor(Math.random() * 254) + 1

let counter = 0
/** A unique sign-up payload. */
export function newSignup(extra: Record<string, unknown> = {}) {
  counter++
  const tag = `${Date.now().toString(36)}${counter}`
  return { email: `owner${tag}@example.com`, password: 'a-long-password', name: `Owner ${counter}`, siteTitle: `Site ${tag}`, slug: `site-${tag}`, ...extra }
}
