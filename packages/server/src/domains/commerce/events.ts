// The commerce domain's in-process events. Listeners run after the order is committed; a failing listener is
// logged and never affects the order.
export interface OrderConfirmedEvent {
  orderId: string
  cartId: string
  testMode: boolean
  websiteId: string
}

/** An owner set a variant's stock (after the change is committed). */
export interface StockSetEvent {
  siteId: string
  productId: string
  variantId: string
  qtyInStock: number
  unlimited: boolean
}

export interface CommerceEventMap {
  commerce_checkout_order_confirmed: OrderConfirmedEvent
  commerce_stock_set: StockSetEvent
}

type Listener<K extends keyof CommerceEventMap> = (event: CommerceEventMap[K]) => void | Promise<void>

export function createCommerceEvents(onError: (e: unknown) => void) {
  const listeners: { [K in keyof CommerceEventMap]: Listener<K>[] } = { commerce_checkout_order_confirmed: [], commerce_stock_set: [] }
  return {
    on<K extends keyof CommerceEventMap>(name: K, fn: Listener<K>): () => void {
      listeners[name].push(fn)
      return () => {
        const i = listeners[name].indexOf(fn)
        if (i >= 0) listeners[name].splice(i, 1)
      }
    },
    async emit<K extends keyof CommerceEventMap>(name: K, event: CommerceEventMap[K]): Promise<void> {
      for (const fn of [...listeners[name]]) {
        try {
          await fn(event)
        } catch (e) {
          onError(e)
        }
      }
    },
  }
}
export type CommerceEvents = ReturnType<typeof createCommerceEvents>
