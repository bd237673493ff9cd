// The cart pill's start rule: the cart loads at start only if the visitor is signed in (a site-user secure auth
// cookie exists), a has-cart marker is set, or a cart cookie exists; otherwise the cart buttons are just
// made visible. "A cart cookie" is the script-readable marker `sw_has_cart` set beside the HttpOnly cart token
// `sw_cart` (a script never sees the token).
import { CART_MARKER_COOKIE, SITE_USER_AUTH_COOKIE } from '@sitewright/contracts/cookies'

export { SITE_USER_AUTH_COOKIE }

/** Cookie present (value 1) while the visitor has a cart; the cart's token is in the HttpOnly `sw_cart`. */
export const CART_COOKIE = CART_MARKER_COOKIE
/** localStorage key set once the visitor has put something in a cart. */
export const HAS_CART_MARKER = 'sw:has-cart'
/** Elements the cart drives (add-to-cart buttons, the cart pill); hidden until the cart is ready. */
export const CART_BUTTON_SELECTOR = '[data-cart-button]'

export interface CartSignals {
  signedIn: boolean
  hasCartMarker: boolean
  hasCartCookie: boolean
}

export type CartStartReason = 'signed-in' | 'has-cart-marker' | 'cart-cookie'
export type CartStartDecision = { load: true; reason: CartStartReason } | { load: false }

/** The rule itself: pure. */
export function cartStartDecision(s: CartSignals): CartStartDecision {
  if (s.signedIn) return { load: true, reason: 'signed-in' }
  if (s.hasCartMarker) return { load: true, reason: 'has-cart-marker' }
  if (s.hasCartCookie) return { load: true, reason: 'cart-cookie' }
  return { load: false }
}

function hasCookie(cookies: string, name: string): boolean {
  return cookies.split(';').some((part) => {
    const eq = part.indexOf('=')
    return eq > 0 && part.slice(0, eq).trim() === name && part.slice(eq + 1).trim() !== ''
  })
}

/** Reads the signals from the cookie string and storage (storage may be missing or throw). */
export function readCartSignals(cookies: string, storage: Pick<Storage, 'getItem'> | null): CartSignals {
  let marker = false
  try {
    marker = Boolean(storage?.getItem(HAS_CART_MARKER))
  } catch {
    marker = false
  }
  return {
    signedIn: hasCookie(cookies, SITE_USER_AUTH_COOKIE),
    hasCartMarker: marker,
    hasCartCookie: hasCookie(cookies, CART_COOKIE),
  }
}

/** Makes the cart buttons visible; returns how many were revealed. */
export function revealCartButtons(root: ParentNode): number {
  const buttons = root.querySelectorAll<HTMLElement>(CART_BUTTON_SELECTOR)
  buttons.forEach((el) => {
    el.hidden = false
    el.setAttribute('data-cart-button', 'ready')
  })
  return buttons.length
}
