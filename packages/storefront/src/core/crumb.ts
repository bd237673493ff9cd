// The visitor crumb (CSRF token): the server sets the `crumb` cookie on its first response; every
// state-changing call sends it back as X-CSRF-Token. A 403 {crumbFail:true} is retried exactly once: the
// failing response itself carries a fresh crumb cookie.
import { documentCookies, readCookie } from './cookies.js'

export const CRUMB_COOKIE = 'crumb'
export const CRUMB_HEADER = 'X-CSRF-Token'

export function getCrumb(cookies: string = documentCookies()): string | null {
  return readCookie(cookies, CRUMB_COOKIE)
}

/** `init` with the current crumb added as the X-CSRF-Token header. */
export function withCrumb(init: RequestInit = {}, cookies: string = documentCookies()): RequestInit {
  const crumb = getCrumb(cookies)
  if (!crumb) return init
  const headers = new Headers(init.headers)
  headers.set(CRUMB_HEADER, crumb)
  return { ...init, headers, credentials: init.credentials ?? 'same-origin' }
}

async function isCrumbFail(res: Response): Promise<boolean> {
  if (res.status !== 403) return false
  try {
    const body: unknown = await res.clone().json()
    return typeof body === 'object' && body !== null && (body as { crumbFail?: unknown }).crumbFail === true
  } catch {
    return false
  }
}

export interface CrumbFetchDeps {
  fetch?: typeof fetch
  cookies?: () => string
}

/** fetch() for state-changing calls: sends the crumb, and retries once on a crumb failure. */
export async function crumbFetch(
  url: string,
  init: RequestInit = {},
  deps: CrumbFetchDeps = {},
): Promise<Response> {
  const doFetch = deps.fetch ?? ((u: RequestInfo | URL, i?: RequestInit) => globalThis.fetch(u, i))
  const cookies = deps.cookies ?? documentCookies
  const first = await doFetch(url, withCrumb(init, cookies()))
  if (!(await isCrumbFail(first))) return first
  return doFetch(url, withCrumb(init, cookies()))
}
