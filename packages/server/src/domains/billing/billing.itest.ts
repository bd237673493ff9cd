// Plans and feature flags on a real database (PGlite, or PostgreSQL with DATABASE_URL): the trial and its expiry
// rule, flags per plan, gated owner and visitor calls (403 feature_not_in_plan naming the flag), plan changes through
// the test-mode payment provider with their invoices, declined cards, and who may see billing.
import { FEATURE_FLAGS, PLANS, TRIAL_DAYS, flagsOf } from '@sitewright/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, newSignup, startTestApp, type Client, type TestApp } from '../../../test/harness.js'
import { WEBSITE_ROLES } from '../accounts/index.js'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false })
}, 60_000)
afterAll(async () => t?.close())

const F = FEATURE_FLAGS
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' }

async function owner(): Promise<{ c: Client; siteId: string; slug: string }> {
  const c = t.client()
  const res = await c.post('/api/auth/signup', newSignup())
  expect(res.status).toBe(201)
  return { c, siteId: res.json.site.id, slug: res.json.site.slug }
}

describe(`plans and feature flags (${BACKEND})`, () => {
  it(`a new site is on a ${TRIAL_DAYS}-day trial with every feature`, async () => {
    const { c, siteId } = await owner()
    const res = await c.get(`/api/sites/${siteId}/plan`)
    expect(res.status).toBe(200)
    expect(res.json.plan).toMatchObject({ plan: 'trial', planName: 'Trial', trialDaysLeft: TRIAL_DAYS, interval: null })
    expect(res.json.plan.flags.sort()).toEqual(Object.values(F).sort())
    expect((await c.get(`/api/sites/${siteId}/commerce/products`)).status).toBe(200)
  })

  it('an ended trial keeps only the personal plan features: commerce calls answer 403 feature_not_in_plan', async () => {
    const { c, siteId } = await owner()
    await t.app.billing.setPlan(siteId, 'trial', new Date(Date.now() - 1000))
    const plan = (await c.get(`/api/sites/${siteId}/plan`)).json.plan
    expect(plan).toMatchObject({ plan: 'trial', trialDaysLeft: 0 })
    expect(plan.flags).toEqual([...PLANS[0]!.flags])
    const res = await c.get(`/api/sites/${siteId}/commerce/products`)
    expect(res.status).toBe(403)
    expect(res.json.error).toMatchObject({ code: 'feature_not_in_plan', fields: { flag: String(F.COMMERCE), feature: 'COMMERCE', plan: 'business' } })
    expect(res.json.error.message).toContain('Business plan')
    // content is not gated
    expect((await c.get(`/api/sites/${siteId}/content/collections`)).status).toBe(200)
  })

  it('flags follow the plan: personal has no COMMERCE, business no subscriptions, commerce everything', () => {
    const now = new Date()
    expect(flagsOf('personal', null, now)).not.toContain(F.COMMERCE)
    expect(flagsOf('business', null, now)).toEqual(expect.arrayContaining([F.COMMERCE, F.GIFT_CARDS, F.SITE_USER_ACCOUNTS, F.DONATIONS]))
    expect(flagsOf('business', null, now)).not.toContain(F.COMMERCE_SUBSCRIPTIONS)
    expect(flagsOf('commerce', null, now).sort()).toEqual(Object.values(F).sort())
  })

  it('gates per flag: gift cards need GIFT_CARDS, members need SITE_USER_ACCOUNTS, visitors cannot shop on personal', async () => {
    const { c, siteId, slug } = await owner()
    await t.app.billing.setPlan(siteId, 'business')
    expect((await c.get(`/api/sites/${siteId}/commerce/gift-cards`)).status).toBe(200)
    // abandoned-checkout recovery (screen, settings, list) is the commerce plan's: ABANDONED_CART_RECOVERY
    for (const path of ['/commerce/recovery-settings', '/commerce/abandoned-checkouts']) {
      const r = await c.get(`/api/sites/${siteId}${path}`)
      expect(r.status, path).toBe(403)
      expect(r.json.error).toMatchObject({ code: 'feature_not_in_plan', fields: { flag: String(F.ABANDONED_CART_RECOVERY), feature: 'ABANDONED_CART_RECOVERY', plan: 'commerce' } })
    }
    await t.app.billing.setPlan(siteId, 'commerce')
    for (const path of ['/commerce/recovery-settings', '/commerce/abandoned-checkouts']) expect((await c.get(`/api/sites/${siteId}${path}`)).status, path).toBe(200)
    await t.app.billing.setPlan(siteId, 'business')
    // instalments at checkout need the commerce plan
    const shopper = t.client(`${slug}.localhost`)
    const instalments = await shopper.post('/api/commerce/checkout', { paymentMethod: 'instalments' })
    expect(instalments.json.error).toMatchObject({ code: 'feature_not_in_plan', fields: { flag: String(F.COMMERCE_AFTERPAY), plan: 'commerce' } })
    expect((await shopper.post('/api/commerce/checkout', { paymentMethod: 'card' })).json.error.code).not.toBe('feature_not_in_plan')
    await t.app.billing.setPlan(siteId, 'personal')
    const gift = await c.get(`/api/sites/${siteId}/commerce/gift-cards`)
    expect(gift.json.error).toMatchObject({ code: 'feature_not_in_plan', fields: { flag: String(F.GIFT_CARDS) } })
    const visitor = t.client(`${slug}.localhost`)
    const add = await visitor.post('/api/commerce/shopping-cart/entries', { itemId: 'x', sku: 'x', quantity: 1 })
    expect(add.status).toBe(403)
    expect(add.json.error.fields.flag).toBe(String(F.COMMERCE))
    const signup = await visitor.post('/api/site-users/account/signup', { email: 'm@example.com', password: 'a-long-password' })
    expect(signup.json.error.fields.flag).toBe(String(F.SITE_USER_ACCOUNTS))
    // reading the (empty) cart stays open
    expect((await visitor.get('/api/commerce/shopping-cart')).status).toBe(200)
    // templates see the plan's flags
    const page = await visitor.get('/?format=json')
    expect(page.json.website.featureFlags).toEqual([F.MENU_BLOCK, F.VANILLA_FORM_HANDLER]) // the personal plan's
    await t.app.billing.setPlan(siteId, 'commerce')
    expect((await visitor.get('/?format=json')).json.website.featureFlags).toContain(F.COMMERCE)
  })

  it('changes the plan with the 4242 card: the plan, its flags and a paid invoice; then the gated call works', async () => {
    const { c, siteId } = await owner()
    await t.app.billing.setPlan(siteId, 'personal')
    expect((await c.get(`/api/sites/${siteId}/commerce/products`)).status).toBe(403)
    const res = await c.post(`/api/sites/${siteId}/billing/plan`, { plan: 'commerce', interval: 'monthly', card: CARD })
    expect(res.status).toBe(200)
    expect(res.json.current).toMatchObject({ plan: 'commerce', interval: 'monthly', trialEndsAt: null })
    expect(res.json.invoice).toMatchObject({ plan: 'commerce', amountCents: 4900, amount: '$49.00', status: 'paid', cardLast4: '4242' })
    expect((await c.get(`/api/sites/${siteId}/commerce/products`)).status).toBe(200)
    const view = (await c.get(`/api/sites/${siteId}/billing`)).json
    expect(view.current.plan).toBe('commerce')
    expect(view.plans.map((p: { id: string }) => p.id)).toEqual(['personal', 'business', 'commerce'])
    expect(view.invoices).toHaveLength(1)
    expect(view.invoices[0]).toMatchObject({ planName: 'Commerce', interval: 'monthly', status: 'paid' })
    // the same plan again is refused; annual billing is a change
    expect((await c.post(`/api/sites/${siteId}/billing/plan`, { plan: 'commerce', interval: 'monthly', card: CARD })).json.error.code).toBe('already_on_plan')
    const annual = await c.post(`/api/sites/${siteId}/billing/plan`, { plan: 'commerce', interval: 'annual', card: CARD })
    expect(annual.json.invoice.amountCents).toBe(43200)
  })

  it('a declined card changes nothing, answers the provider message and lists a failed invoice', async () => {
    const { c, siteId } = await owner()
    await t.app.billing.setPlan(siteId, 'personal')
    const res = await c.post(`/api/sites/${siteId}/billing/plan`, { plan: 'business', interval: 'annual', card: { ...CARD, number: '4000 0000 0000 0002' } })
    expect(res.status).toBe(422)
    expect(res.json.error).toMatchObject({ code: 'card_declined', message: 'The card was declined.' })
    const funds = await c.post(`/api/sites/${siteId}/billing/plan`, { plan: 'business', interval: 'annual', card: { ...CARD, number: '4000000000009995' } })
    expect(funds.json.error.code).toBe('insufficient_funds')
    const view = (await c.get(`/api/sites/${siteId}/billing`)).json
    expect(view.current.plan).toBe('personal')
    expect(view.invoices.map((i: { status: string }) => i.status)).toEqual(['failed', 'failed'])
    expect(view.invoices[1].failure).toBe('The card was declined.')
    const bad = await c.post(`/api/sites/${siteId}/billing/plan`, { plan: 'gold', interval: 'annual', card: { ...CARD, cvc: 'x' } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(['card.cvc', 'plan'])
  })

  it('billing is for ADMIN and BILLING; every role reads the plan; an EDITOR cannot open Commerce', async () => {
    const { siteId } = await owner()
    const roleClient = async (role: number) => {
      const c = t.client()
      const res = await c.post('/api/auth/signup', newSignup())
      await t.app.sites.addMember(siteId, res.json.user.id, role as never)
      return c
    }
    const billing = await roleClient(WEBSITE_ROLES.BILLING)
    const editor = await roleClient(WEBSITE_ROLES.EDITOR)
    expect((await billing.get(`/api/sites/${siteId}/billing`)).status).toBe(200)
    expect((await editor.get(`/api/sites/${siteId}/billing`)).json.error.code).toBe('role_not_allowed')
    expect((await editor.get(`/api/sites/${siteId}/plan`)).status).toBe(200)
    expect((await editor.get(`/api/sites/${siteId}/commerce/products`)).json.error.code).toBe('role_not_allowed')
  })
})
