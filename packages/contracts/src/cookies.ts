// Reading a cookie from a `document.cookie` string: the editor (the crumb) and the storefront (crumb, cart) both
// need it.

/** The cookie that carries the anti-forgery crumb; echoed as the X-CSRF-Token header. */
export const CRUMB_COOKIE = 'crumb'

/** The script-readable marker set while a site member is signed in (no secret in it): a visitor carrying it is
 * counted as logged in (the cart loads at start; analytics records the visit as logged in). */
export const SITE_USER_AUTH_COOKIE = 'SiteUserSecureAuthToken'

/** The script-readable marker set beside the visitor's cart cookie (value `1`, no secret): the storefront's cart-start
 * rule ("a cart cookie exists") reads it. The cart cookie itself (`sw_cart`, a 256-bit token) is HttpOnly. */
export const CART_MARKER_COOKIE = 'sw_has_cart'

// SPEC.md (section 6): "Cookie names for preview, override, expanded frame and disabled user scripts ... names not
// shown". The four names are Sitewright's, in its `sw-` family (like the cart's `sw_cart`); what each does here:

/** The owner's preview on the site's host (HttpOnly, set from the signed `sw-preview` query token; server publishing/
 * preview.ts): drafts are shown, never cached. */
export const PREVIEW_COOKIE = 'sw-preview'

/** The editor's expanded canvas frame (script-readable, on the editor's host, value `1`): the owner hid the page panel
 * so the canvas frame fills the work area; the next page editor opens the same way (editor PageEditor). */
export const EXPANDED_FRAME_COOKIE = 'sw-expanded-frame'

/** Reserved, read nowhere: the reference's override cookie swaps what a page is rendered with (another template or
 * variant) for the one browser that carries it. Sitewright has one theme per site and previews style changes inside
 * the editor's frame by message (storefront style-preview), so nothing here is overridden by a cookie. */
export const OVERRIDE_COOKIE = 'sw-override'

/** Reserved, read nowhere: the reference's switch that loads a page without the owner's own scripts (code injection,
 * script in code blocks), to recover a site a script broke. No owner script ever runs on a Sitewright page (the code
 * block shows code, embeds are sanitized HTML; plans.ts), so there is nothing to switch off. */
export const DISABLED_USER_SCRIPTS_COOKIE = 'sw-disable-user-scripts'

/** The value of cookie `name` in a `document.cookie` string (percent-decoded when it can be), or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue
    const raw = part.slice(eq + 1).trim()
    try {
      return decodeURIComponent(raw)
    } catch {
      return raw
    }
  }
  return null
}
