import { describe, expect, it } from 'vitest'
import { checkLink, parseLink } from './link.js'

const targets = {
  pages: [
    { path: '/', title: 'Home' },
    { path: '/about', title: 'About' },
    { path: '/blog/first-post', title: 'First post' },
  ],
  files: [{ assetUrl: '/files/demo/abc/menu.pdf', filename: 'menu.pdf' }],
}
const check = (kind: string, value: string) => checkLink({ kind, value, newWindow: false }, targets)

describe('Link Editor validation', () => {
  it('Email: empty and malformed addresses get the two spec messages', () => {
    expect(check('email', '')).toEqual({ ok: false, error: 'Please enter a valid email' })
    expect(check('email', 'bob')).toEqual({ ok: false, error: 'Emails must be formatted as name@example.com' })
    expect(check('email', 'bob@example.toolong')).toMatchObject({ ok: false })
    expect(check('email', 'bob@example.com')).toEqual({ ok: true, url: 'mailto:bob@example.com' })
  })

  it('Web Address: host with or without scheme; other forms get the spec message', () => {
    const msg = 'Links must be formatted as example.com or https://example.com'
    expect(check('web', 'example.com')).toEqual({ ok: true, url: 'https://example.com/' })
    expect(check('web', 'http://shop.example.co.uk/a?b=1')).toEqual({ ok: true, url: 'http://shop.example.co.uk/a?b=1' })
    for (const bad of ['', 'javascript:alert(1)', 'not a url', 'localhost', 'ftp://example.com', 'exa_mple.com'])
      expect(check('web', bad)).toEqual({ ok: false, error: msg })
  })

  it("Page: only an existing page's path, else '{val} is not a valid page URL'", () => {
    expect(check('page', '/about')).toEqual({ ok: true, url: '/about' })
    expect(check('page', '/about#team')).toEqual({ ok: true, url: '/about#team' })
    expect(check('page', '/missing')).toEqual({ ok: false, error: '/missing is not a valid page URL' })
    expect(check('page', 'About Us')).toEqual({ ok: false, error: 'About Us is not a valid page URL' })
  })

  it("File and unknown kinds: '{val} is not one of the expected options'", () => {
    expect(check('file', '/files/demo/abc/menu.pdf')).toEqual({ ok: true, url: '/files/demo/abc/menu.pdf' })
    expect(check('file', '/files/x')).toEqual({ ok: false, error: '/files/x is not one of the expected options' })
    expect(check('fax', '123')).toEqual({ ok: false, error: 'fax is not one of the expected options' })
  })

  it('Phone: digits with usual punctuation', () => {
    expect(check('phone', '+1 (555) 010-9999')).toEqual({ ok: true, url: 'tel:+15550109999' })
    expect(check('phone', 'call me')).toMatchObject({ ok: false })
  })

  it('reads stored links back into the editor', () => {
    expect(parseLink('mailto:a@b.co')).toMatchObject({ kind: 'email', value: 'a@b.co' })
    expect(parseLink('tel:+123')).toMatchObject({ kind: 'phone', value: '+123' })
    expect(parseLink('/files/x/y/z.pdf')).toMatchObject({ kind: 'file' })
    expect(parseLink('/about')).toMatchObject({ kind: 'page' })
    expect(parseLink('https://example.com', true)).toEqual({ kind: 'web', value: 'https://example.com', newWindow: true })
  })
})
