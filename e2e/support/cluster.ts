// `npm run cluster` (scripts/cluster.mjs) for the e2e tier: PostgreSQL in a database of its own, Redis when
// reachable, two built app nodes and nginx in front on free ports. nginx is found like Chromium is
// (scripts/ensure-chromium.mjs): NGINX_PATH, else `nginx` on the PATH or in /usr/sbin; when missing and we are
// root with apt-get, Debian's `nginx` is installed; otherwise the cluster test is skipped with that reason.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { REPO_ROOT } from './paths.js'
import { freePort } from './server.js'

export const CLUSTER_PG = process.env.CLUSTER_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres'

function runs(path: string): boolean {
  return spawnSync(path, ['-v'], { stdio: 'ignore', timeout: 10_000 }).status === 0
}

function findNginx(): string | null {
  if (process.env.NGINX_PATH) return runs(process.env.NGINX_PATH) ? process.env.NGINX_PATH : null
  for (const p of ['nginx', '/usr/sbin/nginx']) if (runs(p)) return p
  return null
}

/** The nginx to run (installing Debian's package when we may); null when there is none. */
export function ensureNginx(): string | null {
  const found = findNginx()
  if (found || process.env.NGINX_PATH) return found
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  if (!isRoot || !hasApt) return null
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env })
  spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'ignore', env })
  return findNginx()
}

/** Whether the PostgreSQL server of CLUSTER_PG answers. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: CLUSTER_PG, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** Why the cluster cannot run here, or null when it can. */
export async function clusterUnavailable(): Promise<string | null> {
  if (!(await postgresReachable())) return `no PostgreSQL at ${CLUSTER_PG} (set CLUSTER_PG)`
  if (!ensureNginx()) return 'no nginx (install the Debian package nginx, or set NGINX_PATH)'
  return null
}

function stopPid(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    // gone already
  }
}

export interface RunningCluster {
  /** nginx in front of the nodes. */
  baseUrl: string
  port: number
  nodes: { port: number; pid: number; baseUrl: string }[]
  redis: string | null
  output(): string
  /** SIGKILL of one node (as a crash would). */
  kill(index: number): void
  stop(): Promise<void>
}

export async function startCluster(env: Record<string, string> = {}): Promise<RunningCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'sitewright-cluster-'))
  chmodSync(dir, 0o755) // nginx workers (not root) keep their temp files under it
  const database = `sw_e2e_cluster_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`
  const port = await freePort()
  const nodePorts = [await freePort(), await freePort()]
  let log = ''
  const child: ChildProcess = spawn(process.execPath, [join(REPO_ROOT, 'scripts/cluster.mjs')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      CLUSTER_PORT: String(port),
      CLUSTER_NODE_PORTS: nodePorts.join(','),
      CLUSTER_DB: database,
      CLUSTER_PG,
      CLUSTER_DIR: dir,
      KEY_PREFIX: `${database}_`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      IMAGE_MODERN_FORMATS: 'off', // minutes of encoding the demo's AVIF/WebP copies on each fresh cluster
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const keep = (chunk: Buffer) => void (log = (log + chunk.toString()).slice(-20_000))
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const stateFile = join(dir, 'cluster.json')
  const end = Date.now() + 110_000
  while (!existsSync(stateFile)) {
    if (child.exitCode !== null || Date.now() > end) {
      child.kill('SIGKILL')
      throw new Error(`the cluster did not start:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { redis: string | null; nginx: number; nodes: { port: number; pid: number }[] }

  return {
    baseUrl: `http://localhost:${port}`,
    port,
    nodes: state.nodes.map((n) => ({ ...n, baseUrl: `http://localhost:${n.port}` })),
    redis: state.redis,
    output: () => log,
    kill(index) {
      process.kill(state.nodes[index]!.pid, 'SIGKILL')
    },
    async stop() {
      let forced = false
      child.kill('SIGTERM')
      const timer = setTimeout(() => {
        forced = true
        child.kill('SIGKILL')
      }, 20_000)
      await exited
      clearTimeout(timer)
      // the launcher stops its nodes and nginx; killed itself, it may leave them: end them by their ids
      if (forced) for (const pid of [...state.nodes.map((n) => n.pid), state.nginx]) stopPid(pid)
      const admin = new pg.Client({ connectionString: CLUSTER_PG })
      await admin.connect()
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
      await admin.end()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
