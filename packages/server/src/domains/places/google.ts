// Google Places (the Places API's autocomplete and details web services) when GOOGLE_MAPS_API_KEY is set.
import type { PlaceDetails, PlacePrediction } from '@sitewright/contracts'
import { AppError } from '../../platform/errors.js'
import type { AutocompleteQuery, PlacesProvider } from './provider.js'

interface Component {
  long_name: string
  short_name: string
  types: string[]
}

export function createGoogleProvider(opts: { apiKey: string; baseUrl: string; fetch?: typeof fetch }): PlacesProvider {
  const doFetch = opts.fetch ?? ((u: string | URL | Request, i?: RequestInit) => globalThis.fetch(u, i))
  async function call<T>(path: string, params: Record<string, string | undefined>): Promise<T> {
    const url = new URL(`${opts.baseUrl.replace(/\/+$/, '')}/${path}`)
    for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v)
    url.searchParams.set('key', opts.apiKey)
    let res: Response
    try {
      res = await doFetch(url, { signal: AbortSignal.timeout(5000) })
    } catch (e) {
      throw new AppError('unavailable', 'places_unreachable', `The places service did not answer: ${String(e)}`)
    }
    if (!res.ok) throw new AppError('unavailable', 'places_unreachable', `The places service answered ${res.status}.`)
    const body = (await res.json().catch(() => null)) as (T & { status?: string }) | null
    if (!body || (body.status !== 'OK' && body.status !== 'ZERO_RESULTS' && body.status !== 'NOT_FOUND')) {
      throw new AppError('unavailable', 'places_failed', `The places service failed (${body?.status ?? 'no answer'}).`)
    }
    return body
  }
  return {
    name: 'google',
    async autocomplete(q: AutocompleteQuery): Promise<PlacePrediction[]> {
      const r = await call<{ predictions?: { place_id: string; description: string; structured_formatting?: { main_text?: string; secondary_text?: string } }[] }>(
        'autocomplete/json',
        { input: q.input, types: '(cities)', components: q.country ? `country:${q.country.toLowerCase()}` : undefined, sessiontoken: q.sessionToken },
      )
      return (r.predictions ?? []).slice(0, q.limit).map((p) => ({
        placeId: p.place_id,
        description: p.description,
        mainText: p.structured_formatting?.main_text ?? p.description,
        secondaryText: p.structured_formatting?.secondary_text ?? '',
      }))
    },
    async details(placeId: string, sessionToken?: string): Promise<PlaceDetails | null> {
      const r = await call<{ result?: { formatted_address?: string; address_components?: Component[]; geometry?: { location?: { lat: number; lng: number } } } }>(
        'details/json',
        { place_id: placeId, fields: 'address_component,formatted_address,geometry', sessiontoken: sessionToken },
      )
      if (!r.result) return null
      const parts = r.result.address_components ?? []
      const get = (type: string, short = false) => {
        const c = parts.find((x) => x.types.includes(type))
        return c ? (short ? c.short_name : c.long_name) : ''
      }
      const line1 = [get('street_number'), get('route')].filter(Boolean).join(' ')
      return {
        placeId,
        formattedAddress: r.result.formatted_address ?? '',
        line1,
        city: get('locality') || get('postal_town') || get('administrative_area_level_2'),
        region: get('administrative_area_level_1', true),
        postalCode: get('postal_code'),
        country: get('country', true),
        countryName: get('country'),
        location: r.result.geometry?.location ?? null,
      }
    },
  }
}
