// Reviews: the storefront list (fields, paging, product vs store), moderation, reply, settings (flags 66/67),
// CSV export and Etsy import (CSV and JSON), roles and site scoping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { WEBSITE_ROLES } from '../accounts/index.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
})
afterAll(() => t?.close())

async function shop() {
  const c = t.client()
  const res = await c.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  const siteId = res.json.site.id as string
  const product = await t.app.commerce.createProduct(siteId, {
    collectionId: 'shop',
    title: 'Clay mug',
    productType: 1,
    variants: [{ sku: 'MUG', priceCents: 2000, qtyInStock: 3 }],
  })
  return { owner: c, siteId, host: `${res.json.site.slug}.localhost`, productId: product.id, userId: res.json.user.id as string }
}

const list = (v: Client, q: string) => v.get(`/api/commerce/product/reviews${q}`)

describe(`product reviews (${BACKEND})`, () => {
  it('lists approved reviews newest first with the spec fields; page/size paging with nextPage', async () => {
    const s = await shop()
    for (let i = 0; i < 12; i++) {
      await t.app.reviews.add(s.siteId, { productId: s.productId, starRating: (i % 5) + 1, text: `Review ${i}`, userFirstName: 'Ann', userLastName: `B${i}`, reviewDate: new Date(Date.UTC(2026, 0, i + 1)) })
    }
    await t.app.reviews.add(s.siteId, { productId: null, starRating: 5, text: 'Great shop', userName: 'Store fan', reviewDate: new Date(Date.UTC(2025, 5, 1)) })
    await t.app.reviews.add(s.siteId, { productId: s.productId, starRating: 1, text: 'held', status: 'pending' })
    const v = t.client(s.host)
    const first = await list(v, `?productId=${s.productId}`)
    expect(first.status).toBe(200)
    expect(first.json.data.productReviews).toHaveLength(10)
    expect(first.json.data.nextPage).toBe(1)
    const r0 = first.json.data.productReviews[0]
    expect(r0).toMatchObject({ starRating: 2, text: 'Review 11', userFirstName: 'Ann', userLastName: 'B11', productId: s.productId, sourceType: 'NATIVE', reviewDate: '2026-01-12T00:00:00.000Z' })
    expect(Object.keys(r0)).toEqual(expect.arrayContaining(['userLoginName', 'userName']))
    const second = await list(v, `?productId=${s.productId}&page=1`)
    expect(second.json.data.productReviews.map((r: { text: string }) => r.text)).toEqual(['Review 1', 'Review 0'])
    expect(second.json.data.nextPage).toBeNull()
    const store = await list(v, '?page=0&size=100')
    expect(store.json.data.productReviews).toHaveLength(13)
    expect(store.json.data.productReviews.at(-1)).toMatchObject({ text: 'Great shop', productId: null })
    expect((await list(v, '?size=1000')).json.data.productReviews).toHaveLength(13)
    // client mistakes are typed 400s
    for (const q of ['?size=1001', '?size=0', '?page=-1', '?page=x', '?productId=%3Cx%3E', '?other=1']) expect((await list(v, q)).status, q).toBe(400)
    // another site's host sees none of them
    const other = await shop()
    expect((await list(t.client(other.host), `?productId=${s.productId}`)).json.data).toEqual({ productReviews: [], nextPage: null })
  })

  it('owner moderation: hide and approve, reply shown under the review, delete; roles enforced', async () => {
    const s = await shop()
    const r = await t.app.reviews.add(s.siteId, { productId: s.productId, starRating: 4, text: 'Nice' })
    const base = `/api/sites/${s.siteId}/reviews`
    const v = t.client(s.host)
    expect((await s.owner.patch(`${base}/${r!.id}`, { status: 'hidden' })).json.review.status).toBe('hidden')
    expect((await list(v, `?productId=${s.productId}`)).json.data.productReviews).toEqual([])
    const replied = await s.owner.patch(`${base}/${r!.id}`, { status: 'approved', reply: '  Thank you!  ' })
    expect(replied.json.review).toMatchObject({ status: 'approved', reply: 'Thank you!' })
    expect((await list(v, `?productId=${s.productId}`)).json.data.productReviews[0].reply).toBe('Thank you!')
    const owned = await s.owner.get(`${base}?status=approved`)
    expect(owned.json).toMatchObject({ total: 1, nextPage: null })
    expect((await s.owner.patch(`${base}/${r!.id}`, { status: 'spam' })).status).toBe(400)
    expect((await s.owner.patch(`${base}/nope`, { status: 'hidden' })).status).toBe(404)
    expect((await s.owner.patch(`${base}/${r!.id}`, { status: 'hidden' }, { crumb: 'bad' })).status).toBe(403)
    const editor = await shop()
    await t.app.sites.addMember(s.siteId, editor.userId, WEBSITE_ROLES.EDITOR)
    expect((await editor.owner.get(base)).status).toBe(403)
    const stranger = await shop()
    expect((await stranger.owner.get(base)).status).toBe(404)
    expect((await t.client().get(base)).status).toBe(401)
    expect((await s.owner.request('DELETE', `${base}/${r!.id}`)).status).toBe(204)
    expect((await s.owner.get(base)).json.total).toBe(0)
  })

  it('imports Etsy exports (CSV and JSON) once, matching listings by title, with images; CSV export', async () => {
    const s = await shop()
    const base = `/api/sites/${s.siteId}/reviews`
    const csv = [
      'Reviewer,Date Reviewed,Star Rating,Message,Listing Title,Listing Image,Review Photo,Order ID',
      'Jo Park,2025-11-02,5,"Lovely, ""really"" lovely",Clay mug,https://img.example/mug.jpg,https://img.example/photo.jpg,1001',
      'Sam,2025-10-01,4,Fast shipping,Old listing,https://img.example/old.jpg,,1002',
      'Bad,2025-10-01,nine,??,Clay mug,,,1003',
    ].join('\n')
    const first = await s.owner.post(`${base}/import`, { format: 'csv', data: csv })
    expect(first.status).toBe(200)
    expect(first.json).toEqual({ imported: 2, duplicates: 0, skipped: 1 })
    expect((await s.owner.post(`${base}/import`, { format: 'csv', data: csv })).json).toEqual({ imported: 0, duplicates: 2, skipped: 1 })
    const json = JSON.stringify([{ reviewer: 'Lee', date_reviewed: 1730000000, star_rating: '3', message: 'ok', listing_title: 'clay MUG' }])
    expect((await s.owner.post(`${base}/import`, { format: 'json', data: json })).json.imported).toBe(1)
    expect((await s.owner.post(`${base}/import`, { format: 'json', data: '{"a":1}' })).status).toBe(400)
    expect((await s.owner.post(`${base}/import`, { format: 'csv', data: '"unclosed' })).status).toBe(400)

    const v = t.client(s.host)
    const mine = (await list(v, `?productId=${s.productId}`)).json.data.productReviews
    expect(mine).toHaveLength(2)
    const jo = mine.find((r: { userName: string }) => r.userName === 'Jo Park')
    expect(jo).toMatchObject({
      sourceType: 'ETSY', starRating: 5, text: 'Lovely, "really" lovely', userFirstName: 'Jo', userLastName: 'Park', importedProductName: 'Clay mug',
      importedProductImageUrls: ['https://img.example/mug.jpg'], etsyImageUrls: ['https://img.example/mug.jpg'], importedImageUrls: ['https://img.example/photo.jpg'],
    })
    const storeWide = (await list(v, '')).json.data.productReviews
    expect(storeWide.find((r: { userName: string }) => r.userName === 'Sam')).toMatchObject({ productId: null, importedProductName: 'Old listing' })

    // imported reviews off (flag 67): the storefront hides them
    expect((await s.owner.patch(`/api/sites/${s.siteId}/review-settings`, { importedEnabled: false })).json.settings).toEqual({ nativeEnabled: true, importedEnabled: false })
    expect((await list(v, '')).json.data.productReviews).toEqual([])

    const exported = await s.owner.get(`${base}/export.csv`)
    expect(exported.status).toBe(200)
    expect(exported.headers['content-type']).toMatch(/^text\/csv/)
    const lines = exported.body.trim().split('\r\n')
    expect(lines[0]).toBe('id,productId,importedProductName,starRating,text,userName,userFirstName,userLastName,sourceType,status,verifiedPurchase,reply,reviewDate')
    expect(lines).toHaveLength(4)
    expect(exported.body).toContain('"Lovely, ""really"" lovely"')
  })

  it('a formula-looking cell is neutralised in the export', async () => {
    const s = await shop()
    await t.app.reviews.add(s.siteId, { productId: s.productId, starRating: 5, text: '=HYPERLINK("x")' })
    const body = (await s.owner.get(`/api/sites/${s.siteId}/reviews/export.csv`)).body
    expect(body).toContain(`"'=HYPERLINK(""x"")"`)
  })
})
