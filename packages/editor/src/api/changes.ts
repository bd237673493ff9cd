// A site's data changed through this editor (any successful write under /api/sites/<id>/): screens that show a
// summary of the site (the getting-started checklist) read it again at once instead of waiting for their next poll.
const bus = new EventTarget()
const SITE_WRITE = /^\/api\/sites\/([^/?#]+)\//

/** Called by the API client after a write answered 2xx. */
export function noteWrite(path: string): void {
  const m = SITE_WRITE.exec(path)
  if (m) bus.dispatchEvent(new CustomEvent('site-changed', { detail: decodeURIComponent(m[1]!) }))
}

/** Calls `fn` after each successful write to `siteId`; returns the unsubscribe. */
export function onSiteChanged(siteId: string, fn: () => void): () => void {
  const listener = (e: Event) => {
    if ((e as CustomEvent<string>).detail === siteId) fn()
  }
  bus.addEventListener('site-changed', listener)
  return () => bus.removeEventListener('site-changed', listener)
}
