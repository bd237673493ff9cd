// @vitest-environment jsdom
// The Afterpay choice follows the total still to pay: a gift card paying part recomputes each payment (4 x $10.50
// for $42.00, not the $67.00 cart's 4 x $16.75) and takes the plan away below the store's minimum ($17.00 < $35.00),
// with the reason; without a gift card the page checks the printed bounds itself.
import { describe, expect, it } from 'vitest'
import { showInstalmentChoice } from '../../src/commerce/checkout.js'
import { wireCheckoutGiftCard, type CheckoutSummary } from '../../src/commerce/checkout-gift-card.js'
import { createEventBus } from '../../src/core/events.js'
import type { StorefrontEvents } from '../../src/events.js'
import { page, settle } from '../content/helpers.js'
import { cart } from './fixtures.js'

const FORM = `<form data-checkout-form>
  <input name="giftCardCode" value=""><button type="button" data-apply-gift-card>Apply</button><p data-gift-card-status></p>
  <fieldset class="checkout-payment">
    <input type="radio" name="paymentMethod" value="card">
    <input type="radio" name="paymentMethod" value="instalments" data-provider="Afterpay" data-min-cents="3500" data-max-cents="200000" checked>
    <span class="sqs-money-native" data-currency="USD" data-instalment-amount>16.75</span>
    <p data-instalments-reason hidden></p>
  </fieldset>
  <aside class="checkout-summary"><dl class="cart-totals"></dl></aside></form>`

const summary = (totalCents: number, instalments: CheckoutSummary['instalments']): CheckoutSummary => ({
  lines: [{ key: 'total', label: 'Total', amountCents: totalCents, text: `$${(totalCents / 100).toFixed(2)}` }],
  totalCents,
  total: `$${(totalCents / 100).toFixed(2)}`,
  paymentRequired: totalCents > 0,
  giftCard: { code: 'CODE', balanceCents: 6700 - totalCents, appliedCents: 6700 - totalCents },
  instalments,
})
const offer = (totalCents: number, available: boolean, reason = '') => ({ provider: 'Afterpay', numInstallments: 4, available, reason, installmentCents: Math.ceil(totalCents / 4), installment: `$${(Math.ceil(totalCents / 4) / 100).toFixed(2)}` })

async function apply(form: HTMLFormElement, code: string) {
  const input = form.querySelector<HTMLInputElement>('input[name="giftCardCode"]')!
  input.value = code
  input.dispatchEvent(new Event('change'))
  for (let i = 0; i < 6; i++) await settle()
}

describe('instalment choice and the total still to pay', () => {
  it('a gift card recomputes each payment, and below the minimum takes the plan away with the reason', async () => {
    page(FORM)
    const form = document.querySelector('form')!
    const answers: Record<string, CheckoutSummary> = {
      part: summary(4200, offer(4200, true)),
      most: summary(1700, offer(1700, false, 'Afterpay is available for orders over 35.00 USD.')),
    }
    const fetchImpl = (async (url: string) => new Response(JSON.stringify(answers[new URL(url, 'http://x').searchParams.get('giftCardCode') ?? '']))) as typeof fetch
    wireCheckoutGiftCard(form, { bus: createEventBus<StorefrontEvents>() }, fetchImpl)
    const radio = form.querySelector<HTMLInputElement>('[value="instalments"]')!
    const amount = () => form.querySelector('[data-instalment-amount]')!.textContent
    const reason = form.querySelector<HTMLElement>('[data-instalments-reason]')!

    await apply(form, 'part')
    expect([amount(), radio.disabled, radio.checked, reason.hidden]).toEqual(['10.50', false, true, true])
    await apply(form, 'most')
    expect([amount(), radio.disabled, radio.checked]).toEqual(['4.25', true, false])
    expect(form.querySelector<HTMLInputElement>('[value="card"]')!.checked).toBe(true)
    expect([reason.hidden, reason.textContent]).toEqual([false, 'Afterpay is available for orders over 35.00 USD.'])
    // while the card is applied a cart change does not put the cart's own total back (the summary decides)
    showInstalmentChoice(form, { ...cart([{ sku: 'A', quantity: 1, cents: 6700 }]), grandTotalCents: 6700 })
    expect([amount(), radio.disabled]).toEqual(['4.25', true])
  })

  it('without a gift card the printed bounds decide, with the same reason', () => {
    page(FORM)
    const form = document.querySelector('form')!
    const radio = form.querySelector<HTMLInputElement>('[value="instalments"]')!
    showInstalmentChoice(form, { ...cart([{ sku: 'A', quantity: 1, cents: 3000 }]), grandTotalCents: 3000 })
    expect([radio.disabled, form.querySelector('[data-instalments-reason]')!.textContent]).toEqual([true, 'Afterpay is available for orders over 35.00 USD.'])
    showInstalmentChoice(form, { ...cart([{ sku: 'A', quantity: 1, cents: 4200 }]), grandTotalCents: 4200 })
    expect([radio.disabled, form.querySelector('[data-instalment-amount]')!.textContent, form.querySelector<HTMLElement>('[data-instalments-reason]')!.hidden]).toEqual([false, '10.50', true])
  })
})
