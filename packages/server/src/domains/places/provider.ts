// The address-entry provider interface behind GET /api/google-maps/places/autocomplete and /details.
import type { PlaceDetails, PlacePrediction } from '@sitewright/contracts'

export interface AutocompleteQuery {
  input: string
  /** ISO 3166-1 alpha-2: only places in this country. */
  country?: string | undefined
  limit: number
  /** Google's session token (billing groups a session's calls); ignored offline. */
  sessionToken?: string | undefined
}

export interface PlacesProvider {
  readonly name: 'offline' | 'google'
  autocomplete(q: AutocompleteQuery): Promise<PlacePrediction[]>
  /** null: no such place. */
  details(placeId: string, sessionToken?: string): Promise<PlaceDetails | null>
}

/** Lower case, accents removed, runs of spaces and punctuation collapsed: 'São  Paulo' -> 'sao paulo'. */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}
