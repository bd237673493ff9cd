// Journeys across features, in Chromium against the real server (issue 31's scenarios):
// - search: the owner adds a product (commerce, owner API); a visitor types a word of its title, then a word of its
//   description, into the site's search box (publishing) and finds it with its image and its price;
// - subscription: the owner adds a monthly product of two payments; a subscriber reads the terms before 'Subscribe'
//   (what is charged now and then, how often, how many payments, that shipping recurs), pays, and the confirmation
//   mail repeats them; the renewal runner's own timer bills the second payment (its clock shortened:
//   RENEWAL_DAY_MS, one of its days lasts DAY_MS, so a month passes in about 3 s; RENEWAL_SWEEP_MS, it looks every
//   SWEEP_MS) and mails it, and the owner's analytics screen shows revenue grown by every payment. Amounts are
//   computed here from the product's price, the demo's shipping rule (Standard $6 under $100) and its New York tax
//   rule (on goods).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, signInToPages, type Harness } from './support/fixture.js'
import { ownerClient, type OwnerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js'
import { analyticsRevenue, fillContactAndAddress, fillTestCard } from './support/checkout.js'

interface Item {
  id: string
  urlId: string
  title: string
  fullUrl: string
  structuredContent: { isSubscribable?: boolean; subscriptionPlan?: { billingPeriod: { value: number; unit: string }; numBillingCycles: number }; variants: { sku: string; price: number }[] }
}

let h: Harness
let sink: SmtpSink
let owner: OwnerClient
let siteId: string
const DAY_MS = 100
const SWEEP_MS = 250
beforeAll(async () => {
  sink = await startSmtpSink()
  h = await openHarness({ env: { SMTP_URL: sink.url, RENEWAL_DAY_MS: String(DAY_MS), RENEWAL_SWEEP_MS: String(SWEEP_MS) } })
  siteId = String((await demoSite(h.server.baseUrl)).id)
  owner = ownerClient(h.server.baseUrl)
  expect((await owner.call('POST', '/api/auth/login', DEMO_OWNER)).status).toBe(200)
})
afterAll(async () => {
  await h?.close()
  await sink?.close()
})

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** Types `word` into the page's search box and submits it as a visitor does; the results' titles, prices and images. */
async function searchFor(page: Page, word: string) {
  const box = page.getByRole('search').getByRole('searchbox', { name: 'Search' })
  await box.fill('')
  await box.pressSequentially(word, { delay: 20 })
  await Promise.all([page.waitForURL(`**/search?q=${word}`), box.press('Enter')])
  await page.locator('.search-summary').waitFor()
  return page.locator('.search-result').evaluateAll((lis) =>
    lis.map((li) => {
      const img = li.querySelector('img')
      return {
        title: li.querySelector('.search-result-title')!.textContent!.trim(),
        href: li.querySelector('.search-result-title a')!.getAttribute('href'),
        price: li.querySelector('.product-price')?.textContent?.replace(/\s+/g, ' ').trim() ?? null,
        image: img ? img.complete && img.naturalWidth > 0 : false,
      }
    }),
  )
}

describe('journeys across features', () => {
  it('a visitor finds a new product by a word of its title and by a word of its description, with its image and price', async () => {
    const collections = (await owner.call<{ collections: { id: string; typeName: string }[] }>('GET', `/api/sites/${siteId}/content/collections`)).body.collections
    const shop = collections.find((c) => c.typeName === 'products')!
    const files = (await owner.call<{ files: { id: string; contentType?: string; mimeType?: string }[] }>('GET', `/api/sites/${siteId}/files`)).body.files
    const priceCents = 5400
    const made = await owner.call<{ product: { fullUrl: string } }>('POST', `/api/sites/${siteId}/commerce/products`, {
      collectionId: shop.id,
      productType: 1,
      title: 'Walnut serving board',
      description: 'Oiled by hand with beeswax and cut from one plank.',
      imageIds: [files[0]!.id],
      variants: [{ sku: 'BOARD-E2E', priceCents, qtyInStock: 5 }],
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)

    const page = h.page
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 })
      await page.goto('/search')
      for (const word of ['walnut', 'beeswax']) {
        const results = await searchFor(page, word)
        expect(results, word).toEqual([{ title: 'Walnut serving board', href: made.body.product.fullUrl, price: usd(priceCents), image: true }])
        expect(await page.locator('.search-summary').textContent()).toBe(`1 result for “${word}”`)
      }
      await screenshot(page, `journeys-search-${width}`)
    }
    // the visitor follows the result to the product page
    await page.getByRole('link', { name: 'Walnut serving board' }).click()
    await page.waitForURL(`**${made.body.product.fullUrl}`)
    await page.getByRole('heading', { name: 'Walnut serving board' }).waitFor()
    expect(unexpected(h.errors)).toEqual([])
  })

  it('a subscriber reads the terms before Subscribe, pays, the confirmation mail repeats them, and the renewal adds to revenue', async () => {
    const collections = (await owner.call<{ collections: { id: string; typeName: string }[] }>('GET', `/api/sites/${siteId}/content/collections`)).body.collections
    const made = await owner.call<{ product: { id: string; fullUrl: string } }>('POST', `/api/sites/${siteId}/commerce/products`, {
      collectionId: collections.find((c) => c.typeName === 'products')!.id,
      productType: 1,
      title: 'Coffee box',
      description: 'Two bags of beans, roasted the week they ship.',
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 2 },
      variants: [{ sku: 'COFFEE-E2E', priceCents: 2800, qtyInStock: 20 }],
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    // the product as a visitor's page gives it
    const box = ((await (await h.context.request.get(`${made.body.product.fullUrl}?format=json`)).json()) as { item: Item }).item
    expect(box.id).toBe(made.body.product.id)
    const plan = box.structuredContent.subscriptionPlan!
    expect(plan).toEqual({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 2 })
    const price = box.structuredContent.variants[0]!.price
    const shipping = price < 10_000 ? 600 : 0
    const rules = (await owner.call<{ items: { country: string; region: string | null; rateBp: number }[] }>('GET', `/api/sites/${siteId}/commerce/tax-rules`)).body.items
    const ny = rules.find((r) => r.country === 'US' && r.region === 'NY')!
    const each = price + shipping + Math.round((price * ny.rateBp) / 10_000)
    const terms = `${usd(each)} every month, ${plan.numBillingCycles} payments in all, this one included`
    const plain = (cents: number) => usd(cents).slice(1) // the page's amounts take their currency sign from CSS

    // the owner's analytics screen before anyone subscribes
    const ownerContext = await h.browser.newContext({ baseURL: h.server.baseUrl, viewport: { width: 1280, height: 800 } })
    const ownerPage = await ownerContext.newPage()
    await signInToPages(ownerPage, siteId)
    const revenueBefore = await analyticsRevenue(ownerPage, siteId)

    const emails: string[] = []
    for (const width of [390, 1280]) {
      const context = await h.browser.newContext({ baseURL: h.server.baseUrl, viewport: { width, height: width > 500 ? 800 : 844 } })
      try {
        const page = await context.newPage()
        const errors: string[] = []
        page.on('pageerror', (e) => errors.push(e.message))
        await page.goto(box.fullUrl)
        const add = page.locator('.sqs-add-to-cart-button').first()
        await expect.poll(() => add.getAttribute('data-commerce-bound')).toBe('true')
        await add.click()
        await page.waitForURL('**/checkout?cartToken=**')
        const email = `subscriber-${width}@example.com`
        emails.push(email)
        await fillContactAndAddress(page, email)
        const termsBox = page.locator('[data-subscription-terms]')
        await expect.poll(() => termsBox.locator('dd').allTextContents()).toEqual([plain(each), terms.slice(1), 'Shipping and tax are charged again with every payment.'])
        expect(await termsBox.locator('dd .sqs-money-native').first().evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"$"')
        // the terms are in sight before the Subscribe button (on a phone too, where the summary folds)
        const subscribe = page.getByRole('button', { name: 'Subscribe' })
        expect(await termsBox.isVisible()).toBe(true)
        expect((await termsBox.boundingBox())!.y).toBeLessThan((await subscribe.boundingBox())!.y)
        await screenshot(page, `journeys-subscription-terms-${width}`)
        await fillTestCard(page)
        await subscribe.click()
        await page.waitForURL('**/commerce/orders/**', { timeout: 15_000 })
        const mail = await sink.waitFor((m) => m.to.includes(email) && /confirmed/.test(m.subject))
        expect(mail.text.replace(/\s+/g, ' ')).toContain(`Subscription to ${box.title}: ${terms}. Shipping and tax are charged again with every payment.`)
        expect(errors).toEqual([])
      } finally {
        await context.close()
      }
    }

    // a month of the renewal clock later its timer bills each subscription's second and last payment and mails it
    for (const email of emails) {
      const renewed = await sink.waitFor((m) => m.to.includes(email) && m.subject === `Your subscription to ${box.title} has renewed`, 30_000)
      expect(renewed.text.replace(/\s+/g, ' ')).toContain(usd(each))
    }
    // the analytics screen's revenue grew by both payments of both subscribers; there is no third payment to come
    expect(await analyticsRevenue(ownerPage, siteId)).toBe(revenueBefore + emails.length * plan.numBillingCycles * each)
    // and Revenue by product names what those payments charged for the new product (shipping and tax included)
    const byProduct = ownerPage.locator('section.analytics-card', { has: ownerPage.getByRole('heading', { name: 'Revenue by product' }) })
    expect(await byProduct.getByRole('row', { name: new RegExp(`^${box.title}`) }).locator('td').last().textContent()).toBe(usd(emails.length * plan.numBillingCycles * each))
    await screenshot(ownerPage, 'journeys-subscription-renewal-analytics-1280')
    await ownerPage.setViewportSize({ width: 390, height: 844 })
    await screenshot(ownerPage, 'journeys-subscription-renewal-analytics-390')
    await ownerContext.close()
  }, 120_000)
})
