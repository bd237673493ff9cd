// The instalment choice at checkout follows the total still to pay: every change of it (shipping, a coupon, a gift
// card paying part) recomputes the amount of each payment and whether the plan is offered at all (above the store's
// minimum, not above its maximum), with the reason when it is not. The server's checkout summary answers it for a
// total with a gift card (`instalments`); without one the page computes it from the bounds the theme printed.
import type { SummaryInstalments } from '@sitewright/contracts'
import { INSTALMENT_COUNT } from './instalments.js'
import { formatMoney, fractionDigits } from './money.js'

export type { SummaryInstalments }

/** The reason the server gives, for a total the page checked itself: 'Afterpay is available for orders over 35.00 USD.' */
export function outOfRangeText(provider: string, totalCents: number, minCents: number, maxCents: number, currency: string): string {
  const digits = fractionDigits(currency)
  const decimal = (c: number) => (c / 10 ** digits).toFixed(digits)
  if (totalCents > maxCents) return `${provider} is available for orders up to ${decimal(maxCents)} ${currency}.`
  if (totalCents <= minCents) return `${provider} is available for orders over ${decimal(minCents)} ${currency}.`
  return ''
}

/**
 * Shows the plan for `totalCents`: `answer` is the server's (the summary with a gift card; null: no plan for this
 * cart), undefined to check the printed bounds here. Out of bounds the card is chosen again.
 */
export function showInstalmentTotal(form: HTMLFormElement, totalCents: number, currency: string | undefined, answer?: SummaryInstalments | null): boolean {
  currency ??= form.querySelector<HTMLElement>('[data-instalment-amount]')?.dataset.currency ?? 'USD'
  const radio = form.querySelector<HTMLInputElement>('input[name="paymentMethod"][value="instalments"]')
  if (!radio) return false
  const min = Number(radio.dataset.minCents ?? 0)
  const max = Number(radio.dataset.maxCents ?? Infinity)
  const provider = radio.dataset.provider ?? 'Afterpay'
  const inRange = answer === undefined ? totalCents > min && totalCents <= max : !!answer?.available
  const reason = answer === undefined ? outOfRangeText(provider, totalCents, min, max, currency) : (answer?.reason ?? '')
  // the theme's money span prints the amount and its currency's symbol (site.css)
  const each = formatMoney(answer ? answer.installmentCents : Math.ceil(totalCents / INSTALMENT_COUNT), currency)
  radio.disabled = !inRange
  for (const el of form.querySelectorAll<HTMLElement>('[data-instalment-amount]')) el.textContent = each
  for (const el of form.querySelectorAll<HTMLElement>('[data-instalments-reason]')) {
    el.textContent = inRange ? '' : reason
    el.hidden = inRange || !reason
  }
  if (!inRange && radio.checked) {
    radio.checked = false
    const card = form.querySelector<HTMLInputElement>('input[name="paymentMethod"][value="card"]')
    if (card) {
      card.checked = true
      card.dispatchEvent(new Event('change', { bubbles: true })) // the card fields come back (checkout.ts)
    }
    return true
  }
  return false
}
