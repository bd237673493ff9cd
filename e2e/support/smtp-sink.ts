// An SMTP sink for the e2e tier: the real server sends its mails here (SMTP_URL) through nodemailer, as it would to
// a mail relay, and the test reads what arrived: envelope recipients, the decoded subject and the plain text.
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface SinkMail {
  to: string[]
  subject: string
  /** The message with quoted-printable soft breaks and escapes undone, CRLF as LF (headers and all parts). */
  text: string
  /** When the sink had the whole message (ms since the epoch). */
  at: number
}

export interface SmtpSink {
  url: string
  mails: SinkMail[]
  /** The first mail `match` accepts, waiting up to `timeoutMs` for it to arrive. */
  waitFor(match: (m: SinkMail) => boolean, timeoutMs?: number): Promise<SinkMail>
  close(): Promise<void>
}

export function decodeQuotedPrintable(raw: string): string {
  const bytes: number[] = []
  const text = raw.replace(/\r\n/g, '\n').replace(/=\n/g, '')
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? /^[0-9A-F]{2}/.exec(text.slice(i + 1, i + 3)) : null
    if (hex) {
      bytes.push(parseInt(hex[0], 16))
      i += 2
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** The Subject header, unfolded, with RFC 2047 encoded words (=?UTF-8?Q?..?= / ?B?) decoded. */
export function subjectOf(raw: string): string {
  const headers = raw.replace(/\r\n/g, '\n').split('\n\n')[0]!.replace(/\n[ \t]+/g, ' ')
  const line = /^Subject: (.*)$/im.exec(headers)?.[1] ?? ''
  return line
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SinkMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: subjectOf(raw), text: decodeQuotedPrintable(raw), at: Date.now() })
        cb()
      })
    },
  })
  server.listen(0, '127.0.0.1')
  await once(server.server, 'listening')
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(match, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs
      for (;;) {
        const found = mails.find(match)
        if (found) return found
        if (Date.now() > until) throw new Error(`no such mail within ${timeoutMs} ms; got: ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
