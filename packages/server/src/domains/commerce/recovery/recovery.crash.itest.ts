// Each recovery reminder goes out exactly once across crashes and nodes. kill -9: a real app process sweeps two due
// checkouts and is killed with SIGKILL (on PostgreSQL while its claim of the second is blocked inside its
// transaction by a row lock the test holds: killed mid-send, before the commit); the app started again on the same
// database sends the first (its mail job was committed with the claim) and claims and sends the second, each once.
// Two nodes: two app nodes on one PostgreSQL database sweep the same 20 due checkouts at once, three times each;
// every reminder is claimed by one of them and reaches the SMTP sink once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { BACKEND, freshPostgresDatabase, newSignup, Client } from '../../../../test/harness.js'
import { startNodes, type Nodes } from '../../../../test/nodes.js'
import { startSmtpSink, type SmtpSink, type SunkMail } from '../../../../test/smtp-sink.js'
import { runMain, runScript, untilOrExit as until, waitForPort, type Running } from '../../../../test/spawn.js'
import { openDatabase, sqlRows } from '../../../platform/db/index.js'
import { newId } from '../../../platform/ids.js'

const adminUrl = process.env.DATABASE_URL
const dir = mkdtempSync(join(tmpdir(), 'sw-recovery-kill-'))
const running: Running[] = []
const sinks: SmtpSink[] = []
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const r of running) if (r.child.exitCode === null) r.child.kill('SIGKILL')
  await Promise.all(running.map((r) => r.exited))
  for (const s of sinks) s.close()
  for (const c of cleanups) await c()
  rmSync(dir, { recursive: true, force: true })
})

const subjectOf = (m: SunkMail) => /^Subject: (.*)$/m.exec(m.text)?.[1] ?? ''
const reminders = (sink: SmtpSink, to: string) => sink.mails.filter((m) => m.to === to && subjectOf(m).startsWith('Your cart at'))

describe(`recovery reminders survive kill -9 (${BACKEND})`, () => {
  it('a node killed while sweeping: after the restart each reminder reaches the sink once', async () => {
    const sink = await startSmtpSink()
    sinks.push(sink)
    let databaseUrl = ''
    if (adminUrl) {
      const fresh = await freshPostgresDatabase(adminUrl, 'sw_recovery')
      databaseUrl = fresh.url
      cleanups.push(fresh.drop)
    }
    const env = { DATA_DIR: dir, DATABASE_URL: databaseUrl, SMTP_URL: sink.url, SEED_DEMO: '0', LOG_LEVEL: 'warn' }

    // 1. the shop and two due checkouts; on PostgreSQL the test locks B's row, so the sweep blocks inside B's claim
    const first = runScript('test/remind-then-hang.ts', env)
    running.push(first)
    await until('the checkouts', () => /^READY /m.test(first.output()), 120_000, first)
    const ready = JSON.parse(/^READY (.*)$/m.exec(first.output())![1]!) as { siteId: string; a: { id: string; email: string }; b: { id: string; email: string } }
    let locker: pg.Client | null = null
    if (databaseUrl) {
      locker = new pg.Client({ connectionString: databaseUrl })
      await locker.connect()
      await locker.query('BEGIN')
      await locker.query('SELECT id FROM commerce_abandoned_checkouts WHERE id = $1 FOR UPDATE', [ready.b.id])
    }
    writeFileSync(join(dir, 'go'), '')
    if (locker) {
      // the child's claim of B waits on the lock, A's claim and mail job committed before it
      const waiting = async () => (await locker!.query(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`)).rows[0].n > 0
      await until('the sweep blocked on B', waiting, 60_000, first)
      const jobs = await locker.query(`SELECT id FROM mail_jobs WHERE id LIKE 'recovery:%' ORDER BY id`)
      expect(jobs.rows.map((r: { id: string }) => r.id)).toEqual([`recovery:${ready.a.id}:1`])
    } else await until('the sweep', () => /^SWEPT /m.test(first.output()), 60_000, first)
    first.child.kill('SIGKILL')
    expect(await first.exited).toBeNull()
    if (locker) {
      await locker.query('ROLLBACK')
      await locker.end()
    }
    expect(sink.mails).toEqual([]) // the child ran no mail job

    // 2. the app again on the same database, its sweep every 200 ms: A's mail job is sent, B is claimed and sent
    const second = runMain({ ...env, RECOVERY_SWEEP_MS: '200' })
    running.push(second)
    await waitForPort(second, 120_000)
    await until('both reminders', () => reminders(sink, ready.a.email).length > 0 && reminders(sink, ready.b.email).length > 0, 60_000, second)
    // a graceful stop waits for a sweep under way; the rows then say what every sweep did
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)

    const db = await openDatabase({ databaseUrl: databaseUrl || null, dataDir: dir, pgliteStorage: 'file' })
    try {
      const jobs = await sqlRows<{ id: string; status: string }>(db.orm, sql`SELECT id, status FROM mail_jobs WHERE id LIKE 'recovery:%' ORDER BY id`)
      expect(jobs).toEqual([{ id: `recovery:${ready.a.id}:1`, status: 'sent' }, { id: `recovery:${ready.b.id}:1`, status: 'sent' }].sort((x, y) => x.id.localeCompare(y.id)))
      const rows = await sqlRows<{ id: string; reminders_sent: number }>(db.orm, sql`SELECT id, reminders_sent FROM commerce_abandoned_checkouts WHERE site_id = ${ready.siteId} ORDER BY id`)
      expect(rows.map((r) => r.reminders_sent)).toEqual([1, 1])
    } finally {
      await db.close()
    }
    expect(reminders(sink, ready.a.email)).toHaveLength(1)
    expect(reminders(sink, ready.b.email)).toHaveLength(1)
    console.log(`recovery kill -9 (${BACKEND}): ${sink.mails.length} mails after the restart (A ${reminders(sink, ready.a.email).length}, B ${reminders(sink, ready.b.email).length})`)
  }, 300_000)
})

describe.skipIf(!adminUrl)('recovery reminders on two nodes (postgres)', () => {
  it('two nodes sweeping the same due checkouts at once: each reminder claimed once and mailed once', async () => {
    const sink = await startSmtpSink()
    sinks.push(sink)
    // no background sweep (its first run would be an hour away): the test runs the sweeps, side by side
    const nodes: Nodes = await startNodes(adminUrl!, 2, { smtpUrl: sink.url, recovery: { hourMs: 3_600_000, sweepMs: 3_600_000 } })
    cleanups.push(() => nodes.close())
    const [a, b] = nodes.apps as [(typeof nodes.apps)[number], (typeof nodes.apps)[number]]
    const owner = new Client(a, 'localhost')
    const res = await owner.post('/api/auth/signup', newSignup({ siteTitle: 'Two nodes' }))
    expect(res.status).toBe(201)
    const siteId = res.json.site.id as string
    expect((await owner.request('PUT', `/api/sites/${siteId}/commerce/recovery-settings`, { json: { enabled: true, delayHours: 1, reminders: 1, couponCode: null } })).status).toBe(200)
    const product = await a.commerce.createProduct(siteId, { collectionId: 'shop', title: 'Mug', productType: 1, variants: [{ sku: 'TWO-MUG', attributes: {}, priceCents: 1500, unlimited: true }] })
    const COUNT = 20
    const at = new Date(Date.now() - 2 * 3_600_000)
    for (let i = 0; i < COUNT; i++) await a.commerce.addToCart({ siteId, cartToken: undefined, itemId: product.id, quantity: 1 })
    const carts = await sqlRows<{ id: string }>(a.db.orm, sql`SELECT id FROM commerce_carts WHERE site_id = ${siteId} ORDER BY created_at, id`)
    expect(carts).toHaveLength(COUNT)
    for (const [i, cart] of carts.entries())
      await a.db.orm.execute(sql`INSERT INTO commerce_abandoned_checkouts (id, site_id, cart_id, email, consent, value_cents, last_activity_at, created_at)
        VALUES (${newId()}, ${siteId}, ${cart.id}, ${`two-${i}@example.com`}, true, 1500, ${at}, ${at})`)

    const queued = await Promise.all([a, b, a, b, a, b].map((app) => app.commerce.sendRecoveryReminders()))
    expect(queued.reduce((s, n) => s + n, 0)).toBe(COUNT)
    const perNode = [queued[0]! + queued[2]! + queued[4]!, queued[1]! + queued[3]! + queued[5]!]
    const jobs = await sqlRows<{ n: number }>(a.db.orm, sql`SELECT count(*)::int AS n FROM mail_jobs WHERE site_id = ${siteId} AND id LIKE 'recovery:%'`)
    expect(jobs[0]!.n).toBe(COUNT)
    await Promise.all([a.mailJobs.kick(), b.mailJobs.kick()])
    await until('every reminder', () => sink.mails.filter((m) => subjectOf(m).startsWith('Your cart at')).length >= COUNT, 60_000)
    const sent = async () => (await sqlRows<{ n: number }>(a.db.orm, sql`SELECT count(*)::int AS n FROM mail_jobs WHERE site_id = ${siteId} AND status = 'sent'`))[0]!.n
    await until('the jobs marked sent', async () => (await sent()) >= COUNT, 30_000)
    for (let i = 0; i < COUNT; i++) expect(reminders(sink, `two-${i}@example.com`)).toHaveLength(1)
    expect(await Promise.all([a.commerce.sendRecoveryReminders(), b.commerce.sendRecoveryReminders()])).toEqual([0, 0])
    console.log(`recovery on two nodes: ${COUNT} checkouts, claimed ${perNode.join(' + ')} by the nodes, ${sink.mails.length} mails`)
  }, 180_000)
})
