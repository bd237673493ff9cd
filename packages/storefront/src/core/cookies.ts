export { readCookie } from '@sitewright/contracts/cookies'

export function documentCookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie
}
