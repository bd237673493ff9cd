// @vitest-environment jsdom
// The entry hook (cart loads after attach; chunks only for their markup) and the checkout page.
import { describe, expect, it } from 'vitest'
import { checkoutBody, confirmationUrl, showTotals, wireCheckout } from '../../src/commerce/checkout.js'
import { createCartStore } from '../../src/commerce/cart-store.js'
import { CHUNK_SELECTORS, COMMERCE_CHUNKS, createCommerce } from '../../src/commerce/start.js'
import { boot } from '../../src/boot.js'
import { createEventBus } from '../../src/core/events.js'
import type { StorefrontEvents } from '../../src/events.js'
import { page, settle } from '../content/helpers.js'
import { cart, fakeApi, ok } from './fixtures.js'

describe('commerce start', () => {
  it("loads the cart through boot's hook, then reveals the pill", async () => {
    page(`<div data-cart-button hidden><a data-cart-pill href="/cart" hidden><span data-cart-count></span></a></div>`)
    document.cookie = 'sw_has_cart=1' // the script-readable cart marker (sw_cart itself is HttpOnly)
    const api = fakeApi({ getCart: async () => ok(cart([{ sku: 'A', quantity: 2 }])) })
    const commerce = createCommerce(window, api)
    const sf = boot({ doc: document, storage: null, islands: {}, loadCart: commerce.loadCart })
    expect(await commerce.attach(sf.bus)).toEqual([]) // no product, cart or checkout markup: no chunk
    await sf.ready
    expect(api.calls.map((c) => c.method)).toEqual(['getCart'])
    expect(document.querySelector<HTMLElement>('[data-cart-button]')!.hidden).toBe(false)
    expect(document.querySelector<HTMLElement>('[data-cart-pill]')!.hidden).toBe(false)
    expect(document.querySelector('[data-cart-count]')!.textContent).toBe('2')
    document.cookie = 'sw_cart=; expires=Thu, 01 Jan 1970 00:00:00 GMT'
  })

  it("starts a page chunk only for its markup, and reports 'Loading chunk N failed' when it cannot load", async () => {
    page('<div class="sqs-add-to-cart-button" data-item-id="p1"></div><form data-checkout-form></form>')
    const started: string[] = []
    const errors: unknown[] = []
    const original = console.error
    console.error = (e: unknown) => void errors.push(e)
    try {
      const commerce = createCommerce(window, fakeApi({}), {
        'commerce-product-variants': async () => ({ init: () => void started.push('product') }),
        'cart-page': async () => ({ init: () => void started.push('cart') }),
        checkout: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      })
      expect(await commerce.attach(createEventBus<StorefrontEvents>())).toEqual(['commerce-product-variants'])
    } finally {
      console.error = original
    }
    expect(started).toEqual(['product'])
    expect(errors).toHaveLength(1)
    expect((errors[0] as Error).name).toBe('ChunkLoadError')
    expect((errors[0] as Error).message).toBe('Loading chunk checkout failed')
  })

  it('names a chunk for every page kind, the product one as the spec does', () => {
    expect(Object.keys(COMMERCE_CHUNKS).sort()).toEqual(Object.keys(CHUNK_SELECTORS).sort())
    expect(CHUNK_SELECTORS['commerce-product-variants']).toBe('.sqs-add-to-cart-button[data-item-id]')
  })
})

const CHECKOUT = `<form data-checkout-form>
  <input name="email" value="ada@example.com" required>
  <input name="shipping.firstName" value="Ada"><input name="shipping.lastName" value="L">
  <input name="shipping.line1" value="1 Main St"><input name="shipping.city" value="Town">
  <input name="shipping.region" value="NY"><input name="shipping.postalCode" value="10001">
  <select name="shipping.country"><option value="US" selected>US</option><option value="CA">CA</option></select>
  <input type="radio" name="shippingOptionId" value="s1" checked><input type="radio" name="shippingOptionId" value="s2">
  <input name="couponCode" value="ten"><button type="button" data-apply-coupon>Apply</button><input name="giftCardCode" value="">
  <input name="card.number" value="4242 4242 4242 4242"><input name="card.expMonth" value="12"><input name="card.expYear" value="30"><input name="card.cvc" value="123">
  <span data-total="subtotalCents">0.00</span><span data-total="taxCents">0.00</span>-<span data-total="discountCents"></span>
  <dl><div data-promotions></div></dl>
  <p data-checkout-status></p><button type="submit">Place Order</button></form>`

describe('checkout page', () => {
  it('builds the body from the form and shows recalculated totals', () => {
    page(CHECKOUT)
    const body = checkoutBody(new FormData(document.querySelector('form')!))
    expect(body).toEqual({
      email: 'ada@example.com',
      shippingAddress: { firstName: 'Ada', lastName: 'L', line1: '1 Main St', city: 'Town', region: 'NY', postalCode: '10001', country: 'US' },
      shippingOptionId: 's1',
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
    })
    showTotals(document, { ...cart([{ sku: 'A', quantity: 1, cents: 1234 }]), taxCents: 99, discountCents: 100, promotions: [{ id: 'p', name: 'Mug week', amountCents: 1260 }] })
    // an amount taken off: the '-' stands before the money span, whose style prints the symbol ('-$1.00', not '$-1.00')
    expect([...document.querySelectorAll('[data-total]')].map((e) => e.textContent)).toEqual(['12.34', '0.99', '1.00'])
    const promotion = document.querySelector('[data-promotions] dd')!
    expect([promotion.textContent, promotion.querySelector('.sqs-money-native')!.textContent]).toEqual(['-12.60', '12.60'])
    expect(confirmationUrl({ order: { confirmationUrl: '/commerce/orders/o1' } })).toBe('/commerce/orders/o1')
  })

  it('recalculates on a shipping change and places the order once with an Idempotency-Key', async () => {
    page(CHECKOUT)
    const requests: { method: string; url: string; body: unknown; key: string | null }[] = []
    const original = globalThis.fetch
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers)
      requests.push({ method: init.method ?? 'GET', url, body: JSON.parse(String(init.body)), key: headers.get('idempotency-key') })
      if (url.endsWith('/shipping')) return new Response(JSON.stringify({ shoppingCart: { ...cart([{ sku: 'A', quantity: 1, cents: 1000 }]), taxCents: 80 } }))
      return new Response(JSON.stringify({ order: { id: 'o1' }, confirmationToken: 't', confirmationUrl: '/commerce/orders/o1?token=t' }), { status: 201 })
    }) as typeof fetch
    try {
      const bus = createEventBus<StorefrontEvents>()
      const assigned: string[] = []
      const win = { location: { assign: (u: string) => assigned.push(u) } } as unknown as Window
      const form = document.querySelector('form')!
      const api = fakeApi({ applyCoupon: async () => ok({ shoppingCart: { ...cart([{ sku: 'A', quantity: 1, cents: 1000 }]), discountCents: 100 } }) })
      wireCheckout(form, { api, bus, store: createCartStore({ api, bus }), win })
      form.querySelector<HTMLButtonElement>('[data-apply-coupon]')!.click()
      for (let i = 0; i < 5; i++) await settle()
      expect(api.calls[0]).toEqual({ method: 'applyCoupon', args: ['ten'] })
      expect(document.querySelector('[data-checkout-status]')!.textContent).toBe('Coupon TEN applied.')
      expect(document.querySelector('[data-total="discountCents"]')!.textContent).toBe('1.00') // its '-' stands before the span
      const country = form.querySelector<HTMLSelectElement>('select')!
      country.value = 'CA'
      country.dispatchEvent(new Event('change', { bubbles: true }))
      for (let i = 0; i < 5; i++) await settle()
      expect(requests[0]).toMatchObject({ method: 'PUT', url: '/api/commerce/shopping-cart/shipping', body: { location: { country: 'CA', region: 'NY' } } }) // the option stays the server's choice until the visitor picks one
      expect(document.querySelector('[data-total="taxCents"]')!.textContent).toBe('0.80')
      form.requestSubmit()
      form.requestSubmit() // a second submit while placing is ignored
      expect(form.querySelector('button[type="submit"]')!.textContent).toBe('Placing Order…')
      for (let i = 0; i < 5; i++) await settle()
      const posts = requests.filter((r) => r.method === 'POST')
      expect(posts).toHaveLength(1)
      expect(posts[0]!.url).toBe('/api/commerce/checkout')
      expect(posts[0]!.key).toMatch(/.{8,}/)
      expect(assigned).toEqual(['/commerce/orders/o1?token=t'])
    } finally {
      globalThis.fetch = original
    }
  })
})
