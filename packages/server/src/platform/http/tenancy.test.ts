import { describe, expect, it } from 'vitest'
import { classifyHost, createHostCache, hostName } from './tenancy.js'

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

describe('createHostCache', () => {
  const A = { id: 'site-a', slug: 'a' }
  const B = { id: 'site-b', slug: 'b' }
  function resolverOf(sites: Map<string, { id: string; slug: string }>) {
    const calls: string[] = []
    return {
      calls,
      resolver: {
        async platformSite() {
          calls.push('platform')
          return sites.get('demo') ?? null
        },
        async bySlug(slug: string) {
          calls.push(slug)
          return sites.get(slug) ?? null
        },
      },
    }
  }

  it('asks the resolver once per host while the entry is fresh, and coalesces concurrent misses', async () => {
    const { calls, resolver } = resolverOf(new Map([['a', A], ['demo', B]]))
    const cache = createHostCache('localhost', resolver, { ttlMs: 1000, now: () => 0 })
    const [x, y] = await Promise.all([cache.lookup('a.localhost'), cache.lookup('a.localhost')])
    expect(x).toEqual({ kind: 'site', site: A })
    expect(y).toBe(x)
    expect(cache.lookup('a.localhost')).toEqual({ kind: 'site', site: A }) // synchronous: no promise
    expect(await cache.lookup('localhost:3000')).toEqual({ kind: 'platform', site: B })
    expect(cache.lookup('localhost:3000')).toEqual({ kind: 'platform', site: B })
    expect(calls).toEqual(['a', 'platform'])
  })

  it('does not cache unknown hosts or missing sites (a new site answers at once)', async () => {
    const sites = new Map<string, { id: string; slug: string }>()
    const { calls, resolver } = resolverOf(sites)
    const cache = createHostCache('localhost', resolver, { now: () => 0 })
    expect(await cache.lookup('a.localhost')).toEqual({ kind: 'unknown', host: 'a.localhost' })
    sites.set('a', A)
    expect(await cache.lookup('a.localhost')).toEqual({ kind: 'site', site: A })
    expect(await cache.lookup('example.com')).toEqual({ kind: 'unknown', host: 'example.com' })
    expect(cache.size).toBe(1)
    expect(calls).toEqual(['a', 'a'])
  })

  it('expires entries after the TTL, reads one in use again before it expires, and drops a site on invalidate', async () => {
    let now = 0
    const sites = new Map([['a', A], ['b', B]])
    const { calls, resolver } = resolverOf(sites)
    const cache = createHostCache('localhost', resolver, { ttlMs: 100, now: () => now })
    await cache.lookup('a.localhost')
    await cache.lookup('b.localhost')
    now = 79
    expect(cache.lookup('a.localhost')).not.toBeInstanceOf(Promise)
    expect(calls).toEqual(['a', 'b'])
    // in its last fifth: answered from the entry at once, and read again in the background (once)
    now = 99
    expect(cache.cachedSite('a.localhost')).toEqual(A)
    expect(cache.lookup('a.localhost')).toEqual({ kind: 'site', site: A })
    await new Promise((r) => setTimeout(r, 0))
    expect(calls).toEqual(['a', 'b', 'a'])
    // a's entry now lives to 199; b, not asked for, expired at 100
    now = 150
    expect(cache.lookup('a.localhost')).not.toBeInstanceOf(Promise)
    expect(cache.cachedSite('b.localhost')).toBeNull()
    expect(cache.lookup('b.localhost')).toBeInstanceOf(Promise)
    await cache.lookup('b.localhost')
    sites.delete('b')
    cache.invalidate('site-b')
    expect(await cache.lookup('b.localhost')).toEqual({ kind: 'unknown', host: 'b.localhost' })
    expect(cache.lookup('a.localhost')).not.toBeInstanceOf(Promise) // other sites stay cached
    cache.invalidate()
    expect(cache.size).toBe(0)
    expect(calls).toEqual(['a', 'b', 'a', 'b', 'b'])
  })

  it('drops an entry at once when its background read finds the site gone (deleted on another node)', async () => {
    let now = 0
    const sites = new Map([['a', A]])
    const { resolver } = resolverOf(sites)
    const cache = createHostCache('localhost', resolver, { ttlMs: 100, now: () => now })
    await cache.lookup('a.localhost')
    sites.delete('a') // no invalidate: the change was made elsewhere
    now = 90
    expect(cache.cachedSite('a.localhost')).toEqual(A) // still within its 100 ms
    await new Promise((r) => setTimeout(r, 0))
    expect(cache.cachedSite('a.localhost')).toBeNull()
    expect(await cache.lookup('a.localhost')).toEqual({ kind: 'unknown', host: 'a.localhost' })
  })

  it('a background read that fails leaves the entry to expire as before', async () => {
    let now = 0
    let fail = false
    const resolver = {
      platformSite: async () => null,
      bySlug: async () => {
        if (fail) throw new Error('database down')
        return A
      },
    }
    const cache = createHostCache('localhost', resolver, { ttlMs: 100, now: () => now })
    await cache.lookup('a.localhost')
    fail = true
    now = 90
    expect(cache.cachedSite('a.localhost')).toEqual(A)
    await new Promise((r) => setTimeout(r, 0))
    now = 100
    expect(cache.cachedSite('a.localhost')).toBeNull()
    await expect(cache.lookup('a.localhost')).rejects.toThrow('database down')
  })

  it('does not keep an answer that an invalidation overtook', async () => {
    let release: (v: { id: string; slug: string } | null) => void = () => {}
    const resolver = {
      platformSite: async () => null,
      bySlug: () => new Promise<{ id: string; slug: string } | null>((r) => (release = r)),
    }
    const cache = createHostCache('localhost', resolver, { now: () => 0 })
    const p = cache.lookup('a.localhost')
    cache.invalidate('site-a')
    release(A)
    expect(await p).toEqual({ kind: 'site', site: A })
    expect(cache.size).toBe(0)
  })

  it('evicts the oldest host beyond maxEntries', async () => {
    const { resolver } = resolverOf(new Map([['a', A], ['b', B]]))
    const cache = createHostCache('localhost', resolver, { maxEntries: 1, now: () => 0 })
    await cache.lookup('a.localhost')
    await cache.lookup('b.localhost')
    expect(cache.size).toBe(1)
    expect(cache.lookup('a.localhost')).toBeInstanceOf(Promise)
  })
})
