// @vitest-environment jsdom
// Quick View on a product list: the lightbox built from the product's page (images, price, variants, add to cart),
// the RecordQuickView call, keyboard use (Enter opens, Tab stays inside, Escape closes and gives focus back).
import { afterEach, describe, expect, it } from 'vitest'
import { createCartStore } from '../../src/commerce/cart-store.js'
import { initQuickViews, openQuickView, QUICK_VIEW_LOAD_ERROR, quickViewUrl, type QuickViewDeps } from '../../src/commerce/quick-view.js'
import { createEventBus } from '../../src/core/events.js'
import type { StorefrontEvents } from '../../src/events.js'
import { page, recordingFetch } from '../content/helpers.js'
import { cart, fakeApi, ok, productHtml } from './fixtures.js'

const flush = async () => {
  for (let i = 0; i < 30; i++) await new Promise((r) => setTimeout(r, 0))
}

const LIST = `<div class="product-grid"><article class="product-card" data-item-id="prod_tee">
  <a class="product-card-link" href="/shop/tee"><span class="product-card-title">Tee</span></a>
  <span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="prod_tee" data-group="">Quick View</span>
</article></div>`

const PRODUCT_PAGE = `<!doctype html><html><body><main>${productHtml({ instalments: null })
  .replace('<div class="product-summary">', '<div class="product-summary"><h1 class="item-title product-title">Organic Tee</h1>')
  .replace('</div>\n  <div class="product-summary">', '<ul class="product-thumbnails"><li><img src="/img/back.jpg" alt="Back"></li></ul></div>\n  <div class="product-summary">')}</main></body></html>`

function setup(pageStatus = 200) {
  page(LIST)
  const http = recordingFetch((call) =>
    call.url === '/shop/tee' ? new Response(PRODUCT_PAGE, { status: pageStatus, headers: { 'Content-Type': 'text/html' } }) : new Response(null, { status: 202 }),
  )
  const api = fakeApi({ addEntry: async () => ok({ newlyAdded: { id: 'e1', itemId: 'prod_tee', quantity: 1 }, shoppingCart: cart([{ sku: 'TEE-M-RED', quantity: 1 }]) }) })
  const bus = createEventBus<StorefrontEvents>()
  const deps: QuickViewDeps = { api, bus, store: createCartStore({ api, bus }), win: window, fetch: http.fetch }
  expect(initQuickViews(document, deps)).toBe(1)
  return { http, api, deps, button: document.querySelector<HTMLElement>('.sqs-product-quick-view-button')! }
}

afterEach(() => document.querySelectorAll('.sw-dialog-overlay').forEach((o) => o.remove()))

describe('Quick View', () => {
  it('opens a lightbox with the product images, price, variants and add to cart, and records the quick view', async () => {
    const s = setup()
    await openQuickView(s.button, s.deps) // what a click on the button does (see the keyboard test), awaited
    const record = s.http.calls.find((c) => c.method === 'POST')!
    expect(record.url).toBe(quickViewUrl('prod_tee'))
    expect(record.url).toBe('/api/census/RecordQuickView/prod_tee')
    const dialog = document.querySelector<HTMLElement>('.quick-view [role="dialog"]')!
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.querySelector('.sw-dialog-title')!.textContent).toBe('Organic Tee')
    expect(dialog.querySelectorAll('.quick-view-media img')).toHaveLength(2)
    expect(dialog.querySelector('.product-price')!.textContent).toContain('25.00')
    expect(dialog.querySelectorAll('select[data-variant-option-name]')).toHaveLength(2)
    expect(dialog.querySelector('.quick-view-details')!.getAttribute('href')).toBe('/shop/tee')

    expect(dialog.querySelector<HTMLElement>('.sqs-add-to-cart-button')!.dataset.commerceBound).toBe('true')
    // a thumbnail shows its image as the main one
    dialog.querySelector<HTMLButtonElement>('.quick-view-thumb')!.click()
    expect(dialog.querySelector<HTMLImageElement>('img.product-main-image')!.getAttribute('src')).toContain('/img/back.jpg')

    // choosing the variants and adding goes through the product code, as on the product page
    for (const [name, value] of [['Size', 'M'], ['Color', 'Red']] as const) {
      const select = dialog.querySelector<HTMLSelectElement>(`select[data-variant-option-name="${name}"]`)!
      select.value = value
      select.dispatchEvent(new Event('change', { bubbles: true }))
    }
    expect(dialog.querySelector<HTMLElement>('.product-scarcity')!.hidden).toBe(false)
    dialog.querySelector<HTMLElement>('.sqs-add-to-cart-button')!.click()
    await flush()
    expect(s.api.calls[0]).toEqual({ method: 'addEntry', args: [{ itemId: 'prod_tee', sku: 'TEE-M-RED', quantity: 1, additionalFields: null }] })
  })

  it('is keyboard accessible: Enter opens it, Tab stays inside, Escape closes it and focus returns to the button', async () => {
    const s = setup()
    s.button.focus()
    s.button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true }))
    await flush()
    const dialog = document.querySelector<HTMLElement>('.quick-view [role="dialog"]')!
    expect(dialog.contains(document.activeElement)).toBe(true)
    const last = dialog.querySelector<HTMLElement>('.quick-view-details')!
    last.focus()
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }))
    expect(document.activeElement).toBe(dialog.querySelector('.sw-dialog-close'))
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }))
    expect(document.querySelector('.quick-view')).toBeNull()
    expect(document.activeElement).toBe(s.button)
  })

  it('says the spec text when the product page cannot be loaded', async () => {
    const s = setup(500)
    s.button.click()
    await flush()
    expect(document.querySelector('.quick-view .quick-view-status')!.textContent).toBe(QUICK_VIEW_LOAD_ERROR)
    expect(QUICK_VIEW_LOAD_ERROR).toBe('Unable to load. Try again.')
  })
})
