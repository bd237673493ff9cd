import { describe, expect, it } from 'vitest'
import { classifyHost, hostName } from './tenancy.js'

describe('hostName', () => {
  it('strips the port and lower-cases', () => {
    expect(hostName('LocalHost:3000')).toBe('localhost')
    expect(hostName('shop.localhost')).toBe('shop.localhost')
    expect(hostName('[::1]:3000')).toBe('[::1]')
    expect(hostName(undefined)).toBe('')
  })
})

describe('classifyHost', () => {
  it('maps the root domain and loopback addresses to the platform (demo) host', () => {
    expect(classifyHost('localhost', 'localhost')).toEqual({ kind: 'platform' })
    expect(classifyHost('127.0.0.1', 'localhost')).toEqual({ kind: 'platform' })
    expect(classifyHost('[::1]', 'localhost')).toEqual({ kind: 'platform' })
  })
  it('maps <slug>.<root> to a site', () => {
    expect(classifyHost('my-shop.localhost', 'localhost')).toEqual({ kind: 'site', slug: 'my-shop' })
  })
  it('rejects other hosts, nested labels and malformed slugs', () => {
    expect(classifyHost('example.com', 'localhost')).toEqual({ kind: 'unknown' })
    expect(classifyHost('a.b.localhost', 'localhost')).toEqual({ kind: 'unknown' })
    expect(classifyHost('-x.localhost', 'localhost')).toEqual({ kind: 'unknown' })
    expect(classifyHost('evil-localhost', 'localhost')).toEqual({ kind: 'unknown' })
  })
})
