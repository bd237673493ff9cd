import { describe, expect, it } from 'vitest'
import { cookieValue, createCrumbVerifier, crumbIsGenuine, newCrumb, signCrumb } from './crumb.js'

describe('crumb signature', () => {
  it('accepts a crumb signed with the key', () => {
    expect(crumbIsGenuine('k1', signCrumb('k1', 'nonce'))).toBe(true)
    expect(crumbIsGenuine('k1', newCrumb('k1'))).toBe(true)
  })
  it('rejects a crumb signed with another key, a tampered nonce or signature, or garbage', () => {
    const c = signCrumb('k1', 'nonce')
    expect(crumbIsGenuine('k2', c)).toBe(false)
    expect(crumbIsGenuine('k1', 'nonc3' + c.slice(5))).toBe(false)
    expect(crumbIsGenuine('k1', c.slice(0, -1) + (c.endsWith('A') ? 'B' : 'A'))).toBe(false)
    expect(crumbIsGenuine('k1', 'no-dot')).toBe(false)
    expect(crumbIsGenuine('k1', '.abc')).toBe(false)
    expect(crumbIsGenuine('k1', `${'x'.repeat(90)}.${c.split('.')[1]}`)).toBe(false)
  })
  it('makes a different crumb every time, safe in a cookie without encoding', () => {
    const a = newCrumb('k')
    const b = newCrumb('k')
    expect(a).not.toBe(b)
    expect(a).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}$/)
  })
})

describe('crumbs bound to a session', () => {
  it('are genuine only for their session, and never as unbound crumbs (nor unbound ones as bound)', () => {
    const bound = newCrumb('k', 'session-a')
    expect(crumbIsGenuine('k', bound, 'session-a')).toBe(true)
    expect(crumbIsGenuine('k', bound, 'session-b')).toBe(false)
    expect(crumbIsGenuine('k', bound)).toBe(false)
    expect(crumbIsGenuine('k', newCrumb('k'), 'session-a')).toBe(false)
    const v = createCrumbVerifier('k')
    const plain = newCrumb('k')
    expect(v.genuine(plain)).toBe(true)
    expect(v.genuine(plain, 'session-a')).toBe(false) // the memory of unbound crumbs does not vouch for bound ones
    expect(v.genuine(bound, 'session-a')).toBe(true)
    expect(v.genuine(bound)).toBe(false)
  })
})

describe('createCrumbVerifier', () => {
  it('verifies like crumbIsGenuine and remembers a bounded number of genuine crumbs', () => {
    const v = createCrumbVerifier('k', 2)
    const [a, b, c] = [newCrumb('k'), newCrumb('k'), newCrumb('k')]
    expect(v.genuine(a)).toBe(true)
    expect(v.genuine(a)).toBe(true)
    expect(v.genuine(signCrumb('other', 'n'))).toBe(false)
    expect(v.genuine(b)).toBe(true)
    expect(v.genuine(c)).toBe(true) // evicts a; a is still genuine when checked again
    expect(v.genuine(a)).toBe(true)
    expect(v.genuine('garbage')).toBe(false)
  })
})

describe('cookieValue', () => {
  it('finds the first occurrence of a cookie in a Cookie header', () => {
    expect(cookieValue('a=1; crumb=x.y; b=2', 'crumb')).toBe('x.y')
    expect(cookieValue('crumb=first; crumb=second', 'crumb')).toBe('first')
    expect(cookieValue('xcrumb=1; crumbs=2', 'crumb')).toBeUndefined()
    expect(cookieValue(' crumb = v ', 'crumb')).toBe('v')
    expect(cookieValue(undefined, 'crumb')).toBeUndefined()
    expect(cookieValue('novalue; crumb=', 'crumb')).toBe('')
  })
})
