// Page-cache invalidation as a port: whoever changes something a site's pages show calls `invalidate(siteId)`;
// caches subscribe with `onInvalidate`. The local port calls its listeners in this process; a broadcaster (several
// nodes) wraps it, publishing each call to the other nodes and feeding theirs to `deliver` (listeners only).
export interface Invalidation {
  /** Announces that the site's pages changed: every subscribed cache drops them (here, and on other nodes). */
  invalidate(siteId: string): void
  /** Subscribes a cache (or a CDN purger) to invalidations. */
  onInvalidate(listener: (siteId: string) => void): void
}

export interface LocalInvalidation extends Invalidation {
  /** Runs the listeners of this process only (for invalidations received from other nodes). */
  deliver(siteId: string): void
}

export function createInvalidation(): LocalInvalidation {
  const listeners: ((siteId: string) => void)[] = []
  const deliver = (siteId: string) => {
    for (const l of listeners) l(siteId)
  }
  return {
    invalidate: deliver,
    deliver,
    onInvalidate(listener) {
      listeners.push(listener)
    },
  }
}
