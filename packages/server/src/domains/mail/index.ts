// Public API of the mail domain.
export { createMailer, DEFAULT_FROM, type Mailer, type MailMessage, type SentMail } from './service.js'
export { createMailJobs, mailBackoffSeconds, MAX_ATTEMPTS as MAIL_MAX_ATTEMPTS, type MailJob, type MailJobs, type QueueMail } from './jobs.js'
export { mailTables } from './schema.js'
