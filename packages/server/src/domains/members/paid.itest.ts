// Paid member areas on a real database (PGlite, or PostgreSQL with DATABASE_URL): an area asking for a PAYWALL
// product offers it (price and Join) to members without it; buying it at checkout (recurring, through the
// subscriptions) opens the area and shows the MEMBERSHIP_CONFIRMED page (208); cancelling from the account keeps
// access until the end of the period paid, not after; a one-off membership opens it for good until refunded.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlRows } from '../../platform/db/index.js'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { TEST_CARDS } from '../commerce/index.js'

let t: TestApp
let owner: Client
let siteId: string
let host: string
let areaId: string
const ids = {} as Record<'monthly' | 'lifetime', string>
const PASSWORD = 'glaze-and-kiln-2024'
const DAY = 24 * 60 * 60 * 1000
const card = { number: TEST_CARDS.success[0], expMonth: 12, expYear: 2099, cvc: '123' }
const api = (p: string) => `/api/sites/${siteId}${p}`

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
  const v = (sku: string, priceCents: number) => ({ sku, attributes: {}, priceCents, salePriceCents: 0, onSale: false, qtyInStock: 0, unlimited: true })
  ids.monthly = (await t.app.commerce.createProduct(siteId, { collectionId: 'shop', title: 'Studio membership', productType: 5, isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 }, variants: [v('PAID-MONTHLY', 1200)] })).id
  ids.lifetime = (await t.app.commerce.createProduct(siteId, { collectionId: 'shop', title: 'Lifetime pass', productType: 5, variants: [v('PAID-LIFE', 9900)] })).id
  const page = await owner.post(api('/content/collections'), { typeName: 'page', title: 'Studio diary', urlId: 'studio', navigation: '_memberareas', lock: 'members', layout: { sections: [{ blocks: [{ type: 2, value: { html: '<p>Celadon test tiles</p>' } }] }] } })
  expect(page.status).toBe(201)
  areaId = page.json.collection.id
}, 60_000)
afterAll(() => t?.close())

async function member(email: string): Promise<Client> {
  await t.app.members.ensureMember(siteId, { email, password: PASSWORD, name: 'Ada' })
  const c = t.client(host)
  expect((await c.post('/api/site-users/account/session', { email, password: PASSWORD })).status).toBe(200)
  return c
}

async function buyMonthly(c: Client, email: string): Promise<{ confirmationUrl: string; orderId: string }> {
  const started = await c.post('/api/3/commerce/cart/subscription', { itemId: ids.monthly, sku: 'PAID-MONTHLY', qty: 1 })
  expect(started.status).toBe(200)
  const placed = await c.post('/api/commerce/checkout', { cartToken: started.json.cartToken, email, card })
  expect(placed.status).toBe(201)
  return { confirmationUrl: placed.json.confirmationUrl, orderId: placed.json.order.id }
}

describe(`paid member areas (${BACKEND})`, () => {
  it('the owner makes the area paid: only a PAYWALL product may be asked for', async () => {
    const put = (body: unknown) => owner.request('PUT', api(`/member-areas/${areaId}`), { json: body })
    const listed = await owner.get(api('/member-areas'))
    expect(listed.status).toBe(200)
    expect(listed.json.areas).toEqual([{ collectionId: areaId, title: 'Studio diary', fullUrl: '/studio', rule: 'members', productId: null }])
    expect(listed.json.products.map((p: { title: string }) => p.title).sort()).toEqual(['Lifetime pass', 'Studio membership'])
    const physical = (await t.app.commerce.createProduct(siteId, { collectionId: 'shop', title: 'Mug', productType: 1, variants: [{ sku: 'PAID-MUG', priceCents: 100, qtyInStock: 3 }] })).id
    const wrong = await put({ rule: 'product', productId: physical })
    expect(wrong.status).toBe(400)
    expect(wrong.json.error.fields.productId).toBe('Choose a membership product (type PAYWALL).')
    expect((await owner.request('PUT', api('/member-areas/not-an-area'), { json: { rule: 'members' } })).status).toBe(404)
    const set = await put({ rule: 'product', productId: ids.monthly })
    expect(set.status).toBe(200)
    expect(set.json.area).toMatchObject({ rule: 'product', productId: ids.monthly })
  })

  it('denied before buying: visitors and members without the membership see its price and a Join button', async () => {
    const anonymous = await t.client(host).get('/studio')
    expect(anonymous.status).toBe(403)
    expect(anonymous.body).toContain('This page available only site members')
    expect(anonymous.body).toContain('Studio membership')
    expect(anonymous.body).toContain('$12.00')
    expect(anonymous.body).toMatch(/data-membership-join data-item-id="[^"]+" data-sku="PAID-MONTHLY" data-recurring="true">Join</)
    expect(anonymous.body).not.toContain('Celadon test tiles')
    const c = await member('nonpayer@example.com')
    const denied = await c.get('/studio')
    expect(denied.status).toBe(403)
    expect(denied.body).toContain('system-member-denied')
    expect(denied.body).toContain('>Join</button>')
  })

  it('a recurring membership bought at checkout grants access; MEMBERSHIP_CONFIRMED links to the area', async () => {
    const c = await member('payer@example.com')
    expect((await c.get('/studio')).status).toBe(403)
    const { confirmationUrl } = await buyMonthly(c, 'Payer@Example.com')
    const confirmed = await c.get(confirmationUrl)
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toContain('Welcome, you are a member')
    expect(confirmed.body).toContain('href="/studio">Studio diary</a>')
    const data = await c.get(`/api${confirmationUrl}`)
    expect(data.json.pageType).toBe(208)
    const open = await c.get('/studio')
    expect(open.status).toBe(200)
    expect(open.body).toContain('Celadon test tiles')
  })

  it('cancelling from the account ends access at the end of the period paid, not at once', async () => {
    const email = 'canceller@example.com'
    const c = await member(email)
    await buyMonthly(c, email)
    expect((await c.get('/studio')).status).toBe(200)
    const listed = await c.get('/api/site-users/account/subscriptions')
    expect(listed.json.data.subscriptions).toMatchObject([{ title: 'Studio membership', every: 'Every month', price: '$12.00', status: 'active', endsOn: null, donation: false }])
    const subId = listed.json.data.subscriptions[0].id
    const account = await c.get('/account')
    expect(account.body).toContain(`data-member-cancel-subscription="${subId}"`)

    const other = await member('someone-else@example.com')
    expect((await other.post(`/api/site-users/account/subscriptions/${subId}/cancel`)).status).toBe(404)

    const cancelled = await c.post(`/api/site-users/account/subscriptions/${subId}/cancel`)
    expect(cancelled.status).toBe(200)
    const endsOn = cancelled.json.data.endsOn as number
    // one month after it began (a 28 to 31-day month)
    expect(endsOn - Date.now()).toBeGreaterThan(27 * DAY)
    expect(endsOn - Date.now()).toBeLessThan(32 * DAY)
    expect((await c.get('/studio')).status).toBe(200) // still in force
    // the end day as a CLDR medium date in the site's own time zone (not the UTC ISO day)
    const zone = (await owner.get(`/api/sites/${siteId}/settings`)).json.settings.timeZone as string
    expect((await c.get('/account')).body).toContain(`Cancelled: ends on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: zone }).format(endsOn)}`)
    // no further billing
    await t.app.commerce.renewSubscriptions(new Date(Date.now() + 40 * DAY))
    expect(await sqlRows(t.app.db.orm, sql`SELECT id FROM commerce_subscription_renewals WHERE subscription_id = ${subId}`)).toEqual([])
    expect((await t.app.commerce.heldMemberships(siteId, email, new Date(endsOn - 1000))).has(ids.monthly)).toBe(true)
    expect((await t.app.commerce.heldMemberships(siteId, email, new Date(endsOn + 1000))).has(ids.monthly)).toBe(false)
    // once the period is over the page is closed again
    await sqlRows(t.app.db.orm, sql`UPDATE commerce_subscriptions SET ends_at = now() - interval '1 minute' WHERE id = ${subId}`)
    const after = await c.get('/studio')
    expect(after.status).toBe(403)
    expect(after.body).toContain('>Join</button>')
  })

  it('a one-off membership opens the area it is asked for; a refund closes it', async () => {
    const put = await owner.request('PUT', api(`/member-areas/${areaId}`), { json: { rule: 'product', productId: ids.lifetime } })
    expect(put.status).toBe(200)
    const email = 'lifer@example.com'
    const c = await member(email)
    const page = await c.get('/studio')
    expect(page.body).toContain('$99.00</strong> one payment')
    expect(page.body).not.toContain('data-recurring')
    const added = await c.post('/api/commerce/shopping-cart/entries', { itemId: ids.lifetime, sku: 'PAID-LIFE', quantity: 1, additionalFields: null })
    expect(added.status).toBe(200)
    const placed = await c.post('/api/commerce/checkout', { email, card })
    expect(placed.status).toBe(201)
    expect((await c.get(placed.json.confirmationUrl)).body).toContain('Welcome, you are a member')
    expect((await c.get('/studio')).status).toBe(200)
    expect((await t.app.commerce.heldMemberships(siteId, email, new Date(Date.now() + 3650 * DAY))).has(ids.lifetime)).toBe(true)
    const refunded = await owner.post(api(`/commerce/orders/${placed.json.order.id}/refund`), {})
    expect(refunded.status).toBe(200)
    expect((await c.get('/studio')).status).toBe(403)
    await owner.request('PUT', api(`/member-areas/${areaId}`), { json: { rule: 'product', productId: ids.monthly } })
  })
})
