// Durable mail jobs: one mail per event id, a failed send retried with back-off, a sent job never sent again.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'
import { sqlRows } from '../../platform/db/index.js'
import { createMailJobs, enqueueMail, mailBackoffSeconds, type MailMessage } from './index.js'
import { MAIL_QUEUE } from './jobs.js'

let t: TestApp
let siteId: string
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  siteId = (await t.client().post('/api/auth/signup', newSignup())).json.site.id
  // the app's own worker would take these test jobs (and, on PostgreSQL, the pg-boss queue): only the test's run
  await t.app.mailJobs.stop()
})
afterAll(() => t?.close())

const msg = (to: string): MailMessage => ({ to, subject: 'Hi', text: 'Hello' })

describe(`mail jobs (${BACKEND})`, () => {
  it('queues an event once, retries a failure with back-off, and sends it exactly once', async () => {
    const orm = t.app.db.orm
    const id = `test:${Date.now()}`
    expect(await enqueueMail(orm, { id, siteId, kind: 'test', message: msg('a@example.com') })).toBe(true)
    expect(await enqueueMail(orm, { id, siteId, kind: 'test', message: msg('a@example.com') })).toBe(false)
    const sent: string[] = []
    let fail = true
    const jobs = createMailJobs(orm, {
      send: async (m) => {
        if (fail) throw new Error('smtp down')
        sent.push(m.to)
      },
    })
    expect(await jobs.kick()).toBe(0)
    const [row] = await sqlRows<{ status: string; attempts: number; due_in: number; last_error: string }>(orm, sql`SELECT status, attempts, extract(epoch FROM run_at - now())::int AS due_in, last_error FROM mail_jobs WHERE id = ${id}`)
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'Error: smtp down' })
    expect(row!.due_in).toBeGreaterThan(0)
    expect(row!.due_in).toBeLessThanOrEqual(mailBackoffSeconds(1))
    // not due yet: nothing happens
    fail = false
    expect(await jobs.kick()).toBe(0)
    await orm.execute(sql`UPDATE mail_jobs SET run_at = now() WHERE id = ${id}`)
    // two workers at once: the mail goes out once
    const other = createMailJobs(orm, { send: async (m) => void sent.push(m.to) })
    await Promise.all([jobs.kick(), other.kick()])
    expect(sent).toEqual(['a@example.com'])
    await orm.execute(sql`UPDATE mail_jobs SET run_at = now() WHERE id = ${id}`)
    expect(await jobs.kick()).toBe(0)
    expect(sent).toEqual(['a@example.com'])
    const [done] = await sqlRows<{ status: string }>(orm, sql`SELECT status FROM mail_jobs WHERE id = ${id}`)
    expect(done!.status).toBe('sent')
    expect([1, 2, 3, 10].map(mailBackoffSeconds)).toEqual([5, 10, 20, 2560])
  })

  it.runIf(BACKEND === 'postgres')('PostgreSQL: pg-boss workers send each event once; a failed send comes back after its back-off', async () => {
    const orm = t.app.db.orm
    const ids = [`boss:${Date.now()}:a`, `boss:${Date.now()}:b`]
    const sent: string[] = []
    let failures = 1
    const send = async (m: MailMessage) => {
      if (m.to === 'b@example.com' && failures-- > 0) throw new Error('smtp hiccup')
      sent.push(m.to)
    }
    // two nodes, each with its own pg-boss worker
    const nodes = [createMailJobs(orm, { send, pgBossUrl: t.config.databaseUrl, intervalMs: 200 }), createMailJobs(orm, { send, pgBossUrl: t.config.databaseUrl, intervalMs: 200 })]
    for (const n of nodes) await n.start()
    try {
      expect(nodes.every((n) => n.usesPgBoss)).toBe(true)
      await enqueueMail(orm, { id: ids[0]!, siteId, kind: 'test', message: msg('a@example.com') })
      await enqueueMail(orm, { id: ids[1]!, siteId, kind: 'test', message: msg('b@example.com') })
      await Promise.all(nodes.map((n) => n.kick()))
      await expect.poll(() => sent.includes('a@example.com'), { timeout: 10_000 }).toBe(true)
      // b failed once: back in the table with its back-off; made due now, it is handed over and sent
      await expect.poll(async () => (await sqlRows<{ status: string }>(orm, sql`SELECT status FROM mail_jobs WHERE id = ${ids[1]!}`))[0]!.status, { timeout: 10_000 }).toBe('queued')
      await orm.execute(sql`UPDATE mail_jobs SET run_at = now() WHERE id = ${ids[1]!}`)
      await expect.poll(() => sent.includes('b@example.com'), { timeout: 10_000 }).toBe(true)
      // nothing left that could send again: both rows sent, and no pg-boss job for them waiting, retrying or running
      const open = async () =>
        (await sqlRows<{ n: number }>(orm, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data->>'id' IN (${ids[0]!}, ${ids[1]!}) AND state IN ('created', 'retry', 'active')`))[0]!.n
      const statuses = async () => (await sqlRows<{ status: string }>(orm, sql`SELECT status FROM mail_jobs WHERE id IN (${ids[0]!}, ${ids[1]!})`)).map((r) => r.status)
      await expect.poll(async () => [await open(), ...(await statuses())], { timeout: 10_000 }).toEqual([0, 'sent', 'sent'])
      expect(sent.sort()).toEqual(['a@example.com', 'b@example.com'])
    } finally {
      for (const n of nodes) await n.stop()
    }
  }, 40_000)
})
