// Public API of @sitewright/storefront (what other packages may reference, e.g. names of the cookies).
export { boot, type BootOptions, type Storefront } from './boot.js'
export {
  CART_BUTTON_SELECTOR,
  CART_COOKIE,
  HAS_CART_MARKER,
  SITE_USER_AUTH_COOKIE,
  cartStartDecision,
  readCartSignals,
  type CartSignals,
  type CartStartDecision,
  type CartStartReason,
} from './core/cart-start.js'
export { ChunkLoadError, CHUNK_TIMEOUT_MS, type ChunkState } from './core/chunks.js'
export { CRUMB_COOKIE, CRUMB_HEADER, crumbFetch, getCrumb, withCrumb } from './core/crumb.js'
export { createEventBus, type EventBus } from './core/events.js'
export { ISLAND_SELECTOR, type IslandModule } from './core/islands.js'
export type { StorefrontBus, StorefrontEvents } from './events.js'
