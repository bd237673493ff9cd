// The shape of the store's lazily loaded page modules.
import type { StorefrontBus } from '../events.js'
import type { CommerceApi } from './api.js'
import type { CartStore } from './cart-store.js'

export interface PageDeps {
  api: CommerceApi
  bus: StorefrontBus
  store: CartStore
  win: Window
}

export interface PageModule {
  init(root: Document, deps: PageDeps): void
}
