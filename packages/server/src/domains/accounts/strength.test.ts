import { describe, expect, it } from 'vitest'
import { PASSWORD_MIN, passwordProblem } from './strength.js'

describe('passwordProblem', () => {
  it('refuses passwords shorter than the minimum', async () => {
    for (const pw of ['password', '12345678', ' '.repeat(8), 'x'.repeat(PASSWORD_MIN - 1)]) {
      expect(await passwordProblem(pw, [])).toBe(`Use at least ${PASSWORD_MIN} characters.`)
    }
  })
  it('refuses guessable passwords with feedback in plain English', async () => {
    expect(await passwordProblem('password1234', [])).toMatch(/often used|most used/)
    expect(await passwordProblem('1234567890', [])).toMatch(/\.$/)
    expect(await passwordProblem(' '.repeat(12), [])).toContain('Repeated characters')
    expect(await passwordProblem('qwertyuiopasdf', [])).not.toBeNull()
  })
  it('refuses the account details themselves (email, name, site)', async () => {
    expect(await passwordProblem('me@example.com', ['me@example.com'])).toContain('email address')
    expect(await passwordProblem('ME@example.com ', ['me@example.com'])).toContain('email address')
    expect(await passwordProblem('Pottery Barn', ['owner@example.com', 'Pottery Barn'])).toContain(
      'your site',
    )
  })
  it('accepts strong passwords', async () => {
    expect(await passwordProblem('correct horse battery staple', ['owner@example.com'])).toBeNull()
    expect(await passwordProblem('probe-password-123', ['x@probe.test'])).toBeNull()
  })
})
