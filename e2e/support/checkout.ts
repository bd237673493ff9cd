// The checkout's contact and US shipping address and the test card, as the store and payment e2e files fill them;
// the owner's analytics screen's store revenue, which the journeys check against what was charged.
import { expect } from 'vitest'
import type { Page } from 'playwright-core'

/** Fills the checkout's email and a New York shipping address (each change recalculates shipping and tax). */
export async function fillContactAndAddress(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('First name').fill('Ada')
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByLabel('Address', { exact: true }).fill('1 Main Street')
  await page.getByLabel('City').fill('Springfield')
  await page.getByLabel('State / region').fill('NY')
  await page.getByLabel('Postal code').fill('10001')
  await page.getByLabel('Country').selectOption('US')
}

/** The test card that pays (4242 4242 4242 4242), expiring in two years. */
export async function fillTestCard(page: Page): Promise<void> {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry month').fill('12')
  await page.getByLabel('Expiry year').fill(String((new Date().getFullYear() + 2) % 100))
  await page.getByLabel('Security code').fill('123')
}

/** The owner's analytics screen's store revenue (last 30 days), in cents, as its Store funnel heading names it. */
export async function analyticsRevenue(page: Page, siteId: string | number): Promise<number> {
  await page.goto(`/config/sites/${siteId}/analytics`)
  const title = page.getByRole('heading', { name: /^Store funnel \(/ })
  await title.waitFor()
  const m = /^Store funnel \(\$([\d,]+)\.(\d\d) revenue/.exec((await title.textContent()) ?? '')
  expect(m, 'the store funnel names its revenue').not.toBeNull()
  return Number(m![1]!.replace(/,/g, '')) * 100 + Number(m![2])
}
