// Mail transport: SMTP when SMTP_URL is set, otherwise nodemailer's stream transport writing each message as an
// .eml file under DATA_DIR/mail (real MIME produced by nodemailer, readable by any mail client).
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Transporter } from 'nodemailer'
import { newId } from '../../platform/ids.js'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
  /** Sender shown to the recipient (e.g. '"Shop name" <no-reply@...>'); the transport's default otherwise. */
  from?: string
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058 one-click unsubscribe). */
  headers?: Record<string, string>
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

/**
 * A transport made on the first send: nodemailer (~9 MB resident) is loaded only by a process that sends mail.
 * `make` runs once; a failed load is retried by the next send.
 */
function lazyTransport(make: (nm: (typeof import('nodemailer'))['default']) => Transporter) {
  let made: Promise<Transporter> | null = null
  return {
    get: () => (made ??= import('nodemailer').then((m) => make(m.default)).catch((e: unknown) => ((made = null), Promise.reject(e)))),
    close: () => void made?.then((t) => t.close(), () => undefined),
  }
}

export function createMailer(opts: { smtpUrl: string | null; dataDir: string; from?: string }): Mailer {
  const from = opts.from ?? DEFAULT_FROM
  const smtpUrl = opts.smtpUrl
  if (smtpUrl) {
    const transport = lazyTransport((nm) => nm.createTransport(smtpUrl))
    return {
      kind: 'smtp',
      async send(m) {
        const info = await (await transport.get()).sendMail({ ...m, from: m.from ?? from })
        return { messageId: String(info.messageId) }
      },
      close: () => transport.close(),
    }
  }
  const dir = join(opts.dataDir, 'mail')
  const transport = lazyTransport((nm) => nm.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }))
  return {
    kind: 'file',
    async send(m) {
      const info = await (await transport.get()).sendMail({ ...m, from: m.from ?? from })
      await mkdir(dir, { recursive: true })
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId().slice(0, 8)}.eml`)
      await writeFile(file, info.message as Buffer)
      return { messageId: String(info.messageId), file }
    },
    close: () => transport.close(),
  }
}
