// The one job queue. A domain declares a queue (`jobs.queue({ name, attempts, retryDelaySeconds, run })`) while it is
// wired and sends to it, inside its own transaction when the job must exist exactly when the change does
// (`send(data, { tx })`). A job's `run` throwing is a failure: it runs again after a doubling back-off until its
// attempts are spent; a job whose run died with its node (no answer within `expireSeconds`) runs again elsewhere.
//
// Two engines behind the one interface:
// - PostgreSQL: pg-boss (one instance for every queue; a send inside a transaction is pg-boss's insert run on that
//   transaction, so it commits or rolls back with the change). Whichever node is free runs a job.
// - PGlite (one process), and PostgreSQL while pg-boss is not running: the `jobs` table (migration 0075), claimed
//   with FOR UPDATE SKIP LOCKED and a lease. PGlite runs one statement at a time, so one poll serves every queue
//   (one claim statement a second when idle) and a send wakes it at once.
import { sql, type SQL } from 'drizzle-orm'
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type PgBoss from 'pg-boss'
import type { Orm } from './db/index.js'
import { sqlRows } from './db/index.js'
import { newId } from './ids.js'
import { every, type Every } from './every.js'
import { createQueueOnce } from './pg-boss.js'

/** The `jobs` table of migration 0075, as Drizzle sees it (the queue itself speaks SQL; storage.itest holds the two equal). */
export const jobsTable = pgTable('jobs', {
  id: text('id').primaryKey(),
  queue: text('queue').notNull(),
  data: jsonb('data').notNull(),
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  expireSeconds: integer('expire_seconds').notNull().default(120),
  runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

export interface JobInfo {
  id: string
  /** 1 for the first run. */
  attempt: number
  /** No run follows this one if it fails. */
  last: boolean
}

export interface QueueOptions<T> {
  name: string
  /** Runs in all: the first and its retries. */
  attempts: number
  /** Seconds before the first retry, doubling after each failure (at most an hour). */
  retryDelaySeconds: number
  /** A run not finished after this long counts as died with its node and is run again (default 120 s). */
  expireSeconds?: number
  /** Runs one job; a throw is a failure. */
  run(data: T, job: JobInfo): Promise<void>
}

export interface Queue<T> {
  readonly name: string
  /** Queues a job; in `tx` it exists only if that transaction commits. */
  send(data: T, opts?: { tx?: Orm }): Promise<void>
}

export interface Jobs {
  queue<T extends object>(opts: QueueOptions<T>): Queue<T>
  /** Runs this node's due table jobs now (until none is due); answers how many ran. */
  kick(): Promise<number>
  /** Resolves when no table job of this node's queues is waiting or running (tests, `idle()` helpers). */
  idle(timeoutMs?: number): Promise<void>
  start(): Promise<void>
  stop(): Promise<void>
  readonly usesPgBoss: boolean
}

export interface JobsDeps {
  /** PostgreSQL connection string: queues run on pg-boss. */
  pgBossUrl?: string | null
  log?: { warn(obj: object, msg: string): void } | undefined
  /** How often the table is polled while pg-boss is not running (ms, default 1000). */
  pollMs?: number
}

/** Seconds before run `attempt + 1`: `base` doubling after each failure, at most an hour. */
export function retryDelay(base: number, attempt: number): number {
  return Math.min(3600, base * 2 ** Math.max(0, attempt - 1))
}

/** pg-boss's statements (text with $n placeholders) run on a Drizzle transaction. */
function onTransaction(tx: Orm): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const chunks: SQL[] = []
      let at = 0
      for (const m of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(at, m.index)), sql`${sql.param(values[Number(m[1]) - 1])}`)
        at = m.index + m[0].length
      }
      chunks.push(sql.raw(text.slice(at)))
      return { rows: await sqlRows(tx, sql.join(chunks, sql.raw(''))) }
    },
  }
}

interface Claimed {
  id: string
  queue: string
  data: object
  attempts: number
}

export function createJobs(orm: Orm, deps: JobsDeps = {}): Jobs {
  const queues = new Map<string, QueueOptions<object>>()
  let boss: PgBoss | null = null
  /** pg-boss's worker of each queue on this node, to wake after a send. */
  const workers = new Map<string, string>()
  let poll: Every | null = null
  let started = false
  let stopped = false
  let running: Promise<number> | null = null
  let again = false
  let wake: NodeJS.Immediate | null = null

  const warn = (obj: object, msg: string) => deps.log?.warn(obj, msg)

  async function claim(): Promise<Claimed[]> {
    const names = [...queues.keys()]
    if (!names.length) return []
    return sqlRows<Claimed>(
      orm,
      sql`UPDATE jobs SET status = 'active', attempts = attempts + 1,
            run_at = now() + make_interval(secs => expire_seconds)
          WHERE id IN (SELECT id FROM jobs WHERE status IN ('queued', 'active') AND run_at <= now()
                         AND queue IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
                       ORDER BY run_at LIMIT 20 FOR UPDATE SKIP LOCKED)
          RETURNING id, queue, data, attempts`,
    )
  }

  async function runRow(row: Claimed): Promise<void> {
    const q = queues.get(row.queue)
    if (!q) return
    const last = row.attempts >= q.attempts
    try {
      await q.run(row.data, { id: row.id, attempt: row.attempts, last })
      await orm.execute(sql`DELETE FROM jobs WHERE id = ${row.id}`)
    } catch (e) {
      warn({ err: e, job: row.id, queue: row.queue, attempts: row.attempts }, last ? 'job failed for good' : 'job failed; will retry')
      const status = last ? 'failed' : 'queued'
      const wait = retryDelay(q.retryDelaySeconds, row.attempts)
      await orm.execute(
        sql`UPDATE jobs SET status = ${status}, last_error = ${String(e).slice(0, 1000)}, run_at = now() + make_interval(secs => ${wait}) WHERE id = ${row.id}`,
      )
    }
  }

  /** One round: every claimed job, each queue's in order, the queues side by side. */
  async function round(): Promise<number> {
    const rows = await claim()
    const byQueue = new Map<string, Claimed[]>()
    for (const r of rows) byQueue.set(r.queue, [...(byQueue.get(r.queue) ?? []), r])
    await Promise.all([...byQueue.values()].map(async (list) => {
      for (const row of list) {
        // stopping: what is claimed and not begun goes back, due now, its claim not counted
        if (stopped) await orm.execute(sql`UPDATE jobs SET status = 'queued', attempts = attempts - 1, run_at = now() WHERE id = ${row.id}`)
        else await runRow(row)
      }
    }))
    return rows.length
  }

  function kick(): Promise<number> {
    if (stopped) return Promise.resolve(0)
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      let total = 0
      for (;;) {
        again = false
        const n = await round().catch((e: unknown) => (warn({ err: e }, 'job queue run failed'), 0))
        total += n
        if (stopped || (n === 0 && !again)) return total
      }
    })().finally(() => (running = null))
    return running
  }

  /** After a send: the poll runs at once (on PGlite it waits for the sender's transaction to end). */
  function wakeSoon(): void {
    if (!started || stopped || wake) return
    wake = setImmediate(() => {
      wake = null
      if (!stopped) void kick()
    })
  }

  async function startBoss(url: string): Promise<void> {
    const { default: Boss } = await import('pg-boss')
    const b = new Boss({ connectionString: url, max: 3, schedule: false, supervise: true })
    b.on('error', (e: unknown) => warn({ err: e }, 'pg-boss error'))
    await b.start()
    for (const q of queues.values()) {
      await createQueueOnce(b, q.name)
      // pg-boss waits out its polling interval after every fetch unless its worker is notified: a worker notified
      // after each job (and on a send from this node) fetches the next at once, so a backlog drains at the speed of
      // its runs rather than one job per interval; an empty fetch then waits the interval as usual.
      let workerId: string | null = null
      workerId = await b.work<object>(q.name, { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true }, async ([job]) => {
        if (!job) return
        try {
          await q.run(job.data, { id: job.id, attempt: job.retryCount + 1, last: job.retryCount >= job.retryLimit })
        } finally {
          if (workerId) b.notifyWorker(workerId)
        }
      })
      workers.set(q.name, workerId)
    }
    boss = b
  }

  return {
    queue<T extends object>(opts: QueueOptions<T>): Queue<T> {
      if (queues.has(opts.name)) throw new Error(`job queue ${opts.name} is declared twice`)
      queues.set(opts.name, opts as unknown as QueueOptions<object>)
      const expire = opts.expireSeconds ?? 120
      return {
        name: opts.name,
        async send(data: T, o: { tx?: Orm } = {}): Promise<void> {
          if (boss) {
            await boss.send(opts.name, data, {
              retryLimit: opts.attempts - 1,
              retryDelay: opts.retryDelaySeconds,
              retryBackoff: true,
              expireInSeconds: expire,
              ...(o.tx ? { db: onTransaction(o.tx) } : {}),
            })
            const worker = workers.get(opts.name)
            if (worker) boss.notifyWorker(worker)
            return
          }
          await (o.tx ?? orm).execute(
            sql`INSERT INTO jobs (id, queue, data, expire_seconds) VALUES (${newId()}, ${opts.name}, ${JSON.stringify(data)}::jsonb, ${expire})`,
          )
          wakeSoon()
        },
      }
    },
    kick,
    async idle(timeoutMs = 60_000): Promise<void> {
      const end = Date.now() + timeoutMs
      const names = [...queues.keys()]
      while (Date.now() < end && names.length) {
        await running
        const [row] = await sqlRows<{ n: number }>(
          orm,
          sql`SELECT count(*)::int AS n FROM jobs WHERE status IN ('queued', 'active') AND run_at <= now() + interval '1 second'
                AND queue IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})`,
        )
        if (!row?.n && !running) return
        await kick()
      }
    },
    get usesPgBoss(): boolean {
      return boss !== null
    },
    async start(): Promise<void> {
      if (started) return
      started = true
      if (deps.pgBossUrl) {
        try {
          await startBoss(deps.pgBossUrl)
        } catch (e) {
          warn({ err: e }, 'pg-boss did not start; jobs use the jobs table')
          boss = null
        }
      }
      // with pg-boss the table holds only what was sent before it ran: a slow sweep suffices
      poll = every({ name: 'job queue', ms: boss ? 30_000 : (deps.pollMs ?? 1000), log: deps.log }, kick)
      void kick()
    },
    async stop(): Promise<void> {
      stopped = true
      if (wake) clearImmediate(wake)
      wake = null
      await poll?.stop()
      poll = null
      await running?.catch(() => undefined)
      await boss?.stop({ graceful: true, timeout: 5000, wait: true }).catch(() => undefined)
      boss = null
      workers.clear()
    },
  }
}
