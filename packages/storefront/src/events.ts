// The storefront's event map: every module and island talks through one typed bus.
import type { CartStartReason } from './core/cart-start.js'
import type { EventBus } from './core/events.js'

export interface StorefrontEvents {
  /** The start rule says the cart must load (the cart module subscribes). */
  'cart:load-requested': { reason: CartStartReason }
  /** The cart buttons were made visible. */
  'cart:buttons-revealed': { count: number }
  'island:mounted': { name: string; element: HTMLElement }
  'island:failed': { name: string; element: HTMLElement; error: Error }
}

export type StorefrontBus = EventBus<StorefrontEvents>
