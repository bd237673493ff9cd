// Durable mail jobs: one mail per event id, a failed send retried with back-off, a sent job never sent again.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'
import { sqlRows } from '../../platform/db/index.js'
import { createJobs } from '../../platform/jobs.js'
import { createMailJobs, mailBackoffSeconds, type MailMessage } from './index.js'

let t: TestApp
let siteId: string
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  siteId = (await t.client().post('/api/auth/signup', newSignup())).json.site.id
  // the app's own queue would take these test jobs (and, on PostgreSQL, through pg-boss): only the test's run
  await t.app.jobs.stop()
})
afterAll(() => t?.close())

const msg = (to: string): MailMessage => ({ to, subject: 'Hi', text: 'Hello' })

describe(`mail jobs (${BACKEND})`, () => {
  it('queues an event once, retries a failure with back-off, and sends it exactly once', async () => {
    const orm = t.app.db.orm
    const id = `test:${Date.now()}`
    const sent: string[] = []
    let fail = true
    const mail = createMailJobs(orm, {
      jobs: createJobs(orm),
      send: async (m) => {
        if (fail) throw new Error('smtp down')
        sent.push(m.to)
      },
    })
    expect(await mail.enqueue(orm, { id, siteId, kind: 'test', message: msg('a@example.com') })).toBe(true)
    expect(await mail.enqueue(orm, { id, siteId, kind: 'test', message: msg('a@example.com') })).toBe(false)
    await mail.kick()
    expect(sent).toEqual([])
    const [row] = await sqlRows<{ status: string; attempts: number; last_error: string }>(orm, sql`SELECT status, attempts, last_error FROM mail_jobs WHERE id = ${id}`)
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'Error: smtp down' })
    const due = sql`SELECT extract(epoch FROM run_at - now())::int AS due_in FROM jobs WHERE queue = 'mail-send' AND data->>'id' = ${id}`
    const [job] = await sqlRows<{ due_in: number }>(orm, due)
    expect(job!.due_in).toBeGreaterThan(0)
    expect(job!.due_in).toBeLessThanOrEqual(mailBackoffSeconds(1))
    // not due yet: nothing happens
    fail = false
    await mail.kick()
    expect(sent).toEqual([])
    await orm.execute(sql`UPDATE jobs SET run_at = now() WHERE queue = 'mail-send' AND data->>'id' = ${id}`)
    // two workers at once: the mail goes out once
    const other = createMailJobs(orm, { jobs: createJobs(orm), send: async (m) => void sent.push(m.to) })
    await Promise.all([mail.kick(), other.kick()])
    expect(sent).toEqual(['a@example.com'])
    // the same event queued again later (a second job for a sent row): not sent again
    await orm.execute(sql`INSERT INTO jobs (id, queue, data) VALUES (${`again:${id}`}, 'mail-send', ${JSON.stringify({ id })}::jsonb)`)
    await other.kick()
    expect(sent).toEqual(['a@example.com'])
    const [done] = await sqlRows<{ status: string; attempts: number }>(orm, sql`SELECT status, attempts FROM mail_jobs WHERE id = ${id}`)
    expect(done).toMatchObject({ status: 'sent', attempts: 2 })
    expect(await sqlRows(orm, due)).toEqual([])
    expect([1, 2, 3, 10].map(mailBackoffSeconds)).toEqual([5, 10, 20, 2560])
  })

  it.runIf(BACKEND === 'postgres')('PostgreSQL: pg-boss workers of two nodes send each event once; a failed send is sent again after its back-off', async () => {
    const orm = t.app.db.orm
    const ids = [`boss:${Date.now()}:a`, `boss:${Date.now()}:b`]
    const sent: string[] = []
    let failures = 1
    const send = async (m: MailMessage) => {
      if (m.to === 'b@example.com' && failures-- > 0) throw new Error('smtp hiccup')
      sent.push(m.to)
    }
    // two nodes, each with its own pg-boss worker
    const queues = [createJobs(orm, { pgBossUrl: t.config.databaseUrl }), createJobs(orm, { pgBossUrl: t.config.databaseUrl })]
    const nodes = queues.map((jobs) => createMailJobs(orm, { send, jobs }))
    for (const q of queues) await q.start()
    try {
      expect(nodes.every((n) => n.usesPgBoss)).toBe(true)
      await nodes[0]!.enqueue(orm, { id: ids[0]!, siteId, kind: 'test', message: msg('a@example.com') })
      await nodes[1]!.enqueue(orm, { id: ids[1]!, siteId, kind: 'test', message: msg('b@example.com') })
      await expect.poll(() => sent.includes('a@example.com'), { timeout: 10_000 }).toBe(true)
      // b failed once: its row keeps the error; pg-boss runs it again after its back-off and it is sent
      await expect.poll(() => sent.includes('b@example.com'), { timeout: 25_000 }).toBe(true)
      const rows = await sqlRows<{ id: string; status: string; attempts: number; last_error: string | null }>(orm, sql`SELECT id, status, attempts, last_error FROM mail_jobs WHERE id IN (${ids[0]!}, ${ids[1]!}) ORDER BY id`)
      expect(rows.map((r) => [r.status, r.attempts, r.last_error])).toEqual([['sent', 1, null], ['sent', 2, null]])
      expect(failures).toBe(-1)
    } finally {
      for (const q of queues) await q.stop()
    }
    expect(sent.sort()).toEqual(['a@example.com', 'b@example.com'])
  }, 40_000)
})
