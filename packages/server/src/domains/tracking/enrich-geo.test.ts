import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { countryOnlyDataDir, loadCountryLookup } from './enrich.js'

describe('country lookup (geoip-lite, country tables only)', () => {
  it('points geoip-lite at a directory holding the country tables and no city tables', () => {
    const dir = countryOnlyDataDir()!
    expect(readdirSync(dir).sort()).toEqual(['geoip-country.dat', 'geoip-country6.dat'])
  })

  it('finds countries of IPv4 and IPv6 addresses, and nothing finer (the ~145 MB city tables stay unread)', async () => {
    const countryOf = await loadCountryLookup()
    expect(countryOf('8.8.8.8')).toBe('US')
    expect(countryOf('81.2.69.160')).toBe('GB')
    expect(countryOf('2001:4860:4860::8888')).toBe('US')
    expect(countryOf('127.0.0.1')).toBe('')
    const geoip = (await import('geoip-lite')).default
    expect((geoip.lookup('81.2.69.160') as { city?: string } | null)?.city).toBe('')
  })
})
