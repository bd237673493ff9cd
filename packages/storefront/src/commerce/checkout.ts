// Checkout page (CHECKOUT 201): the theme renders the form; this chunk keeps the totals current when the
// shipping location, option or coupon changes, switches between the card and the instalment plan, then places
// the order (POST /api/commerce/checkout with an Idempotency-Key) and goes to the confirmation page the server
// names. One key per attempt: a repeat of an unanswered attempt reuses it, an answered one or a changed form
// gets a new one (a declined card, then another card, is a new attempt).
import { crumbFetch } from '../core/crumb.js'
import { cartOf, readResult, type Result } from './api.js'
import { wireCheckoutGiftCard } from './checkout-gift-card.js'
import { showInstalmentTotal } from './checkout-instalments.js'
import { formatMoney, moneyElement } from './money.js'
import type { PageDeps, PageModule } from './page-module.js'
import type { ShoppingCart } from './types.js'

export const PLACING_TEXT = 'Placing Order…'

/** The texts this script shows, in the page's language: the form's data-texts (the server's catalogue), else English. */
export interface CheckoutTexts {
  placing: string
  networkError: string
  /** With `{code}` where the coupon's code goes. */
  couponApplied: string
  failed: string
}
const ENGLISH: CheckoutTexts = { placing: PLACING_TEXT, networkError: 'Network error', couponApplied: 'Coupon {code} applied.', failed: 'Something went wrong' }

export function checkoutTexts(form: HTMLElement): CheckoutTexts {
  try {
    return { ...ENGLISH, ...(JSON.parse(form.dataset.texts ?? '{}') as Partial<CheckoutTexts>) }
  } catch {
    return ENGLISH
  }
}
export const CHECKOUT_PATH = '/api/commerce/checkout'
export const SHIPPING_PATH = '/api/commerce/shopping-cart/shipping'

export interface CheckoutAnswer {
  order?: { id?: string; number?: number; confirmationUrl?: string }
  confirmationToken?: string
  confirmationUrl?: string
  redirectUrl?: string
}

const field = (data: FormData, name: string) => {
  const v = data.get(name)
  return typeof v === 'string' ? v.trim() : ''
}

const ADDRESS = ['firstName', 'lastName', 'line1', 'line2', 'city', 'region', 'postalCode', 'country', 'phone']

/** Two-digit years are this century's. */
const year = (text: string) => {
  const n = Number(text)
  return n < 100 ? 2000 + n : n
}

/** The checkout body (POST /api/commerce/checkout) from the form's fields; blank optional fields are left out. */
export function checkoutBody(data: FormData): Record<string, unknown> {
  const address = (prefix: string) => {
    if (!ADDRESS.some((k) => data.has(`${prefix}.${k}`))) return undefined
    return Object.fromEntries(ADDRESS.map((k) => [k, field(data, `${prefix}.${k}`)]).filter(([k, v]) => v !== '' || !['line2', 'region', 'phone'].includes(k!)))
  }
  const number = field(data, 'card.number')
  const body: Record<string, unknown> = { email: field(data, 'email') }
  const shippingAddress = address('shipping')
  if (shippingAddress) body.shippingAddress = shippingAddress
  if (field(data, 'shippingOptionId')) body.shippingOptionId = field(data, 'shippingOptionId')
  if (field(data, 'giftCardCode')) body.giftCardCode = field(data, 'giftCardCode')
  if (field(data, 'cartToken')) body.cartToken = field(data, 'cartToken')
  if (number) body.card = { number, expMonth: Number(field(data, 'card.expMonth')), expYear: year(field(data, 'card.expYear')), cvc: field(data, 'card.cvc') }
  if (field(data, 'paymentMethod') === 'instalments') body.paymentMethod = 'instalments'
  return body
}

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`)

/**
 * Idempotency keys per attempt: the same body sent again while its attempt has no answer (a network failure, a
 * server error) reuses the key, so the server places at most one order; a body that differs, or any submit after
 * the server answered, is a new attempt with a new key.
 */
export function createAttemptKeys(mint: () => string = newKey) {
  let current: { key: string; body: string } | null = null
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body)
      if (!current || current.body !== text) current = { key: mint(), body: text }
      return current.key
    },
    /** The server answered (placed or refused): the next submit is a new attempt. */
    answered(): void {
      current = null
    },
  }
}

/**
 * Keeps the instalment choice true to a recalculated total: the amount of each payment, and the choice only while
 * the total is within the store's bounds (above the minimum, not above the maximum); out of bounds the card is
 * chosen again (checkout-instalments.ts).
 */
export function showInstalmentChoice(form: HTMLFormElement, cart: ShoppingCart): void {
  if (typeof cart.grandTotalCents !== 'number') return
  // with a gift card applied the server's summary of what is left to pay decides (checkout-gift-card.ts)
  if (form.dataset.giftCard === 'applied' || form.dataset.giftCard === 'loading') return
  showInstalmentTotal(form, cart.grandTotalCents, cart.currency ?? cart.currencyCode ?? 'USD')
}

/** Card fields are disabled (not sent, not validated) while the instalment plan is chosen. */
export function showPaymentMethod(form: HTMLFormElement): void {
  const instalments = form.querySelector<HTMLInputElement>('input[name="paymentMethod"][value="instalments"]')?.checked ?? false
  for (const el of form.querySelectorAll<HTMLFieldSetElement>('[data-card-fields]')) {
    el.disabled = instalments
    el.hidden = instalments
  }
  for (const el of form.querySelectorAll<HTMLElement>('[data-instalments-note]')) el.hidden = !instalments
}

export function confirmationUrl(a: CheckoutAnswer): string | null {
  return a.redirectUrl ?? a.confirmationUrl ?? a.order?.confirmationUrl ?? null
}

/** Shows a recalculated cart's totals in the elements marked data-total="subtotalCents" etc. */
export function showTotals(root: ParentNode, cart: ShoppingCart): void {
  const currency = cart.currency ?? cart.currencyCode ?? 'USD'
  for (const el of root.querySelectorAll<HTMLElement>('[data-total]')) {
    const v = cart[el.dataset.total as keyof ShoppingCart]
    if (typeof v !== 'number') continue
    if (el.dataset.summaryGlance !== undefined) {
      // with a gift card the folded total is the card's summary's (what is left to pay), which it keeps up to date
      const card = el.closest('form')?.dataset.giftCard
      if (card === 'applied' || card === 'loading') continue
      el.classList.add('sqs-money-native') // a card's summary, now gone, had printed its own sign
    }
    el.textContent = formatMoney(v, currency) // an amount taken off has its '-' before the span (before the symbol)
  }
  // the automatic promotions, a line each (their amounts change with the goods and the chosen shipping)
  for (const box of root.querySelectorAll<HTMLElement>('[data-promotions]')) {
    const doc = box.ownerDocument
    box.replaceChildren(
      ...(cart.promotions ?? []).flatMap((p) => {
        const dt = doc.createElement('dt')
        dt.className = 'cart-promotion'
        dt.textContent = p.name ?? ''
        const dd = doc.createElement('dd')
        dd.append('-', moneyElement(doc, p.amountCents, currency)) // '-$12.60': the sign before the symbol the span's style prints
        return [dt, dd]
      }),
    )
  }
  // a sum of the cart's amounts (a subscription's renewal: subtotal, shipping and tax, no one-off discount)
  for (const el of root.querySelectorAll<HTMLElement>('[data-total-sum]')) {
    const parts = (el.dataset.totalSum ?? '').split(' ').map((k) => cart[k as keyof ShoppingCart])
    if (parts.every((p) => typeof p === 'number')) el.textContent = formatMoney((parts as number[]).reduce((a, b) => a + b, 0), currency)
  }
}

/** Costs and the free-over explanations of a recalculated cart: the offered options are redrawn, the choice kept when still offered. */
export function showShipping(form: HTMLFormElement, cart: ShoppingCart): void {
  const choices = form.querySelector<HTMLElement>('[data-shipping-choices]')
  if (!choices) return
  const doc = form.ownerDocument
  const currency = cart.currency ?? cart.currencyCode ?? 'USD'
  const selected = typeof cart.selectedShippingOption === 'string' ? cart.selectedShippingOption : cart.selectedShippingOption?.id
  const money = (cents: number) => moneyElement(doc, cents, currency)
  choices.replaceChildren(
    ...(cart.shippingOptions ?? []).map((o) => {
      const label = doc.createElement('label')
      label.className = 'checkout-option'
      const input = doc.createElement('input')
      Object.assign(input, { type: 'radio', name: 'shippingOptionId', value: o.id ?? '', required: true, checked: o.id === selected })
      const name = doc.createElement('span')
      name.className = 'checkout-option-name'
      name.textContent = o.name ?? ''
      const cost = money(o.costCents ?? 0)
      cost.classList.add('checkout-option-cost')
      label.append(input, ' ', name, ' ', cost)
      return label
    }),
  )
  form.querySelector<HTMLElement>('[data-shipping-unavailable]')?.replaceChildren(
    ...(cart.unavailableShippingOptions ?? []).map((u) => {
      const li = doc.createElement('li')
      li.append(`${u.name}: add `, money(u.remainingCents), ' more to your order to qualify.')
      return li
    }),
  )
}

/** A signed-in member's email fills the empty email field (a membership bought belongs to that address). */
export function prefillMemberEmail(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="email"]')
  if (!input || input.value || !/(?:^|;\s*)SiteUserSecureAuthToken=/.test(form.ownerDocument.cookie)) return
  void fetch('/api/site-users/account', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then((r) => (r.ok ? r.json() : null))
    .then((j: { data?: { user?: { email?: string } } } | null) => {
      if (input.value || !j?.data?.user?.email) return
      input.value = j.data.user.email
      input.dispatchEvent(new Event('change', { bubbles: true })) // what follows the email (recovery) hears of it
    })
    .catch(() => undefined)
}

export function wireCheckout(form: HTMLFormElement, deps: PageDeps): void {
  const doc = form.ownerDocument
  const status = form.querySelector<HTMLElement>('[data-checkout-status]')
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  const attempts = createAttemptKeys()
  const texts = checkoutTexts(form)
  const say = (text: string) => {
    if (status) status.textContent = text
  }
  const call = async <T>(method: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<Result<T>> => {
    try {
      const res = await crumbFetch(url, { method, headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers }, body: JSON.stringify(body) })
      return await readResult<T>(res)
    } catch {
      return { ok: false, kind: 'network', status: 0, message: texts.networkError }
    }
  }
  const cartToken = field(new FormData(form), 'cartToken')
  const show = (cart: ShoppingCart) => {
    showTotals(doc, cart)
    showShipping(form, cart)
    showInstalmentChoice(form, cart)
  }
  // a subscription checkout shows its own cart, not the visitor's shopping cart that the store keeps
  if (!cartToken) deps.bus.on('cart:updated', ({ cart }) => show(cart))
  wireCheckoutGiftCard(form, deps)
  // the address combobox is its own chunk (the checkout chunk stays within its budget), fetched only when the form has one
  if (form.querySelector('input[data-places-autocomplete]'))
    void import('./address-autocomplete.js').then((m) => m.wirePlacesAutocomplete(form)).catch((e: unknown) => console.error(e))
  showPaymentMethod(form)
  // the reminder box is there only where the store has recovery on: its code is a chunk of its own, loaded then
  if (!cartToken && form.querySelector('input[name="recoveryConsent"]')) void import('./checkout-recovery.js').then((m) => m.wireCheckoutRecovery(form))
  prefillMemberEmail(form)
  form.addEventListener('change', (e) => {
    const name = (e.target as HTMLInputElement).name ?? ''
    if (name === 'paymentMethod') return showPaymentMethod(form)
    if (name !== 'shippingOptionId' && name !== 'shipping.country' && name !== 'shipping.region') return
    const data = new FormData(form)
    const country = field(data, 'shipping.country')
    const body: Record<string, unknown> = {}
    if (/^[A-Za-z]{2}$/.test(country)) body.location = { country, region: field(data, 'shipping.region') }
    // only a choice the visitor made is kept; otherwise the server preselects (free shipping when it applies)
    if (name === 'shippingOptionId' && field(data, 'shippingOptionId')) body.optionId = field(data, 'shippingOptionId')
    const put = () => call<ShoppingCart | { shoppingCart: ShoppingCart }>('PUT', SHIPPING_PATH, body)
    const cartIn = (d: ShoppingCart | { shoppingCart: ShoppingCart }) => ('shoppingCart' in d ? d.shoppingCart : d)
    if (!cartToken) return void deps.store.recalculate(put, cartIn)
    // a subscription checkout has no cart cookie: its cart is the page's cartToken
    body.cartToken = cartToken
    void put().then((res) => (res.ok ? show(cartIn(res.data)) : say(res.message)))
  })
  const couponButton = form.querySelector<HTMLButtonElement>('[data-apply-coupon]')
  couponButton?.addEventListener('click', () => {
    const code = field(new FormData(form), 'couponCode')
    if (!code) return
    couponButton.disabled = true
    void deps.store.recalculate(() => deps.api.applyCoupon(code), cartOf).then((res) => {
      couponButton.disabled = false
      say(res.ok ? texts.couponApplied.split('{code}').join(code.toUpperCase()) : res.message)
    })
  })
  form.addEventListener('submit', (e) => {
    e.preventDefault()
    if (form.dataset.state === 'placing') return
    if (!form.checkValidity()) {
      form.reportValidity()
      return
    }
    form.dataset.state = 'placing'
    const label = submit?.textContent ?? ''
    const lock = (locked: boolean) => {
      if (!submit) return
      submit.disabled = locked
      submit.textContent = locked ? texts.placing : label
    }
    lock(true)
    say('')
    const body = checkoutBody(new FormData(form))
    void call<CheckoutAnswer>('POST', CHECKOUT_PATH, body, { 'Idempotency-Key': attempts.keyFor(body) }).then((res) => {
      // Unanswered (a network failure or a server error): a retry repeats this attempt with its key. A refusal is
      // an answer: the shopper's next try is a new attempt (the server lets one cart become one order only).
      if (res.ok || (res.kind !== 'network' && res.status < 500)) attempts.answered()
      const url = res.ok ? confirmationUrl(res.data) : null
      if (url) return deps.win.location.assign(url)
      form.dataset.state = 'editing'
      lock(false)
      say(res.ok ? texts.failed : res.message)
    })
  })
}

/** The width at which the theme puts the order summary first; folded there, so the form starts near the top. */
export const PHONE_QUERY = '(max-width: 432px)'

export const init: PageModule['init'] = (doc, deps) => {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-checkout-form]')) wireCheckout(form, deps)
  // the page renders the summary open (it is readable without scripts); a phone starts with it folded to its total
  if (deps.win.matchMedia?.(PHONE_QUERY).matches) for (const fold of doc.querySelectorAll<HTMLDetailsElement>('details[data-summary-fold]')) fold.open = false
}
