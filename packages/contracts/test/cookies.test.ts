// SPEC.md section 6: "Cookie names for preview, override, expanded frame and disabled user scripts" (names not shown):
// the four are Sitewright's, one name each, valid cookie-name tokens, and distinct from every other cookie it sets.
import { describe, expect, it } from 'vitest'
import {
  CART_MARKER_COOKIE, CRUMB_COOKIE, DISABLED_USER_SCRIPTS_COOKIE, EXPANDED_FRAME_COOKIE, OVERRIDE_COOKIE, PREVIEW_COOKIE,
  SITE_USER_AUTH_COOKIE, readCookie,
} from '../src/index.js'

describe("SPEC.md's named cookies: preview, override, expanded frame, disabled user scripts", () => {
  it('has one name for each, a cookie-name token (RFC 6265), none shared with another cookie', () => {
    const named = { preview: PREVIEW_COOKIE, override: OVERRIDE_COOKIE, 'expanded frame': EXPANDED_FRAME_COOKIE, 'disabled user scripts': DISABLED_USER_SCRIPTS_COOKIE }
    expect(named).toEqual({ preview: 'sw-preview', override: 'sw-override', 'expanded frame': 'sw-expanded-frame', 'disabled user scripts': 'sw-disable-user-scripts' })
    for (const name of Object.values(named)) expect(name).toMatch(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/)
    const all = [...Object.values(named), CRUMB_COOKIE, SITE_USER_AUTH_COOKIE, CART_MARKER_COOKIE, 'sw_cart']
    expect(new Set(all).size).toBe(all.length)
  })

  it('reads each from a document.cookie string by its exact name (a prefix of another name is not it)', () => {
    const jar = `${EXPANDED_FRAME_COOKIE}=1; ${PREVIEW_COOKIE}x=no; ${PREVIEW_COOKIE}=tok`
    expect(readCookie(jar, EXPANDED_FRAME_COOKIE)).toBe('1')
    expect(readCookie(jar, PREVIEW_COOKIE)).toBe('tok')
    expect(readCookie(jar, OVERRIDE_COOKIE)).toBeNull()
  })
})
