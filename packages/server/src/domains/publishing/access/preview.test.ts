import { describe, expect, it } from 'vitest'
import { previewAddress, previewExpiry, previewToken } from './preview.js'

describe('preview tokens', () => {
  it('are valid for their site until they expire', () => {
    const token = previewToken('secret', 'site1', 1000, 500)
    expect(previewExpiry('secret', token, 'site1', 1000)).toBe(1500)
    expect(previewExpiry('secret', token, 'site1', 1499)).toBe(1500)
    expect(previewExpiry('secret', token, 'site1', 1500)).toBeNull()
    expect(previewExpiry('secret', token, 'site2', 1000)).toBeNull()
    expect(previewExpiry('other', token, 'site1', 1000)).toBeNull()
  })
  it('refuse a changed expiry, site or signature, and garbage', () => {
    const token = previewToken('secret', 'site1', 1000, 500)
    const [site, exp, sig] = token.split('.')
    expect(previewExpiry('secret', `${site}.${Number(exp) + 1000}.${sig}`, 'site1', 1000)).toBeNull()
    expect(previewExpiry('secret', `site2.${exp}.${sig}`, 'site2', 1000)).toBeNull()
    expect(previewExpiry('secret', `${site}.${exp}.${sig!.slice(1)}x`, 'site1', 1000)).toBeNull()
    for (const junk of [undefined, '', '...', 'site1..', 'site1.abc.def', 'x'.repeat(300)]) expect(previewExpiry('secret', junk, 'site1', 1000)).toBeNull()
  })
})

describe('previewAddress', () => {
  it('puts the token on a path of the site', () => {
    expect(previewAddress('http://a.localhost:3000/', '/blog/post?x=1', 'tok')).toBe('http://a.localhost:3000/blog/post?x=1&sw-preview=tok')
  })
  it('never leaves the site', () => {
    for (const p of ['//evil.example/', 'http://evil.example/', '/\\evil.example', 'relative']) expect(previewAddress('http://a.localhost/', p, 't')).toBeNull()
  })
})
