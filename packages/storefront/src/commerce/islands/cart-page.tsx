// The /cart page (the newer cart, COMMERCE_CART_V2 205): entries with quantity, remove and (for items with a form) their additional fields,
// coupons, totals (each automatic promotion a line of its own, as the server's page prints them) and the checkout button. Every change goes through the cart store (is-recalculating flag,
// 'cart:updated' on the bus).
import { useEffect, useRef, useState } from 'react'
import { renderIsland } from '../../islands/react-root.js'
import { cartOf, type CartAnswer, type Result } from '../api.js'
import { formatMoney } from '../money.js'
import type { PageDeps, PageModule } from '../page-module.js'
import { readQuantity } from '../quantity.js'
import type { CartEntry, Coupon, ShoppingCart } from '../types.js'
import { CHECKOUT_PAGE } from '../urls.js'

export const EMPTY_CART_TEXT = 'You have nothing in your shopping cart.'
export const SAVE_TEXT = 'Save'
export const CALCULATED_AT_CHECKOUT = 'Shipping and tax are calculated at checkout.'

/** The texts of the island in the page's language: its element's data-texts (the server's catalogue), else English. */
export interface CartTexts { empty: string; continueShopping: string; continueLink: string; checkout: string; couponCode: string; apply: string; subtotal: string; discount: string; tax: string; calculatedAtCheckout: string }
const ENGLISH: CartTexts = { empty: EMPTY_CART_TEXT, continueShopping: 'Continue Shopping', continueLink: 'Continue shopping', checkout: 'Checkout', couponCode: 'Coupon code', apply: 'Apply', subtotal: 'Subtotal', discount: 'Discount', tax: 'Tax', calculatedAtCheckout: CALCULATED_AT_CHECKOUT }
export function cartTexts(el: HTMLElement): CartTexts {
  try {
    const given = JSON.parse(el.dataset.texts ?? '{}') as Partial<Record<keyof CartTexts, unknown>>
    const out = { ...ENGLISH }
    for (const k of Object.keys(ENGLISH) as (keyof CartTexts)[]) if (typeof given[k] === 'string' && given[k]) out[k] = given[k]
    return out
  } catch {
    return ENGLISH
  }
}

const codeOf = (c: Coupon | string) => (typeof c === 'string' ? c : (c.code ?? c.couponCode ?? ''))

function Money({ cents, currency }: { cents: number; currency: string }) {
  return <span className="sqs-money-native" data-currency={currency}>{formatMoney(cents, currency)}</span>
}

/** The entry's answers as an object (the server stores one; older carts may hold the JSON text). */
export function answersOf(e: CartEntry): Record<string, unknown> {
  let v: unknown = e.additionalFields
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v)
    } catch {
      v = null
    }
  }
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
}

/** 'Ada', 'a, b', likert 'Q: 1' — an answer as one line of text. */
function answerText(v: unknown): string {
  if (Array.isArray(v)) return v.filter((x) => typeof x === 'string' && x.trim()).join(', ')
  if (typeof v === 'object' && v !== null) return Object.entries(v).map(([k, x]) => `${k}: ${answerText(x)}`).join('; ')
  return typeof v === 'string' || typeof v === 'number' ? String(v) : ''
}

/** The answers to show, labelled by the form's field titles in form order; answers the form no longer has come last. */
export function labelledAnswers(e: CartEntry): { id: string; label: string; value: string }[] {
  const answers = answersOf(e)
  const labels = e.additionalFieldLabels ?? []
  const known = new Set(labels.map((l) => l.id))
  const rows = [
    ...labels.map((l) => ({ id: l.id, label: l.label, value: answerText(answers[l.id]) })),
    ...Object.keys(answers).filter((k) => !known.has(k)).map((k) => ({ id: k, label: k, value: answerText(answers[k]) })),
  ]
  return rows.filter((r) => r.value.trim() !== '')
}

function Answers({ e, edit }: { e: CartEntry; edit?: () => void }) {
  const rows = labelledAnswers(e)
  if (rows.length === 0 && !edit) return null
  return (
    <div className="cart-entry-details">
      {rows.length > 0 && <dl className="cart-entry-fields">{rows.map((r) => <div key={r.id}><dt>{r.label}</dt><dd>{r.value}</dd></div>)}</dl>}
      {edit && <button type="button" className="cart-entry-edit-fields" aria-label={`Edit details of ${e.title ?? 'item'}`} onClick={edit}>Edit details</button>}
    </div>
  )
}

/** A cart line's typed quantity: 0 removes the line; otherwise the quantity input's rules (clamped to 1-9999). */
export function readLineQuantity(raw: string): ReturnType<typeof readQuantity> {
  return raw.trim() !== '' && Number(raw) === 0 ? { ok: true, quantity: 0 } : readQuantity(raw)
}

function Entry({ e, currency, change, edit }: { e: CartEntry; currency: string; change: (q: number) => Promise<string | null>; edit?: () => void }) {
  const [text, setText] = useState(String(e.quantity))
  const [error, setError] = useState('')
  const sending = useRef(false)
  useEffect(() => setText(String(e.quantity)), [e.quantity])
  const attrs = Object.entries(e.chosenVariant?.attributes ?? {}).map(([k, v]) => `${k}: ${v}`).join(', ')
  const commit = async () => {
    const q = readLineQuantity(text)
    if (!q.ok) return setError(q.message)
    setError('')
    // the box always comes back to what the line holds: the clamped number, or the old one when the store refused
    setText(String(q.quantity === 0 ? e.quantity : q.quantity))
    if (q.quantity === e.quantity || sending.current) return
    sending.current = true
    const refused = await change(q.quantity).finally(() => (sending.current = false))
    if (refused) {
      setText(String(e.quantity))
      setError(refused)
    }
  }
  const line = typeof e.purchasePriceCents === 'number' ? e.purchasePriceCents * e.quantity : 0
  const image = e.imageUrl ? <img className="cart-entry-image" src={e.imageUrl} alt="" width={96} height={96} loading="lazy" /> : <span className="cart-entry-image cart-entry-image-empty" aria-hidden="true" />
  return (
    <li className="cart-entry" data-entry-id={e.id}>
      {e.fullUrl ? <a className="cart-entry-media" href={e.fullUrl} tabIndex={-1} aria-hidden="true">{image}</a> : <span className="cart-entry-media">{image}</span>}
      <div className="cart-entry-main">
        <div className="cart-entry-title">{e.fullUrl ? <a href={e.fullUrl}>{e.title}</a> : e.title}{attrs && <span className="cart-entry-variant">{attrs}</span>}</div>
        {e.hasAdditionalFields && <Answers e={e} edit={edit} />}
      </div>
      <div className="cart-entry-actions">
        <label className="cart-entry-quantity"><span className="visually-hidden">Quantity</span>
          <input type="number" min={1} max={9999} step={1} value={text} aria-invalid={!!error}
            onChange={(ev) => setText(ev.target.value)} onBlur={() => void commit()} onKeyDown={(ev) => ev.key === 'Enter' && void commit()} />
        </label>
        <span className="cart-entry-price"><Money cents={line} currency={currency} /></span>
        <button type="button" className="cart-entry-remove" aria-label={`Remove ${e.title ?? 'item'}`} onClick={() => void change(0).then((m) => m && setError(m))}>Remove</button>
        {error && <p className="field-error cart-entry-error" role="alert">{error}</p>}
      </div>
    </li>
  )
}

/** Where 'Continue shopping' goes: the collection of the first product in the cart, else the home page. */
export function continueShoppingUrl(cart: ShoppingCart): string {
  const url = cart.entries.find((x) => x.fullUrl)?.fullUrl
  const parent = url ? url.replace(/\/[^/]*\/?$/, '') : ''
  return parent.startsWith('/') && parent.length > 1 ? parent : '/'
}

export function CartPage({ deps, t = ENGLISH }: { deps: PageDeps; t?: CartTexts }) {
  const [cart, setCart] = useState<ShoppingCart | null>(deps.store.cart)
  const [busy, setBusy] = useState(deps.store.recalculating)
  const [loaded, setLoaded] = useState(deps.store.cart !== null)
  const [error, setError] = useState('')
  const [code, setCode] = useState('')
  useEffect(() => {
    const offs = [
      deps.bus.on('cart:updated', ({ cart: c }) => setCart(c)),
      deps.bus.on('cart:recalculating', ({ recalculating }) => setBusy(recalculating)),
    ]
    // The cart may have arrived (pill, another island) between the first render and this subscription: take it
    // now, or it would never reach this island and the page would stay on 'Loading…'.
    if (deps.store.cart) {
      setCart(deps.store.cart)
      setLoaded(true)
    } else void deps.store.load().finally(() => setLoaded(true))
    return () => offs.forEach((off) => off())
  }, [deps])
  const run = async (call: () => Promise<Result<CartAnswer>>) => {
    setError('')
    const res = await deps.store.recalculate(call, cartOf)
    if (!res.ok) setError(res.message)
    return res.ok
  }
  /** A line's change: its refusal is said at the line (null: done). */
  const changeLine = async (e: CartEntry, q: number): Promise<string | null> => {
    setError('')
    const res = await deps.store.recalculate(() => (q === 0 ? deps.api.removeEntry(e.id) : deps.api.setQuantity(e.id, q)), cartOf)
    return res.ok ? null : res.message
  }
  /** Opens the item's form filled with the entry's answers; a save goes through PUT .../additionalFields. */
  const editFields = async (e: CartEntry) => {
    setError('')
    const [form, lightbox] = await Promise.all([deps.api.additionalFieldsForm(e.itemId), import('./additional-fields.js')])
    if (!form.ok) return setError(form.message)
    const submit = (additionalFields: string) =>
      deps.store.recalculate(() => deps.api.updateAdditionalFields(e.id, { itemId: e.itemId, sku: e.chosenVariant?.sku ?? '', additionalFields }), (d) => d.shoppingCart)
    await lightbox.openAdditionalFields(deps.win.document, form.data.form, submit, { initial: answersOf(e), submitText: SAVE_TEXT }).catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)))
  }
  if (!loaded && !cart) return <p className="cart-loading" role="status">Loading…</p>
  if (!cart || cart.entries.length === 0) return <div className="cart-empty"><p>{t.empty}</p><p><a href="/">{t.continueShopping}</a></p></div>
  const currency = cart.currency ?? cart.currencyCode ?? 'USD'
  const coupons = (cart.coupons ?? cart.validCoupons ?? []).map(codeOf).filter(Boolean)
  const invalid = (cart.invalidCoupons ?? []).map(codeOf).filter(Boolean)
  return (
    <div className="cart-view" aria-busy={busy} data-recalculating={busy || undefined}>
      {error && <p className="form-error" role="alert">{error}</p>}
      <ul className="cart-entries">
        {cart.entries.map((e) => (
          <Entry key={e.id} e={e} currency={currency} edit={e.hasAdditionalFields ? () => void editFields(e) : undefined}
            change={(q) => changeLine(e, q)} />
        ))}
      </ul>
      <form className="cart-coupon" onSubmit={(ev) => { ev.preventDefault(); if (code.trim()) void run(() => deps.api.applyCoupon(code.trim())).then((ok) => ok && setCode('')) }}>
        <label htmlFor="cart-coupon-code">{t.couponCode}</label>
        <input id="cart-coupon-code" name="code" value={code} onChange={(ev) => setCode(ev.target.value)} autoComplete="off" />
        <button type="submit" className="sqs-editable-button">{t.apply}</button>
      </form>
      {coupons.length > 0 && <ul className="cart-coupons">{coupons.map((c) => (
        <li key={c}>{c} {invalid.includes(c) && <em>(not applied)</em>} <button type="button" aria-label={`Remove coupon ${c}`} onClick={() => void run(() => deps.api.removeCoupon(c))}>Remove</button></li>
      ))}</ul>}
      <dl className="cart-totals">
        <dt>{t.subtotal}</dt><dd className="cart-subtotal"><Money cents={cart.subtotalCents} currency={currency} /></dd>
        {(cart.promotions ?? []).filter((p) => p.amountCents > 0).map((p, i) => (
          <div className="cart-promotions" key={p.id ?? i}><dt className="cart-promotion">{p.name}</dt><dd>-<Money cents={p.amountCents} currency={currency} /></dd></div>
        ))}
        {(cart.discountCents ?? 0) > 0 && <><dt>{t.discount}</dt><dd>-<Money cents={cart.discountCents ?? 0} currency={currency} /></dd></>}
        {(cart.taxCents ?? 0) > 0 && <><dt>{t.tax}</dt><dd className="cart-tax"><Money cents={cart.taxCents ?? 0} currency={currency} /></dd></>}
      </dl>
      {!((cart.taxCents ?? 0) > 0) && <p className="cart-note">{t.calculatedAtCheckout}</p>}
      <div className="cart-actions">
        <a className="cart-continue" href={continueShoppingUrl(cart)}>{t.continueLink}</a>
        <a className="sqs-editable-button cart-checkout-button" href={CHECKOUT_PAGE} aria-disabled={busy || undefined}>{t.checkout}</a>
      </div>
    </div>
  )
}

export const init: PageModule['init'] = (doc, deps) => {
  for (const el of doc.querySelectorAll<HTMLElement>('[data-commerce-island="cart-page"]')) renderIsland(el, <CartPage deps={deps} t={cartTexts(el)} />)
}
