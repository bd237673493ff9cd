import { describe, expect, it } from 'vitest'
import { crumbIsGenuine, signCrumb } from './crumb.js'

describe('crumb signature', () => {
  it('accepts a crumb signed with the key', () => {
    expect(crumbIsGenuine('k1', signCrumb('k1', 'nonce'))).toBe(true)
  })
  it('rejects a crumb signed with another key, a tampered nonce, or garbage', () => {
    const c = signCrumb('k1', 'nonce')
    expect(crumbIsGenuine('k2', c)).toBe(false)
    expect(crumbIsGenuine('k1', 'nonc3' + c.slice(5))).toBe(false)
    expect(crumbIsGenuine('k1', 'no-dot')).toBe(false)
    expect(crumbIsGenuine('k1', '.abc')).toBe(false)
  })
})
