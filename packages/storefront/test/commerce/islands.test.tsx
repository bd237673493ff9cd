// @vitest-environment jsdom
// The React islands: the additional-fields lightbox (async form) and the /cart page.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Result } from '../../src/commerce/api.js'
import { createCartStore } from '../../src/commerce/cart-store.js'
import { collectValues, requiredErrors, type AdditionalFieldsForm } from '../../src/commerce/form-model.js'
import { openAdditionalFields } from '../../src/commerce/islands/additional-fields.js'
import { init as initCartPage } from '../../src/commerce/islands/cart-page.js'
import { createEventBus } from '../../src/core/events.js'
import type { StorefrontEvents } from '../../src/events.js'
import { page } from '../content/helpers.js'
import { cart, fakeApi, failure, ok } from './fixtures.js'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
afterEach(() => {
  document.body.innerHTML = ''
})

const FORM: AdditionalFieldsForm = {
  id: 'f1',
  name: 'Engraving',
  fields: [
    { id: 'text1', type: 'text', title: 'Engraving text', required: true },
    { id: 'sec', type: 'section', title: 'More' },
    { id: 'name1', type: 'name', title: 'Recipient', required: true },
    { id: 'radio1', type: 'radio', title: 'Font', options: ['Serif', 'Sans'], required: true },
    { id: 'sel1', type: 'select', title: 'Box', options: ['Small', 'Large'], required: true },
    { id: 'check1', type: 'checkbox', title: 'Extras', options: ['Gift wrap', 'Card'], required: true },
    { id: 'lik1', type: 'likert', title: 'Survey', options: ['Fast', 'Cheap'], required: true },
    { id: 'phone1', type: 'phone', title: 'Phone' },
    { id: 'hid1', type: 'hidden', key: 'ref', value: 'default' },
  ],
}

describe('form model', () => {
  it('reads the value of each field kind and flags the empty required ones', () => {
    const data = new FormData()
    data.set('text1', 'Hi')
    data.set('name1.0', 'Ada')
    data.set('name1.1', '')
    data.append('check1', 'Card')
    data.set('lik1.0', '2')
    data.set('phone1.0', '555')
    data.set('phone1.1', '123')
    data.set('phone1.2', '4567')
    const values = collectValues(FORM, data, '?ref=ad1')
    expect(values).toEqual({
      text1: 'Hi', name1: ['Ada', ''], radio1: '', sel1: '', check1: ['Card'],
      lik1: { Fast: ['2'], Cheap: [] }, phone1: ['', '555', '123', '4567'], hid1: 'ad1',
    })
    expect(requiredErrors(FORM, values)).toEqual({ radio1: 'Required', sel1: 'Required', lik1: 'Required' })
    expect(collectValues(FORM, new FormData()).hid1).toBe('default')
    expect(requiredErrors(FORM, collectValues(FORM, new FormData()))).toMatchObject({ text1: 'Required', name1: 'Required', check1: 'Required' })
  })
})

describe('additional-fields lightbox', () => {
  it("shows 'Required', then 'Saving…', server errors above the field titles, and closes on success", async () => {
    page('<button id="b">Add</button>')
    const simple: AdditionalFieldsForm = { id: 'f2', name: 'Details', fields: [{ id: 't', type: 'text', title: 'Initials', required: true }, { id: 'c', type: 'checkbox', title: 'Opts', options: ['A'], required: true }] }
    const answers: Result<unknown>[] = [failure('Invalid', 400, { fieldErrors: { t: 'Use at most 3 letters.' } }), ok({ done: true })]
    let release!: () => void
    const sent: string[] = []
    const submit = (fields: string) => {
      sent.push(fields)
      return new Promise<Result<unknown>>((r) => (release = () => r(answers.shift()!)))
    }
    let result: Promise<Result<unknown> | null>
    await act(async () => {
      result = openAdditionalFields(document, simple, submit)
    })
    const form = document.querySelector<HTMLFormElement>('.additional-fields-lightbox form')!
    expect(document.querySelector('.sw-dialog-title')!.textContent).toBe('Details')
    const button = form.querySelector('button[type="submit"]')!
    expect(button.textContent).toBe('Add to Cart')
    await act(async () => form.requestSubmit())
    expect([...form.querySelectorAll('.field-error')].map((e) => e.textContent)).toEqual(['Required', 'Required'])
    expect(sent).toEqual([])
    form.querySelector<HTMLInputElement>('input[name="t"]')!.value = 'ABCD'
    form.querySelector<HTMLInputElement>('input[name="c"]')!.checked = true
    await act(async () => form.requestSubmit())
    expect(button.textContent).toBe('Saving…')
    expect(form.dataset.state).toBe('saving')
    await act(async () => release())
    expect(form.dataset.state).toBe('editing')
    const error = form.querySelector('.form-field .field-error')!
    expect(error.textContent).toBe('Use at most 3 letters.')
    expect(error.nextElementSibling!.classList.contains('title')).toBe(true) // above the title
    expect(JSON.parse(sent[0]!)).toEqual({ t: 'ABCD', c: ['A'] })
    await act(async () => form.requestSubmit())
    await act(async () => release())
    expect(await result!).toEqual(ok({ done: true }))
    expect(document.querySelector('.additional-fields-lightbox')).toBeNull()
  })

  it('resolves null when the shopper closes it', async () => {
    page('')
    let result: Promise<Result<unknown> | null>
    await act(async () => {
      result = openAdditionalFields(document, FORM, async () => ok({}))
    })
    await act(async () => document.querySelector<HTMLButtonElement>('.sw-dialog-close')!.click())
    expect(await result!).toBeNull()
  })

  it("a select field starts on the empty 'Select Value' option, which counts as unanswered", async () => {
    page('')
    const sent: string[] = []
    await act(async () => {
      void openAdditionalFields(document, { id: 'f3', name: 'Box', fields: [{ id: 's', type: 'select', title: 'Size', options: ['Small', 'Large'], required: true }] }, async (fields) => {
        sent.push(fields)
        return ok({})
      })
    })
    const select = document.querySelector<HTMLSelectElement>('.additional-fields-lightbox select[name="s"]')!
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([['', 'Select Value'], ['Small', 'Small'], ['Large', 'Large']])
    expect(select.value).toBe('')
    const form = select.form!
    await act(async () => form.requestSubmit())
    expect(form.querySelector('.field-error')!.textContent).toBe('Required')
    expect(sent).toEqual([])
    select.value = 'Large'
    await act(async () => form.requestSubmit())
    expect(JSON.parse(sent[0]!)).toEqual({ s: 'Large' })
  })
})

describe('/cart page', () => {
  it('lists the entries; changes quantity, removes, applies coupons; shows subtotal and checkout', async () => {
    page('<div data-commerce-island="cart-page"></div>')
    const api = fakeApi({
      getCart: async () => ok(cart([{ sku: 'A', quantity: 1, cents: 1000 }, { sku: 'B', quantity: 2, cents: 500, itemId: 'p2' }])),
      setQuantity: async (_id, q) => ok(cart([{ sku: 'A', quantity: q, cents: 1000 }, { sku: 'B', quantity: 2, cents: 500, itemId: 'p2' }])),
      removeEntry: async () => ok({ shoppingCart: cart([{ sku: 'A', quantity: 3, cents: 1000 }]) }),
      applyCoupon: async () => failure('This coupon does not exist.', 400),
    })
    const bus = createEventBus<StorefrontEvents>()
    const store = createCartStore({ api, bus })
    await act(async () => initCartPage(document, { api, bus, store, win: window }))
    const root = document.querySelector('[data-commerce-island]')!
    expect(root.querySelectorAll('.cart-entry')).toHaveLength(2)
    expect(root.querySelector('.cart-subtotal')!.textContent).toBe('20.00')
    expect(root.querySelector('.cart-note')!.textContent).toBe('Shipping and tax are calculated at checkout.')
    const qty = root.querySelector<HTMLInputElement>('.cart-entry input')!
    await act(async () => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
      set.call(qty, '3')
      qty.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await act(async () => qty.dispatchEvent(new FocusEvent('focusout', { bubbles: true })))
    expect(api.calls.find((c) => c.method === 'setQuantity')!.args).toEqual(['entry_1', 3])
    expect(root.querySelector('.cart-subtotal')!.textContent).toBe('40.00')
    await act(async () => root.querySelectorAll<HTMLButtonElement>('.cart-entry-remove')[1]!.click())
    expect(root.querySelectorAll('.cart-entry')).toHaveLength(1)
    const code = root.querySelector<HTMLInputElement>('#cart-coupon-code')!
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(code, 'NOPE')
      code.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await act(async () => root.querySelector<HTMLFormElement>('.cart-coupon')!.requestSubmit())
    expect(root.querySelector('[role="alert"]')!.textContent).toBe('This coupon does not exist.')
    expect(root.querySelector('a.cart-checkout-button')!.getAttribute('href')).toBe('/checkout')
  })

  it('a refused quantity puts the real one back in the box with the message at the line; 0 removes the line', async () => {
    page('<div data-commerce-island="cart-page"></div>')
    const OUT = 'Sorry, we do not have enough of that item available.'
    const api = fakeApi({
      getCart: async () => ok(cart([{ sku: 'A', quantity: 1, cents: 1000 }, { sku: 'B', quantity: 2, cents: 500, itemId: 'p2' }])),
      setQuantity: async () => failure(OUT, 409),
      removeEntry: async () => ok({ shoppingCart: cart([{ sku: 'B', quantity: 2, cents: 500, itemId: 'p2' }]) }),
    })
    const bus = createEventBus<StorefrontEvents>()
    await act(async () => initCartPage(document, { api, bus, store: createCartStore({ api, bus }), win: window }))
    const root = document.querySelector('[data-commerce-island]')!
    const type = async (value: string) => {
      const qty = root.querySelector<HTMLInputElement>('.cart-entry input')!
      await act(async () => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(qty, value)
        qty.dispatchEvent(new Event('input', { bubbles: true }))
      })
      await act(async () => qty.dispatchEvent(new FocusEvent('focusout', { bubbles: true })))
      return qty
    }
    const qty = await type('999')
    expect(api.calls.filter((c) => c.method === 'setQuantity').map((c) => c.args)).toEqual([['entry_1', 999]])
    expect(qty.value).toBe('1')
    expect(root.querySelector('.cart-entry .cart-entry-error')!.textContent).toBe(OUT)
    expect(root.querySelector('.cart-subtotal')!.textContent).toBe('20.00')
    await type('0')
    expect(api.calls.filter((c) => c.method === 'removeEntry').map((c) => c.args)).toEqual([['entry_1']])
    expect(root.querySelectorAll('.cart-entry')).toHaveLength(1)
    expect(root.querySelector('.cart-subtotal')!.textContent).toBe('10.00')
  })

  it('takes a cart that arrives between its first render and its subscription (never stuck on Loading…)', async () => {
    page('<div data-commerce-island="cart-page"></div>')
    const api = fakeApi({ getCart: async () => ok(cart([{ sku: 'A', quantity: 1, cents: 1000 }])) })
    const bus = createEventBus<StorefrontEvents>()
    const real = createCartStore({ api, bus })
    await real.load() // loaded by someone else (the header pill) ...
    const loaded = real.cart
    let reads = 0
    // ... but the island's first render still saw no cart: the store answers null to its first read only.
    const store = Object.create(real, { cart: { get: () => (reads++ === 0 ? null : loaded) } }) as typeof real
    await act(async () => initCartPage(document, { api, bus, store, win: window }))
    expect(document.querySelector('.cart-loading')).toBeNull()
    expect(document.querySelectorAll('.cart-entry')).toHaveLength(1)
  })

  it('prints each automatic promotion as a line of the totals, after the subtotal', async () => {
    page('<div data-commerce-island="cart-page"></div>')
    const promoted = { ...cart([{ sku: 'A', quantity: 3, cents: 2800 }]), promotions: [{ id: 'p1', name: 'Mug week', amountCents: 1260 }, { id: 'p2', name: 'Free shipping over $100', amountCents: 600 }, { id: 'p3', name: 'Nothing off', amountCents: 0 }] }
    const api = fakeApi({ getCart: async () => ok(promoted) })
    const bus = createEventBus<StorefrontEvents>()
    await act(async () => initCartPage(document, { api, bus, store: createCartStore({ api, bus }), win: window }))
    const lines = [...document.querySelectorAll('.cart-totals dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`)
    expect(lines).toEqual(['Subtotal: 84.00', 'Mug week: -12.60', 'Free shipping over $100: -6.00'])
    // the sign stands before the money span, whose style prints the symbol: '-$12.60', never '$-12.60'
    expect([...document.querySelectorAll('.cart-promotion + dd .sqs-money-native')].map((m) => m.textContent)).toEqual(['12.60', '6.00'])
  })

  it('says the cart is empty', async () => {
    page('<div data-commerce-island="cart-page"></div>')
    const api = fakeApi({ getCart: async () => ok(cart()) })
    const bus = createEventBus<StorefrontEvents>()
    await act(async () => initCartPage(document, { api, bus, store: createCartStore({ api, bus }), win: window }))
    expect(document.querySelector('.cart-empty')!.textContent).toContain('You have nothing in your shopping cart.')
  })
})
