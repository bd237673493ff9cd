// Mail transport: SMTP when SMTP_URL is set, otherwise nodemailer's stream transport writing each message as an
// .eml file under DATA_DIR/mail (real MIME produced by nodemailer, readable by any mail client).
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { newId } from '../../platform/ids.js'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
  /** Sender shown to the recipient (e.g. '"Shop name" <no-reply@...>'); the transport's default otherwise. */
  from?: string
}

export interface SentMail {
  messageId: string
  /** The .eml file written (file transport only). */
  file?: string
}

export interface Mailer {
  readonly kind: 'smtp' | 'file'
  send(message: MailMessage): Promise<SentMail>
  close(): void
}

export const DEFAULT_FROM = 'Sitewright <no-reply@sitewright.local>'

export function createMailer(opts: { smtpUrl: string | null; dataDir: string; from?: string }): Mailer {
  const from = opts.from ?? DEFAULT_FROM
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl)
    return {
      kind: 'smtp',
      async send(m) {
        const info = await transport.sendMail({ ...m, from: m.from ?? from })
        return { messageId: String(info.messageId) }
      },
      close: () => transport.close(),
    }
  }
  const dir = join(opts.dataDir, 'mail')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    kind: 'file',
    async send(m) {
      const info = await transport.sendMail({ ...m, from: m.from ?? from })
      await mkdir(dir, { recursive: true })
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId().slice(0, 8)}.eml`)
      await writeFile(file, info.message as Buffer)
      return { messageId: String(info.messageId), file }
    },
    close: () => transport.close(),
  }
}
