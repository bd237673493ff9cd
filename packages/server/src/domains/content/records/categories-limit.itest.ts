// A collection holds at most 10,000 distinct categories (SPEC.md: 10000 nested categories): writes past it are
// refused with a field message; the collection's category list never carries more.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../../test/harness.js'
import { LIMITS } from '../constants.js'

let t: TestApp
let owner: Client
let siteId: string
let host: string

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
})
afterAll(() => t?.close())

describe(`categories limit (${BACKEND})`, () => {
  it('10,000 categories per collection: the 10,001st is refused, a known one is fine', async () => {
    expect(LIMITS.nestedCategories).toBe(10000)
    const api = (p: string) => `/api/sites/${siteId}/content${p}`
    const blog = (await owner.post(api('/collections'), { typeName: 'blog', title: 'Notes' })).json.collection
    const first = await owner.post(api(`/collections/${blog.id}/items`), { title: 'First', categories: ['c0'] })
    expect(first.status, first.body).toBe(201)
    // fill the collection up to the limit in one statement (an item holds at most 50 through the API)
    const all = JSON.stringify(Array.from({ length: LIMITS.nestedCategories }, (_, i) => `c${i}`))
    await t.app.db.orm.execute(sql`update content_items set categories = ${all}::jsonb where id = ${first.json.item.id}`)

    const extra = await owner.post(api(`/collections/${blog.id}/items`), { title: 'Second', categories: ['c5', 'brand-new'] })
    expect(extra.status).toBe(400)
    expect(extra.json.error).toMatchObject({ code: 'too_many_categories', fields: { categories: 'A collection holds at most 10000 categories.' } })
    const known = await owner.post(api(`/collections/${blog.id}/items`), { title: 'Third', categories: ['c5', 'c9999'] })
    expect(known.status, known.body).toBe(201)
    const patch = await owner.patch(api(`/items/${known.json.item.id}`), { categories: ['another-new'] })
    expect(patch.status).toBe(400)

    const list = await t.client(host).get(`${blog.fullUrl}?format=json`)
    expect(list.json.collection.categories).toHaveLength(LIMITS.nestedCategories)
  })
})
