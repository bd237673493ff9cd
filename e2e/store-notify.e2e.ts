// The product page's reviews and restock sections in Chromium: reviews load (product first, then the store's),
// the sold-out Moon jar takes a restock sign-up (spec messages), the owner restocks one unit and sends, and the
// alert arrives in the SMTP sink. Screenshots at 1280 and 390 px; axe-clean sections.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { injectAxe } from './support/axe.js'
import { screenshot, unexpected } from './support/browser.js'
import { demoSite, openHarness, type Harness } from './support/fixture.js'
import { ownerClient } from './support/owner-api.js'
import { DEMO_OWNER } from './support/paths.js'
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js'

let h: Harness
let smtp: SmtpSink
beforeAll(async () => {
  smtp = await startSmtpSink()
  h = await openHarness({ env: { SMTP_URL: smtp.url } })
})
afterAll(async () => {
  await h?.close()
  smtp?.close()
})

async function violations(page: Page, selector: string): Promise<string[]> {
  await injectAxe(page)
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe
    const r = await axe.run({ include: [[sel]] }, { resultTypes: ['violations'] })
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  }, selector)
}

describe('product page: reviews and restock', () => {
  it('shows the product reviews, then the store reviews, with counts and stars, at 1280 and 390 px', async () => {
    const page = h.page
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/shop/stoneware-mug')
      const section = page.locator('.product-reviews-section')
      await section.waitFor()
      expect(await page.locator('.product-reviews-count').textContent()).toBe('4 Reviews')
      expect(await page.locator('.product-reviews-store-count').textContent()).toMatch(/^\d+ Store Reviews$/)
      expect(await page.locator('[data-reviews-list="product"] .product-review').count()).toBe(4)
      expect(await page.locator('.product-review-source').first().textContent()).toBe('Posted on Etsy')
      // the Etsy text's <stunning> is shown as text, not markup
      expect(await page.locator('.product-review-text', { hasText: '<stunning>' }).count()).toBe(1)
      await section.scrollIntoViewIfNeeded()
      await screenshot(page, `product-reviews-${width}`)
      expect(await violations(page, '.product-reviews')).toEqual([])
    }
    expect(unexpected(h.errors)).toEqual([])
  })

  it('sold-out Moon jar: sign up (spec messages), owner restocks one unit and sends, the alert email arrives', async () => {
    const page = h.page
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/shop/moon-jar')
      const box = page.locator('.product-restock-notification').first()
      await box.waitFor()
      await box.scrollIntoViewIfNeeded()
      await screenshot(page, `product-restock-${width}`)
      expect(await violations(page, '.product-restock')).toEqual([])
    }
    const box = page.locator('.product-restock-notification').first()
    await box.locator('input[type=submit]').click()
    expect(await box.locator('.product-restock-message').textContent()).toBe('Email cannot be blank')
    await box.locator('input[name=email]').fill('jar-fan@example')
    await box.locator('input[type=submit]').click()
    expect(await box.locator('.product-restock-message').textContent()).toBe('Email is invalid')
    await box.locator('input[name=email]').fill('jar-fan@example.com')
    await box.locator('input[type=submit]').click()
    await box.locator('.product-restock-success').waitFor()
    expect(await box.locator('.product-restock-success').textContent()).toBe('Signed up!')
    await screenshot(page, 'product-restock-signed-up-1280')
    const productId = await box.getAttribute('data-product-id')
    const variantId = await box.getAttribute('data-variant-id')

    const site = await demoSite(h.server.baseUrl)
    const owner = ownerClient(h.server.baseUrl)
    expect((await owner.call('POST', '/api/auth/login', DEMO_OWNER)).status).toBe(200)
    const groups = await owner.call<{ signUpGroups: { variantId: string; waiting: number }[] }>('GET', `/api/sites/${site.id}/restock/groups`)
    expect(groups.body.signUpGroups).toEqual([expect.objectContaining({ variantId, waiting: 1 })])
    expect((await owner.call('PATCH', `/api/sites/${site.id}/commerce/products/${productId}/variants/${variantId}/stock`, { qtyInStock: 1 })).status).toBe(200)
    const sent = await owner.call<{ notified: number }>('POST', `/api/sites/${site.id}/restock/send`, { productId, variantId })
    expect(sent.body.notified).toBe(1)
    const mail = await smtp.waitFor((m) => m.to.includes('jar-fan@example.com'))
    expect(mail.subject).toBe('Back in stock: Moon jar')
    expect(mail.text).toContain('/shop/moon-jar')
    // a second send alerts nobody: the one unit is covered
    expect((await owner.call<{ notified: number }>('POST', `/api/sites/${site.id}/restock/send`, { productId, variantId })).body.notified).toBe(0)
    expect(unexpected(h.errors)).toEqual([])
  })
})
