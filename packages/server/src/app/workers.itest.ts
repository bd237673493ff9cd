// WORKERS=N: N server processes on one port (node:cluster), each a full app node on PostgreSQL. Connections reach
// every worker; a worker that dies is replaced while the others go on answering; SIGTERM stops them all; the
// embedded database refuses more than one.
import { execFileSync } from 'node:child_process'
import { request } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { freshPostgresDatabase } from '../../test/fresh-postgres.js'
import { runMain, waitForPort, type Running } from '../../test/spawn.js'

const adminUrl = process.env.DATABASE_URL
const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

/** A GET on a new connection (so the primary hands it to the next worker). */
function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: 'localhost', connection: 'close' } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${path} in 10 s`)))
    req.end()
  })
}

/** The worker processes of a primary (its other children, such as tsx's compiler service, left out). */
const children = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => /main\.[tj]s/.test(line))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((n) => n > 0)

/** The pids of the processes that logged a request to `path` (Fastify's 'incoming request' line). */
function servedBy(output: string, path: string): Set<number> {
  const pids = new Set<number>()
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue
    try {
      const o = JSON.parse(line) as { pid?: number; msg?: string; req?: { url?: string } }
      if (o.msg === 'incoming request' && o.req?.url === path && o.pid) pids.add(o.pid)
    } catch {
      // not a log line
    }
  }
  return pids
}

describe.skipIf(!adminUrl)('WORKERS=2 (postgres)', () => {
  it('two workers share the port and both serve; a dead worker is replaced; SIGTERM stops them all', async () => {
    const db = await freshPostgresDatabase(adminUrl!)
    cleanups.push(() => db.drop())
    const server: Running = runMain({ DATABASE_URL: db.url, WORKERS: '2', SEED_DEMO: '0', LOG_LEVEL: 'info', DATA_DIR: `/tmp/sw-workers-${Date.now()}` })
    cleanups.push(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
    })
    const port = await waitForPort(server)
    expect(server.output()).toContain('2 worker processes')
    const workers = children(server.child.pid!)
    expect(workers).toHaveLength(2)

    /** Asks until both workers have answered (a worker still starting takes no connections yet). */
    const untilBoth = async (round: string) => {
      for (let i = 0; i < 300 && servedBy(server.output(), `/healthz?round=${round}`).size < 2; i++) {
        expect(await get(port, `/healthz?round=${round}`)).toBe(200)
        await new Promise((r) => setTimeout(r, 50))
      }
      return servedBy(server.output(), `/healthz?round=${round}`)
    }
    expect([...(await untilBoth('1'))].sort()).toEqual([...workers].sort())

    // a worker killed outright: the other answers meanwhile, and a new one takes its place
    process.kill(workers[0]!, 'SIGKILL')
    for (let i = 0; i < 6; i++) expect(await get(port, '/healthz?round=2')).toBe(200)
    // the primary says so, then forks (its message may reach us after the new process shows: wait for both)
    const died = /Worker \d+ died \(SIGKILL\); starting another\./
    let now: number[] = []
    for (let i = 0; i < 300 && ((now = children(server.child.pid!)).filter((p) => p !== workers[0]).length < 2 || !died.test(server.output())); i++) await new Promise((r) => setTimeout(r, 200))
    expect(now).toHaveLength(2)
    expect(now).not.toContain(workers[0])
    expect(server.output()).toMatch(died)
    expect([...(await untilBoth('3'))].sort()).toEqual([...now].sort())

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    for (const pid of now) expect(() => process.kill(pid, 0)).toThrow()
  }, 180_000)
})

describe('WORKERS without PostgreSQL', () => {
  it('is refused: the embedded database belongs to one process', async () => {
    const server = runMain({ WORKERS: '2', DATA_DIR: `/tmp/sw-workers-pglite-${Date.now()}` })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain('WORKERS: more than 1 needs DATABASE_URL (PostgreSQL); the embedded database belongs to one process')
  })
})
