import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createMailer } from './service.js'

const dir = mkdtempSync(join(tmpdir(), 'sw-mail-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('file mail transport', () => {
  it('writes a real MIME message under DATA_DIR/mail', async () => {
    const mailer = createMailer({ smtpUrl: null, dataDir: dir })
    const sent = await mailer.send({ to: 'a@example.com', subject: 'Hello there', text: 'Body text' })
    expect(mailer.kind).toBe('file')
    expect(sent.file?.startsWith(join(dir, 'mail'))).toBe(true)
    const eml = readFileSync(sent.file!, 'utf8')
    expect(eml).toMatch(/^To: a@example.com$/m)
    expect(eml).toMatch(/^Subject: Hello there$/m)
    expect(eml).toMatch(/^Message-ID: </m)
    expect(eml).toContain('Body text')
    mailer.close()
  })
})
