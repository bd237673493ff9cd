// The owner's third-party web-analytics tag and pixel hooks. Loaded by the tracker only once tracking is allowed
// (consent given where it is asked): the tag script from the owner's https address, then each hook pushes one
// entry to `window.dataLayer` (the common tag convention) and calls `window.sitewrightPixel(event, fields)` when
// the owner's script defines it (pixel id included).

export type TagHook = 'add-to-cart' | 'view-product' | 'visit-pdp' | 'purchase' | 'search' | 'newsletter-lead' | 'registration'

/** The dataLayer event name of each hook. */
export const TAG_EVENTS: Record<TagHook, string> = {
  'add-to-cart': 'add_to_cart',
  'view-product': 'view_item',
  'visit-pdp': 'visit_pdp',
  purchase: 'purchase',
  search: 'search',
  'newsletter-lead': 'generate_lead',
  registration: 'sign_up',
}

export interface TagSettings {
  tagUrl?: string
  analyticsTag?: string
  pixelId?: string
}

/** The script address to load ('' when none or not https): the tag id rides as `id`. */
export function tagScriptUrl(s: TagSettings): string {
  if (!s.tagUrl) return ''
  try {
    const u = new URL(s.tagUrl)
    if (u.protocol !== 'https:') return ''
    if (s.analyticsTag && !u.searchParams.has('id')) u.searchParams.set('id', s.analyticsTag)
    return u.toString()
  } catch {
    return ''
  }
}

type TagWindow = Window & { dataLayer?: unknown[]; sitewrightPixel?: (event: string, fields: Record<string, unknown>) => void }

/** Loads the tag (when set) and returns the hook caller; null when neither a tag nor a pixel is configured. */
export function startTags(win: Window, s: TagSettings): ((hook: TagHook, fields?: Record<string, unknown>) => void) | null {
  const src = tagScriptUrl(s)
  if (!src && !s.pixelId) return null
  const w = win as TagWindow
  const layer = (w.dataLayer ??= [])
  if (src) {
    const script = win.document.createElement('script')
    script.async = true
    script.src = src
    win.document.head.append(script)
  }
  return (hook, fields = {}) => {
    const event = TAG_EVENTS[hook]
    const entry = { ...fields, ...(s.analyticsTag ? { tag_id: s.analyticsTag } : {}), ...(s.pixelId ? { pixel_id: s.pixelId } : {}) }
    layer.push({ event, ...entry })
    try {
      w.sitewrightPixel?.(event, entry)
    } catch {
      // the owner's script failing is not the page's failure
    }
  }
}

/** Bubbling events of the page the tag hooks follow (forms and member sign-up dispatch them). */
const FORM_SUCCESS = 'sitewright:form-success'
export const MEMBER_REGISTERED = 'sitewright:member-registered'

type Bus = { on(t: string, h: (p: { itemId: string; quantity: number; cart?: { id?: string } }) => void): void }

/** The owner's tag and pixel hooks (called only from track(): tracking is allowed). */
export function hooks(win: Window, fire: ((hook: TagHook, fields?: Record<string, unknown>) => void) | null, page: { path: string; query: string; pdp: HTMLElement | null; title: string }): void {
  if (!fire) return
  const doc = win.document
  if (page.pdp) {
    fire('view-product', { item_id: page.pdp.dataset.itemId, item_title: page.title })
    fire('visit-pdp', { item_id: page.pdp.dataset.itemId, item_title: page.title, page_path: page.path })
  }
  if (page.query) fire('search', { search_term: page.query })
  const order = doc.querySelector('[data-store-slot="order-confirmed"] .order-number')
  if (order) fire('purchase', { order_number: order.textContent?.replace(/^\D+/, '').trim() ?? '' })
  ;(win as Window & { Sitewright?: { bus?: Bus } }).Sitewright?.bus?.on('cart:entry-added', (e) => fire('add-to-cart', { item_id: e.itemId, item_quantity: e.quantity }))
  doc.addEventListener(FORM_SUCCESS, (e) => {
    const form = (e.target as Element | null)?.querySelector?.('form[data-newsletter]') ?? ((e.target as Element | null)?.matches?.('form[data-newsletter]') ? e.target : null)
    if (form) fire('newsletter-lead', { form_id: (e as CustomEvent<{ formId?: string }>).detail?.formId ?? '' })
  })
  doc.addEventListener(MEMBER_REGISTERED, () => fire('registration', {}))
}
