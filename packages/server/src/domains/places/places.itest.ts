// GET /api/google-maps/places/autocomplete and /details: the offline provider (the default, real open data) and the
// Google Places provider when GOOGLE_MAPS_API_KEY is set (against a local stand-in of the web service).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, keepEnv, startTestApp, type TestApp } from '../../../test/harness.js'

keepEnv(['GOOGLE_MAPS_API_KEY', 'GOOGLE_PLACES_URL'])

const AUTO = '/api/google-maps/places/autocomplete'
const DETAILS = '/api/google-maps/places/details'

describe(`places, offline provider (${BACKEND})`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({ seedDemo: false })
  })
  afterAll(() => t?.close())

  it('suggests cities for the typed text, largest first, limited and filtered by country', async () => {
    const v = t.client()
    const r = await v.get(`${AUTO}?input=springfield&country=us&limit=3`)
    expect(r.status).toBe(200)
    expect(r.json.predictions).toHaveLength(3)
    for (const p of r.json.predictions) {
      expect(p.mainText).toBe('Springfield')
      expect(p.secondaryText).toMatch(/^[A-Z]{2}, United States$/)
      expect(p.placeId).toMatch(/^city:\d+$/)
    }
    // Springfield, Missouri is the largest of the name in the data
    expect(r.json.predictions[0].description).toBe('Springfield, MO, United States')
    expect((await v.get(`${AUTO}?input=munich`)).json.predictions[0].description).toBe('Munich, Germany')
    // accents are folded: 'sao paulo' finds São Paulo
    expect((await v.get(`${AUTO}?input=sao%20paulo`)).json.predictions[0].description).toBe('São Paulo, Brazil')
    expect((await v.get(`${AUTO}?input=`)).json).toEqual({ predictions: [] })
  })

  it('details fill the city, state and country; unknown places are 404; bad parameters are 400', async () => {
    const v = t.client()
    const [first] = (await v.get(`${AUTO}?input=springfield&country=US&limit=1`)).json.predictions
    const d = await v.get(`${DETAILS}?placeId=${encodeURIComponent(first.placeId)}`)
    expect(d.status).toBe(200)
    expect(d.json.result).toMatchObject({ placeId: first.placeId, city: 'Springfield', region: 'MO', country: 'US', countryName: 'United States', line1: '', postalCode: '' })
    expect(typeof d.json.result.location.lat).toBe('number')
    expect((await v.get(`${DETAILS}?placeId=city%3A0`)).status).toBe(404)
    expect((await v.get(DETAILS)).status).toBe(400)
    expect((await v.get(`${AUTO}?input=x&country=USA`)).status).toBe(400)
    expect((await v.get(`${AUTO}?input=x&limit=99`)).status).toBe(400)
  })
})

describe('places, Google Places provider when a key is configured', () => {
  let t: TestApp
  let stub: Server
  const seen: URL[] = []
  beforeAll(async () => {
    stub = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://stub')
      seen.push(url)
      res.setHeader('content-type', 'application/json')
      if (url.pathname.endsWith('/autocomplete/json')) {
        res.end(JSON.stringify({ status: 'OK', predictions: [{ place_id: 'g1', description: 'Paris, France', structured_formatting: { main_text: 'Paris', secondary_text: 'France' } }] }))
      } else if (url.searchParams.get('place_id') === 'g1') {
        res.end(JSON.stringify({
          status: 'OK',
          result: {
            formatted_address: 'Paris, France',
            address_components: [
              { long_name: 'Paris', short_name: 'Paris', types: ['locality', 'political'] },
              { long_name: 'Île-de-France', short_name: 'IDF', types: ['administrative_area_level_1', 'political'] },
              { long_name: 'France', short_name: 'FR', types: ['country', 'political'] },
            ],
            geometry: { location: { lat: 48.85, lng: 2.35 } },
          },
        }))
      } else res.end(JSON.stringify({ status: 'NOT_FOUND' }))
    })
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r))
    process.env.GOOGLE_MAPS_API_KEY = 'test-key'
    process.env.GOOGLE_PLACES_URL = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/maps/api/place`
    try {
      t = await startTestApp({ seedDemo: false })
    } finally {
      delete process.env.GOOGLE_MAPS_API_KEY
      delete process.env.GOOGLE_PLACES_URL
    }
  })
  afterAll(async () => {
    await t?.close()
    stub?.close()
  })

  it('passes the text, country and session token with the key, and maps the answers', async () => {
    const v = t.client()
    const r = await v.get(`${AUTO}?input=par&country=FR&sessiontoken=s1`)
    expect(r.json.predictions).toEqual([{ placeId: 'g1', description: 'Paris, France', mainText: 'Paris', secondaryText: 'France' }])
    const q = seen.at(-1)!
    expect(Object.fromEntries(q.searchParams)).toMatchObject({ input: 'par', components: 'country:fr', sessiontoken: 's1', key: 'test-key', types: '(cities)' })
    const d = await v.get(`${DETAILS}?placeId=g1&sessiontoken=s1`)
    expect(d.json.result).toEqual({ placeId: 'g1', formattedAddress: 'Paris, France', line1: '', city: 'Paris', region: 'IDF', postalCode: '', country: 'FR', countryName: 'France', location: { lat: 48.85, lng: 2.35 } })
    expect((await v.get(`${DETAILS}?placeId=nope`)).status).toBe(404)
  })
})
