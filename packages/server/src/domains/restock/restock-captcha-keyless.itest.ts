// Restock captcha without a site key (issue 32, "Restock captcha is a dead end"): with the reCAPTCHA-compatible
// provider set up without RECAPTCHA_SITE_KEY the page can draw no widget (SPEC.md: "Captcha rendering does nothing
// without a site key"), so the restock setting captchaEnabled renders no captcha container and a sign-up is not refused
// for the token it could not get. restock.itest.ts covers the captcha with a site key (ALTCHA): a token is required.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND, keepEnv, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'

keepEnv(['CAPTCHA_PROVIDER', 'RECAPTCHA_SECRET', 'RECAPTCHA_SITE_KEY', 'RECAPTCHA_VERIFY_URL'])

const PATH = '/api/site-users/account/notifications/restock'
let t: TestApp
beforeAll(async () => {
  delete process.env.RECAPTCHA_SITE_KEY
  // no verifier listens here: a sign-up that asked it would fail with 503, never pass
  Object.assign(process.env, { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SECRET: 'test-secret', RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' })
  t = await startTestApp({ seedDemo: false })
})
afterAll(async () => {
  await t?.close()
})

describe(`restock captcha with no site key (${BACKEND})`, () => {
  it('captchaEnabled on, no site key: no captchaSiteKey and no captcha container on the page, and the sign-up succeeds', async () => {
    const owner = t.client()
    const res = await owner.post('/api/auth/signup', newSignup({ siteTitle: 'Keyless caps' }))
    expect(res.status).toBe(201)
    const siteId = res.json.site.id as string
    const visitor = t.client(`${res.json.site.slug}.localhost`)
    const api = (p: string) => `/api/sites/${siteId}${p}`
    const shopId = (await owner.post(api('/content/collections'), { typeName: 'products', title: 'Shop' })).json.collection.id
    const made = await owner.post(api('/commerce/products'), { collectionId: shopId, productType: 1, title: 'Cap', variantOptions: [], variants: [{ sku: 'CAP', qtyInStock: 0, priceCents: 1000, attributes: {} }] })
    expect(made.status).toBe(201)
    const product = made.json.product as { id: string; fullUrl: string; structuredContent: { variants: { id: string }[] } }
    expect((await owner.request('PATCH', api('/restock-settings'), { json: { captchaEnabled: true } })).status).toBe(200)
    expect((await owner.request('GET', api('/restock-settings'))).json.config).toMatchObject({ captchaEnabled: true })

    const page = (await visitor.get(product.fullUrl)).body
    expect(page).toContain('product-restock-form') // the sold-out variant's form is there...
    expect(page).not.toContain('captcha-container') // ...with nothing to draw a widget into
    expect(page).not.toContain('data-site-key')

    const signUp = await visitor.post(PATH, { isJoinMailingList: false, productId: product.id, siteVisitorEmail: 'fan@example.com', variantId: product.structuredContent.variants[0]!.id })
    expect(signUp.status, signUp.body).toBe(200)
    expect(signUp.json.data.message).toBe('Signed up!')
    expect(await t.app.restock.waitingCount(siteId, product.structuredContent.variants[0]!.id)).toBe(1)
  })
})
