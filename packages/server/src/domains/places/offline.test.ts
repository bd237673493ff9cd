// The offline places provider on a small fixed data set: ranking (exact, prefix, word, population), country filter,
// accents, countries as suggestions, and details (US state codes, unknown ids).
import { describe, expect, it } from 'vitest'
import { createOfflineProvider, type OfflineData } from './offline.js'
import { fold } from './provider.js'

const city = (cityId: number, name: string, country: string, adminCode: string, population: number, altName = '') => ({
  cityId, name, altName, country, adminCode, population, loc: { coordinates: [-89.5, 39.8 + cityId] as [number, number] },
})
const data: OfflineData = {
  cities: [
    city(1, 'Springfield', 'US', 'IL', 116_000),
    city(2, 'Springfield', 'US', 'MO', 169_000),
    city(3, 'Spring', 'US', 'TX', 62_000),
    city(4, 'Colorado Springs', 'US', 'CO', 478_000),
    city(5, 'São Paulo', 'BR', '27', 10_000_000),
    city(6, 'Springe', 'DE', '06', 29_000),
    city(7, 'München', 'DE', '02', 1_260_000, 'Munich'),
  ],
  countries: { US: { name: 'United States', native: 'United States' }, DE: { name: 'Germany', native: 'Deutschland' }, BR: { name: 'Brazil', native: 'Brasil' }, SE: { name: 'Sweden', native: 'Sverige' } },
}

describe('offline places provider', () => {
  const p = createOfflineProvider(data)

  it('folds accents, case and punctuation', () => {
    expect(fold('  São-Paulo ')).toBe('sao paulo')
  })

  it('ranks an exact name first, then name prefixes, then word and alternative-name matches; larger cities first within a rank', async () => {
    const r = await p.autocomplete({ input: 'spring', limit: 10 })
    expect(r.map((x) => x.placeId)).toEqual(['city:3', 'city:2', 'city:1', 'city:6', 'city:4'])
    expect(r[1]).toEqual({ placeId: 'city:2', description: 'Springfield, MO, United States', mainText: 'Springfield', secondaryText: 'MO, United States' })
    expect((await p.autocomplete({ input: 'springf', limit: 1 })).map((x) => x.placeId)).toEqual(['city:2'])
  })

  it('filters by country, matches without accents and by alternative name, and suggests countries', async () => {
    expect((await p.autocomplete({ input: 'spring', country: 'DE', limit: 5 })).map((x) => x.placeId)).toEqual(['city:6'])
    expect((await p.autocomplete({ input: 'sao pa', limit: 5 }))[0]?.description).toBe('São Paulo, Brazil')
    expect((await p.autocomplete({ input: 'munich', limit: 5 }))[0]?.mainText).toBe('München')
    expect(await p.autocomplete({ input: 'swe', limit: 5 })).toEqual([{ placeId: 'country:SE', description: 'Sweden', mainText: 'Sweden', secondaryText: 'Country' }])
    expect(await p.autocomplete({ input: '  ', limit: 5 })).toEqual([])
  })

  it('details: city, US state code, country and location; a country; unknown ids are null', async () => {
    expect(await p.details('city:1')).toEqual({
      placeId: 'city:1', formattedAddress: 'Springfield, IL, United States', line1: '', city: 'Springfield', region: 'IL', postalCode: '', country: 'US', countryName: 'United States', location: { lat: 40.8, lng: -89.5 },
    })
    expect((await p.details('city:5'))?.region).toBe('')
    expect((await p.details('country:DE'))?.countryName).toBe('Germany')
    expect(await p.details('city:999')).toBeNull()
    expect(await p.details('country:ZZ')).toBeNull()
    expect(await p.details('nonsense')).toBeNull()
  })
})
