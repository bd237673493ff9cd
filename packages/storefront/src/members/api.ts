// Calls of the site-member API. Signing in answers data.xsrfToken: it is kept (per tab) and sent as the crumb of
// later calls; a crumb failure (e.g. a token gone stale after signing out elsewhere) is retried once with the
// browser's current crumb.
import { getCrumb } from '../core/crumb.js'

export const XSRF_KEY = 'sw:xsrfToken'
export const SESSION_URL = '/api/site-users/account/session'

export interface ApiResult {
  ok: boolean
  status: number
  data?: Record<string, unknown>
  message?: string
  fields?: Record<string, string>
}

function storage(win: Window): Storage | null {
  try {
    return win.sessionStorage
  } catch {
    return null
  }
}

export async function call(win: Window, method: string, url: string, body?: unknown): Promise<ApiResult> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const init: RequestInit = { method, headers, credentials: 'same-origin', ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }
  const withToken = (token: string | null | undefined): RequestInit => (token ? { ...init, headers: { ...headers, 'X-CSRF-Token': token } } : init)
  // the kept xsrfToken (else the crumb cookie) goes first; a crumb failure is retried once with the current cookie
  let res = await win.fetch(url, withToken(storage(win)?.getItem(XSRF_KEY) ?? getCrumb(win.document.cookie)))
  if (res.status === 403 && (await res.clone().json().catch(() => ({}))).crumbFail === true) {
    storage(win)?.removeItem(XSRF_KEY)
    res = await win.fetch(url, withToken(getCrumb(win.document.cookie)))
  }
  let json: { data?: Record<string, unknown>; error?: { message?: string; fields?: Record<string, string> } | string } = {}
  try {
    json = res.status === 204 ? {} : await res.json()
  } catch {
    json = {}
  }
  const error = typeof json.error === 'string' ? { message: json.error } : json.error
  return { ok: res.ok, status: res.status, ...(json.data ? { data: json.data } : {}), ...(error?.message ? { message: error.message } : {}), ...(error?.fields ? { fields: error.fields } : {}) }
}

export async function signIn(win: Window, email: string, password: string, rememberMe: boolean): Promise<ApiResult> {
  const r = await call(win, 'POST', SESSION_URL, { email, password, rememberMe })
  const token = r.data?.xsrfToken
  if (r.ok && typeof token === 'string') storage(win)?.setItem(XSRF_KEY, token)
  return r
}

export async function signOut(win: Window, cloneCart = false): Promise<ApiResult> {
  const r = await call(win, 'DELETE', `${SESSION_URL}?cloneCart=${cloneCart}`)
  storage(win)?.removeItem(XSRF_KEY)
  return r
}
