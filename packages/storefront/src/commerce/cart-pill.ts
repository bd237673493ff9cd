// Cart pill: item count ('100+' above 100, aria 'More than 100 items in cart'), the word
// item or items, and the subtotal. Hidden at 0, fades in above 0, refreshes on every cart change. Inside the
// editor frame (window !== top) a click sets the frame's address instead of navigating.
import type { StorefrontBus } from '../events.js'
import './events.js'
import { DEFAULT_CURRENCY, moneyElement } from './money.js'
import type { ShoppingCart } from './types.js'

export const CART_URL = '/cart'
export const PILL_SELECTOR = '[data-cart-pill]'

export interface PillView {
  count: string
  word: 'item' | 'items'
  aria: string
  visible: boolean
}

export function pillView(totalQuantity: number): PillView {
  const n = Math.max(0, Math.floor(totalQuantity || 0))
  const word = n === 1 ? 'item' : 'items'
  return {
    count: n > 100 ? '100+' : String(n),
    word,
    aria: n > 100 ? 'More than 100 items in cart' : `${n} ${word} in cart`,
    visible: n > 0,
  }
}

export function renderPill(pill: HTMLElement, cart: ShoppingCart): void {
  const view = pillView(cart.totalQuantity)
  const doc = pill.ownerDocument
  const set = (sel: string, text: string) => {
    const el = pill.querySelector<HTMLElement>(sel)
    if (el) el.textContent = text
  }
  set('[data-cart-count]', view.count)
  set('[data-cart-word]', view.word)
  const subtotal = pill.querySelector<HTMLElement>('[data-cart-subtotal]')
  if (subtotal) subtotal.replaceChildren(moneyElement(doc, cart.subtotalCents ?? 0, cart.currency ?? cart.currencyCode ?? DEFAULT_CURRENCY))
  pill.setAttribute('aria-label', view.aria)
  pill.dataset.count = String(cart.totalQuantity)
  if (!view.visible) {
    pill.hidden = true
    pill.classList.remove('is-visible')
    return
  }
  const wasHidden = pill.hidden
  pill.hidden = false
  if (wasHidden) {
    // start transparent, then fade in on the next frame (site.css transitions opacity)
    pill.classList.remove('is-visible')
    const raf = doc.defaultView?.requestAnimationFrame ?? ((f: FrameRequestCallback) => setTimeout(() => f(0), 16))
    raf(() => pill.classList.add('is-visible'))
  } else pill.classList.add('is-visible')
}

/** Whether this window is the editor's frame (not the top window). */
export function inEditorFrame(win: Window): boolean {
  try {
    return win !== win.top
  } catch {
    return true // a cross-origin top is also a frame
  }
}

/**
 * The header keeps one row: where the pill with its words and subtotal would wrap onto a row of its own (a long
 * navigation, a big subtotal), it shows the icon and the count only (its aria-label still says how many).
 */
export function fitPill(pill: HTMLElement): void {
  const wrapper = pill.closest<HTMLElement>('.cart-pill-wrapper')
  const row = wrapper?.parentElement
  if (!wrapper || !row || pill.hidden) return
  pill.classList.remove('is-compact')
  const others = [...row.children].filter((c) => c !== wrapper && (c as HTMLElement).offsetParent !== null && getComputedStyle(c).position !== 'absolute')
  if (!others.length) return
  const rowBottom = Math.min(...others.map((c) => c.getBoundingClientRect().bottom))
  if (wrapper.getBoundingClientRect().top >= rowBottom) pill.classList.add('is-compact')
}

/** Wires every pill under `root`; returns how many. */
export function initCartPills(root: ParentNode, bus: StorefrontBus, win: Window): number {
  const pills = [...root.querySelectorAll<HTMLElement>(PILL_SELECTOR)]
  for (const pill of pills) {
    pill.addEventListener('click', (e) => {
      if (!inEditorFrame(win)) return
      e.preventDefault()
      win.location.href = pill.getAttribute('href') || CART_URL
    })
  }
  if (pills.length) {
    bus.on('cart:updated', ({ cart }) => pills.forEach((p) => (renderPill(p, cart), fitPill(p))))
    // and again whenever the header's row changes size (the window, the pill's wrapper shown once the cart is read)
    const Observer = (win as Window & { ResizeObserver?: typeof ResizeObserver }).ResizeObserver
    if (Observer) {
      const observer = new Observer(() => pills.forEach(fitPill))
      for (const pill of pills) {
        const row = pill.closest('.cart-pill-wrapper')?.parentElement
        if (row) observer.observe(row)
      }
    }
  }
  return pills.length
}
