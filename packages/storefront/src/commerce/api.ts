// The visitor store calls (add to cart, shopping cart, checkout; and the cart-management routes in the same style). Every state-changing call
// carries the crumb; answers become values: the parsed body, or a failure with the visitor-facing text.
import { crumbFetch } from '../core/crumb.js'
import { documentCookies } from '../core/cookies.js'
import { NETWORK_ERROR, SOMETHING_WENT_WRONG, TRY_AGAIN_SOON, crumbFailureMessage } from './messages.js'
import type { CartEntry, ShoppingCart } from './types.js'
import type { StockResult } from '@sitewright/contracts'
export type { StockResult }

export type FailureKind = 'crumb' | 'rate-limited' | 'server' | 'network'

export interface Failure {
  ok: false
  kind: FailureKind
  status: number
  message: string
  /** Per-field validation errors (field id -> message) when the server sent them. */
  fieldErrors?: Record<string, string>
}
export type Result<T> = { ok: true; status: number; data: T } | Failure

export interface ApiDeps {
  fetch?: typeof fetch
  cookies?: () => string
  /** navigator.cookieEnabled (decides the crumb-failure text). */
  cookiesEnabled?: () => boolean
}

function fieldErrorsOf(body: Record<string, unknown>): Record<string, string> | undefined {
  const error = body.error as Record<string, unknown> | undefined
  const raw = body.errors ?? (typeof error === 'object' && error ? (error.errors ?? error.fields) : undefined)
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') out[k] = v
  return Object.keys(out).length ? out : undefined
}

/** Turns a response into a Result (the body is JSON; a 2xx without a body yields {}). */
export async function readResult<T>(res: Response, deps: ApiDeps = {}): Promise<Result<T>> {
  let body: unknown = {}
  try {
    const text = await res.text()
    body = text ? JSON.parse(text) : {}
  } catch {
    body = {}
  }
  if (res.ok) return { ok: true, status: res.status, data: body as T }
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  if (res.status === 403 && b.crumbFail === true) {
    const enabled = deps.cookiesEnabled ? deps.cookiesEnabled() : typeof navigator === 'undefined' || navigator.cookieEnabled
    return { ok: false, kind: 'crumb', status: 403, message: crumbFailureMessage(enabled) }
  }
  if (res.status === 429) return { ok: false, kind: 'rate-limited', status: 429, message: TRY_AGAIN_SOON }
  const e = b.error
  const message =
    typeof e === 'string' && e
      ? e
      : typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string'
        ? (e as { message: string }).message
        : typeof b.message === 'string'
          ? b.message
          : SOMETHING_WENT_WRONG
  return { ok: false, kind: 'server', status: res.status, message, fieldErrors: fieldErrorsOf(b) }
}

export interface CommerceApi {
  getCart(): Promise<Result<ShoppingCart>>
  addEntry(body: AddEntryBody, idempotencyKey?: string): Promise<Result<{ newlyAdded: CartEntry; shoppingCart: ShoppingCart }>>
  updateAdditionalFields(entryId: string, body: { itemId: string; sku: string; additionalFields: string | null }): Promise<Result<{ updatedEntry: CartEntry; shoppingCart: ShoppingCart }>>
  setQuantity(entryId: string, quantity: number): Promise<Result<CartAnswer>>
  removeEntry(entryId: string): Promise<Result<CartAnswer>>
  applyCoupon(code: string): Promise<Result<CartAnswer>>
  removeCoupon(code: string): Promise<Result<CartAnswer>>
  subscribe(body: { itemId: string; sku: string; qty: number; additionalFields: string | null }): Promise<Result<{ cartToken: string }>>
  stock(itemId: string): Promise<Result<{ results: StockResult[] }>>
  /** The item's additional-fields form ({ form: null } when it asks for none). */
  additionalFieldsForm(itemId: string): Promise<Result<{ form: unknown }>>
}

export interface AddEntryBody {
  itemId: string
  sku: string
  quantity: number
  additionalFields: string | null
}
/** Cart-changing routes answer the cart itself or { shoppingCart }. */
export type CartAnswer = ShoppingCart | { shoppingCart: ShoppingCart }

export function cartOf(answer: CartAnswer): ShoppingCart {
  return 'shoppingCart' in answer && answer.shoppingCart ? answer.shoppingCart : (answer as ShoppingCart)
}

export const CART_PATH = '/api/commerce/shopping-cart'

export function createCommerceApi(deps: ApiDeps = {}): CommerceApi {
  const doFetch = deps.fetch ?? ((u: RequestInfo | URL, i?: RequestInit) => globalThis.fetch(u, i))
  const crumbDeps = { fetch: doFetch, cookies: deps.cookies ?? documentCookies }
  async function call<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Result<T>> {
    try {
      const init: RequestInit = { method, credentials: 'same-origin', headers: { Accept: 'application/json', ...headers } }
      if (body !== undefined) {
        init.body = JSON.stringify(body)
        init.headers = { ...(init.headers as Record<string, string>), 'Content-Type': 'application/json' }
      }
      const res = method === 'GET' ? await doFetch(url, init) : await crumbFetch(url, init, crumbDeps)
      return await readResult<T>(res, deps)
    } catch {
      return { ok: false, kind: 'network', status: 0, message: NETWORK_ERROR }
    }
  }
  const entry = (id: string) => `${CART_PATH}/entries/${encodeURIComponent(id)}`
  return {
    getCart: () => call('GET', `${CART_PATH}?calculateSubtotal=true`),
    addEntry: (body, key) => call('POST', `${CART_PATH}/entries`, body, key ? { 'Idempotency-Key': key } : {}),
    updateAdditionalFields: (id, body) => call('PUT', `${entry(id)}/additionalFields`, body),
    setQuantity: (id, quantity) => call('PUT', entry(id), { quantity }),
    removeEntry: (id) => call('DELETE', entry(id)),
    applyCoupon: (code) => call('POST', `${CART_PATH}/coupons`, { code }),
    removeCoupon: (code) => call('DELETE', `${CART_PATH}/coupons/${encodeURIComponent(code)}`),
    subscribe: (body) => call('POST', '/api/3/commerce/cart/subscription', body),
    stock: (itemId) => call('GET', `/api/commerce/inventory/stock/?itemId=${encodeURIComponent(itemId)}`),
    additionalFieldsForm: (itemId) => call('GET', `/api/commerce/additional-fields-form?itemId=${encodeURIComponent(itemId)}`),
  }
}
