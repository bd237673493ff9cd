// @vitest-environment jsdom
// The checkout's shipping options follow a recalculated cart: offered options with their costs, the server's choice
// checked, and the free-over options not reached yet explained instead of priced.
import { describe, expect, it } from 'vitest'
import { showShipping } from '../../src/commerce/checkout.js'
import { cart } from './fixtures.js'

describe('checkout shipping options', () => {
  it('redraws the options from the cart and explains what free shipping still needs', () => {
    document.body.innerHTML = `<form><fieldset data-shipping-options><div data-shipping-choices><label><input type="radio" name="shippingOptionId" value="old"> Old</label></div><ul data-shipping-unavailable></ul></fieldset></form>`
    const form = document.querySelector('form')!
    const below = { ...cart([{ sku: 'A', quantity: 1, cents: 2900 }]), currency: 'USD', shippingOptions: [{ id: 's1', name: 'Standard shipping', costCents: 600 }], selectedShippingOption: { id: 's1', name: 'Standard shipping', costCents: 600 }, unavailableShippingOptions: [{ id: 's2', name: 'Free shipping over $100', remainingCents: 7100 }] }
    showShipping(form, below)
    const radios = () => [...form.querySelectorAll<HTMLInputElement>('input[name="shippingOptionId"]')].map((r) => [r.value, r.checked, r.closest('label')!.textContent!.trim()])
    expect(radios()).toEqual([['s1', true, 'Standard shipping 6.00']])
    expect(form.querySelector('[data-shipping-unavailable]')!.textContent).toBe('Free shipping over $100: add 71.00 more to your order to qualify.')
    const over = { ...below, shippingOptions: [{ id: 's1', name: 'Standard shipping', costCents: 600 }, { id: 's2', name: 'Free shipping over $100', costCents: 0 }], selectedShippingOption: { id: 's2', name: 'Free shipping over $100', costCents: 0 }, unavailableShippingOptions: [] }
    showShipping(form, over)
    expect(radios()).toEqual([['s1', false, 'Standard shipping 6.00'], ['s2', true, 'Free shipping over $100 0.00']])
    expect(form.querySelector('[data-shipping-unavailable]')!.children).toHaveLength(0)
  })
})
