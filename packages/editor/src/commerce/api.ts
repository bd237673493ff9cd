// The commerce owner API calls. Every path is under /api/sites/:siteId/commerce/ except collections, files and
// forms, which belong to other domains. Calls resolve to ApiResult (never throw); answers are the contract's shapes
// (@sitewright/contracts) as the server sends them.
import type {
  Collection, EmailPreview, EmailTemplateSummary, FileAsset, FulfilInput, GiftCard, GiftCardLedgerEntry, InventoryPage, InventoryQuery, OrderPage, OrderQuery, OwnerOrder,
  AbandonedCheckoutPage, GiftCardReminderSettings, NotificationSettings, OwnerProduct, Promotion, PromotionInput, RecoverySettings, OwnerReview, OwnerReviewPage, OwnerReviewQuery, RestockGroupPage, RestockSendResult, RestockSignUpPage, ReviewImportResult, ScarcitySettings, ProductInput, ProductSummary, ProductSummaryPage, StockLevel, StoreSettings, VariantInput,
} from '@sitewright/contracts'
import { createApiClient, jobAnswer, readCookie, CRUMB_COOKIE, MESSAGES, type ApiClient, type ApiResult } from '../api/client.js'
import type { Form } from '../forms/model.js'

export type { InventoryQuery, OrderQuery }
export type ProductCollection = Pick<Collection, 'id' | 'title' | 'fullUrl'>
export type FormSummary = Pick<Form, 'id' | 'name'>

export interface CommerceApi {
  collections(): Promise<ApiResult<ProductCollection[]>>
  /** Slim rows of every product (no variants: counts, stock and price summary); `q` matches a title or a SKU. */
  productSummaries(query?: { collectionId?: string; q?: string }): Promise<ApiResult<ProductSummary[]>>
  product(productId: string): Promise<ApiResult<OwnerProduct>>
  createProduct(collectionId: string, input: ProductInput, variants: VariantInput[]): Promise<ApiResult<OwnerProduct>>
  /** Product fields and, when given, the whole variant matrix: one request, one transaction. */
  updateProduct(productId: string, patch: Partial<ProductInput>, variants?: VariantInput[]): Promise<ApiResult<OwnerProduct>>
  deleteProduct(productId: string): Promise<ApiResult<void>>
  /** A page of the stock-tracked variants. */
  inventory(query: InventoryQuery): Promise<ApiResult<InventoryPage>>
  setStock(
    productId: string,
    variantId: string,
    patch: { qtyInStock?: number; unlimited?: boolean },
  ): Promise<ApiResult<StockLevel>>
  orders(query: OrderQuery): Promise<ApiResult<OrderPage>>
  order(orderId: string): Promise<ApiResult<OwnerOrder>>
  /** Ships lines of a paid order (no lines: everything not yet shipped); the buyer is mailed unless told not to. */
  fulfilOrder(orderId: string, input?: FulfilInput): Promise<ApiResult<OwnerOrder>>
  /** A pending test-mode order's awaited payment is confirmed: the order becomes paid. */
  confirmPayment(orderId: string): Promise<ApiResult<OwnerOrder>>
  refundOrder(orderId: string): Promise<ApiResult<OwnerOrder>>
  giftCards(): Promise<ApiResult<GiftCard[]>>
  giftCardLedger(id: string): Promise<ApiResult<GiftCardLedgerEntry[]>>
  issueGiftCard(amountCents: number): Promise<ApiResult<GiftCard>>
  /** Automatic promotions, in the order carts apply them. */
  promotions(): Promise<ApiResult<Promotion[]>>
  savePromotion(input: PromotionInput, promotionId?: string): Promise<ApiResult<Promotion>>
  deletePromotion(promotionId: string): Promise<ApiResult<unknown>>
  /** Abandoned checkouts, newest first, with the recovered revenue; and the recovery settings. */
  abandonedCheckouts(page?: number): Promise<ApiResult<AbandonedCheckoutPage>>
  recoverySettings(): Promise<ApiResult<RecoverySettings>>
  saveRecoverySettings(input: RecoverySettings): Promise<ApiResult<RecoverySettings>>
  /** Gift-card reminders: the balance reminder, an expiry the country allows, its notice. */
  giftCardReminderSettings(): Promise<ApiResult<GiftCardReminderSettings>>
  saveGiftCardReminderSettings(input: GiftCardReminderSettings): Promise<ApiResult<GiftCardReminderSettings>>
  settings(): Promise<ApiResult<StoreSettings>>
  updateSettings(patch: Partial<StoreSettings>): Promise<ApiResult<StoreSettings>>
  files(query: string): Promise<ApiResult<FileAsset[]>>
  upload(file: File): Promise<ApiResult<FileAsset>>
  forms(): Promise<ApiResult<FormSummary[]>>
  /** The signed-in owner's notification mails on this site. */
  notificationSettings(): Promise<ApiResult<NotificationSettings>>
  updateNotificationSettings(patch: Partial<NotificationSettings>): Promise<ApiResult<NotificationSettings>>
  emailTemplates(): Promise<ApiResult<EmailTemplateSummary[]>>
  /** An email template rendered with sample data (COMMERCE_EMAIL_PREVIEW 301). */
  emailPreview(name: string): Promise<ApiResult<EmailPreview>>
  reviews(query: OwnerReviewQuery): Promise<ApiResult<OwnerReviewPage>>
  /** Approve or hide a review, or set its reply (null or '' removes it). */
  moderateReview(reviewId: string, patch: { status?: OwnerReview['status']; reply?: string | null }): Promise<ApiResult<OwnerReview>>
  /** Where the CSV export downloads from (a plain link: the browser sends the session cookie). */
  reviewsExportUrl(): string
  importReviews(format: 'csv' | 'json', data: string): Promise<ApiResult<ReviewImportResult>>
  restockGroups(cursor?: string): Promise<ApiResult<RestockGroupPage>>
  restockSignUps(productId: string, variantId: string, cursor?: string): Promise<ApiResult<RestockSignUpPage>>
  restockSend(productId: string, variantId: string): Promise<ApiResult<number>>
  restockSendAll(sendRequests: { productId: string; variantId: string }[]): Promise<ApiResult<RestockSendResult[]>>
  restockAutoSend(): Promise<ApiResult<boolean>>
  setRestockAutoSend(on: boolean): Promise<ApiResult<boolean>>
  /** The restock setting captchaEnabled: sign-ups need a solved captcha (the page draws the widget). */
  restockCaptcha(): Promise<ApiResult<boolean>>
  setRestockCaptcha(on: boolean): Promise<ApiResult<boolean>>
  scarcitySettings(): Promise<ApiResult<ScarcitySettings>>
  saveScarcitySettings(s: ScarcitySettings): Promise<ApiResult<ScarcitySettings>>
}

const scarcityOf = (c: ScarcitySettings): ScarcitySettings => ({
  scarcityEnabled: c.scarcityEnabled,
  scarcityThreshold: c.scarcityThreshold,
  scarcityText: c.scarcityText,
  scarcityShownByDefault: c.scarcityShownByDefault,
})

function map<T, U>(res: ApiResult<T>, f: (data: T) => U): ApiResult<U> {
  return res.ok ? { ok: true, status: res.status, data: f(res.data) } : res
}

const q = (params: Record<string, string | number | undefined>): string => {
  const s = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') s.set(k, String(v))
  const text = s.toString()
  return text ? `?${text}` : ''
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
      const res = await client.get<ProductSummaryPage>(`${root}/products${q({ ...query, view: 'summary', page, pageSize: 200 })}`)
      if (!res.ok) return res
      out.push(...res.data.products)
      if (res.data.products.length === 0 || out.length >= res.data.total) return { ok: true, status: res.status, data: out }
    }
    return { ok: true, status: 200, data: out }
  }

  async function upload(file: File): Promise<ApiResult<FileAsset>> {
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
      const json = (await res.json().catch(() => null)) as { file?: FileAsset; error?: { type?: string; code?: string; message?: string } } | null
      if (res.ok && json?.file) return { ok: true, status: res.status, data: json.file }
      const err = json?.error ?? {}
      const message = err.message ?? 'File upload failed to complete'
      return {
        ok: false,
        error: { kind: 'http', status: res.status, type: err.type ?? 'http', code: err.code ?? 'http', message, fields: {} },
      }
    } catch {
      return { ok: false, error: { kind: 'network', status: 0, type: 'network', code: 'network', message: MESSAGES.network, fields: {} } }
    }
  }

  return {
    collections: async () =>
      map(await client.get<{ collections: Collection[] }>(`${site}/content/collections`), (d) =>
        d.collections.filter((c) => c.typeName === 'products').map((c) => ({ id: c.id, title: c.title, fullUrl: c.fullUrl })),
      ),
    productSummaries,
    product: async (productId) =>
      map(await client.get<{ product: OwnerProduct }>(`${root}/products/${id(productId)}`), (d) => d.product),
    createProduct: async (collectionId, input, variants) =>
      map(await client.post<{ product: OwnerProduct }>(`${root}/products`, { collectionId, ...input, variants }), (d) => d.product),
    updateProduct: async (productId, patch, variants) =>
      map(
        await client.patch<{ product: OwnerProduct }>(`${root}/products/${id(productId)}`, variants ? { ...patch, variants } : patch),
        (d) => d.product,
      ),
    deleteProduct: (productId) => client.del(`${root}/products/${id(productId)}`),
    inventory: (query) => client.get<InventoryPage>(`${root}/inventory${q({ ...query })}`),
    setStock: async (productId, variantId, patch) =>
      map(await client.patch<{ stock: StockLevel }>(`${root}/products/${id(productId)}/variants/${id(variantId)}/stock`, patch), (d) => d.stock),
    orders: (query) => client.get<OrderPage>(`${root}/orders${q({ ...query })}`),
    order: async (orderId) => map(await client.get<{ order: OwnerOrder }>(`${root}/orders/${id(orderId)}`), (d) => d.order),
    fulfilOrder: async (orderId, input = {}) =>
      map(await client.post<{ order: OwnerOrder }>(`${root}/orders/${id(orderId)}/fulfil`, input), (d) => d.order),
    confirmPayment: async (orderId) =>
      map(await client.post<{ order: OwnerOrder }>(`${root}/orders/${id(orderId)}/confirm-payment`), (d) => d.order),
    refundOrder: async (orderId) =>
      map(await client.post<{ order: OwnerOrder }>(`${root}/orders/${id(orderId)}/refund`), (d) => d.order),
    giftCards: async () => map(await client.get<{ giftCards: GiftCard[] }>(`${root}/gift-cards`), (d) => d.giftCards),
    giftCardLedger: async (cardId) =>
      map(await client.get<{ ledger: GiftCardLedgerEntry[] }>(`${root}/gift-cards/${id(cardId)}/ledger`), (d) => d.ledger),
    issueGiftCard: async (amountCents) =>
      map(await client.post<{ giftCard: GiftCard }>(`${root}/gift-cards`, { amountCents }), (d) => d.giftCard),
    promotions: async () => map(await client.get<{ promotions: Promotion[] }>(`${root}/promotions`), (d) => d.promotions),
    savePromotion: async (input, promotionId) =>
      map(
        promotionId ? await client.put<{ promotion: Promotion }>(`${root}/promotions/${id(promotionId)}`, input) : await client.post<{ promotion: Promotion }>(`${root}/promotions`, input),
        (d) => d.promotion,
      ),
    deletePromotion: (promotionId) => client.del(`${root}/promotions/${id(promotionId)}`),
    abandonedCheckouts: (page) => client.get<AbandonedCheckoutPage>(`${root}/abandoned-checkouts${q({ page })}`),
    recoverySettings: async () => map(await client.get<{ settings: RecoverySettings }>(`${root}/recovery-settings`), (d) => d.settings),
    saveRecoverySettings: async (input) => map(await client.put<{ settings: RecoverySettings }>(`${root}/recovery-settings`, input), (d) => d.settings),
    giftCardReminderSettings: async () => map(await client.get<{ settings: GiftCardReminderSettings }>(`${root}/gift-card-reminder-settings`), (d) => d.settings),
    saveGiftCardReminderSettings: async (input) => map(await client.put<{ settings: GiftCardReminderSettings }>(`${root}/gift-card-reminder-settings`, input), (d) => d.settings),
    settings: async () => map(await client.get<{ settings: StoreSettings }>(`${root}/settings`), (d) => d.settings),
    updateSettings: async (patch) =>
      map(await client.patch<{ settings: StoreSettings }>(`${root}/settings`, patch), (d) => d.settings),
    files: async (query) =>
      map(await client.get<{ files: FileAsset[] }>(`${site}/files${q({ query, limit: 100 })}`), (d) =>
        d.files.filter((f) => f.kind === 'image'),
      ),
    upload,
    forms: async () =>
      map(await client.get<{ forms: FormSummary[] }>(`${site}/forms`), (d) => d.forms.map((f) => ({ id: f.id, name: f.name }))),
    notificationSettings: async () =>
      map(await client.get<{ settings: NotificationSettings }>(`${site}/notifications/settings`), (d) => d.settings),
    updateNotificationSettings: async (patch) =>
      map(await client.patch<{ settings: NotificationSettings }>(`${site}/notifications/settings`, patch), (d) => d.settings),
    emailTemplates: async () =>
      map(await client.get<{ emails: EmailTemplateSummary[] }>(`${site}/notifications/emails`), (d) => d.emails),
    emailPreview: async (name) =>
      map(await client.get<{ preview: EmailPreview }>(`${site}/notifications/emails/${id(name)}/preview`), (d) => d.preview),
    reviews: (query) => {
      // productId '' (store reviews) is a real filter, so it is kept where q() would drop an empty value
      const params = new URLSearchParams()
      for (const [k, v] of Object.entries(query)) if (v !== undefined && (v !== '' || k === 'productId')) params.set(k, String(v))
      const text = params.toString()
      return client.get<OwnerReviewPage>(`${site}/reviews${text ? `?${text}` : ''}`)
    },
    moderateReview: async (reviewId, patch) => map(await client.patch<{ review: OwnerReview }>(`${site}/reviews/${id(reviewId)}`, patch), (d) => d.review),
    reviewsExportUrl: () => `${site}/reviews/export.csv`,
    importReviews: async (format, data) =>
      jobAnswer(await client.post<ReviewImportResult>(`${site}/reviews/import`, { format, data }), (d) => typeof (d as Partial<ReviewImportResult> | null)?.imported === 'number'),
    restockGroups: (cursor) => client.get<RestockGroupPage>(`${site}/restock/groups${q({ cursor })}`),
    restockSignUps: (productId, variantId, cursor) => client.get<RestockSignUpPage>(`${site}/restock${q({ productId, variantId, cursor })}`),
    restockSend: async (productId, variantId) => map(await client.post<{ notified: number }>(`${site}/restock/send`, { productId, variantId }), (d) => d.notified),
    restockSendAll: async (sendRequests) => map(await client.post<{ results: RestockSendResult[] }>(`${site}/restock/send/all`, { sendRequests }), (d) => d.results),
    restockAutoSend: async () => map(await client.get<{ config: { autoSend: boolean } }>(`${site}/restock-settings`), (d) => d.config.autoSend),
    setRestockAutoSend: async (on) => map(await client.patch<{ config: { autoSend: boolean } }>(`${site}/restock-settings`, { autoSend: on }), (d) => d.config.autoSend),
    restockCaptcha: async () => map(await client.get<{ config: { captchaEnabled: boolean } }>(`${site}/restock-settings`), (d) => d.config.captchaEnabled),
    setRestockCaptcha: async (on) => map(await client.patch<{ config: { captchaEnabled: boolean } }>(`${site}/restock-settings`, { captchaEnabled: on }), (d) => d.config.captchaEnabled),
    scarcitySettings: async () => map(await client.get<{ config: ScarcitySettings }>(`${site}/restock-settings`), (d) => scarcityOf(d.config)),
    saveScarcitySettings: async (v) => map(await client.patch<{ config: ScarcitySettings }>(`${site}/restock-settings`, scarcityOf(v)), (d) => scarcityOf(d.config)),
  }
}
