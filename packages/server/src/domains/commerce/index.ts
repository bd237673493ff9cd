// Public API of the commerce domain: catalogue reads for the publishing context, the store's HTTP routes, events,
// page data for cart/checkout/confirmation pages, and owner helpers (the demo store seeds through them).
import type { QueueMail } from '../mail/index.js'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Orm } from '../../platform/db/index.js'
import type { Invalidation } from '../../platform/invalidation.js'
import * as catalogue from './catalogue/service.js'
import { addToCart, type AddToCartInput } from './cart/add.js'
import { cartByToken } from './cart/service.js'
import { placeCheckout } from './checkout/place.js'
import type { CheckoutInput } from './checkout/service.js'
import { cartView, pricingRules, type CartView } from './cart/view.js'
import { CART_COOKIE, type CommerceContext, type CommerceDeps } from './context.js'
import { productItem, type ImageShape, type ProductItem } from './catalogue/item.js'
import { analyticsOrder, fulfilmentsOf, getOrderRow, orderByToken, orderView } from './orders/service.js'
import { salesIn } from './orders/sales.js'
import { createTestProvider, type PaymentProvider } from './checkout/payments.js'
import { DEFAULT_RATE_LIMIT, createLimiter, type HitCounter, type RateLimitOptions } from './shared/rate-limit.js'
import { createSiteCache } from './shared/site-cache.js'
import { registerCartRoutes } from './cart/routes.js'
import { registerSubscriptionRoutes } from './subscriptions/routes.js'
import { startSubscription, type StartSubscriptionInput } from './subscriptions/start.js'
import { runRenewals } from './subscriptions/renew.js'
import { registerCheckoutRoutes } from './checkout/routes.js'
import { registerCheckoutSummaryRoute } from './checkout/routes-summary.js'
import { registerOwnerRoutes, STORE_ROLES } from './owner/routes.js'
import { registerFieldsRoutes } from './catalogue/routes.js'
import { registerPageRoutes } from './pages/routes.js'
import { registerDonationRoutes } from './donations/routes.js'
import { heldMemberships } from './memberships/access.js'
import { buyerSubscriptions, cancelSubscription, everyText, pauseSubscription, resumeSubscription } from './memberships/manage.js'
import { buyerOrder, buyerOrders } from './orders/buyer.js'
import { findGiftCard } from './giftcards/service.js'
import { moneyText } from './orders/summary.js'
import { PRODUCT_TYPES } from './validators.js'
import { and, eq, inArray, lte } from 'drizzle-orm'
import { orders, variants, type ProductRow } from './schema.js'
import { getSettings, updateSettings, type StoreSettings } from './settings.js'
import { sweep } from './sweep.js'
import { couponInput, productCreate, productPatch, shippingInput, taxInput } from './validators.js'
import { promotionInput } from './promotions/input.js'
import { registerPromotionRoutes } from './promotions/routes.js'
import { createPromotion } from './promotions/store.js'
import { createRule } from './owner/store.js'
import { parseWith } from '../../platform/http/validate.js'
import type { z } from 'zod'
import type { FulfilmentView, OrderView, OwnerProduct, ProductStatus } from '@sitewright/contracts'
import { every, type Every } from '../../platform/every.js'
import { sendDueReminders, type Composer } from './recovery/reminders.js'
import { sendDueGiftCardReminders } from './giftcards/reminders.js'
import { registerGiftCardReminderRoutes } from './giftcards/reminder-routes.js'
import { registerRecoveryRoutes } from './recovery/routes.js'
import { orderPlaced as recoveryOrderPlaced } from './recovery/store.js'

export { commerceTables } from './schema.js'
export { CART_COOKIE, clearCartCookie, setCartCookie, type CommerceDeps, type CommerceNotifier } from './context.js'
export type { CartView } from './cart/view.js'
export type { AddToCartInput, AddToCartResult } from './cart/add.js'
export type { StartSubscriptionInput } from './subscriptions/start.js'
export type { OrderConfirmedEvent } from '../../platform/events.js'
export type { ImageShape, ProductItem } from './catalogue/item.js'
export type { OrderView } from './orders/service.js'
export type { PaymentProvider } from './checkout/payments.js'
export type { StoreSettings } from './settings.js'
export type { ProductCreate } from './validators.js'
/** What the demo store and tests create products from (the create body before defaults). */
export type ProductCreateInput = z.input<typeof productCreate>
export { PRODUCT_TYPES, MAX_PRODUCTS_PER_COLLECTION } from './validators.js'
export { TEST_CARDS } from './checkout/payments.js'
export { STORE_ROLES }
export { PAGE_TYPES_COMMERCE } from './pages/page-types.js'

/** What a paywalled page offers non-members: the membership product, its price text and plan ('every month'). */
export interface MembershipOffer {
  productId: string
  sku: string
  title: string
  price: string
  every: string | null
  recurring: boolean
}

export interface CommerceOptions extends CommerceDeps {
  rateLimit?: RateLimitOptions
  /** Where the visitor limits count (shared by every node); default: this process. */
  hitCounter?: HitCounter
  provider?: PaymentProvider
  /** HMAC key of download links (keep it in server_secrets). */
  downloadSecret: string
  siteInfo?: (request: FastifyRequest) => { title: string; baseUrl: string }
  /**
   * The subscription renewal runner: how often it looks for due cycles (default 15 minutes), its clock, and how long
   * one day of a billing period lasts (default a day; browser tests shorten it so a cycle falls due while they watch).
   */
  renewals?: { intervalMs?: number; now?: () => Date; dayMs?: number }
  /**
   * The app's invalidation port (every node): a site's message drops what the site cache keeps of it. Changes made
   * here reach it through `onChange`.
   */
  invalidation?: Pick<Invalidation, 'onInvalidate'>
  /**
   * Abandoned-checkout recovery: the mail composer of a site (notify), the mail queue's kick, the length of the
   * recovery clock's hour, the sweep's period and its clock (tests drive it with `sendRecoveryReminders(now)`).
   */
  recovery?: { composer(siteId: string): Promise<Composer>; queueMail: QueueMail; hourMs?: number; sweepMs?: number; now?: () => Date; allowed?: (siteId: string) => Promise<boolean> }
}

export function createCommerce(orm: Orm, deps: CommerceOptions) {
  const { events } = deps
  const cache = createSiteCache({ settings: (siteId) => getSettings(orm, siteId), rules: (siteId) => pricingRules(orm, siteId) })
  deps.invalidation?.onInvalidate((siteId) => cache.drop(siteId))
  const ctx: CommerceContext = {
    orm,
    deps,
    cache,
    limiter: createLimiter(deps.rateLimit ?? DEFAULT_RATE_LIMIT, deps.hitCounter),
    provider: deps.provider ?? createTestProvider(orm),
    events,
    downloadSecret: deps.downloadSecret,
  }

  async function items(siteId: string, rows: readonly ProductRow[], collectionUrl?: string): Promise<ProductItem[]> {
    if (rows.length === 0) return []
    const [{ currency }, vs, { promotions }] = [await getSettings(orm, siteId), await catalogue.variantsOf(orm, siteId, rows.map((r) => r.id)), await ctx.cache.rules(siteId)]
    const imageIds = new Set<string>()
    for (const r of rows) r.imageIds.forEach((i) => imageIds.add(i))
    for (const r of rows) if (r.socialImageId) imageIds.add(r.socialImageId)
    for (const v of vs) if (v.imageId) imageIds.add(v.imageId)
    const images = imageIds.size && deps.resolveImages ? await deps.resolveImages(siteId, [...imageIds]) : new Map<string, ImageShape>()
    const formIds = [...new Set(rows.map((r) => r.additionalFieldsFormId).filter((x): x is string => !!x))]
    const forms = formIds.length && deps.publicForms ? await deps.publicForms(siteId, formIds) : new Map<string, object>()
    const paths = new Map<string, string>()
    const out: ProductItem[] = []
    for (const r of rows) {
      let path = collectionUrl ?? paths.get(r.collectionId)
      if (path === undefined) {
        path = (await deps.collectionPath?.(siteId, r.collectionId)) ?? `/${r.collectionId}`
        paths.set(r.collectionId, path)
      }
      out.push(productItem(r, vs.filter((v) => v.productId === r.id), { currency, collectionUrl: path, images, forms, promotions }))
    }
    return out
  }

  async function ownerProduct(_ctx: CommerceContext, siteId: string, productId: string): Promise<OwnerProduct> {
    const row = await catalogue.requireProduct(orm, siteId, productId)
    const [item] = await items(siteId, [row])
    return {
      ...item!,
      status: row.status as ProductStatus,
      ordering: row.ordering,
      description: row.description,
      descriptionFormat: row.descriptionFormat,
      seoTitle: row.seoTitle,
      seoDescription: row.seoDescription,
      socialImageId: row.socialImageId,
      digitalAssetUrl: row.digitalAssetUrl,
      variantOptions: row.variantOptions,
      imageIds: row.imageIds,
    }
  }

  /** After a settings or rules change made here: this node forgets the site's cached store data, the others are told. */
  function storeChanged<T>(siteId: string, result?: T): T {
    cache.drop(siteId)
    deps.onChange?.(siteId)
    return result as T
  }

  let timers: Every[] = []
  const clock = deps.renewals?.now ?? (() => new Date())
  const renewalDayMs = deps.renewals?.dayMs
  const recovery = { now: deps.recovery?.now ?? (() => new Date()), hourMs: deps.recovery?.hourMs ?? 3_600_000 }
  const reminderDeps = (r: NonNullable<CommerceOptions['recovery']>) => ({ orm, secret: deps.downloadSecret, composer: r.composer, siteUrl: async (siteId: string) => deps.siteUrl?.(siteId), queueMail: r.queueMail, hourMs: recovery.hourMs, allowed: r.allowed })
  /** Queues the recovery reminders due at `now` (the recovery clock's by default); once per checkout and step across nodes. */
  const sendRecoveryReminders = async (now?: Date) => (deps.recovery ? sendDueReminders(reminderDeps(deps.recovery), now ?? recovery.now()) : 0)
  /** Queues the gift-card balance reminders and expiry notices due at `now` (the recovery clock's); once per card across nodes. */
  const sendGiftCardReminders = async (now?: Date) => (deps.recovery ? sendDueGiftCardReminders({ ...reminderDeps(deps.recovery) }, now ?? recovery.now()) : 0)
  events.on('commerce_checkout_order_confirmed', (e) => recoveryOrderPlaced(orm, e.websiteId, e.orderId, e.cartId))

  return {
    events,
    routes(app: FastifyInstance): void {
      registerCartRoutes(app, ctx)
      registerSubscriptionRoutes(app, ctx)
      const siteInfo = deps.siteInfo ?? ((r: FastifyRequest) => ({ title: r.hostname, baseUrl: `${r.protocol}://${r.host}` }))
      registerCheckoutRoutes(app, ctx, siteInfo)
      registerDonationRoutes(app, ctx, siteInfo)
      registerCheckoutSummaryRoute(app, ctx)
      registerOwnerRoutes(app, ctx, ownerProduct)
      registerPromotionRoutes(app, ctx)
      registerPageRoutes(app, ctx, (siteId, rows) => items(siteId, rows))
      registerFieldsRoutes(app, ctx)
      registerRecoveryRoutes(app, ctx, recovery)
      registerGiftCardReminderRoutes(app, ctx)
    },
    /** Sweeps hourly and bills due subscription cycles (every `renewals.intervalMs`) until `stop`. */
    async start(): Promise<void> {
      timers = [
        every({ name: 'commerce sweep', ms: 60 * 60 * 1000, log: deps.log }, () => sweep(orm)),
        every({ name: 'subscription renewals', ms: deps.renewals?.intervalMs ?? 15 * 60 * 1000, log: deps.log }, () => runRenewals(ctx, clock(), renewalDayMs)),
        ...(deps.recovery ? [every({ name: 'checkout recovery', ms: deps.recovery.sweepMs ?? 60_000, log: deps.log }, () => sendRecoveryReminders())] : []),
        ...(deps.recovery ? [every({ name: 'gift-card reminders', ms: deps.recovery.sweepMs ?? 60_000, log: deps.log }, () => sendGiftCardReminders())] : []),
      ]
    },
    async stop(): Promise<void> {
      await Promise.all(timers.map((t) => t.stop()))
      timers = []
    },
    /** Bills every active subscription whose next cycle is due at `now` (the runner's clock by default); once per cycle across nodes. */
    renewSubscriptions: (now?: Date) => runRenewals(ctx, now ?? clock(), renewalDayMs),
    /** Deletes expired Idempotency-Key replies and abandoned carts (runs hourly between start and stop). */
    sweep: () => sweep(orm),
    sendRecoveryReminders,
    sendGiftCardReminders,

    /** Published products of a collection, as context Items (structuredContent with variants). */
    async listProducts(siteId: string, collectionId: string, o: { page: number; pageSize: number; collectionUrl?: string }): Promise<{ items: ProductItem[]; total: number }> {
      const { rows, total } = await catalogue.productsOf(orm, siteId, { collectionId, statuses: ['published'], page: o.page, pageSize: o.pageSize })
      return { items: await items(siteId, rows, o.collectionUrl), total }
    },
    /** A published (or hidden: not listed, reachable by URL) product of a collection by its urlId. */
    async getProductBySlug(siteId: string, collectionId: string, urlId: string, o: { collectionUrl?: string } = {}): Promise<ProductItem | undefined> {
      const row = await catalogue.productByUrl(orm, siteId, collectionId, urlId)
      return row ? (await items(siteId, [row], o.collectionUrl))[0] : undefined
    },
    /** Products by id (product blocks, summaries): published and hidden only. */
    async getProductsByIds(siteId: string, ids: readonly string[]): Promise<ProductItem[]> {
      const rows: ProductRow[] = []
      for (const id of ids) {
        const r = await catalogue.getProduct(orm, siteId, id)
        if (r && r.status !== 'draft') rows.push(r)
      }
      return items(siteId, rows)
    },
    /** The site search's products (SEARCH 102): published products of the given collections matching `query`, best first, with their rank. */
    async searchProducts(siteId: string, query: string, collectionIds: readonly string[], limit: number): Promise<{ hits: { item: ProductItem; rank: number }[]; total: number }> {
      const { hits, total } = await catalogue.searchProducts(orm, siteId, query, collectionIds, limit)
      const found = await items(siteId, hits.map((h) => h.row))
      return { hits: hits.map((h, i) => ({ item: found[i]!, rank: h.rank })), total }
    },
    /** websiteSettings.storeSettings of the page context. */
    async storeSettings(siteId: string): Promise<StoreSettings> {
      return getSettings(orm, siteId)
    },
    async updateStoreSettings(siteId: string, patch: Partial<StoreSettings>): Promise<StoreSettings> {
      const settings = await updateSettings(orm, siteId, patch)
      storeChanged(siteId)
      return settings
    },
    /** COMMERCE_CART_V2 (205) / CHECKOUT (201) page data: the visitor's cart from the request cookie. */
    async cartOfRequest(siteId: string, request: FastifyRequest): Promise<CartView> {
      const c = await cartByToken(orm, siteId, request.cookies[CART_COOKIE])
      return cartView(orm, siteId, c && !c.isPurchased ? c : null)
    },
    /** SUBSCRIPTION checkout page data from a cartToken, or null. */
    async subscriptionCart(siteId: string, cartToken: string): Promise<CartView | null> {
      const c = await cartByToken(orm, siteId, cartToken, 'subscription')
      return c ? cartView(orm, siteId, c) : null
    },
    /** ORDER_CONFIRMED (202) / SUBSCRIPTION_CONFIRMED (206) page data, with the confirmation token. */
    async confirmedOrder(siteId: string, orderId: string, token: string) {
      return orderView(orm, await orderByToken(orm, siteId, orderId, token), ctx.downloadSecret, ctx.provider)
    },
    /** The order in the analytics shape the tracking domain records (id, totals, line items). */
    async analyticsOrder(siteId: string, orderId: string) {
      return analyticsOrder(await getOrderRow(orm, siteId, orderId))
    },
    /** What the store sold over UTC days `from`..`to` (analytics revenue and purchases): from the orders table. */
    salesIn: (siteId: string, from: string, to: string) => salesIn(orm, siteId, from, to, ctx.provider.testMode),
    /** Add to cart without HTTP (the visitor's cart token in, a new cart's token out when one was opened). */
    addToCart: (input: AddToCartInput) => addToCart(ctx, input),
    /** Starts a subscription purchase: its one-entry cart, named by the returned cartToken. */
    startSubscription: (input: StartSubscriptionInput) => startSubscription(ctx, input),
    /** Places the order of the cart a token names (the cart cookie, or a subscription's cartToken) without HTTP. */
    async placeOrder(input: { siteId: string; cartToken: string; subscription?: boolean; checkout: CheckoutInput; site: { title: string; baseUrl: string } }) {
      const cart = await cartByToken(orm, input.siteId, input.cartToken, input.subscription ? 'subscription' : 'cart')
      return placeCheckout(ctx, { siteId: input.siteId, cart, checkout: input.checkout, site: input.site })
    },
    /** Owner-side creation, validated like the owner API (the demo store and tests use it); inside the caller's `tx` when given (an import). */
    createProduct: (siteId: string, input: z.input<typeof productCreate>, tx?: Orm) => catalogue.createProduct(tx ?? orm, siteId, parseWith(productCreate, input, 'product')),
    /** Owner-side change of a product and, with `variants`, its variant matrix (an import updating what it brought), validated like PATCH; inside the caller's `tx` when given. */
    updateProduct: async (siteId: string, productId: string, patch: z.input<typeof productPatch>, tx?: Orm) => storeChanged(siteId, await catalogue.updateProduct(tx ?? orm, siteId, productId, parseWith(productPatch, patch, 'product'))),
    /** A product of the site by id, whatever its status (undefined when there is none). */
    productById: (siteId: string, productId: string) => catalogue.getProduct(orm, siteId, productId),
    addCoupon: async (siteId: string, input: z.input<typeof couponInput>) => storeChanged(siteId, await createRule(orm, siteId, 'coupons', parseWith(couponInput, input, 'coupon'))),
    addShippingOption: async (siteId: string, input: z.input<typeof shippingInput>) => storeChanged(siteId, await createRule(orm, siteId, 'shipping-options', parseWith(shippingInput, input, 'shipping option'))),
    addPromotion: async (siteId: string, input: z.input<typeof promotionInput>) => storeChanged(siteId, await createPromotion(orm, siteId, parseWith(promotionInput, input, 'promotion'))),
    addTaxRule: async (siteId: string, input: z.input<typeof taxInput>) => storeChanged(siteId, await createRule(orm, siteId, 'tax-rules', parseWith(taxInput, input, 'tax rule'))),
    countProducts: async (siteId: string, collectionId?: string) =>
      (await catalogue.productsOf(orm, siteId, { collectionId, statuses: ['published', 'draft', 'hidden'], page: 1, pageSize: 1 })).total,
    /** An order as buyers and mails see it (the review-request page), or null when there is no such order. */
    async orderById(siteId: string, orderId: string): Promise<OrderView | null> {
      const [row] = await orm.select().from(orders).where(and(eq(orders.siteId, siteId), eq(orders.id, orderId)))
      return row ? orderView(orm, row, ctx.downloadSecret, ctx.provider) : null
    },
    /** One shipment of an order (the shipping mail's), or null. */
    async fulfilmentOf(siteId: string, orderId: string, fulfilmentId: string): Promise<FulfilmentView | null> {
      const [row] = await orm.select().from(orders).where(and(eq(orders.siteId, siteId), eq(orders.id, orderId)))
      return row ? ((await fulfilmentsOf(orm, row)).fulfilments.find((f) => f.id === fulfilmentId) ?? null) : null
    },
    /** The stock-tracked variants an order bought that now have `threshold` units or fewer, with the units it bought. */
    async lowStockOf(siteId: string, orderId: string, threshold: number): Promise<{ variantId: string; productId: string; item: string; qtyInStock: number; bought: number }[]> {
      const [row] = await orm.select().from(orders).where(and(eq(orders.siteId, siteId), eq(orders.id, orderId)))
      const ids = [...new Set((row?.entries ?? []).filter((e) => !e.unlimited).map((e) => e.variantId))]
      if (!ids.length) return []
      const found = await orm.select().from(variants).where(and(eq(variants.siteId, siteId), inArray(variants.id, ids), eq(variants.unlimited, false), lte(variants.qtyInStock, threshold)))
      return found.map((v) => {
        const e = row!.entries.find((x) => x.variantId === v.id)!
        const attrs = Object.values(v.attributes).filter(Boolean).join(', ')
        const bought = row!.entries.filter((x) => x.variantId === v.id).reduce((n, x) => n + x.quantity, 0)
        return { variantId: v.id, productId: v.productId, item: attrs ? `${e.title} (${attrs})` : e.title, qtyInStock: v.qtyInStock, bought }
      })
    },
    /** The payment provider (the test-mode one unless given): plan changes of the billing domain pay through it. */
    paymentProvider: ctx.provider,
    /** The PAYWALL products (memberships) an email holds now: paid one-off, or a subscription running or paid until later. */
    heldMemberships: (siteId: string, email: string, now: Date = clock()) => heldMemberships(orm, siteId, email, now),
    /** A buyer's subscriptions (the member account page) and cancelling one at the end of its paid period. */
    buyerSubscriptions: (siteId: string, email: string, now: Date = clock()) => buyerSubscriptions(orm, siteId, email, now),
    cancelSubscription: (siteId: string, email: string, subscriptionId: string, now: Date = clock()) => cancelSubscription(orm, siteId, email, subscriptionId, now),
    /** Pausing (no renewal until resumed; in force until the end of the period paid) and resuming a buyer's subscription. */
    pauseSubscription: (siteId: string, email: string, subscriptionId: string) => pauseSubscription(orm, siteId, email, subscriptionId),
    resumeSubscription: (siteId: string, email: string, subscriptionId: string, now: Date = clock()) => resumeSubscription(orm, siteId, email, subscriptionId, now),
    /** A buyer's orders, newest first (the member account page), and one of them in detail (404 for another buyer's). */
    buyerOrders: (siteId: string, email: string) => buyerOrders(orm, siteId, email),
    buyerOrder: (siteId: string, email: string, orderId: string) => buyerOrder(orm, siteId, email, orderId, ctx.downloadSecret),
    /**
     * The balance text of a gift card ('$0.00' for a used-up one), else null (no card has the code). Counted by the
     * visitor limiter under `key` first (429 when over).
     */
    async giftCardBalance(siteId: string, key: string, code: string): Promise<{ balance: string } | null> {
      await ctx.limiter.hit(`${siteId}:${key}`)
      const card = await findGiftCard(orm, siteId, code)
      return card ? { balance: moneyText(card.balanceCents, card.currency) } : null
    },
    /** What a paywalled page offers: the PAYWALL product's title, price text and plan, or null when it is not for sale. */
    async membershipOffer(siteId: string, productId: string): Promise<MembershipOffer | null> {
      const row = await catalogue.getProduct(orm, siteId, productId)
      if (!row || row.productType !== PRODUCT_TYPES.PAYWALL || row.status === 'draft') return null
      const [v] = await catalogue.variantsOf(orm, siteId, [productId])
      if (!v) return null
      const { currency } = await getSettings(orm, siteId)
      const plan = row.isSubscribable ? row.subscriptionPlan : null
      const price = moneyText(v.onSale ? v.salePriceCents : v.priceCents, currency)
      return { productId, sku: v.sku, title: row.title, price, every: plan ? everyText(plan.billingPeriod.value, plan.billingPeriod.unit).toLowerCase() : null, recurring: !!plan }
    },
    /** Ids of the site's published and hidden products of a type (e.g. PAYWALL: the memberships a paid area can ask for). */
    async productIdsOfType(siteId: string, productType: number): Promise<string[]> {
      const { rows } = await catalogue.productsOf(orm, siteId, { statuses: ['published', 'hidden'], page: 1, pageSize: 500 })
      return rows.filter((r) => r.productType === productType).map((r) => r.id)
    },
    /** Title -> id of every product of the site (reviews imported from another shop are matched by title). */
    productTitles: (siteId: string) => catalogue.productTitles(orm, siteId),
  }
}

export type Commerce = ReturnType<typeof createCommerce>
export { giftCardRecipient } from './giftcards/recipient.js'
export { dateText, localizedSummary, moneyText } from './orders/summary.js'
export { subscriptionTerms, termsSentence } from './subscriptions/terms.js'
export type { IssuedGiftCard } from './giftcards/service.js'
