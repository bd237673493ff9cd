// A tiny typed event bus: the storefront's modules and islands talk through it instead of to each other.

export type Handler<T> = (payload: T) => void

export interface EventBus<M extends object> {
  on<K extends keyof M>(type: K, handler: Handler<M[K]>): () => void
  once<K extends keyof M>(type: K, handler: Handler<M[K]>): () => void
  off<K extends keyof M>(type: K, handler: Handler<M[K]>): void
  emit<K extends keyof M>(type: K, payload: M[K]): void
}

export function createEventBus<M extends object>(
  onError: (error: unknown) => void = reportError,
): EventBus<M> {
  const handlers = new Map<keyof M, Set<Handler<never>>>()
  const bus: EventBus<M> = {
    on(type, handler) {
      let set = handlers.get(type)
      if (!set) handlers.set(type, (set = new Set()))
      set.add(handler as Handler<never>)
      return () => bus.off(type, handler)
    },
    once(type, handler) {
      const off = bus.on(type, (payload) => {
        off()
        handler(payload)
      })
      return off
    },
    off(type, handler) {
      handlers.get(type)?.delete(handler as Handler<never>)
    },
    emit(type, payload) {
      // A copy: handlers may unsubscribe while we iterate; one failing handler does not stop the others.
      for (const handler of [...(handlers.get(type) ?? [])]) {
        try {
          ;(handler as Handler<M[typeof type]>)(payload)
        } catch (error) {
          onError(error)
        }
      }
    },
  }
  return bus
}

function reportError(error: unknown): void {
  if (typeof console !== 'undefined') console.error(error)
}
