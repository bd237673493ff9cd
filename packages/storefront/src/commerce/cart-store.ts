// The cart: one store per page. Loaded at start by the start rule (core/cart-start), refreshed after every
// change; every change is announced on the bus ('cart:updated'), and recalculations set the is-recalculating
// flag ('cart:recalculating' plus data-recalculating on <html>).
import { HAS_CART_MARKER } from '../core/cart-start.js'
import type { StorefrontBus } from '../events.js'
import type { CommerceApi, Failure, Result } from './api.js'
import './events.js'
import type { ShoppingCart } from './types.js'

export interface CartStore {
  readonly cart: ShoppingCart | null
  readonly recalculating: boolean
  /** GET the cart and announce it. */
  load(): Promise<ShoppingCart | null>
  /** Runs a cart-changing call under the recalculating flag; a cart in the answer replaces the current one, unless a later call's answer already did. */
  recalculate<T>(change: () => Promise<Result<T>>, cartOf: (data: T) => ShoppingCart | undefined): Promise<Result<T>>
  /** Replaces the cart (e.g. from an add-entry answer) and announces it. */
  set(cart: ShoppingCart): void
}

export interface CartStoreDeps {
  api: CommerceApi
  bus: StorefrontBus
  storage?: Pick<Storage, 'setItem' | 'removeItem'> | null
  root?: HTMLElement | null
}

export function createCartStore(deps: CartStoreDeps): CartStore {
  let cart: ShoppingCart | null = null
  let pending = 0
  // changes answer in any order (two PUTs of the checkout's address, a coupon): an answer older than the one shown is
  // dropped, or a slow first answer would put back the totals the later change replaced (a total without its tax)
  let issued = 0
  let shown = 0
  const flag = (on: boolean) => {
    if (deps.root) {
      if (on) deps.root.dataset.recalculating = 'true'
      else delete deps.root.dataset.recalculating
    }
    deps.bus.emit('cart:recalculating', { recalculating: on })
  }
  const mark = (c: ShoppingCart) => {
    try {
      if (c.totalQuantity > 0) deps.storage?.setItem(HAS_CART_MARKER, '1')
    } catch {
      // storage refused: the cart cookie still brings the cart back
    }
  }
  const store: CartStore = {
    get cart() {
      return cart
    },
    get recalculating() {
      return pending > 0
    },
    set(next) {
      cart = next
      mark(next)
      deps.bus.emit('cart:updated', { cart: next })
    },
    async load() {
      const res = await deps.api.getCart()
      if (res.ok) store.set(res.data)
      else if (res.status !== 404) console.warn(`cart load failed: ${(res as Failure).message}`)
      return cart
    },
    async recalculate(change, pick) {
      if (pending++ === 0) flag(true)
      const seq = ++issued
      try {
        const res = await change()
        const next = res.ok ? pick(res.data) : undefined
        if (next && seq > shown) {
          shown = seq
          store.set(next)
        }
        return res
      } finally {
        if (--pending === 0) flag(false)
      }
    },
  }
  return store
}
