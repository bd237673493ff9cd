// The gift-card code at checkout: entering a code (Apply, Enter or leaving the field) asks the server for the order
// summary with the card (GET /api/commerce/checkout/summary). The summary then shows the card's line and the total
// still to pay, with the server's CLDR money text; when the card pays everything the card fields are disabled (not
// required, not sent) and hidden. The summary follows later total changes (shipping, coupon) while a card is applied.
import type { CheckoutSummary, SummaryLine } from '@sitewright/contracts'
import { readResult, type Result } from './api.js'
import type { PageDeps } from './page-module.js'
import { showInstalmentTotal } from './checkout-instalments.js'

export const SUMMARY_PATH = '/api/commerce/checkout/summary'
export const COVERED_TEXT = 'It covers the whole order: no card is needed.'

export type { CheckoutSummary, SummaryLine }

export function renderSummary(list: HTMLElement, lines: readonly SummaryLine[]): void {
  const doc = list.ownerDocument
  const rows: HTMLElement[] = []
  for (const l of lines) {
    const dt = doc.createElement('dt')
    const dd = doc.createElement('dd')
    dt.className = dd.className = `summary-${l.key}${l.key === 'total' ? ' cart-total' : ''}`
    dd.dataset.summary = l.key
    dt.textContent = l.label
    dd.textContent = l.text
    rows.push(dt, dd)
  }
  list.replaceChildren(...rows)
  // the folded summary's total is what is left to pay, as the list's last line says
  const total = lines.find((l) => l.key === 'total')
  const glance = list.closest('.checkout-summary')?.querySelector<HTMLElement>('[data-summary-glance]')
  if (!glance || !total) return
  glance.classList.remove('sqs-money-native') // the server's text has its currency sign already
  glance.textContent = total.text
}

/** Card fields take part (required, sent) only while something is left to pay. */
export function setPaymentRequired(form: HTMLFormElement, required: boolean): void {
  for (const fieldset of form.querySelectorAll<HTMLFieldSetElement>('fieldset.checkout-payment')) {
    fieldset.disabled = !required
    fieldset.hidden = !required
  }
}

/** What the status line says about an applied card. */
export function appliedText(s: CheckoutSummary): string {
  const card = s.giftCard
  if (!card) return ''
  const line = s.lines.find((l) => l.key === 'giftCard')
  const pays = line ? ` (${line.text})` : ''
  return `Gift card ${card.code} applied${pays}.${s.paymentRequired ? '' : ` ${COVERED_TEXT}`}`
}

export function wireCheckoutGiftCard(form: HTMLFormElement, deps: Pick<PageDeps, 'bus'>, fetchImpl: typeof fetch = (...a) => fetch(...a)): void {
  const input = form.querySelector<HTMLInputElement>('input[name="giftCardCode"]')
  const list = form.querySelector<HTMLElement>('.checkout-summary dl.cart-totals')
  if (!input || !list) return
  const button = form.querySelector<HTMLButtonElement>('[data-apply-gift-card]')
  const status = form.querySelector<HTMLElement>('[data-gift-card-status]')
  const say = (text: string) => {
    if (status) status.textContent = text
  }
  // the instalment choice follows the total still to pay (its amount, whether it is offered)
  const followTotal = (s: CheckoutSummary) => void showInstalmentTotal(form, s.totalCents, undefined, s.instalments === undefined ? undefined : s.instalments)
  /** The code whose summary is shown ('' for none); the last code asked for (answers to older asks are dropped). */
  let shown = ''
  let asked: string | null = null

  const load = async (code: string): Promise<Result<CheckoutSummary>> => {
    const q = new URLSearchParams()
    if (code) q.set('giftCardCode', code)
    const cartToken = form.querySelector<HTMLInputElement>('input[name="cartToken"]')?.value
    if (cartToken) q.set('cartToken', cartToken)
    try {
      const res = await fetchImpl(`${SUMMARY_PATH}?${q}`, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
      return await readResult<CheckoutSummary>(res)
    } catch {
      return { ok: false, kind: 'network', status: 0, message: 'Network error' }
    }
  }

  const apply = async (code: string): Promise<void> => {
    asked = code
    if (button) button.disabled = true
    form.dataset.giftCard = 'loading'
    const res = await load(code)
    if (asked !== code) return
    if (button) button.disabled = false
    if (res.ok) {
      shown = code
      renderSummary(list, res.data.lines)
      setPaymentRequired(form, res.data.paymentRequired)
      followTotal(res.data)
      input.removeAttribute('aria-invalid')
      say(appliedText(res.data))
      form.dataset.giftCard = res.data.giftCard ? 'applied' : 'none'
      return
    }
    input.setAttribute('aria-invalid', 'true')
    say(res.message)
    form.dataset.giftCard = 'invalid'
    // A refused code pays nothing: back to the summary without a card.
    if (shown && code) {
      const plain = await load('')
      if (asked === code && plain.ok) {
        shown = ''
        renderSummary(list, plain.data.lines)
        setPaymentRequired(form, plain.data.paymentRequired)
        followTotal(plain.data)
      }
    }
  }

  const current = () => input.value.trim()
  button?.addEventListener('click', () => {
    if (form.dataset.giftCard === 'loading' && asked === current()) return // leaving the field already asked
    if (current() || shown) void apply(current())
  })
  input.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return
    e.preventDefault() // Enter applies the code; it does not place the order
    void apply(current())
  })
  input.addEventListener('change', () => {
    if (current() !== shown) return void apply(current())
    if (!current()) {
      asked = ''
      input.removeAttribute('aria-invalid')
      say('')
      delete form.dataset.giftCard
    }
  })
  deps.bus.on('cart:updated', () => {
    if (shown) void apply(shown)
  })
}
