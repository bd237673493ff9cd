// The one job queue (platform/jobs.ts) on both engines: a job sent in a transaction exists only if it commits, a
// failure runs again after its back-off until its attempts are spent, two nodes run a job once, and stop ends it all.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, startTestApp, type TestApp } from '../../test/harness.js'
import { sqlRows } from './db/index.js'
import { createJobs, retryDelay, type JobInfo, type Jobs, type Queue } from './jobs.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
})
afterAll(() => t?.close())

let n = 0
const queueName = () => `test-${Date.now()}-${n++}`
const rowsOf = (queue: string) =>
  sqlRows<{ status: string; attempts: number; due_in: number; last_error: string | null }>(
    t.app.db.orm,
    sql`SELECT status, attempts, extract(epoch FROM run_at - now())::int AS due_in, last_error FROM jobs WHERE queue = ${queue}`,
  )

/** Sends 'rolled back' in a transaction that rolls back, then 'committed' in one that commits. */
async function sendRolledBackThenCommitted(queue: Queue<{ v: string }>): Promise<void> {
  await t.app.db.orm
    .transaction(async (tx) => {
      await queue.send({ v: 'rolled back' }, { tx })
      throw new Error('rollback')
    })
    .catch(() => undefined)
  await t.app.db.orm.transaction(async (tx) => {
    await queue.send({ v: 'committed' }, { tx })
  })
}

describe(`job queue, jobs table (${BACKEND})`, () => {
  it('a failure runs again after its back-off; the last failure stays as failed; a success is gone', async () => {
    const jobs = createJobs(t.app.db.orm)
    const name = queueName()
    const runs: (JobInfo & { n: number })[] = []
    const q = jobs.queue<{ n: number }>({
      name,
      attempts: 2,
      retryDelaySeconds: 30,
      run: async (data, job) => {
        runs.push({ ...job, n: data.n })
        if (data.n === 1) throw new Error('down')
      },
    })
    await q.send({ n: 1 })
    await q.send({ n: 2 })
    expect(await jobs.kick()).toBe(2)
    expect(runs.map((r) => [r.n, r.attempt, r.last]).sort()).toEqual([[1, 1, false], [2, 1, false]])
    const [waiting] = await rowsOf(name)
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, last_error: 'Error: down' })
    expect(waiting!.due_in).toBeGreaterThan(retryDelay(30, 1) - 5)
    expect(waiting!.due_in).toBeLessThanOrEqual(retryDelay(30, 1))
    // not due: nothing runs
    expect(await jobs.kick()).toBe(0)
    await t.app.db.orm.execute(sql`UPDATE jobs SET run_at = now() WHERE queue = ${name}`)
    expect(await jobs.kick()).toBe(1)
    expect(runs.at(-1)).toMatchObject({ n: 1, attempt: 2, last: true })
    expect(await rowsOf(name)).toMatchObject([{ status: 'failed', attempts: 2 }])
    // a failed job is not run again
    await t.app.db.orm.execute(sql`UPDATE jobs SET run_at = now() WHERE queue = ${name}`)
    expect(await jobs.kick()).toBe(0)
    expect([1, 2, 3, 20].map((a) => retryDelay(5, a))).toEqual([5, 10, 20, 3600])
    await jobs.stop()
  })

  it('a job sent in a transaction exists only if it commits; two nodes run it once; a started queue runs it unasked', async () => {
    const name = queueName()
    const ran: string[] = []
    const nodes: Jobs[] = [createJobs(t.app.db.orm, { pollMs: 50 }), createJobs(t.app.db.orm, { pollMs: 50 })]
    const queues = nodes.map((jobs, i) => jobs.queue<{ v: string }>({ name, attempts: 1, retryDelaySeconds: 1, run: async (d) => void ran.push(`${i}:${d.v}`) }))
    await sendRolledBackThenCommitted(queues[0]!)
    await Promise.all(nodes.map((j) => j.kick()))
    expect(ran.map((r) => r.slice(2))).toEqual(['committed'])
    expect(await rowsOf(name)).toEqual([])
    // started: a send wakes the worker, nothing to kick
    for (const j of nodes) await j.start()
    await queues[1]!.send({ v: 'woken' })
    await expect.poll(() => ran.length, { timeout: 5000, interval: 20 }).toBe(2)
    expect(ran[1]!.slice(2)).toBe('woken')
    for (const j of nodes) await j.stop()
    // stopped: a send is kept for the next start, nothing runs it
    await queues[1]!.send({ v: 'after stop' })
    await nodes[1]!.stop()
    expect(await rowsOf(name)).toMatchObject([{ status: 'queued', attempts: 0 }])
    expect(ran).toHaveLength(2)
  })
})

describe.runIf(BACKEND === 'postgres')('job queue, pg-boss (postgres)', () => {
  it('a send in a rolled-back transaction never runs; a failure is retried; two nodes run each job once', async () => {
    const name = queueName()
    const ran: string[] = []
    let failures = 1
    const nodes: Jobs[] = [createJobs(t.app.db.orm, { pgBossUrl: t.config.databaseUrl }), createJobs(t.app.db.orm, { pgBossUrl: t.config.databaseUrl })]
    const queues = nodes.map((jobs) =>
      jobs.queue<{ v: string }>({
        name,
        attempts: 3,
        retryDelaySeconds: 1,
        run: async (d) => {
          if (d.v === 'flaky' && failures-- > 0) throw new Error('hiccup')
          ran.push(d.v)
        },
      }),
    )
    for (const j of nodes) await j.start()
    try {
      expect(nodes.every((j) => j.usesPgBoss)).toBe(true)
      await sendRolledBackThenCommitted(queues[0]!)
      await queues[1]!.send({ v: 'flaky' })
      await expect.poll(() => [...ran].sort(), { timeout: 20_000, interval: 100 }).toEqual(['committed', 'flaky'])
      const [boss] = await sqlRows<{ n: number }>(t.app.db.orm, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${name} AND state = 'completed'`)
      expect(boss!.n).toBe(2)
      expect(failures).toBe(-1)
    } finally {
      for (const j of nodes) await j.stop()
    }
    expect(ran.sort()).toEqual(['committed', 'flaky'])
    expect(await rowsOf(name)).toEqual([])
  }, 40_000)
})
