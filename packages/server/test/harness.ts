// Integration-test harness: a fresh app per test file on PGlite (in memory) or, when DATABASE_URL is set, on a
// fresh PostgreSQL database created for the file and dropped afterwards (so files run in parallel).
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { freshPostgresDatabase } from './fresh-postgres.js'
import { startS3 } from './s3-server.js'
import { buildApp, type App } from '../src/app/index.js'
import { loadConfig, type Config } from '../src/platform/config.js'
import { migrate, openPglite, pgliteSnapshot, readMigrations, type Db } from '../src/platform/db/index.js'

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

export async function startTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-itest-'))
  const pgDb = process.env.DATABASE_URL ? await freshPostgresDatabase(process.env.DATABASE_URL) : null
  const s3 = TEST_FILE_STORAGE === 's3' && !overrides.fileStorage ? await startS3() : null
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '3000' }),
    databaseUrl: pgDb?.url ?? null,
    fileStorage: s3 ? 's3' : pgDb ? 'postgres' : 'disk',
    s3: s3?.options ?? null,
    pgliteStorage: 'memory',
    ...overrides,
  }
  let app: App
  try {
    app = await buildApp(config, pgDb ? {} : { db: await freshPglite() })
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
}

const rnd = () => Math.floor(Math.random() * 254) + 1

let counter = 0
/** A unique sign-up payload. */
export function newSignup(extra: Record<string, unknown> = {}) {
  counter++
  const tag = `${Date.now().toString(36)}${counter}`
  return { email: `owner${tag}@example.com`, password: 'a-long-password', name: `Owner ${counter}`, siteTitle: `Site ${tag}`, slug: `site-${tag}`, ...extra }
}
