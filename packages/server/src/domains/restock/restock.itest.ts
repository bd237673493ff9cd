// Restock notifications: sign-up rules, owner lists (cursor paging), fairness and exactly-once alerts under 20
// concurrent sends, alert mails through the durable mail queue into a real SMTP sink.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { BACKEND, fileEnv, newSignup, startTestApp, type TestApp } from '../../../test/harness.js'
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js'
import { drainMail } from '../../../test/mail.js'
import { WEBSITE_ROLES } from '../accounts/index.js'

fileEnv({ ALTCHA_MAX_COUNTER: '2000' }) // quick proofs of work

let t: TestApp
let smtp: SmtpSink
beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await startTestApp({ smtpUrl: smtp.url, seedDemo: false })
})
afterAll(async () => {
  await t?.close()
  smtp?.close()
})

const PATH = '/api/site-users/account/notifications/restock'

async function shop(title = 'Wool hat') {
  const c = t.client()
  const res = await c.post('/api/auth/signup', newSignup({ siteTitle: 'Hat & Co' }))
  expect(res.status).toBe(201)
  const siteId = res.json.site.id as string
  const p = await t.app.commerce.createProduct(siteId, {
    collectionId: 'shop',
    title,
    productType: 1,
    variantOptions: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { sku: 'HAT-S', attributes: { Size: 'S' }, priceCents: 3000, qtyInStock: 0 },
      { sku: 'HAT-M', attributes: { Size: 'M' }, priceCents: 3000, qtyInStock: 4 },
    ],
  })
  const [item] = await t.app.commerce.getProductsByIds(siteId, [p.id])
  const [s, m] = item!.structuredContent.variants
  const host = `${res.json.site.slug}.localhost`
  return { owner: c, siteId, host, productId: p.id, small: s!.id, medium: m!.id, userId: res.json.user.id as string, visitor: t.client(host) }
}
type Shop = Awaited<ReturnType<typeof shop>>

const setStock = (s: Shop, variantId: string, qtyInStock: number) =>
  s.owner.request('PATCH', `/api/sites/${s.siteId}/commerce/products/${s.productId}/variants/${variantId}/stock`, { json: { qtyInStock } })

async function signUps(s: Shop, n: number, from = 0) {
  for (let i = from; i < from + n; i++) {
    const r = await s.visitor.post(PATH, { isJoinMailingList: false, productId: s.productId, siteVisitorEmail: `fan${i}@example.com`, variantId: s.small })
    expect(r.status, JSON.stringify(r.json)).toBe(200)
  }
}

/** Resolves once every listener of the commerce stock event for `variantId` has run (they run in order). */
function stockEventHandled(variantId: string): Promise<void> {
  return new Promise((done) => {
    const off = t.app.commerce.events.on('commerce_stock_set', (e) => {
      if (e.variantId !== variantId) return
      off()
      done()
    })
  })
}

describe(`restock notifications (${BACKEND})`, () => {
  it('signs up once per email and variant; refuses blank, invalid, in-stock and unknown variants', async () => {
    const s = await shop()
    const ok = await s.visitor.post(PATH, { isJoinMailingList: true, productId: s.productId, siteVisitorEmail: 'Ann@Example.com', variantId: s.small })
    expect(ok.status).toBe(200)
    expect(ok.json).toEqual({ data: { message: 'Signed up!' } })
    expect((await s.visitor.post(PATH, { productId: s.productId, siteVisitorEmail: 'ann@example.com', variantId: s.small })).status).toBe(200)
    const blank = await s.visitor.post(PATH, { productId: s.productId, siteVisitorEmail: ' ', variantId: s.small })
    expect(blank.status).toBe(400)
    expect(JSON.stringify(blank.json)).toContain('Email cannot be blank')
    expect(JSON.stringify((await s.visitor.post(PATH, { productId: s.productId, siteVisitorEmail: 'ann@', variantId: s.small })).json)).toContain('Email is invalid')
    const inStock = await s.visitor.post(PATH, { productId: s.productId, siteVisitorEmail: 'bo@example.com', variantId: s.medium })
    expect(inStock.status).toBe(409)
    expect(inStock.json.error.message).toMatch(/in stock/)
    expect((await s.visitor.post(PATH, { productId: s.productId, siteVisitorEmail: 'bo@example.com', variantId: 'nope' })).status).toBe(404)
    expect((await s.visitor.post(PATH, { productId: s.productId, siteVisitorEmail: 'bo@example.com', variantId: s.small }, { crumb: 'x' })).status).toBe(403)
    const list = await s.owner.get(`/api/sites/${s.siteId}/restock?productId=${s.productId}&variantId=${s.small}`)
    expect(list.json.signUps).toHaveLength(1)
    expect(list.json.signUps[0]).toMatchObject({ email: 'Ann@Example.com', isJoinMailingList: true, notifiedOn: null })
    // a success text set by the site replaces 'Signed up!'
    await s.owner.patch(`/api/sites/${s.siteId}/restock-settings`, { texts: { successText: 'We will write to you.' } })
    expect((await s.visitor.post(PATH, { productId: s.productId, siteVisitorEmail: 'cy@example.com', variantId: s.small })).json.data.message).toBe('We will write to you.')
  })

  it('owner lists: sign-ups and groups with cursor paging, on the site host path and the editor path; roles', async () => {
    const s = await shop()
    await signUps(s, 55)
    const first = await s.owner.get(`/api/sites/${s.siteId}/restock?productId=${s.productId}&variantId=${s.small}`)
    expect(first.json.signUps).toHaveLength(50)
    expect(first.json.hasNextPage).toBe(true)
    const next = await s.owner.get(`/api/sites/${s.siteId}/restock?productId=${s.productId}&variantId=${s.small}&cursor=${first.json.nextPageCursor}`)
    expect(next.json.signUps.map((x: { email: string }) => x.email)).toEqual(['fan50@example.com', 'fan51@example.com', 'fan52@example.com', 'fan53@example.com', 'fan54@example.com'])
    expect(next.json).toMatchObject({ hasNextPage: false, nextPageCursor: null })
    const groups = await s.owner.get(`/api/sites/${s.siteId}/restock/groups`)
    expect(groups.json).toMatchObject({ hasNextPage: false, nextPageCursor: null })
    expect(groups.json.signUpGroups).toEqual([expect.objectContaining({ productId: s.productId, variantId: s.small, waiting: 55, notified: 0, productTitle: 'Wool hat', attributes: { Size: 'S' }, qtyInStock: 0 })])
    // the spec's path on the site's own host, for a signed-in owner
    const onHost = t.client(s.host)
    onHost.cookies.clear()
    for (const [k, v] of s.owner.cookies) onHost.cookies.set(k, v)
    expect((await onHost.get(`${PATH}/groups`)).json.signUpGroups).toHaveLength(1)
    expect((await s.visitor.get(`${PATH}/groups`)).status).toBe(401)
    const editor = await shop()
    await t.app.sites.addMember(s.siteId, editor.userId, WEBSITE_ROLES.EDITOR)
    expect((await editor.owner.get(`/api/sites/${s.siteId}/restock/groups`)).status).toBe(403)
  })

  it('K units back: 20 concurrent sends alert the first K sign-ups exactly once, in order; mail arrives once each', async () => {
    const s = await shop()
    await signUps(s, 30)
    const send = () => s.owner.post(`/api/sites/${s.siteId}/restock/send`, { productId: s.productId, variantId: s.small })
    // sold out: nothing to send
    expect((await send()).json.notified).toBe(0)
    expect((await setStock(s, s.small, 5)).status).toBe(200)
    const answers = await Promise.all(Array.from({ length: 20 }, send))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(answers.reduce((n, a) => n + (a.json.notified as number), 0)).toBe(5)
    const all = async () => {
      const a = await s.owner.get(`/api/sites/${s.siteId}/restock?productId=${s.productId}&variantId=${s.small}`)
      return a.json.signUps as { email: string; notifiedOn: number | null }[]
    }
    let rows = await all()
    expect(rows.filter((r) => r.notifiedOn !== null).map((r) => r.email)).toEqual([0, 1, 2, 3, 4].map((i) => `fan${i}@example.com`))
    // 7 more units: the next 7 (5 alerts are still out), again with 20 racing sends, via send/all for some
    await setStock(s, s.small, 12)
    const more = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? send() : s.owner.post(`/api/sites/${s.siteId}/restock/send/all`, { sendRequests: [{ productId: s.productId, variantId: s.small }] }),
      ),
    )
    const counted = more.reduce((n, a) => n + (a.json.notified ?? a.json.results[0].notified), 0)
    expect(counted).toBe(7)
    rows = await all()
    expect(rows.filter((r) => r.notifiedOn !== null).map((r) => r.email)).toEqual(Array.from({ length: 12 }, (_, i) => `fan${i}@example.com`))

    await drainMail(t.app)
    await drainMail(t.app)
    const mine = smtp.mails.filter((m) => /^fan\d+@example\.com$/.test(m.to) && m.text.includes('Wool hat'))
    expect(mine.map((m) => m.to).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `fan${i}@example.com`).sort())
    const one = mine[0]!
    expect(one.text).toMatch(/^From: "Hat & Co" </m)
    expect(one.text).toContain('Subject: Back in stock: Wool hat (S)')
    expect(one.text).toContain(`/shop/`)
    expect(one.text).toContain('Hat &amp; Co') // the HTML part escapes the shop's name
  })

  it('unlimited stock alerts every waiting sign-up; an unknown variant is 404', async () => {
    const s = await shop()
    await signUps(s, 3)
    await s.owner.request('PATCH', `/api/sites/${s.siteId}/commerce/products/${s.productId}/variants/${s.small}/stock`, { json: { unlimited: true } })
    expect((await s.owner.post(`/api/sites/${s.siteId}/restock/send`, { productId: s.productId, variantId: s.small })).json.notified).toBe(3)
    expect((await s.owner.post(`/api/sites/${s.siteId}/restock/send`, { productId: s.productId, variantId: 'zzz' })).status).toBe(404)
  })

  it("automatic send: an owner's restock alerts the waiting sign-ups only when autoSend is on; send/all on the editor path", async () => {
    const s = await shop('Auto hat')
    await signUps(s, 3, 500)
    const settings = `/api/sites/${s.siteId}/restock-settings`
    expect((await s.owner.request('GET', settings)).json.config).toMatchObject({ autoSend: false, captchaEnabled: false })
    // the stock event's listeners run after the answer, restock's first: one added after it says they are done
    const handled = stockEventHandled(s.small)
    expect((await setStock(s, s.small, 1)).status).toBe(200)
    await handled
    expect(await t.app.restock.waitingCount(s.siteId, s.small)).toBe(3)
    expect((await s.owner.request('PATCH', settings, { json: { autoSend: true } })).json.config.autoSend).toBe(true)
    expect((await setStock(s, s.small, 2)).status).toBe(200)
    await expect.poll(() => t.app.restock.waitingCount(s.siteId, s.small), { timeout: 5000 }).toBe(1)
    const all = await s.owner.request('POST', `/api/sites/${s.siteId}/restock/send/all`, { json: { sendRequests: [{ productId: s.productId, variantId: s.small }] } })
    expect(all.status).toBe(200)
    expect(all.json.results).toEqual([{ productId: s.productId, variantId: s.small, notified: 0 }])
    const groups = await s.owner.request('GET', `/api/sites/${s.siteId}/restock/groups`)
    expect(groups.json.signUpGroups[0]).toMatchObject({ variantId: s.small, waiting: 1, notified: 2, qtyInStock: 2, productTitle: 'Auto hat', attributes: { Size: 'S' } })
  })

  it("captchaEnabled: the page gets the captchaSiteKey and a captcha container to draw into; a sign-up needs a token the site's provider accepts", async () => {
    const s = await shop('Captcha hat')
    const api = (p: string) => `/api/sites/${s.siteId}${p}`
    const shopId = (await s.owner.post(api('/content/collections'), { typeName: 'products', title: 'Shop' })).json.collection.id
    const made = await s.owner.post(api('/commerce/products'), { collectionId: shopId, productType: 1, title: 'Cap', variantOptions: [], variants: [{ sku: 'CAP', qtyInStock: 0, priceCents: 1000, attributes: {} }] })
    const url = made.json.product.fullUrl as string
    const containers = async () => [...(await s.visitor.get(url)).body.matchAll(/<div class="captcha-container"[^>]*>/g)].map((m) => m[0])
    expect((await s.visitor.get(url)).body).toContain('product-restock-notification') // the sold-out variant's form
    expect(await containers()).toEqual([]) // captcha off: no container
    expect((await s.owner.request('PATCH', `/api/sites/${s.siteId}/restock-settings`, { json: { captchaEnabled: true } })).status).toBe(200)
    expect(await containers()).toEqual(['<div class="captcha-container" data-captcha data-site-key="altcha" data-provider="altcha" data-challenge-url="/api/form/captcha/challenge">'])
    const body = { isJoinMailingList: false, productId: s.productId, siteVisitorEmail: 'bot@example.com', variantId: s.small }
    for (const captchaToken of [undefined, 'forged']) {
      const r = await s.visitor.post(PATH, captchaToken ? { ...body, captchaToken } : body)
      expect(r.status).toBe(400)
      expect(r.json.data?.message ?? r.json.error?.message).toBe('Complete CAPTCHA before submitting.')
    }
    const challenge = (await s.visitor.get('/api/form/captcha/challenge')).json as Challenge
    const solution = await solveChallenge({ challenge, deriveKey })
    const captchaToken = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
    const ok = await s.visitor.post(PATH, { ...body, captchaToken })
    expect(ok.status, ok.body).toBe(200)
    expect(await t.app.restock.waitingCount(s.siteId, s.small)).toBe(1)
    // a solved challenge is spent once: replayed for another address it is refused
    const replay = await s.visitor.post(PATH, { ...body, siteVisitorEmail: 'bot2@example.com', captchaToken })
    expect(replay.status).toBe(400)
    expect(replay.json.data?.message ?? replay.json.error?.message).toBe('Complete CAPTCHA before submitting.')
    expect(await t.app.restock.waitingCount(s.siteId, s.small)).toBe(1)
  })
  it("the spec's owner paths on the site host: the sign-up list, send and send/all (each alert mailed once); another site's admin changes nothing", async () => {
    const s = await shop('Host hat')
    await signUps(s, 4, 700)
    const onHost = t.client(s.host)
    onHost.cookies.clear()
    for (const [k, v] of s.owner.cookies) onHost.cookies.set(k, v)
    const list = await onHost.get(`${PATH}?productId=${s.productId}&variantId=${s.small}`)
    expect(list.status).toBe(200)
    expect(list.json.signUps.map((x: { email: string; notifiedOn: number | null }) => [x.email, x.notifiedOn])).toEqual([700, 701, 702, 703].map((i) => [`fan${i}@example.com`, null]))
    expect((await s.visitor.get(`${PATH}?productId=${s.productId}&variantId=${s.small}`)).status).toBe(401)

    // another site's admin: on its own site's paths, on A's editor path and with its session on A's host
    const other = await shop('Other hat')
    expect((await setStock(s, s.small, 3)).status).toBe(200)
    const theirs = t.client(s.host)
    theirs.cookies.clear()
    for (const [k, v] of other.owner.cookies) theirs.cookies.set(k, v)
    const attempts = [
      other.owner.post(`/api/sites/${other.siteId}/restock/send`, { productId: s.productId, variantId: s.small }),
      other.owner.post(`/api/sites/${s.siteId}/restock/send`, { productId: s.productId, variantId: s.small }),
      other.owner.post(`/api/sites/${s.siteId}/restock/send/all`, { sendRequests: [{ productId: s.productId, variantId: s.small }] }),
      other.owner.get(`/api/sites/${s.siteId}/restock?productId=${s.productId}&variantId=${s.small}`),
      other.owner.patch(`/api/sites/${s.siteId}/restock-settings`, { autoSend: true }),
      theirs.post(`${PATH}/send`, { productId: s.productId, variantId: s.small }),
      theirs.post(`${PATH}/send/all`, { sendRequests: [{ productId: s.productId, variantId: s.small }] }),
      theirs.get(`${PATH}?productId=${s.productId}&variantId=${s.small}`),
    ]
    for (const res of await Promise.all(attempts)) expect([403, 404], res.body).toContain(res.status)
    const theirSendAll = await other.owner.post(`/api/sites/${other.siteId}/restock/send/all`, { sendRequests: [{ productId: s.productId, variantId: s.small }] })
    expect(theirSendAll.status, theirSendAll.body).toBe(404)
    expect(await t.app.restock.waitingCount(s.siteId, s.small)).toBe(4)
    expect((await s.owner.get(`/api/sites/${s.siteId}/restock-settings`)).json.config.autoSend).toBe(false)

    // A's owner on the host: send alerts as many as the stock (3), send/all the one left once a unit more is in
    const sent = await onHost.post(`${PATH}/send`, { productId: s.productId, variantId: s.small })
    expect(sent.json).toEqual({ notified: 3 })
    expect((await onHost.post(`${PATH}/send/all`, { sendRequests: [{ productId: s.productId, variantId: s.small }] })).json.results).toEqual([{ productId: s.productId, variantId: s.small, notified: 0 }])
    expect((await setStock(s, s.small, 4)).status).toBe(200)
    expect((await onHost.post(`${PATH}/send/all`, { sendRequests: [{ productId: s.productId, variantId: s.small }] })).json.results).toEqual([{ productId: s.productId, variantId: s.small, notified: 1 }])
    const after = await onHost.get(`${PATH}?productId=${s.productId}&variantId=${s.small}`)
    expect(after.json.signUps.every((x: { notifiedOn: number | null }) => x.notifiedOn !== null)).toBe(true)
    await drainMail(t.app)
    const mailed = () => smtp.mails.filter((m) => /^fan70\d@example\.com$/.test(m.to) && m.text.includes('Back in stock: Host hat (S)')).map((m) => m.to).sort()
    expect(mailed()).toEqual([700, 701, 702, 703].map((i) => `fan${i}@example.com`))
  })
})
