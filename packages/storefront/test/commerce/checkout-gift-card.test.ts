// @vitest-environment jsdom
// The gift-card code at checkout: the server's summary lines replace the totals, the card fields drop away when
// nothing is left to pay, a refused code says why and pays nothing, and the summary follows later cart changes.
import type { SummaryKey } from '@sitewright/contracts'
import { describe, expect, it } from 'vitest'
import { checkoutBody } from '../../src/commerce/checkout.js'
import { SUMMARY_PATH, wireCheckoutGiftCard, type CheckoutSummary } from '../../src/commerce/checkout-gift-card.js'
import { createEventBus } from '../../src/core/events.js'
import type { StorefrontEvents } from '../../src/events.js'
import { page, settle } from '../content/helpers.js'
import { cart } from './fixtures.js'

const FORM = `<form data-checkout-form>
  <input name="email" value="ada@example.com" required>
  <input name="giftCardCode" value=""><button type="button" data-apply-gift-card>Apply</button><p data-gift-card-status></p>
  <fieldset class="checkout-payment"><input name="card.number" required><input name="card.cvc" required></fieldset>
  <aside class="checkout-summary"><dl class="cart-totals"><dt>Subtotal</dt><dd><span data-total="subtotalCents">35.00</span></dd>
  <dt>Total</dt><dd><span data-total="grandTotalCents">35.00</span></dd></dl></aside></form>`

const line = (key: SummaryKey, label: string, amountCents: number, text: string) => ({ key, label, amountCents, text })
const covered: CheckoutSummary = {
  lines: [line('subtotal', 'Subtotal', 3500, '$35.00'), line('tax', 'Tax', 0, '$0.00'), line('giftCard', 'Gift card', -3500, '-$35.00'), line('total', 'Total', 0, '$0.00')],
  totalCents: 0,
  total: '$0.00',
  paymentRequired: false,
  giftCard: { code: 'ABCD-EFGH-JKLM-NPQR', balanceCents: 5000, appliedCents: 3500 },
  instalments: null,
}
const plain: CheckoutSummary = { lines: [line('subtotal', 'Subtotal', 3500, '$35.00'), line('tax', 'Tax', 0, '$0.00'), line('total', 'Total', 3500, '$35.00')], totalCents: 3500, total: '$35.00', paymentRequired: true, giftCard: null, instalments: null }

function setup() {
  page(FORM)
  const form = document.querySelector('form')!
  const urls: string[] = []
  const answers: Record<string, Response | (() => Response)> = {}
  const fetchImpl = (async (url: string) => {
    urls.push(url)
    const code = new URL(url, 'http://x').searchParams.get('giftCardCode') ?? ''
    const a = answers[code]
    return typeof a === 'function' ? a() : new Response(JSON.stringify(code ? covered : plain))
  }) as typeof fetch
  const bus = createEventBus<StorefrontEvents>()
  wireCheckoutGiftCard(form, { bus }, fetchImpl)
  const shown = () => [...form.querySelectorAll('dl.cart-totals dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`)
  const input = form.querySelector<HTMLInputElement>('input[name="giftCardCode"]')!
  const status = () => form.querySelector('[data-gift-card-status]')!.textContent
  const settleAll = async () => {
    for (let i = 0; i < 6; i++) await settle()
  }
  return { form, urls, answers, bus, shown, input, status, settleAll }
}

describe('gift-card code at checkout', () => {
  it('shows the card line and $0.00 to pay; the card fields are no longer required or sent', async () => {
    const t = setup()
    expect(t.form.checkValidity()).toBe(false) // the empty card fields are required
    t.input.value = 'abcd-efgh-jklm-npqr'
    t.form.querySelector<HTMLButtonElement>('[data-apply-gift-card]')!.click()
    await t.settleAll()
    expect(t.urls).toEqual([`${SUMMARY_PATH}?giftCardCode=abcd-efgh-jklm-npqr`])
    expect(t.shown()).toEqual(['Subtotal: $35.00', 'Tax: $0.00', 'Gift card: -$35.00', 'Total: $0.00'])
    expect(t.status()).toBe('Gift card ABCD-EFGH-JKLM-NPQR applied (-$35.00). It covers the whole order: no card is needed.')
    const payment = t.form.querySelector('fieldset')!
    expect(payment.disabled && payment.hidden).toBe(true)
    expect(t.form.checkValidity()).toBe(true)
    expect(checkoutBody(new FormData(t.form))).toEqual({ email: 'ada@example.com', giftCardCode: 'abcd-efgh-jklm-npqr' })
    // a later change of the cart (shipping, coupon) asks again with the same code
    t.bus.emit('cart:updated', { cart: cart([{ sku: 'A', quantity: 1, cents: 3500 }]) })
    await t.settleAll()
    expect(t.urls).toHaveLength(2)
    expect(t.urls[1]).toContain('giftCardCode=abcd-efgh-jklm-npqr')
  })

  it('a refused code says why, pays nothing, and the card fields come back', async () => {
    const t = setup()
    t.input.value = 'good'
    t.input.dispatchEvent(new Event('change'))
    await t.settleAll()
    expect(t.form.querySelector('fieldset')!.disabled).toBe(true)
    t.answers.nope = () => new Response(JSON.stringify({ error: { type: 'invalid_data', code: 'gift_card_not_found', message: 'This gift card does not exist.' } }), { status: 400 })
    t.input.value = 'nope'
    t.input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', cancelable: true }))
    await t.settleAll()
    expect(t.status()).toBe('This gift card does not exist.')
    expect(t.input.getAttribute('aria-invalid')).toBe('true')
    expect(t.shown()).toEqual(['Subtotal: $35.00', 'Tax: $0.00', 'Total: $35.00'])
    expect(t.form.querySelector('fieldset')!.disabled).toBe(false)
    expect(t.form.querySelector('fieldset')!.hidden).toBe(false)
  })
})
