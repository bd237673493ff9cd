// The store on every published page (imported by ../main.ts): the cart store, loaded by the start rule through
// boot's loadCart hook, and the cart pill. Product pages, the cart page, checkout and the additional-fields
// form are lazy chunks fetched only when their markup is on the page.
import { createChunkLoader } from '../core/chunks.js'
import type { StorefrontBus } from '../events.js'
import { createCommerceApi, type CommerceApi } from './api.js'
import { initCartPills } from './cart-pill.js'
import { createCartStore, type CartStore } from './cart-store.js'
import type { PageModule } from './page-module.js'

/** Chunk name -> module; 'commerce-product-variants' is the product page's chunk (its name is fixed: the theme's markup asks for it). */
export const COMMERCE_CHUNKS: Readonly<Record<string, () => Promise<PageModule>>> = {
  'commerce-product-variants': () => import('./commerce-product-variants.js'),
  'cart-page': () => import('./islands/cart-page.js'),
  checkout: () => import('./checkout.js'),
  'gift-card': () => import('./gift-card.js'),
  'product-reviews': () => import('./reviews/page.js'),
  'product-restock': () => import('./restock/form.js'),
  'product-quick-view': () => import('./quick-view.js'),
  'membership-join': () => import('./join.js'),
  donate: () => import('./donate.js'),
}

/** Markup that asks for each chunk. */
export const CHUNK_SELECTORS: Readonly<Record<string, string>> = {
  'commerce-product-variants': '.sqs-add-to-cart-button[data-item-id]',
  'cart-page': '[data-commerce-island="cart-page"]',
  checkout: 'form[data-checkout-form]',
  'gift-card': 'form[data-gift-card-form]',
  'product-reviews': '[data-store-slot="product-reviews"][data-product-id]',
  'product-restock': '.product-restock-notification form.product-restock-form',
  'product-quick-view': '.sqs-product-quick-view-button[data-id]',
  'membership-join': 'button[data-membership-join]',
  donate: 'form[data-donate-form]',
}

export interface CommerceRuntime {
  api: CommerceApi
  /** boot()'s loadCart: waits for attach(), then loads the cart. */
  loadCart(): Promise<void>
  attach(bus: StorefrontBus): Promise<string[]>
  readonly store: CartStore | null
}

export function createCommerce(
  win: Window,
  api: CommerceApi = createCommerceApi(),
  chunks: Readonly<Record<string, () => Promise<PageModule>>> = COMMERCE_CHUNKS,
): CommerceRuntime {
  const doc = win.document
  let store: CartStore | null = null
  let attached!: (s: CartStore) => void
  const storeReady = new Promise<CartStore>((resolve) => (attached = resolve))
  const loader = createChunkLoader(chunks)
  let storage: Storage | null = null
  try {
    storage = win.localStorage
  } catch {
    storage = null
  }
  return {
    api,
    get store() {
      return store
    },
    async loadCart() {
      await (await storeReady).load()
    },
    async attach(bus) {
      store = createCartStore({ api, bus, storage, root: doc.documentElement })
      initCartPills(doc, bus, win)
      attached(store)
      const started: string[] = []
      await Promise.all(
        Object.entries(CHUNK_SELECTORS).map(async ([name, selector]) => {
          if (!doc.querySelector(selector)) return
          try {
            const mod = await loader.load(name)
            mod.init(doc, { api, bus, store: store!, win })
            started.push(name)
          } catch (e) {
            console.error(e)
          }
        }),
      )
      return started
    },
  }
}
