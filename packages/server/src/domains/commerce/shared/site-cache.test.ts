// The per-site cache of cart answers: kept until dropped or stale, shared by concurrent callers, failures not kept.
import { describe, expect, it } from 'vitest'
import { createSiteCache, SITE_CACHE_TTL_MS } from './site-cache.js'
import type { StoreSettings } from '../settings.js'

const settings = (currency: string): StoreSettings => ({
  currency,
  instalmentsEnabled: true,
  instalmentMinCents: 3500,
  instalmentMaxCents: 200000,
  multipleQuantityAllowedForServices: true,
  expressCheckout: false,
})

function fixture() {
  const reads = { settings: 0, rules: 0, paths: 0 }
  let currency = 'USD'
  let fail = false
  let clock = 1_000_000
  const cache = createSiteCache(
    {
      settings: async () => {
        reads.settings++
        if (fail) throw new Error('database down')
        return settings(currency)
      },
      rules: async () => {
        reads.rules++
        return { promotions: [], coupons: [], shipping: [], taxes: [] }
      },
    },
    { now: () => clock },
  )
  const lookup = async (_siteId: string, collectionId: string) => {
    reads.paths++
    return collectionId === 'shop' ? '/shop' : null
  }
  return {
    cache,
    reads,
    lookup,
    setCurrency: (c: string) => (currency = c),
    setFail: (f: boolean) => (fail = f),
    advance: (ms: number) => (clock += ms),
  }
}

describe('site cache', () => {
  it('reads a site once while fresh, concurrent callers included; each site apart', async () => {
    const f = fixture()
    const all = await Promise.all([f.cache.settings('a'), f.cache.settings('a'), f.cache.settings('b')])
    expect(all.map((s) => s.currency)).toEqual(['USD', 'USD', 'USD'])
    await f.cache.settings('a')
    await f.cache.rules('a')
    await f.cache.rules('a')
    expect(f.reads).toMatchObject({ settings: 2, rules: 1 })
  })

  it('drop: the next call reads the change (what an owner change and a node message do)', async () => {
    const f = fixture()
    expect((await f.cache.settings('a')).currency).toBe('USD')
    f.setCurrency('EUR')
    expect((await f.cache.settings('a')).currency).toBe('USD') // kept
    f.cache.drop('a')
    expect((await f.cache.settings('a')).currency).toBe('EUR')
  })

  it('a kept copy lives at most SITE_CACHE_TTL_MS (a change no message told)', async () => {
    const f = fixture()
    await f.cache.settings('a')
    f.setCurrency('JPY')
    f.advance(SITE_CACHE_TTL_MS - 1)
    expect((await f.cache.settings('a')).currency).toBe('USD')
    f.advance(1)
    expect((await f.cache.settings('a')).currency).toBe('JPY')
  })

  it('a failed read is not kept; collection paths are kept per collection, a missing one too', async () => {
    const f = fixture()
    f.setFail(true)
    await expect(f.cache.settings('a')).rejects.toThrow('database down')
    f.setFail(false)
    expect((await f.cache.settings('a')).currency).toBe('USD')
    expect(await f.cache.collectionPath('a', 'shop', f.lookup)).toBe('/shop')
    expect(await f.cache.collectionPath('a', 'gone', f.lookup)).toBeNull()
    await f.cache.collectionPath('a', 'shop', f.lookup)
    await f.cache.collectionPath('a', 'gone', f.lookup)
    expect(f.reads.paths).toBe(2)
    f.cache.drop('a')
    await f.cache.collectionPath('a', 'shop', f.lookup)
    expect(f.reads.paths).toBe(3)
  })
})
