// An event outlives the process that raised it: a real app process places an order (the order and its
// order-confirmed event commit together) and is killed with SIGKILL before any job runs; the app started again on
// the same database delivers the event, and the buyer's confirmation and the owner's new-order mail each reach a
// real SMTP sink exactly once. On PGlite (DATA_DIR) and on PostgreSQL (a fresh database) per DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { BACKEND, freshPostgresDatabase } from '../../test/harness.js'
import { startSmtpSink, type SmtpSink, type SunkMail } from '../../test/smtp-sink.js'
import { runMain, runScript, untilOrExit as until, waitForPort, type Running } from '../../test/spawn.js'
import { openDatabase, sqlRows } from './db/index.js'

const dir = mkdtempSync(join(tmpdir(), 'sw-events-kill-'))
const running: Running[] = []
let smtp: SmtpSink | null = null
let dropDb: (() => Promise<void>) | null = null
afterAll(async () => {
  for (const r of running) if (r.child.exitCode === null) r.child.kill('SIGKILL')
  await Promise.all(running.map((r) => r.exited))
  smtp?.close()
  await dropDb?.()
  rmSync(dir, { recursive: true, force: true })
})

const subjectOf = (m: SunkMail) => /^Subject: (.*)$/m.exec(m.text)?.[1] ?? ''

describe(`domain events survive a crash between commit and delivery (${BACKEND})`, () => {
  it('an order placed by a process killed before delivery mails the buyer and the owner once after the restart', async () => {
    smtp = await startSmtpSink()
    const sink = smtp
    let databaseUrl = ''
    if (process.env.DATABASE_URL) {
      const fresh = await freshPostgresDatabase(process.env.DATABASE_URL, 'sw_events')
      databaseUrl = fresh.url
      dropDb = fresh.drop
    }
    const env = { DATA_DIR: dir, DATABASE_URL: databaseUrl, SMTP_URL: sink.url, SEED_DEMO: '0', LOG_LEVEL: 'warn' }

    // 1. place the order, then die: no job has run (the process runs none), the event waits in the outbox
    const first = runScript('test/place-order-then-hang.ts', env)
    running.push(first)
    await until('the order', () => /^PLACED /m.test(first.output()), 120_000, first)
    const placed = JSON.parse(/^PLACED (.*)$/m.exec(first.output())![1]!) as {
      siteId: string; orderId: string; orderNumber: number; ownerEmail: string; buyerEmail: string; eventJobs: number; mailJobs: number
    }
    expect(placed.eventJobs).toBe(1) // one durable subscriber of the event: the order mails
    expect(placed.mailJobs).toBe(0)
    first.child.kill('SIGKILL')
    expect(await first.exited).toBeNull()
    expect(sink.mails).toEqual([])

    // 2. the app again on the same database: the event is delivered, its mails sent
    const second = runMain(env)
    running.push(second)
    await waitForPort(second, 120_000)
    const buyer = () => sink.mails.filter((m) => m.to === placed.buyerEmail && subjectOf(m).startsWith(`Order #${placed.orderNumber} confirmed`))
    const owner = () => sink.mails.filter((m) => m.to === placed.ownerEmail && subjectOf(m).startsWith(`New order #${placed.orderNumber}`))
    await until('the buyer and owner mails', () => buyer().length > 0 && owner().length > 0, 60_000, second)

    // 3. stopped (a graceful stop waits for runs under way), nothing is left to run and nothing came twice
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
    const db = await openDatabase({ databaseUrl: databaseUrl || null, dataDir: dir, pgliteStorage: 'file' })
    try {
      const left = await sqlRows<{ n: number }>(db.orm, sql`SELECT count(*)::int AS n FROM jobs WHERE queue = 'domain-events'`)
      const mails = await sqlRows<{ id: string; status: string }>(db.orm, sql`SELECT id, status FROM mail_jobs WHERE site_id = ${placed.siteId} ORDER BY id`)
      expect(left[0]!.n).toBe(0)
      expect(mails).toEqual([
        { id: `order-confirmation:${placed.orderId}`, status: 'sent' },
        { id: expect.stringMatching(new RegExp(`^owner-new-order:${placed.orderId}:`)), status: 'sent' },
      ])
    } finally {
      await db.close()
    }
    expect(buyer()).toHaveLength(1)
    expect(owner()).toHaveLength(1)
    console.log(`crash between commit and delivery (${BACKEND}): ${sink.mails.length} mails after the restart (buyer ${buyer().length}, owner ${owner().length})`)
  }, 300_000)
})
