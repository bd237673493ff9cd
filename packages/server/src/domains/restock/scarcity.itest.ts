// Scarcity on the live product page: the owner's settings (threshold, text with {qtyInStock}, shown by default)
// feed the message with the variant's qtyInStock; physical and service products; a message tied to a variant
// carries its attributes and starts hidden unless shown by default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FEATURE_FLAGS } from '@sitewright/contracts'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'

let t: TestApp
let owner: Client
let siteId: string
let host: string
let shopId: string

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
  shopId = (await owner.post(`/api/sites/${siteId}/content/collections`, { typeName: 'products', title: 'Shop' })).json.collection.id
})
afterAll(() => t?.close())

const api = (p: string) => `/api/sites/${siteId}${p}`
const scarcity = (html: string) => [...html.matchAll(/<div class="product-scarcity"( data-variant-attributes="([^"]*)" hidden)?>\s*([^<]*?)\s*<\/div>/g)].map((m) => ({ attributes: m[2] ?? null, text: m[3] }))

async function product(title: string, productType: number, variants: { sku: string; qtyInStock: number; attributes?: Record<string, string> }[]) {
  const options = variants.some((v) => v.attributes) ? [{ name: 'Size', values: variants.map((v) => v.attributes!.Size!) }] : []
  const res = await owner.post(api('/commerce/products'), { collectionId: shopId, productType, title, variantOptions: options, variants: variants.map((v) => ({ priceCents: 1000, attributes: {}, ...v })) })
  expect(res.status, res.body).toBe(201)
  return res.json.product as { fullUrl: string }
}

describe(`scarcity message (${BACKEND})`, () => {
  it('defaults: threshold 5 and the default text; the owner changes threshold, text and shown-by-default; the page follows', async () => {
    const settings = await owner.get(api('/restock-settings'))
    expect(settings.json.config).toMatchObject({ scarcityEnabled: true, scarcityThreshold: 5, scarcityText: 'Only {qtyInStock} left in stock!', scarcityShownByDefault: false })
    const visitor = t.client(host)
    const mug = await product('Mug', 1, [{ sku: 'MUG', qtyInStock: 4 }])
    const lesson = await product('Lesson', 3, [{ sku: 'LESSON', qtyInStock: 2 }])
    const shirt = await product('Shirt', 1, [{ sku: 'S', qtyInStock: 2, attributes: { Size: 'S' } }, { sku: 'M', qtyInStock: 9, attributes: { Size: 'M' } }])
    const plenty = await product('Plenty', 1, [{ sku: 'P', qtyInStock: 50 }])

    expect(scarcity((await visitor.get(mug.fullUrl)).body)).toEqual([{ attributes: null, text: 'Only 4 left in stock!' }])
    expect(scarcity((await visitor.get(lesson.fullUrl)).body)).toEqual([{ attributes: null, text: 'Only 2 left in stock!' }]) // services too
    expect(scarcity((await visitor.get(shirt.fullUrl)).body)).toEqual([{ attributes: '{&quot;Size&quot;:&quot;S&quot;}', text: 'Only 2 left in stock!' }])
    expect(scarcity((await visitor.get(plenty.fullUrl)).body)).toEqual([])

    const bad = await owner.patch(api('/restock-settings'), { scarcityText: 'Hurry!' })
    expect(bad.status).toBe(400)
    expect(bad.json.error.fields).toEqual({ scarcityText: 'Include {qtyInStock} in the message.' })
    const saved = await owner.patch(api('/restock-settings'), { scarcityThreshold: 3, scarcityText: 'Just {qtyInStock} to go', scarcityShownByDefault: true })
    expect(saved.status, saved.body).toBe(200)
    expect(scarcity((await visitor.get(mug.fullUrl)).body)).toEqual([]) // 4 is above the new threshold
    expect(scarcity((await visitor.get(shirt.fullUrl)).body)).toEqual([{ attributes: null, text: 'Just 2 to go' }]) // shown by default: not tied to a variant
    expect((await owner.patch(api('/restock-settings'), { scarcityEnabled: false })).status).toBe(200)
    expect(scarcity((await visitor.get(lesson.fullUrl)).body)).toEqual([])
  })

  it('is the Commerce plan feature LIMITED_AVAILABILITY_LABELS: on Business the page shows none and turning it on is 403 feature_not_in_plan', async () => {
    const visitor = t.client(host)
    const vase = await product('Vase', 1, [{ sku: 'VASE', qtyInStock: 1 }])
    expect((await owner.patch(api('/restock-settings'), { scarcityEnabled: true, scarcityShownByDefault: false })).status).toBe(200)
    expect(scarcity((await visitor.get(vase.fullUrl)).body)).toHaveLength(1) // the trial has every flag
    await t.app.billing.setPlan(siteId, 'business')
    try {
      expect(scarcity((await visitor.get(vase.fullUrl)).body)).toEqual([]) // the saved setting stays, the plan hides it
      const refused = await owner.patch(api('/restock-settings'), { scarcityEnabled: true })
      expect(refused.status).toBe(403)
      expect(refused.json.error).toMatchObject({ code: 'feature_not_in_plan', fields: { flag: String(FEATURE_FLAGS.LIMITED_AVAILABILITY_LABELS), feature: 'LIMITED_AVAILABILITY_LABELS', plan: 'commerce' } })
      expect((await owner.patch(api('/restock-settings'), { autoSend: false })).status).toBe(200) // the rest of the settings stay open
      await t.app.billing.setPlan(siteId, 'commerce')
      expect(scarcity((await visitor.get(vase.fullUrl)).body)).toEqual([{ attributes: null, text: 'Just 1 to go' }]) // the text the first test saved
    } finally {
      await t.app.billing.setPlan(siteId, 'trial', new Date(Date.now() + 864e5))
    }
  })
})
