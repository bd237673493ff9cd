// The visitor crumb (CSRF token): published pages and static files set no cookie (any HTTP cache may share them),
// so the first state-changing call asks GET /api/crumb for one; every such call sends it back as X-CSRF-Token.
// A 403 {crumbFail:true} is retried exactly once: the failing response itself carries a fresh crumb cookie.
// Calls made together before the visitor has a crumb share one /api/crumb request: each such request sets a new
// cookie, so two of them would leave the first call sending a crumb the second had already replaced.
import { documentCookies, readCookie } from './cookies.js'

export const CRUMB_COOKIE = 'crumb'
export const CRUMB_HEADER = 'X-CSRF-Token'
/** Sets the crumb cookie when the visitor has none. */
export const CRUMB_PATH = '/api/crumb'

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

let asking: Promise<unknown> | null = null

/** GET /api/crumb, shared by every call that needs it while it is in flight. */
function askForCrumb(doFetch: typeof fetch): Promise<unknown> {
  asking ??= doFetch(CRUMB_PATH, { credentials: 'same-origin', cache: 'no-store' })
    // the body is read although only the cookie is used: Chromium keeps a response whose body nobody reads open
    // (the page never gets network-idle until the Response is collected)
    .then((res) => res.text())
    .catch(() => null)
    .finally(() => (asking = null))
  return asking
}

/**
 * Makes sure the visitor has a crumb before calls that go out together. Any API call without one is answered with a
 * new crumb cookie, so calls made at once would each replace the cookie another had just read.
 */
export async function ensureCrumb(deps: CrumbFetchDeps = {}): Promise<void> {
  if (!getCrumb((deps.cookies ?? documentCookies)())) await askForCrumb(deps.fetch ?? ((u, i) => globalThis.fetch(u, i)))
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
  await ensureCrumb({ fetch: doFetch, cookies })
  const first = await doFetch(url, withCrumb(init, cookies()))
  if (!(await isCrumbFail(first))) return first
  return doFetch(url, withCrumb(init, cookies()))
}
