// The store e2e's vocabulary: the demo shop's items as its ?format=json gives them, the kinds of product the tests
// look for, the money lines of a page and of the owner's order, the checkout's address step and the product button.
import { expect } from 'vitest'
import type { APIRequestContext, Page } from 'playwright-core'
import { fillContactAndAddress } from './checkout.js'

export interface Variant {
  sku: string
  attributes: Record<string, string>
  qtyInStock: number
  unlimited: boolean
}
export interface Item {
  id: string
  title: string
  fullUrl: string
  structuredContent: { productType: number; variants: Variant[]; variantOptionOrdering?: string[]; additionalFieldsForm?: unknown }
}

export const inStock = (v: Variant) => v.unlimited || v.qtyInStock > 0

/** The shop's items as the page's ?format=json gives them. */
export async function shopItems(request: APIRequestContext): Promise<{ collectionId: string; items: Item[] }> {
  const res = await request.get('/shop?format=json')
  expect(res.status()).toBe(200)
  const body = (await res.json()) as { collection: { id: string }; items: Item[] }
  return { collectionId: body.collection.id, items: body.items }
}

export const isSizeColour = (i: Item) =>
  i.structuredContent.productType === 1 &&
  (i.structuredContent.variantOptionOrdering ?? []).length === 2 &&
  i.structuredContent.variants.some(inStock) &&
  i.structuredContent.variants.some((v) => !inStock(v))
export const isSoldOut = (i: Item) => i.structuredContent.productType === 1 && !i.structuredContent.variants.some(inStock)
export const hasForm = (i: Item) => !!i.structuredContent.additionalFieldsForm && i.structuredContent.variants.length === 1 && i.structuredContent.variants.some(inStock)

export interface SummaryLine {
  label: string
  text: string
}
export interface OwnerOrder {
  id: string
  number: number
  email: string
  status: string
  chargedCents: number
  grandTotalCents: number
  giftCardCents: number
  entries: { sku: string; quantity: number }[]
  giftCards: { code: string; amountCents: number }[]
  summary: SummaryLine[]
}

/** The money lines of the order page ('Label: text'). */
export const pageLines = (page: Page) =>
  page.locator('.order-summary').evaluate((dl) => Array.from(dl.querySelectorAll('dt'), (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`))
export const ownerLines = (o: OwnerOrder) => o.summary.map((l) => `${l.label}: ${l.text}`)

/** The contact and address filled in, once the server's cart has the address and the total shown is its total. */
export async function fillContactAndAddressSettled(page: Page, email: string): Promise<void> {
  await fillContactAndAddress(page, email)
  // the address recalculates shipping and tax (a PUT per change): wait until the server's cart has the address and
  // the total shown is its total (the page was network-idle before, so waiting for that state would return at once)
  const shown = async () => Math.round(Number((await page.locator('.checkout-summary dl [data-total="grandTotalCents"]').textContent())!.replace(/[^0-9.]/g, '')) * 100)
  const stored = async () => (await (await page.context().request.get('/api/commerce/shopping-cart')).json()) as { grandTotalCents: number; shippingLocation: { country?: string; region?: string } | null }
  await expect
    .poll(async () => {
      const cart = await stored()
      return cart.shippingLocation?.country === 'US' && cart.shippingLocation.region === 'NY' && (await shown()) === cart.grandTotalCents
    }, { timeout: 10_000 })
    .toBe(true)
}

export const button = (page: Page) => page.locator('.sqs-add-to-cart-button').first()
export const label = async (page: Page) => (await button(page).textContent())?.trim()
export const pill = (page: Page) => page.locator('[data-cart-pill]')
