import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { arrivalOf } from './proxy.js'

const req = (headers: Record<string, string>, socket: { encrypted?: boolean; remoteAddress?: string } = { remoteAddress: '127.0.0.1' }) => ({ headers, socket }) as unknown as IncomingMessage

describe('how a request arrived', () => {
  it('without TRUST_PROXY, the socket decides and the forwarded headers are ignored', () => {
    const a = arrivalOf(false)
    const r = req({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' })
    expect(a.secure(r)).toBe(false)
    expect(a.ip(r)).toBe('127.0.0.1')
    expect(a.secure(req({}, { encrypted: true }))).toBe(true)
  })

  it("with TRUST_PROXY, the proxy's first scheme and the leftmost forwarded address count", () => {
    const a = arrivalOf(true)
    expect(a.secure(req({ 'x-forwarded-proto': 'https' }))).toBe(true)
    expect(a.secure(req({ 'x-forwarded-proto': 'HTTPS, http' }))).toBe(true)
    expect(a.secure(req({ 'x-forwarded-proto': 'http' }, { encrypted: true }))).toBe(false)
    expect(a.secure(req({}, { encrypted: true }))).toBe(true)
    expect(a.ip(req({ 'x-forwarded-for': ' 203.0.113.7 , 10.0.0.2' }))).toBe('203.0.113.7')
    expect(a.ip(req({ 'x-forwarded-for': '' }))).toBe('127.0.0.1')
    expect(a.ip(req({}))).toBe('127.0.0.1')
  })
})
