// Durable mail (`mail_jobs` rows sent by the platform job queue). Offers the jobs; their `enqueue` queues a mail in
// the caller's transaction.
import { createMailJobs } from '../../domains/mail/index.js'
import type { Base } from './base.js'

export function wireMail({ db, mailer, log, jobs }: Base) {
  return createMailJobs(db.orm, { send: (m) => mailer.send(m), jobs, log })
}
