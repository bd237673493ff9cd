// Commerce events on the storefront bus (module augmentation of StorefrontEvents: one typed bus for all).
import type { ShoppingCart } from './types.js'

declare module '../events.js' {
  interface StorefrontEvents {
    /** The cart changed (loaded, added to, recalculated); every cart view refreshes from it. */
    'cart:updated': { cart: ShoppingCart }
    /** Recalculation started (true) or ended (false). */
    'cart:recalculating': { recalculating: boolean }
    /** An item was added to the cart. */
    'cart:entry-added': { cart: ShoppingCart; itemId: string; sku: string; quantity: number }
  }
}

export {}
