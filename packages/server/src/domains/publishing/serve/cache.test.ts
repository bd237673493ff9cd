import { describe, expect, it } from 'vitest'
import { bodyFor, createPageCache, CRUMB_PLACEHOLDER, etagFor, notModified, prepareBody, type CachedPage } from './cache.js'

const page = (text: string, extra: Partial<CachedPage> = {}): CachedPage => ({
  status: 200,
  contentType: 'text/html',
  ...prepareBody(text),
  siteVersion: 0,
  themeVersion: 1,
  expires: 1000,
  ...extra,
})

describe('cached page bodies', () => {
  it('serves a page without a crumb as the same bytes and ETag to everyone', () => {
    const p = page('<p>hello</p>')
    expect(bodyFor(p, 'c1').toString()).toBe('<p>hello</p>')
    expect(bodyFor(p, 'c1')).toBe(bodyFor(p, 'c2'))
    expect(etagFor(p, 'c1')).toBe(etagFor(p, 'c2'))
    expect(etagFor(p, 'c1')).toMatch(/^"[A-Za-z0-9_-]+"$/)
  })
  it('puts each visitor\'s crumb into a page that prints it, with an ETag of their own', () => {
    const p = page(`<input value="${CRUMB_PLACEHOLDER}"><i>${CRUMB_PLACEHOLDER}</i>`)
    expect(bodyFor(p, 'abc').toString()).toBe('<input value="abc"><i>abc</i>')
    expect(etagFor(p, 'abc')).not.toBe(etagFor(p, 'abd'))
    expect(etagFor(p, 'abc')).toBe(etagFor(p, 'abc'))
    expect(etagFor(p, 'abc').startsWith(p.etag.slice(0, -1))).toBe(true)
  })
  it('changes the ETag when the content changes', () => {
    expect(page('a').etag).not.toBe(page('b').etag)
  })
})

describe('notModified', () => {
  it('matches the exact tag, a list, a weak tag and *', () => {
    expect(notModified('"x"', '"x"')).toBe(true)
    expect(notModified('"y", "x"', '"x"')).toBe(true)
    expect(notModified('W/"x"', '"x"')).toBe(true)
    expect(notModified('*', '"x"')).toBe(true)
    expect(notModified('"y"', '"x"')).toBe(false)
    expect(notModified(undefined, '"x"')).toBe(false)
    expect(notModified('', '"x"')).toBe(false)
  })
})

describe('createPageCache', () => {
  it('drops a site\'s pages when its version is bumped, and entries of an older theme or past expiry', () => {
    const cache = createPageCache()
    cache.set('s1', 'k', page('one', { siteVersion: cache.version('s1') }))
    cache.set('s2', 'k', page('two', { siteVersion: cache.version('s2') }))
    expect(cache.get('s1', 'k', 1, 0)).not.toBeNull()
    expect(cache.get('s1', 'k', 2, 0)).toBeNull() // theme changed
    cache.set('s1', 'k', page('one', { siteVersion: cache.version('s1') }))
    cache.bump('s1')
    expect(cache.get('s1', 'k', 1, 0)).toBeNull()
    expect(cache.get('s2', 'k', 1, 0)).not.toBeNull()
    expect(cache.get('s2', 'k', 1, 1000)).toBeNull() // expired
  })
  it('keeps at most maxEntries pages, least recently used out first', () => {
    const cache = createPageCache({ maxEntries: 2 })
    cache.set('s', 'a', page('a'))
    cache.set('s', 'b', page('b'))
    cache.get('s', 'a', 1, 0)
    cache.set('s', 'c', page('c'))
    expect(cache.get('s', 'b', 1, 0)).toBeNull()
    expect(cache.get('s', 'a', 1, 0)).not.toBeNull()
    expect(cache.size).toBe(2)
  })
})
