import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './passwords.js'

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const h = await hashPassword('correct horse battery')
    expect(h.startsWith('$argon2id$')).toBe(true)
    expect(await verifyPassword(h, 'correct horse battery')).toBe(true)
    expect(await verifyPassword(h, 'wrong')).toBe(false)
  })
  it('treats a malformed hash as a failed verification', async () => {
    expect(await verifyPassword('garbage', 'x')).toBe(false)
  })
})
