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
