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
