// The commerce owner API calls. Every path is under /api/sites/:siteId/commerce/ except collections, files and
// forms, which belong to other domains. Calls resolve to ApiResult (never throw), answers are normalized.
import { createApiClient, readCookie, CRUMB_COOKIE, MESSAGES, type ApiClient, type ApiResult } from '../api/client.js'
import {
  fieldOf, isObject, listOf, readGiftCard, readLedger, readOrder, readProduct, readSettings, readVariant,
} from './normalize.js'
import type {
  FileSummary, FormSummary, GiftCard, InventoryPage, LedgerEntry, Order, OrderPage, OrderStatus, Product, ProductCollection,
  ProductInput, ProductSummary, StoreSettings, VariantInput,
} from './types.js'
import { readInventoryRow, readSummary } from './normalize-lists.js'

export interface OrderQuery {
  page: number
  pageSize: number
  q?: string
  status?: OrderStatus | ''
}

export interface InventoryQuery {
  cursor?: string
  q?: string
  /** Only variants that are not unlimited with at most this many units. */
  lowStock?: number
  limit: number
}

export interface CommerceApi {
  collections(): Promise<ApiResult<ProductCollection[]>>
  /** Slim rows of every product (no variants: counts, stock and price summary); `q` matches a title or a SKU. */
  productSummaries(query?: { collectionId?: string; q?: string }): Promise<ApiResult<ProductSummary[]>>
  product(productId: string): Promise<ApiResult<Product>>
  createProduct(collectionId: string, input: ProductInput, variants: VariantInput[]): Promise<ApiResult<Product>>
  /** Product fields and, when given, the whole variant matrix: one request, one transaction. */
  updateProduct(productId: string, patch: Partial<ProductInput>, variants?: VariantInput[]): Promise<ApiResult<Product>>
  deleteProduct(productId: string): Promise<ApiResult<void>>
  /** A page of the stock-tracked variants. */
  inventory(query: InventoryQuery): Promise<ApiResult<InventoryPage>>
  setStock(
    productId: string,
    variantId: string,
    patch: { qtyInStock?: number; unlimited?: boolean },
  ): Promise<ApiResult<{ qtyInStock: number; unlimited: boolean }>>
  orders(query: OrderQuery): Promise<ApiResult<OrderPage>>
  order(orderId: string): Promise<ApiResult<Order>>
  fulfilOrder(orderId: string): Promise<ApiResult<Order>>
  /** A pending test-mode order's awaited payment is confirmed: the order becomes paid. */
  confirmPayment(orderId: string): Promise<ApiResult<Order>>
  refundOrder(orderId: string): Promise<ApiResult<Order>>
  giftCards(): Promise<ApiResult<GiftCard[]>>
  giftCardLedger(id: string): Promise<ApiResult<LedgerEntry[]>>
  issueGiftCard(amountCents: number): Promise<ApiResult<GiftCard>>
  settings(): Promise<ApiResult<StoreSettings>>
  updateSettings(patch: Partial<StoreSettings>): Promise<ApiResult<StoreSettings>>
  files(query: string): Promise<ApiResult<FileSummary[]>>
  upload(file: File): Promise<ApiResult<FileSummary>>
  forms(): Promise<ApiResult<FormSummary[]>>
}

function map<T, U>(res: ApiResult<T>, f: (data: T) => U): ApiResult<U> {
  return res.ok ? { ok: true, status: res.status, data: f(res.data) } : res
}

const q = (params: Record<string, string | number | undefined>): string => {
  const s = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') s.set(k, String(v))
  const text = s.toString()
  return text ? `?${text}` : ''
}

function readFile(raw: unknown): FileSummary {
  const o = isObject(raw) ? raw : {}
  const s = (v: unknown) => (typeof v === 'string' ? v : '')
  return { id: s(o.id), filename: s(o.filename), assetUrl: s(o.assetUrl), kind: s(o.kind), altText: s(o.altText) }
}

export interface CommerceApiOptions {
  client?: ApiClient
  fetch?: typeof fetch
  readCookies?: () => string
}

export function createCommerceApi(siteId: string, options: CommerceApiOptions = {}): CommerceApi {
  const client = options.client ?? createApiClient({ fetch: options.fetch, readCookies: options.readCookies })
  const site = `/api/sites/${encodeURIComponent(siteId)}`
  const root = `${site}/commerce`
  const id = encodeURIComponent

  async function productSummaries(query: { collectionId?: string; q?: string } = {}): Promise<ApiResult<ProductSummary[]>> {
    const out: ProductSummary[] = []
    // A collection holds at most 200 products; pages of 200 slim rows cover every collection in a call or two.
    for (let page = 1; page < 1000; page++) {
      const res = await client.get<unknown>(`${root}/products${q({ ...query, view: 'summary', page, pageSize: 200 })}`)
      if (!res.ok) return res
      const rows = listOf(res.data, 'products').map(readSummary)
      out.push(...rows)
      const total = isObject(res.data) && typeof res.data.total === 'number' ? res.data.total : out.length
      if (rows.length === 0 || out.length >= total) return { ok: true, status: res.status, data: out }
    }
    return { ok: true, status: 200, data: out }
  }

  async function upload(file: File): Promise<ApiResult<FileSummary>> {
    // Multipart, so not through the JSON client; the crumb goes along the same way.
    const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
    const cookies = options.readCookies?.() ?? (typeof document === 'undefined' ? '' : document.cookie)
    const crumb = readCookie(cookies, CRUMB_COOKIE)
    const body = new FormData()
    body.append('file', file, file.name)
    try {
      const res = await doFetch(`${site}/files`, {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: crumb ? { 'X-CSRF-Token': crumb, Accept: 'application/json' } : { Accept: 'application/json' },
      })
      const json = (await res.json().catch(() => null)) as unknown
      if (res.ok) return { ok: true, status: res.status, data: readFile(fieldOf(json, 'file')) }
      const err = isObject(json) && isObject(json.error) ? json.error : {}
      const message = typeof err.message === 'string' ? err.message : 'File upload failed to complete'
      return {
        ok: false,
        error: { kind: 'http', status: res.status, type: String(err.type ?? 'http'), code: String(err.code ?? 'http'), message, fields: {} },
      }
    } catch {
      return { ok: false, error: { kind: 'network', status: 0, type: 'network', code: 'network', message: MESSAGES.network, fields: {} } }
    }
  }

  return {
    collections: async () => {
      const res = await client.get<unknown>(`${site}/content/collections`)
      return map(res, (data) =>
        listOf(data, 'collections')
          .filter(isObject)
          .filter((c) => c.typeName === 'products' || c.type === 13)
          .map((c) => ({
            id: String(c.id),
            title: typeof c.title === 'string' ? c.title : String(c.id),
            fullUrl: typeof c.fullUrl === 'string' ? c.fullUrl : null,
          })),
      )
    },
    productSummaries,
    product: async (productId) =>
      map(await client.get<unknown>(`${root}/products/${id(productId)}`), (d) => readProduct(fieldOf(d, 'product'))),
    createProduct: async (collectionId, input, variants) =>
      map(await client.post<unknown>(`${root}/products`, { collectionId, ...input, variants }), (d) =>
        readProduct(fieldOf(d, 'product')),
      ),
    updateProduct: async (productId, patch, variants) =>
      map(await client.patch<unknown>(`${root}/products/${id(productId)}`, variants ? { ...patch, variants } : patch), (d) =>
        readProduct(fieldOf(d, 'product')),
      ),
    deleteProduct: (productId) => client.del(`${root}/products/${id(productId)}`),
    inventory: async (query) =>
      map(await client.get<unknown>(`${root}/inventory${q({ ...query })}`), (d) => {
        const o = isObject(d) ? d : {}
        const variants = listOf(d, 'variants').map(readInventoryRow)
        return {
          variants,
          nextCursor: typeof o.nextCursor === 'string' ? o.nextCursor : null,
          total: typeof o.total === 'number' ? o.total : variants.length,
        }
      }),
    setStock: async (productId, variantId, patch) =>
      map(
        await client.patch<unknown>(`${root}/products/${id(productId)}/variants/${id(variantId)}/stock`, patch),
        (d) => {
          const v = readVariant(fieldOf(d, 'stock'))
          return { qtyInStock: v.qtyInStock, unlimited: v.unlimited }
        },
      ),
    orders: async (query) =>
      map(await client.get<unknown>(`${root}/orders${q({ ...query })}`), (d) => {
        const orders = listOf(d, 'orders').map(readOrder)
        const o = isObject(d) ? d : {}
        return {
          orders,
          total: typeof o.total === 'number' ? o.total : orders.length,
          page: typeof o.page === 'number' ? o.page : query.page,
          pageSize: typeof o.pageSize === 'number' ? o.pageSize : query.pageSize,
        }
      }),
    order: async (orderId) =>
      map(await client.get<unknown>(`${root}/orders/${id(orderId)}`), (d) => readOrder(fieldOf(d, 'order'))),
    fulfilOrder: async (orderId) =>
      map(await client.post<unknown>(`${root}/orders/${id(orderId)}/fulfil`), (d) => readOrder(fieldOf(d, 'order'))),
    confirmPayment: async (orderId) =>
      map(await client.post<unknown>(`${root}/orders/${id(orderId)}/confirm-payment`), (d) => readOrder(fieldOf(d, 'order'))),
    refundOrder: async (orderId) =>
      map(await client.post<unknown>(`${root}/orders/${id(orderId)}/refund`), (d) => readOrder(fieldOf(d, 'order'))),
    giftCards: async () =>
      map(await client.get<unknown>(`${root}/gift-cards`), (d) => listOf(d, 'giftCards').map(readGiftCard)),
    giftCardLedger: async (cardId) =>
      map(await client.get<unknown>(`${root}/gift-cards/${id(cardId)}/ledger`), (d) => listOf(d, 'ledger').map(readLedger)),
    issueGiftCard: async (amountCents) =>
      map(await client.post<unknown>(`${root}/gift-cards`, { amountCents }), (d) => readGiftCard(fieldOf(d, 'giftCard'))),
    settings: async () =>
      map(await client.get<unknown>(`${root}/settings`), (d) => readSettings(fieldOf(d, 'settings'))),
    updateSettings: async (patch) =>
      map(await client.patch<unknown>(`${root}/settings`, patch), (d) => readSettings(fieldOf(d, 'settings'))),
    files: async (query) =>
      map(await client.get<unknown>(`${site}/files${q({ query, limit: 100 })}`), (d) =>
        listOf(d, 'files').map(readFile).filter((f) => f.kind === 'image'),
      ),
    upload,
    forms: async () =>
      map(await client.get<unknown>(`${site}/forms`), (d) =>
        listOf(d, 'forms')
          .filter(isObject)
          .map((f) => ({ id: String(f.id), name: typeof f.name === 'string' ? f.name : String(f.id) })),
      ),
  }
}
