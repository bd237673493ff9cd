// Public API of the places domain: address-entry suggestions at the spec's /api/google-maps/places/ paths, behind
// a provider: Google Places when GOOGLE_MAPS_API_KEY is set, else the offline open-data provider (no network).
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import { createGoogleProvider } from './google.js'
import { createOfflineProvider } from './offline.js'
import type { PlacesProvider } from './provider.js'

export type { PlacesProvider } from './provider.js'
export { createOfflineProvider } from './offline.js'

export interface PlacesConfig {
  googleApiKey: string | null
  googleBaseUrl: string
}

export function loadPlacesConfig(env: Record<string, string | undefined>): PlacesConfig {
  return {
    googleApiKey: env.GOOGLE_MAPS_API_KEY || null,
    googleBaseUrl: env.GOOGLE_PLACES_URL || 'https://maps.googleapis.com/maps/api/place',
  }
}

const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'country is a two-letter ISO code.')
  .transform((s) => s.toUpperCase())
const autocompleteQuery = z
  .object({
    input: z.string().max(200, 'input is at most 200 characters.'),
    country: country.optional(),
    limit: z.coerce.number().int().min(1).max(10).optional().default(5),
    sessiontoken: z.string().max(100).optional(),
  })
  .strict()
const detailsQuery = z
  .object({ placeId: z.string().min(1, 'placeId is required.').max(300), sessiontoken: z.string().max(100).optional() })
  .strict()
const prediction = z.object({ placeId: z.string(), description: z.string(), mainText: z.string(), secondaryText: z.string() })
const autocompleteAnswer = z.object({ predictions: z.array(prediction) })
const detailsAnswer = z.object({ result: z.object({}).passthrough() })

/** `_orm`: the places keep nothing in the database (the domain skeleton's first argument). */
export function createPlaces(_orm: Orm, deps: { config: PlacesConfig; provider?: PlacesProvider | undefined; fetch?: typeof fetch }) {
  const provider =
    deps.provider ??
    (deps.config.googleApiKey
      ? createGoogleProvider({ apiKey: deps.config.googleApiKey, baseUrl: deps.config.googleBaseUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) })
      : createOfflineProvider())
  return {
    provider,
    routes(app: FastifyInstance): void {
      defineRoute(
        app,
        {
          method: 'GET',
          url: '/api/google-maps/places/autocomplete',
          summary: 'Address-entry suggestions for the typed text (cities; offline open data unless Google Places is configured)',
          tags: ['places'],
          query: autocompleteQuery,
          responses: { 200: { description: 'Suggestions', schema: autocompleteAnswer } },
        },
        async ({ reply, query }) => {
          reply.header('cache-control', 'public, max-age=300')
          const predictions = query.input.trim() ? await provider.autocomplete({ input: query.input, country: query.country, limit: query.limit, sessionToken: query.sessiontoken }) : []
          return { predictions }
        },
      )
      defineRoute(
        app,
        {
          method: 'GET',
          url: '/api/google-maps/places/details',
          summary: "A suggestion's address parts (city, region, postal code, country, location)",
          tags: ['places'],
          query: detailsQuery,
          responses: { 200: { description: 'The place', schema: detailsAnswer } },
        },
        async ({ reply, query }) => {
          const result = await provider.details(query.placeId, query.sessiontoken)
          if (!result) throw new AppError('not_found', 'place_not_found', 'This place is unknown.')
          reply.header('cache-control', 'public, max-age=3600')
          return { result }
        },
      )
    },
  }
}

export type Places = ReturnType<typeof createPlaces>
