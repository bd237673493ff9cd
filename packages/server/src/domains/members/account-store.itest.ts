// The store on a member's account page, on a real database (PGlite, or PostgreSQL with DATABASE_URL): the order
// history lists only the member's own orders (by verified email), newest first; the order page shows money lines,
// items, shipments and download links, and another member's order is a 404; pausing a subscription stops its
// renewals (access stays until the end of the period paid) and resuming bills again; a gift card's balance reads
// $0.00 once used up (an unknown code: no card has it); a layout with a block the site's plan lacks is refused with 403.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FEATURE_FLAGS } from '@sitewright/contracts'
import { sqlRows } from '../../platform/db/index.js'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { TEST_CARDS } from '../commerce/index.js'

let t: TestApp
let owner: Client
let siteId: string
let host: string
const ids = {} as Record<'lamp' | 'ebook' | 'gift' | 'club', string>
const PASSWORD = 'glaze-and-kiln-2024'
const DAY = 24 * 60 * 60 * 1000
const card = { number: TEST_CARDS.success[0], expMonth: 12, expYear: 2099, cvc: '123' }
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main St', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' }
const api = (p: string) => `/api/sites/${siteId}${p}`
// the site's own zone, far from UTC (its day often differs from the UTC day); every date of the pages is a CLDR medium date in it
const ZONE = 'Pacific/Auckland'
const day = (ms: number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: ZONE }).format(ms)
const isoDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(ms)

beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
  owner = t.client()
  const res = await owner.post('/api/auth/signup', newSignup())
  siteId = res.json.site.id
  host = `${res.json.site.slug}.localhost`
  expect((await owner.patch(api('/settings'), { timeZone: ZONE })).status).toBe(200)
  const v = (sku: string, priceCents: number) => ({ sku, attributes: {}, priceCents, salePriceCents: 0, onSale: false, qtyInStock: 0, unlimited: true })
  const c = t.app.commerce
  ids.lamp = (await c.createProduct(siteId, { collectionId: 'shop', title: 'Lamp', productType: 1, variants: [v('ACC-LAMP', 2500)] })).id
  ids.ebook = (await c.createProduct(siteId, { collectionId: 'shop', title: 'Glaze handbook', productType: 2, digitalAssetUrl: '/files/demo/ebook.pdf', variants: [v('ACC-EBOOK', 900)] })).id
  ids.gift = (await c.createProduct(siteId, { collectionId: 'shop', title: 'Gift card', productType: 4, variantOptions: [{ name: 'Amount', values: ['25'] }], variants: [{ ...v('ACC-GC25', 2500), attributes: { Amount: '25' } }] })).id
  ids.club = (await c.createProduct(siteId, { collectionId: 'shop', title: 'Kiln club', productType: 5, isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 }, variants: [v('ACC-CLUB', 1500)] })).id
  expect((await owner.post(api('/commerce/shipping-options'), { name: 'Standard', kind: 'flat', costCents: 500 })).status).toBe(201)
}, 60_000)
afterAll(() => t?.close())

async function member(email: string): Promise<Client> {
  await t.app.members.ensureMember(siteId, { email, password: PASSWORD, name: 'Ada' })
  const c = t.client(host)
  expect((await c.post('/api/site-users/account/session', { email, password: PASSWORD })).status).toBe(200)
  return c
}

async function buy(c: Client, email: string, items: [string, string, number][], extra: Record<string, unknown> = {}) {
  for (const [itemId, sku, quantity] of items) expect((await c.post('/api/commerce/shopping-cart/entries', { itemId, sku, quantity, additionalFields: null })).status).toBe(200)
  const placed = await c.post('/api/commerce/checkout', { email, card, ...extra })
  expect(placed.status).toBe(201)
  return placed.json.order as { id: string; number: number; giftCards: { code: string }[] }
}

describe(`member account store (${BACKEND})`, () => {
  it('lists only the member’s own orders, newest first; the order page has money lines, shipments and downloads', async () => {
    const ada = await member('ada@example.com')
    const first = await buy(ada, 'Ada@Example.com', [[ids.lamp, 'ACC-LAMP', 2]], { shippingAddress: ADDRESS })
    const second = await buy(ada, 'ada@example.com', [[ids.ebook, 'ACC-EBOOK', 1]])
    const bob = await member('bob@example.com')
    const bobs = await buy(bob, 'bob@example.com', [[ids.ebook, 'ACC-EBOOK', 1]])
    const shipped = await owner.post(api(`/commerce/orders/${first.id}/fulfil`), { carrier: 'UPS', trackingNumber: '1Z999', trackingUrl: 'https://track.example/1Z999' })
    expect(shipped.status).toBe(200)
    const placedOn = (shipped.json.order as { created: number }).created
    const shippedOn = (shipped.json.order as { fulfilments: { created: number }[] }).fulfilments[0]!.created

    const account = await ada.get('/account')
    expect(account.status).toBe(200)
    const listed = [...account.body.matchAll(/data-order-id="([^"]+)"/g)].map((m) => m[1])
    expect(listed).toEqual([second.id, first.id])
    expect(account.body).toContain(`href="/account/orders/${first.id}">Order #${first.number}</a>`)
    expect(account.body).toMatch(new RegExp(`Order #${first.number}</a> <time class="member-order-date" datetime="${isoDay(placedOn)}">${day(placedOn)}</time> <span class="member-order-total">\\$55\\.00</span> <span class="member-order-status">Shipped</span>`))
    expect(account.body).not.toContain(bobs.id)

    const detail = await ada.get(`/account/orders/${first.id}`)
    expect(detail.status).toBe(200)
    expect(detail.body).toContain(`Order #${first.number}`)
    expect(detail.body).toMatch(/data-summary="subtotal">\$50\.00</)
    expect(detail.body).toMatch(/data-summary="shipping">\$5\.00</)
    expect(detail.body).toMatch(/data-summary="total">\$55\.00</)
    expect(detail.body).toContain('Lamp')
    expect(detail.body).toContain('with UPS: <a href="https://track.example/1Z999" rel="noopener">1Z999</a>')
    expect(detail.body).toContain(`<time data-order-date datetime="${isoDay(placedOn)}">${day(placedOn)}</time>`)
    expect(detail.body).toContain(`Shipped on <time datetime="${isoDay(shippedOn)}">${day(shippedOn)}</time> with UPS`)
    expect(detail.body).not.toMatch(/\d{4}-\d{2}-\d{2}</) // no ISO date printed

    const digital = await ada.get(`/account/orders/${second.id}`)
    const link = /<a href="([^"]+)" data-member-download>Glaze handbook<\/a>/.exec(digital.body)?.[1]?.replaceAll('&amp;', '&')
    expect(link).toMatch(new RegExp(`^/api/commerce/downloads/${second.id}/`))
    const got = await t.client(host).get(link!)
    expect(got.status).toBe(302)
    expect(got.headers.location).toBe('/files/demo/ebook.pdf')

    const others = await ada.get(`/account/orders/${bobs.id}`) // another member's order
    expect(others.status).toBe(404)
    expect(others.body).toContain('This order is not in your account.')
    expect(others.body).not.toContain('Glaze handbook')
    expect((await ada.get('/account/orders/no-such-order')).status).toBe(404)
    const anonymous = await t.client(host).get(`/account/orders/${first.id}`)
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.location).toBe(`/account/sign-in?return=${encodeURIComponent(`/account/orders/${first.id}`)}`)
  })

  it('pause stops renewals but keeps access until the period paid ends; resume bills again', async () => {
    const email = 'pauser@example.com'
    const c = await member(email)
    const started = await c.post('/api/3/commerce/cart/subscription', { itemId: ids.club, sku: 'ACC-CLUB', qty: 1 })
    expect(started.status).toBe(200)
    expect((await c.post('/api/commerce/checkout', { cartToken: started.json.cartToken, email, card })).status).toBe(201)
    const subId = (await c.get('/api/site-users/account/subscriptions')).json.data.subscriptions[0].id as string
    expect((await c.get('/account')).body).toContain(`data-member-pause-subscription="${subId}">Pause</button>`)

    const other = await member('not-the-payer@example.com')
    expect((await other.post(`/api/site-users/account/subscriptions/${subId}/pause`)).status).toBe(404)
    expect((await c.post(`/api/site-users/account/subscriptions/${subId}/resume`)).json).toEqual({ data: { status: 'active' } }) // already running: nothing changes

    const paused = await c.post(`/api/site-users/account/subscriptions/${subId}/pause`)
    expect(paused.status).toBe(200)
    const endsOn = paused.json.data.endsOn as number
    expect(endsOn - Date.now()).toBeGreaterThan(27 * DAY)
    expect(endsOn - Date.now()).toBeLessThan(32 * DAY)
    const listed = await c.get('/api/site-users/account/subscriptions')
    expect(listed.json.data.subscriptions[0]).toMatchObject({ id: subId, status: 'paused', endsOn })
    const page = await c.get('/account')
    expect(page.body).toContain(`Paused: paid until ${day(endsOn)}`)
    expect(page.body).toContain(`data-member-resume-subscription="${subId}">Resume</button>`)
    expect((await t.app.commerce.heldMemberships(siteId, email, new Date(endsOn - 1000))).has(ids.club)).toBe(true)
    expect((await t.app.commerce.heldMemberships(siteId, email, new Date(endsOn + 1000))).has(ids.club)).toBe(false)

    const renewals = () => sqlRows<{ cycle: number; status: string }>(t.app.db.orm, sql`SELECT cycle, status FROM commerce_subscription_renewals WHERE subscription_id = ${subId} ORDER BY cycle`)
    await t.app.commerce.renewSubscriptions(new Date(Date.now() + 40 * DAY))
    expect(await renewals()).toEqual([]) // the runner skips a paused subscription

    // it stayed paused for 100 days: the two months that went by are skipped, the current one is billed
    await sqlRows(t.app.db.orm, sql`UPDATE commerce_subscriptions SET created_at = now() - interval '100 days' WHERE id = ${subId}`)
    const resumed = await c.post(`/api/site-users/account/subscriptions/${subId}/resume`)
    expect(resumed.status).toBe(200)
    expect(resumed.json.data).toEqual({ status: 'active' })
    expect((await c.get('/api/site-users/account/subscriptions')).json.data.subscriptions[0]).toMatchObject({ status: 'active', endsOn: null })
    expect(await renewals()).toEqual([{ cycle: 2, status: 'skipped' }, { cycle: 3, status: 'skipped' }])
    expect(await t.app.commerce.renewSubscriptions(new Date())).toMatchObject({ renewed: 1, failed: 0 })
    expect(await renewals()).toEqual([{ cycle: 2, status: 'skipped' }, { cycle: 3, status: 'skipped' }, { cycle: 4, status: 'paid' }])
    expect((await t.app.commerce.heldMemberships(siteId, email, new Date())).has(ids.club)).toBe(true)
  })

  it('gift card balance: a live card answers its balance; a used-up card says Balance: $0.00, an unknown code says no card has it', async () => {
    const email = 'giver@example.com'
    const c = await member(email)
    const bought = await buy(c, email, [[ids.gift, 'ACC-GC25', 1]])
    const code = bought.giftCards[0]!.code
    const balance = (q: string) => c.get(`/api/site-users/account/gift-card-balance?code=${encodeURIComponent(q)}`)
    const live = await balance(code.toLowerCase())
    expect(live.status).toBe(200)
    expect(live.json).toEqual({ data: { balance: '$25.00' } })
    // spend it all: three handbooks ($27.00) with the card, the rest by card
    await buy(c, email, [[ids.ebook, 'ACC-EBOOK', 3]], { giftCardCode: code })
    const used = await balance(code)
    const wrong = await balance('ZZZZ-ZZZZ-ZZZZ-ZZZZ')
    // a used-up card says its balance; a wrong code says no card has it
    expect(used.status).toBe(200)
    expect(used.json).toEqual({ data: { balance: '$0.00' } })
    expect(wrong.status).toBe(404)
    expect(wrong.json.error).toMatchObject({ code: 'gift_card_not_found', message: 'No gift card has this code. Check the code and try again.' })
    // at checkout too: a used-up card reads as one, with its balance
    const cart = t.client(host)
    expect((await cart.post('/api/commerce/shopping-cart/entries', { itemId: ids.ebook, sku: 'ACC-EBOOK', quantity: 1, additionalFields: null })).status).toBe(200)
    const empty = await cart.get(`/api/commerce/checkout/summary?giftCardCode=${code}`)
    expect(empty.status).toBe(400)
    expect(empty.json.error).toMatchObject({ code: 'gift_card_empty', message: 'Balance: $0.00. This gift card has been used up.' })
    expect((await t.client(host).get(`/api/site-users/account/gift-card-balance?code=${code}`)).status).toBe(401) // members only
    expect((await c.get('/account')).body).toContain('data-member-form="gift-card"')
  })

  it('a layout with a block type the site plan lacks is refused with 403 feature_not_in_plan', async () => {
    const page = await owner.post(api('/content/collections'), { typeName: 'page', title: 'Give', urlId: 'give' })
    expect(page.status).toBe(201)
    const layout = (type: number, value: Record<string, unknown> = {}) => ({ sections: [{ blocks: [{ type: 2, value: { html: '<p>Thanks</p>' } }, { type, value }] }] })
    expect((await owner.request('PUT', api(`/content/collections/${page.json.collection.id}/layout`), { json: layout(52) })).status).toBe(200) // trial: every feature
    await t.app.billing.setPlan(siteId, 'personal')
    const refused = await owner.request('PUT', api(`/content/collections/${page.json.collection.id}/layout`), { json: layout(52) })
    expect(refused.status).toBe(403)
    expect(refused.json.error).toMatchObject({ type: 'forbidden', code: 'feature_not_in_plan', fields: { flag: String(FEATURE_FLAGS.DONATIONS), plan: 'business' } })
    const created = await owner.post(api('/content/collections'), { typeName: 'page', title: 'Give 2', layout: { sections: [{ blocks: [{ typeName: 'donation', value: {} }] }] } })
    expect(created.status).toBe(403)
    expect((await owner.request('PUT', api(`/content/collections/${page.json.collection.id}/layout`), { json: layout(18, { sections: [{ title: 'Mains', items: [{ title: 'Soup' }] }] }) })).status).toBe(200) // menu: in personal
    await t.app.billing.setPlan(siteId, 'business')
    expect((await owner.request('PUT', api(`/content/collections/${page.json.collection.id}/layout`), { json: layout(52) })).status).toBe(200)
  })
})
