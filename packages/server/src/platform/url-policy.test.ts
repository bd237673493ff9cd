import { describe, expect, it } from 'vitest'
import { safeLink, withSafeLinks } from './url-policy.js'

describe('URL policy', () => {
  it('allows http(s), mailto, tel and relative or in-site links', () => {
    for (const ok of ['https://example.com/a?b=1', 'HTTP://example.com', '//cdn.example/x.png', '/shop', 'about', '#top', '?page=2', 'mailto:a@b.co', 'tel:+1555']) expect(safeLink(ok)).toBe(ok)
  })
  it('refuses other schemes, also disguised, and backslash paths', () => {
    for (const bad of ['javascript:alert(1)', ' JAVASCRIPT:x', 'java\nscript:x', 'java\u0000script:x', '\u0001javascript:x', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', 'blob:https://x/1', '\\\\evil', '/\\evil.example']) expect(safeLink(bad)).toBeNull()
  })
  it('drops refused links from a template context, copying only what changes', () => {
    const keep = { fullUrl: '/a', title: 'x' }
    const ctx = { items: [keep, { url: 'javascript:x', title: 'y' }], popup: { buttonUrl: 'data:x', body: 'javascript: is text here' }, when: new Date(0) }
    const out = withSafeLinks(ctx)
    expect(out.items[0]).toBe(keep)
    expect(out.items[1]).toEqual({ title: 'y' })
    expect(out.popup).toEqual({ body: 'javascript: is text here' })
    expect(out.when).toBe(ctx.when)
    expect(ctx.items[1]).toEqual({ url: 'javascript:x', title: 'y' }) // the input is left alone
    expect(withSafeLinks(keep)).toBe(keep)
  })
})
