// Durable mail jobs (`mail_jobs` rows; pg-boss on PostgreSQL). Offers the jobs and `mailQueued`, the kick that
// callers give after committing a queued mail.
import { createMailJobs } from '../../domains/mail/index.js'
import type { Base } from './base.js'

export function wireMail({ db, mailer, log, config }: Base) {
  const mailJobs = createMailJobs(db.orm, { send: (m) => mailer.send(m), log, pgBossUrl: config.databaseUrl })
  const mailQueued = () =>
    void mailJobs.kick().catch((e: unknown) => log.warn({ err: e }, 'mail worker failed'))
  return { mailJobs, mailQueued }
}
