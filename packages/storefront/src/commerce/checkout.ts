// Checkout page (CHECKOUT 201): the theme renders the form; this chunk keeps the totals current when the
// shipping location, option or coupon changes, then places the order (POST /api/commerce/checkout with an
// Idempotency-Key) and goes to the confirmation page the server names.
import { crumbFetch } from '../core/crumb.js'
import { readResult, type Result } from './api.js'
import { formatMoney } from './money.js'
import type { PageDeps, PageModule } from './page-module.js'
import type { ShoppingCart } from './types.js'

export const PLACING_TEXT = 'Placing Order…'
export const CHECKOUT_PATH = '/api/commerce/checkout'
export const SHIPPING_PATH = '/api/commerce/shopping-cart/shipping'

export interface CheckoutAnswer {
  order?: { id?: string; orderNumber?: number | string; confirmationUrl?: string }
  redirectUrl?: string
  confirmationUrl?: string
}

const field = (data: FormData, name: string) => {
  const v = data.get(name)
  return typeof v === 'string' ? v.trim() : ''
}

/** The checkout body from the form's fields. */
export function checkoutBody(data: FormData): Record<string, unknown> {
  const address = ['firstName', 'lastName', 'line1', 'line2', 'city', 'region', 'postalCode', 'country', 'phone']
  const shippingAddress = Object.fromEntries(address.map((k) => [k, field(data, `shipping.${k}`)]))
  const hasAddress = address.some((k) => data.has(`shipping.${k}`))
  return {
    email: field(data, 'email'),
    ...(hasAddress ? { shippingAddress } : {}),
    ...(data.has('shippingOptionId') ? { shippingOptionId: field(data, 'shippingOptionId') } : {}),
    ...(field(data, 'giftCardCode') ? { giftCardCode: field(data, 'giftCardCode') } : {}),
    payment: { provider: field(data, 'paymentProvider') || 'test', token: field(data, 'paymentToken') || 'test-ok' },
  }
}

export function confirmationUrl(a: CheckoutAnswer): string | null {
  return a.redirectUrl ?? a.confirmationUrl ?? a.order?.confirmationUrl ?? null
}

/** Shows a recalculated cart's totals in the elements marked data-total="subtotalCents" etc. */
export function showTotals(root: ParentNode, cart: ShoppingCart): void {
  const currency = cart.currency ?? cart.currencyCode ?? 'USD'
  for (const el of root.querySelectorAll<HTMLElement>('[data-total]')) {
    const v = cart[el.dataset.total as keyof ShoppingCart]
    if (typeof v === 'number') el.textContent = formatMoney(el.dataset.negative ? -v : v, currency)
  }
}

export function wireCheckout(form: HTMLFormElement, deps: PageDeps): void {
  const doc = form.ownerDocument
  const status = form.querySelector<HTMLElement>('[data-checkout-status]')
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  const key = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`
  const say = (text: string) => {
    if (status) status.textContent = text
  }
  const call = async <T>(method: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<Result<T>> => {
    try {
      const res = await crumbFetch(url, { method, headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers }, body: JSON.stringify(body) })
      return await readResult<T>(res)
    } catch {
      return { ok: false, kind: 'network', status: 0, message: 'Network error' }
    }
  }
  deps.bus.on('cart:updated', ({ cart }) => showTotals(doc, cart))
  form.addEventListener('change', (e) => {
    const name = (e.target as HTMLInputElement).name ?? ''
    if (name !== 'shippingOptionId' && name !== 'shipping.country' && name !== 'shipping.region') return
    const data = new FormData(form)
    void deps.store.recalculate(
      () => call<ShoppingCart | { shoppingCart: ShoppingCart }>('PUT', SHIPPING_PATH, {
        location: { country: field(data, 'shipping.country'), region: field(data, 'shipping.region') },
        ...(data.has('shippingOptionId') ? { shippingOptionId: field(data, 'shippingOptionId') } : {}),
      }),
      (d) => ('shoppingCart' in d ? d.shoppingCart : d),
    )
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
      submit.textContent = locked ? PLACING_TEXT : label
    }
    lock(true)
    say('')
    void call<CheckoutAnswer>('POST', CHECKOUT_PATH, checkoutBody(new FormData(form)), { 'Idempotency-Key': key }).then((res) => {
      const url = res.ok ? confirmationUrl(res.data) : null
      if (url) return deps.win.location.assign(url)
      form.dataset.state = 'editing'
      lock(false)
      say(res.ok ? 'Something went wrong' : res.message)
    })
  })
}

export const init: PageModule['init'] = (doc, deps) => {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-checkout-form]')) wireCheckout(form, deps)
}
