// Quick View (chunk 'product-quick-view'): the 'Quick View' button of a product card (product lists, summary
// blocks) opens a lightbox with the product's images, price, variants and add-to-cart. Its content is the
// product's own page as the theme renders it, wired by the product chunk like the page itself; each opening
// records POST /api/census/RecordQuickView/{id} (failures ignored). The dialog traps focus and closes on
// Escape, its close button or a click outside, giving focus back to the button.
import { isActivationKey } from './button.js'
import { openDialog, type OpenDialog } from './dialog.js'
import type { PageDeps, PageModule } from './page-module.js'

export const QUICK_VIEW_SELECTOR = '.sqs-product-quick-view-button[data-id]'
export const QUICK_VIEW_LOADING_TEXT = 'Loading…'
/** The spec's generic load failure text. */
export const QUICK_VIEW_LOAD_ERROR = 'Unable to load. Try again.'
export const VIEW_DETAILS_TEXT = 'View Full Details'

export interface QuickViewDeps extends PageDeps {
  /** Defaults to the window's fetch. */
  fetch?: typeof fetch
  /** Wires the add-to-cart of the quick view's content; defaults to the product chunk. */
  wire?: (root: HTMLElement, deps: PageDeps) => Promise<void>
}

export function quickViewUrl(itemId: string): string {
  return `/api/census/RecordQuickView/${encodeURIComponent(itemId)}`
}

/** POST /api/census/RecordQuickView/{id}: the page path, as a form (the server knows the visitor by its own hash);
 * failures are ignored. */
export function recordQuickView(itemId: string, doFetch: typeof fetch, path: string): void {
  const body = new URLSearchParams({ pagePath: path })
  doFetch(quickViewUrl(itemId), { method: 'POST', body, credentials: 'same-origin', keepalive: true }).catch(() => undefined)
}

/** The card's product page address: the button's data-url, else the card's first link. */
function productUrl(button: HTMLElement): string | null {
  if (button.dataset.url) return button.dataset.url
  const card = button.closest('[data-item-id]')
  return card?.querySelector<HTMLAnchorElement>('a[href]')?.getAttribute('href') ?? null
}

const clone = <T extends Node>(doc: Document, node: T | null | undefined): T | null => (node ? (doc.importNode(node, true) as T) : null)

/** The quick view's content built from the product page's HTML, or null when the page does not show the product. */
export function quickViewContent(doc: Document, html: string, itemId: string, url: string): { title: string; content: HTMLElement } | null {
  const page = new DOMParser().parseFromString(html, 'text/html')
  const detail = [...page.querySelectorAll<HTMLElement>('[data-store-slot="products-item"]')].find((el) => el.dataset.itemId === itemId)
  if (!detail) return null
  const content = doc.createElement('div')
  content.className = 'quick-view-product'
  content.dataset.quickView = ''
  content.dataset.itemId = itemId
  const media = doc.createElement('div')
  media.className = 'quick-view-media'
  const gallery = clone(doc, detail.querySelector<HTMLElement>('.product-gallery'))
  if (gallery) {
    media.append(gallery)
    wireThumbnails(gallery)
  }
  const summary = doc.createElement('div')
  summary.className = 'quick-view-summary'
  for (const sel of ['.product-price', '.product-mark', '.product-purchase']) {
    for (const el of detail.querySelectorAll(sel)) if (!el.parentElement?.closest('.product-purchase')) summary.append(clone(doc, el)!)
  }
  summary.querySelector('[data-store-slot="product-restock"]')?.remove() // the restock form stays on the product page
  const more = doc.createElement('a')
  more.className = 'quick-view-details'
  more.href = url
  more.textContent = VIEW_DETAILS_TEXT
  summary.append(more)
  content.append(media, summary)
  const title = detail.querySelector('.product-title, h1')?.textContent?.trim() ?? ''
  return { title, content }
}

/** Thumbnails become buttons that show their image as the main one. */
function wireThumbnails(gallery: HTMLElement): void {
  const main = gallery.querySelector<HTMLImageElement>('img.product-main-image')
  if (!main) return
  gallery.querySelectorAll<HTMLImageElement>('.product-thumbnails img').forEach((img, i) => {
    const b = gallery.ownerDocument.createElement('button')
    b.type = 'button'
    b.className = 'quick-view-thumb'
    b.setAttribute('aria-label', `Show image ${i + 2}`)
    img.replaceWith(b)
    b.append(img)
    b.addEventListener('click', () => {
      main.src = img.currentSrc || img.src
      if (img.srcset) main.srcset = img.srcset
      else main.removeAttribute('srcset')
      main.alt = img.alt
    })
  })
}

const defaultWire = async (root: HTMLElement, deps: PageDeps) => (await import('./commerce-product-variants.js')).initRoot(root, deps)

/** Opens the quick view of the product behind `button`; resolves with the dialog once its content is wired. */
export async function openQuickView(button: HTMLElement, deps: QuickViewDeps): Promise<OpenDialog> {
  const doc = button.ownerDocument
  const itemId = button.dataset.id ?? ''
  const doFetch = deps.fetch ?? ((input, init) => deps.win.fetch(input, init))
  recordQuickView(itemId, doFetch, deps.win.location.pathname)
  const cardTitle = button.closest('[data-item-id]')?.querySelector('.product-card-title, .item-card-title')?.textContent?.trim()
  const d = openDialog(doc, { title: cardTitle || 'Quick View', className: 'quick-view' })
  d.dialog.dataset.quickViewFor = itemId
  const status = doc.createElement('p')
  status.className = 'quick-view-status'
  status.setAttribute('role', 'status')
  status.textContent = QUICK_VIEW_LOADING_TEXT
  d.body.append(status)
  const url = productUrl(button)
  try {
    if (!url) throw new Error('no product page')
    const res = await doFetch(url, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    const built = quickViewContent(doc, await res.text(), itemId, url)
    if (!built) throw new Error('product not on its page')
    if (built.title) d.dialog.querySelector('.sw-dialog-title')!.textContent = built.title
    d.body.replaceChildren(built.content)
    await (deps.wire ?? defaultWire)(built.content, deps)
  } catch (e) {
    console.warn(e)
    status.textContent = QUICK_VIEW_LOAD_ERROR
    d.body.replaceChildren(status)
  }
  return d
}

/** Wires every Quick View button under `root`; returns how many. */
export function initQuickViews(root: ParentNode, deps: QuickViewDeps): number {
  const buttons = [...root.querySelectorAll<HTMLElement>(QUICK_VIEW_SELECTOR)]
  for (const b of buttons) {
    if (b.dataset.quickViewBound) continue
    b.dataset.quickViewBound = 'true'
    b.addEventListener('click', (e) => {
      e.preventDefault()
      void openQuickView(b, deps)
    })
    b.addEventListener('keydown', (e) => {
      if (!isActivationKey(e)) return
      e.preventDefault()
      void openQuickView(b, deps)
    })
  }
  return buttons.length
}

export const init: PageModule['init'] = (doc, deps) => void initQuickViews(doc, deps)
