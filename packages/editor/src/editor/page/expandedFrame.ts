// The expanded canvas frame (contracts EXPANDED_FRAME_COOKIE, one of SPEC.md's named cookies): an owner who hides the
// page panel gets the canvas frame over the whole work area, and the next page editor opens the same way. Only where
// the panel sits beside the canvas (wider than 720 px); on a narrow screen the panel is a sheet and starts closed.
import { EXPANDED_FRAME_COOKIE, readCookie } from '@sitewright/contracts'

/** Wider than this the panel sits beside the canvas (and the expanded frame is remembered). */
export const PANEL_BESIDE_MIN_WIDTH = 721
const YEAR_S = 365 * 24 * 60 * 60

/** True when the owner left the frame expanded (the cookie is `1`). */
export function frameExpanded(cookies: string): boolean {
  return readCookie(cookies, EXPANDED_FRAME_COOKIE) === '1'
}

/** The cookie string that remembers (or forgets) the expanded frame, for `document.cookie`. */
export function expandedFrameCookie(expanded: boolean, secure: boolean): string {
  const attrs = `; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
  return expanded ? `${EXPANDED_FRAME_COOKIE}=1; Max-Age=${YEAR_S}${attrs}` : `${EXPANDED_FRAME_COOKIE}=; Max-Age=0${attrs}`
}

/** Whether the page panel starts open in a window `width` px wide with these cookies. */
export function panelStartsOpen(width: number, cookies: string): boolean {
  return width >= PANEL_BESIDE_MIN_WIDTH && !frameExpanded(cookies)
}
