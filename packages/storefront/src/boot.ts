// Starts the storefront on a published page: the cart start rule, then the islands.
import { cartStartDecision, readCartSignals, revealCartButtons } from './core/cart-start.js'
import { createChunkLoader, type ChunkLoader } from './core/chunks.js'
import { createEventBus } from './core/events.js'
import { mountIslands, type IslandModule, type IslandState } from './core/islands.js'
import type { StorefrontBus, StorefrontEvents } from './events.js'

export interface BootOptions {
  doc: Document
  storage: Pick<Storage, 'getItem'> | null
  islands: Readonly<Record<string, () => Promise<IslandModule>>>
  /** Loads the cart; the cart module registers here once it exists. Without it, buttons are revealed at once. */
  loadCart?: () => Promise<void>
}

export interface Storefront {
  bus: StorefrontBus
  loader: ChunkLoader<IslandModule>
  /** Settles when the cart start and the first island pass are done. */
  ready: Promise<IslandState[]>
}

export function boot(opts: BootOptions): Storefront {
  const bus = createEventBus<StorefrontEvents>()
  const loader = createChunkLoader(opts.islands)

  const decision = cartStartDecision(readCartSignals(opts.doc.cookie, opts.storage))
  const cartReady = (async () => {
    if (decision.load) {
      bus.emit('cart:load-requested', { reason: decision.reason })
      if (opts.loadCart) await opts.loadCart().catch((e: unknown) => console.error(e))
    }
    bus.emit('cart:buttons-revealed', { count: revealCartButtons(opts.doc) })
  })()

  const islandsReady = mountIslands(opts.doc, loader, { bus })
  islandsReady.then((states) => {
    if (states.includes('failed')) console.warn('Some storefront islands failed to load')
  })
  return { bus, loader, ready: cartReady.then(() => islandsReady) }
}

export function safeLocalStorage(win: Window): Storage | null {
  try {
    return win.localStorage
  } catch {
    return null
  }
}
