// @vitest-environment jsdom
// Checkout attempts: a declined card, then another card, is a new attempt (a new Idempotency-Key); a retry of an
// unanswered attempt repeats its key; choosing the instalment plan turns the card fields off.
import { describe, expect, it } from 'vitest'
import { checkoutBody, createAttemptKeys, showInstalmentChoice, wireCheckout } from '../../src/commerce/checkout.js'
import { createCartStore } from '../../src/commerce/cart-store.js'
import { createEventBus } from '../../src/core/events.js'
import type { StorefrontEvents } from '../../src/events.js'
import { page, settle } from '../content/helpers.js'
import { cart, fakeApi } from './fixtures.js'

const FORM = `<form data-checkout-form>
  <input name="email" value="ada@example.com" required>
  <input type="radio" name="paymentMethod" value="card" checked><input type="radio" name="paymentMethod" value="instalments" data-min-cents="3500" data-max-cents="200000">
  <span data-instalment-amount>16.00</span>
  <p data-instalments-note hidden>Afterpay</p>
  <fieldset data-card-fields>
    <input name="card.number" value="4000 0000 0000 0002" required><input name="card.expMonth" value="12" required><input name="card.expYear" value="30" required><input name="card.cvc" value="123" required>
  </fieldset>
  <p data-checkout-status></p><button type="submit">Place Order</button></form>`

type Answer = { status: number; body: unknown } | 'network'

function wire(answers: Answer[]) {
  page(FORM)
  const posts: { key: string | null; body: Record<string, unknown> }[] = []
  const original = globalThis.fetch
  globalThis.fetch = (async (_url: string, init: RequestInit) => {
    posts.push({ key: new Headers(init.headers).get('idempotency-key'), body: JSON.parse(String(init.body)) })
    const a = answers.shift()!
    if (a === 'network') throw new TypeError('Failed to fetch')
    return new Response(JSON.stringify(a.body), { status: a.status })
  }) as typeof fetch
  const assigned: string[] = []
  const win = { location: { assign: (u: string) => assigned.push(u) } } as unknown as Window
  const form = document.querySelector('form')!
  const api = fakeApi({})
  const bus = createEventBus<StorefrontEvents>()
  wireCheckout(form, { api, bus, store: createCartStore({ api, bus }), win })
  const submit = async () => {
    form.requestSubmit()
    for (let i = 0; i < 5; i++) await settle()
  }
  return { form, posts, assigned, submit, status: () => document.querySelector('[data-checkout-status]')!.textContent, restore: () => (globalThis.fetch = original) }
}

const DECLINED = { status: 422, body: { error: { type: 'unprocessable', code: 'payment_card_declined', message: 'The card was declined.' } } }
const PLACED = { status: 201, body: { order: { id: 'o1' }, confirmationToken: 't', confirmationUrl: '/commerce/orders/o1?token=t' } }

describe('checkout attempts', () => {
  it('a declined card, then 4242 4242 4242 4242 on the same page: a new key, and the confirmation', async () => {
    const w = wire([DECLINED, PLACED])
    try {
      await w.submit()
      expect(w.status()).toBe('The card was declined.')
      w.form.querySelector<HTMLInputElement>('[name="card.number"]')!.value = '4242 4242 4242 4242'
      await w.submit()
      expect(w.posts).toHaveLength(2)
      expect(w.posts[1]!.body.card).toMatchObject({ number: '4242 4242 4242 4242' })
      expect(w.posts[1]!.key).not.toBe(w.posts[0]!.key)
      expect(w.assigned).toEqual(['/commerce/orders/o1?token=t'])
    } finally {
      w.restore()
    }
  })

  it('an unanswered attempt is repeated with its key; after an answer the same form is a new attempt', async () => {
    const w = wire(['network', DECLINED, DECLINED])
    try {
      await w.submit()
      await w.submit() // the same body after a network failure: the same attempt
      await w.submit() // answered (declined): trying again is a new attempt
      expect(w.posts.map((p) => p.key)).toEqual([w.posts[0]!.key, w.posts[0]!.key, expect.any(String)])
      expect(w.posts[2]!.key).not.toBe(w.posts[0]!.key)
    } finally {
      w.restore()
    }
  })

  it('keys: one per body while unanswered', () => {
    let n = 0
    const keys = createAttemptKeys(() => `k${++n}`)
    expect(keys.keyFor({ a: 1 })).toBe('k1')
    expect(keys.keyFor({ a: 1 })).toBe('k1')
    expect(keys.keyFor({ a: 2 })).toBe('k2')
    keys.answered()
    expect(keys.keyFor({ a: 2 })).toBe('k3')
  })

  it('choosing the instalment plan disables the card fields and sends paymentMethod without a card', async () => {
    const w = wire([PLACED])
    try {
      const card = w.form.querySelector<HTMLFieldSetElement>('[data-card-fields]')!
      const note = w.form.querySelector<HTMLElement>('[data-instalments-note]')!
      expect([card.disabled, note.hidden]).toEqual([false, true])
      const instalments = w.form.querySelector<HTMLInputElement>('[value="instalments"]')!
      instalments.checked = true
      instalments.dispatchEvent(new Event('change', { bubbles: true }))
      expect([card.disabled, card.hidden, note.hidden]).toEqual([true, true, false])
      expect(checkoutBody(new FormData(w.form))).toEqual({ email: 'ada@example.com', paymentMethod: 'instalments' })
      w.form.querySelector<HTMLInputElement>('[name="card.number"]')!.value = '' // a required field, but off
      await w.submit()
      expect(w.posts[0]!.body).toEqual({ email: 'ada@example.com', paymentMethod: 'instalments' })
      expect(w.assigned).toEqual(['/commerce/orders/o1?token=t'])
    } finally {
      w.restore()
    }
  })

  it('a recalculated total updates each payment and turns the plan off outside the bounds (the card again)', () => {
    const w = wire([])
    try {
      const instalments = w.form.querySelector<HTMLInputElement>('[value="instalments"]')!
      instalments.checked = true
      instalments.dispatchEvent(new Event('change', { bubbles: true }))
      showInstalmentChoice(w.form, { ...cart([{ sku: 'A', quantity: 1, cents: 10001 }]), grandTotalCents: 10001 })
      expect(document.querySelector('[data-instalment-amount]')!.textContent).toBe('25.01')
      expect([instalments.disabled, instalments.checked]).toEqual([false, true])
      showInstalmentChoice(w.form, { ...cart([{ sku: 'A', quantity: 1, cents: 3000 }]), grandTotalCents: 3000 })
      expect([instalments.disabled, instalments.checked]).toEqual([true, false])
      expect(w.form.querySelector<HTMLInputElement>('[value="card"]')!.checked).toBe(true)
      expect(w.form.querySelector<HTMLFieldSetElement>('[data-card-fields]')!.disabled).toBe(false)
    } finally {
      w.restore()
    }
  })
})
