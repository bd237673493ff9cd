// Public API of the mail domain.
export { createMailer, DEFAULT_FROM, type Mailer, type MailMessage, type SentMail } from './service.js'
