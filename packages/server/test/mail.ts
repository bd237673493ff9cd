// Mail in integration tests: run the queue until nothing is left to send, so a test that asserts a mail was NOT
// sent (or sent only once) first sees a positive signal (every mail committed so far has reached the sink) instead
// of sleeping and hoping the worker was done.
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { sqlRows } from '../src/platform/db/index.js'
import type { TestApp } from './harness.js'

/** Mail rows still to be sent (queued, or claimed and being sent). */
export async function unsentMail(app: TestApp['app']): Promise<number> {
  return (await sqlRows<{ n: number }>(app.db.orm, sql`SELECT count(*)::int AS n FROM mail_jobs WHERE status IN ('queued', 'sending')`))[0]!.n
}

/** Domain-event deliveries still to run (their subscribers queue mails): table jobs, and pg-boss's on PostgreSQL. */
export async function undeliveredEvents(app: TestApp['app']): Promise<number> {
  const orm = app.db.orm
  const table = (await sqlRows<{ n: number }>(orm, sql`SELECT count(*)::int AS n FROM jobs WHERE queue = 'domain-events' AND status IN ('queued', 'active')`))[0]!.n
  if (!app.jobs.usesPgBoss) return table
  const boss = await sqlRows<{ n: number }>(orm, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'domain-events' AND state IN ('created', 'retry', 'active')`)
  return table + boss[0]!.n
}

/**
 * Runs the mail queue until every queued mail is sent (on PostgreSQL pg-boss workers send them a moment later). A
 * row is marked sent only after the SMTP server accepted it, so the sink holds every mail queued before the call.
 */
export async function drainMail(app: TestApp['app'], timeout = 15_000): Promise<void> {
  await expect.poll(() => undeliveredEvents(app), { timeout, interval: 100 }).toBe(0) // their mails are queued
  await app.mailJobs.kick()
  await expect.poll(() => unsentMail(app), { timeout, interval: 100 }).toBe(0)
}

/** How many mails to `to` are on the queue's record (sent or not), whose subject matches. */
export async function queuedMailCount(app: TestApp['app'], to: string, subject: RegExp): Promise<number> {
  const rows = await sqlRows<{ subject: string }>(app.db.orm, sql`SELECT payload->>'subject' AS subject FROM mail_jobs WHERE payload->>'to' = ${to}`)
  return rows.filter((r) => subject.test(r.subject)).length
}
