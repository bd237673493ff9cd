// A tiny framework-free client for the owner API.
// - sends the `crumb` cookie back as X-CSRF-Token on state-changing calls;
// - on 403 {crumbFail:true} refreshes the crumb (GET /api/auth/me sets it) and retries exactly once;
// - never throws: every call resolves to a typed ApiResult.
import { CRUMB_COOKIE, readCookie } from '@sitewright/contracts/cookies'
import { noteWrite } from './changes.js'

export const MESSAGES = {
  generic: 'Something went wrong',
  network: 'Network error',
  unreachable: 'Unable to connect. Please try again',
  crumb: 'Your session has expired. Please reload the page and try again.',
  /** A long-running job (an import) answered without its result. */
  noJobData: 'No response data from job request',
} as const

export type ApiErrorKind = 'network' | 'unreachable' | 'crumb' | 'http' | 'invalid_response'

export interface ApiError {
  kind: ApiErrorKind
  /** HTTP status, 0 when no response arrived. */
  status: number
  type: string
  code: string
  message: string
  /** Per-field validation messages from the server, shown as-is under the fields. */
  fields: Record<string, string>
  retryAfterSeconds?: number
  /** The whole answer body of an HTTP error (e.g. the current version on a 409 conflict). */
  body?: unknown
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; error: ApiError }

/**
 * The answer of a long-running editor job (an import): a success without the job's result data becomes the error
 * 'No response data from job request' (nothing says what the job did).
 */
export function jobAnswer<T>(res: ApiResult<T>, hasData: (data: unknown) => boolean): ApiResult<T> {
  if (!res.ok || hasData(res.data)) return res
  return { ok: false, error: { kind: 'invalid_response', status: res.status, type: 'invalid_response', code: 'no_job_data', message: MESSAGES.noJobData, fields: {} } }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface ApiClientOptions {
  fetch?: typeof fetch
  /** Returns the document's cookie string (defaults to document.cookie). */
  readCookies?: () => string
  /** Path the crumb is refreshed from; any GET works since every response sets a missing crumb. */
  crumbRefreshPath?: string
  timeoutMs?: number
}

export interface RequestOptions {
  /** Extra request headers (e.g. If-Match for optimistic concurrency). */
  headers?: Record<string, string>
}

export interface ApiClient {
  request<T>(method: Method, path: string, body?: unknown, opts?: RequestOptions): Promise<ApiResult<T>>
  get<T>(path: string): Promise<ApiResult<T>>
  post<T>(path: string, body?: unknown): Promise<ApiResult<T>>
  put<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<ApiResult<T>>
  patch<T>(path: string, body?: unknown): Promise<ApiResult<T>>
  del<T>(path: string): Promise<ApiResult<T>>
}

/** The crumb to echo in X-CSRF-Token on state-changing calls, if the cookie is set. */
export function currentCrumb(cookies: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  return readCookie(cookies, CRUMB_COOKIE)
}

export { CRUMB_COOKIE, readCookie }

function failure(
  kind: ApiErrorKind,
  status: number,
  message: string,
  extra: Partial<ApiError> = {},
): ApiResult<never> {
  return { ok: false, error: { kind, status, type: kind, code: kind, message, fields: {}, ...extra } }
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text()
  if (!text) return undefined
  return JSON.parse(text) as unknown
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function isCrumbFail(status: number, body: unknown): boolean {
  return status === 403 && isObject(body) && body.crumbFail === true
}

function stringFields(v: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!isObject(v)) return out
  for (const [k, msg] of Object.entries(v)) if (typeof msg === 'string') out[k] = msg
  return out
}

function toError(res: Response, body: unknown): ApiResult<never> {
  const status = res.status
  if (isCrumbFail(status, body)) return failure('crumb', status, MESSAGES.crumb, { code: 'crumb_fail' })
  if (status === 502 || status === 503 || status === 504)
    return failure('unreachable', status, MESSAGES.unreachable)
  const retry = Number(res.headers.get('retry-after'))
  const extra: Partial<ApiError> = Number.isFinite(retry) && retry > 0 ? { retryAfterSeconds: retry } : {}
  if (body !== undefined) extra.body = body
  const err = isObject(body) && isObject(body.error) ? body.error : null
  if (!err) return failure('http', status, MESSAGES.generic, extra)
  return {
    ok: false,
    error: {
      kind: 'http',
      status,
      type: typeof err.type === 'string' ? err.type : 'unknown',
      code: typeof err.code === 'string' ? err.code : 'unknown',
      message:
        typeof err.message === 'string' && err.message && status < 500 ? err.message : MESSAGES.generic,
      fields: stringFields(err.fields),
      ...extra,
    },
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const readCookies = options.readCookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie))
  const refreshPath = options.crumbRefreshPath ?? '/api/auth/me'
  const timeoutMs = options.timeoutMs ?? 30_000

  async function send(method: Method, path: string, body: unknown, extra: Record<string, string> = {}): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...extra }
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    if (method !== 'GET') {
      const crumb = readCookie(readCookies(), CRUMB_COOKIE)
      if (crumb) headers['X-CSRF-Token'] = crumb
    }
    return doFetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
  }

  async function attempt(
    method: Method,
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ res: Response; json: unknown }> {
    const res = await send(method, path, body, headers)
    let json: unknown
    try {
      json = await readJson(res)
    } catch {
      json = undefined
      if (res.ok) throw new SyntaxError('invalid JSON')
    }
    return { res, json }
  }

  async function request<T>(
    method: Method,
    path: string,
    body?: unknown,
    opts: RequestOptions = {},
  ): Promise<ApiResult<T>> {
    try {
      let { res, json } = await attempt(method, path, body, opts.headers)
      if (isCrumbFail(res.status, json)) {
        // The crumb is missing or stale: any response sets a fresh one; then retry exactly once.
        await send('GET', refreshPath, undefined).then((r) => r.text())
        ;({ res, json } = await attempt(method, path, body, opts.headers))
      }
      if (!res.ok) return toError(res, json)
      if (method !== 'GET') noteWrite(path)
      return { ok: true, status: res.status, data: json as T }
    } catch (e) {
      if (e instanceof SyntaxError) return failure('invalid_response', 0, MESSAGES.generic)
      if (e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError'))
        return failure('unreachable', 0, MESSAGES.unreachable)
      return failure('network', 0, MESSAGES.network)
    }
  }

  return {
    request,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body),
    put: (path, body, opts) => request('PUT', path, body, opts),
    patch: (path, body) => request('PATCH', path, body),
    del: (path) => request('DELETE', path),
  }
}
