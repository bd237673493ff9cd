// A real SMTP server on a free loopback port that keeps every message it receives, for integration tests of mail.
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface SunkMail {
  /** Envelope recipients, comma-separated. */
  to: string
  /** The raw message as received. */
  data: string
  /** The message with CRLF as LF and quoted-printable soft breaks and escapes undone. */
  text: string
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` for the app's `smtpUrl`. */
  url: string
  mails: SunkMail[]
  close(): void
}

export const decodeQuotedPrintable = (data: string): string =>
  data
    .replace(/\r\n/g, '\n')
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SunkMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, cb) {
      let data = ''
      stream.on('data', (c: Buffer) => (data += c.toString()))
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data, text: decodeQuotedPrintable(data) })
        cb()
      })
    },
  })
  server.listen(0, '127.0.0.1')
  await once(server.server, 'listening')
  return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, mails, close: () => server.close() }
}
