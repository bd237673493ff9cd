// Boot hook (imported by ../main.ts): the header account link reads 'Account' for a signed-in member (the
// SiteUserSecureAuthToken cookie), and pages with member forms load the members chunk.
import { documentCookies, readCookie } from '../core/cookies.js'

export const SITE_USER_COOKIE = 'SiteUserSecureAuthToken'
const MEMBER_UI = '[data-member-form], [data-member-sign-out], [data-member-remove-address], [data-member-cancel-subscription]'

export function signedIn(cookies: string = documentCookies()): boolean {
  return Boolean(readCookie(cookies, SITE_USER_COOKIE))
}

export function startMembers(doc: Document): Promise<number> {
  if (signedIn()) doc.querySelectorAll<HTMLAnchorElement>('[data-account-link]').forEach((a) => (a.textContent = 'Account'))
  if (!doc.querySelector(MEMBER_UI)) return Promise.resolve(0)
  return import('./enhance.js')
    .then((m) => m.enhanceMembers(doc, window))
    .catch((e: unknown) => {
      console.error('member forms failed to start', e)
      return 0
    })
}

if (typeof document !== 'undefined') {
  const go = () => void startMembers(document)
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go, { once: true })
  else go()
}
