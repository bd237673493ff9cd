// Owner API of the store: /api/sites/:siteId/commerce/... (roles ADMIN and STORE_MANAGER).
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../../platform/errors.js'
import { defineRoute } from '../../../platform/http/route.js'
import { WEBSITE_ROLES } from '../../accounts/index.js'
import * as catalogue from '../catalogue/service.js'
import type { CommerceContext } from '../context.js'
import * as giftcards from '../giftcards/service.js'
import { setStock } from '../catalogue/inventory.js'
import * as orders from '../orders/service.js'
import type { OrderRow } from '../schema.js'
import { createRule, deleteRule, listRules, type RuleKind } from './store.js'
import { getSettings, updateSettings } from '../settings.js'
import type { OwnerOrder, OwnerProduct, StockLevel } from '@sitewright/contracts'
import {
  couponInput, fulfilInput, giftCardIssue, inventoryQuery, orderQuery, productCreate, productListQuery, productParams, productPatch, rowParams,
  settingsPatch, shippingInput, siteParams, stockPatch, taxInput, variantParams, variantsPut,
} from '../validators.js'
import { inventoryPage, productSummaries } from './lists.js'
import { parseWith } from '../../../platform/http/validate.js'

export const STORE_ROLES = [WEBSITE_ROLES.ADMIN, WEBSITE_ROLES.STORE_MANAGER] as const
const tags = ['commerce-owner']
const base = '/api/sites/:siteId/commerce'
const ok = (description: string) => ({ 200: { description }, 403: { description: 'role_not_allowed' }, 404: { description: 'site_not_found or not found' } })

export type OwnerProductView = (ctx: CommerceContext, siteId: string, productId: string) => Promise<OwnerProduct>

export function registerOwnerRoutes(app: FastifyInstance, ctx: CommerceContext, productView: OwnerProductView): void {
  const { orm } = ctx
  // a change drops the site's pages and what the site cache keeps of it (here at once; other nodes by the message)
  const changed = (siteId: string) => {
    ctx.cache.drop(siteId)
    ctx.deps.onChange?.(siteId)
  }
  const allow = (request: Parameters<CommerceContext['deps']['authorize']>[0], siteId: string) => ctx.deps.authorize(request, siteId, STORE_ROLES)
  /** A product's collection is one of the site's own (another site's collection id is 404, as any id of another site). */
  const ownCollection = async (siteId: string, collectionId: string) => {
    if (!ctx.deps.collectionPath) return
    if ((await ctx.deps.collectionPath(siteId, collectionId)) === null) throw new AppError('not_found', 'collection_not_found', 'This site has no collection with this id.', { fields: { collectionId: 'No collection of this site has this id.' } })
  }

  defineRoute(app, { method: 'GET', url: `${base}/settings`, summary: 'Store settings', tags, params: siteParams, responses: ok('{ settings }') }, async ({ request, params }) => {
    await allow(request, params.siteId)
    return { settings: await getSettings(orm, params.siteId) }
  })
  defineRoute(app, { method: 'PATCH', url: `${base}/settings`, summary: 'Change store settings (currency, instalment bounds, quantity for services)', tags, params: siteParams, body: settingsPatch, responses: ok('{ settings }') }, async ({ request, params, body }) => {
    await allow(request, params.siteId)
    const settings = await updateSettings(orm, params.siteId, body)
    changed(params.siteId)
    return { settings }
  })

  defineRoute(
    app,
    {
      method: 'GET', url: `${base}/products`, tags, params: siteParams, query: productListQuery, responses: ok('{ products, total }'),
      summary: 'Products (all statuses), optionally of one collection; q: title or SKU; view=summary: slim rows (variant count, stock and price summary, no variants)',
    },
    async ({ request, params, query }) => {
      await allow(request, params.siteId)
      const o = { collectionId: query.collectionId, q: query.q, page: query.page, pageSize: query.pageSize }
      if (query.view === 'summary') {
        const path = async (collectionId: string) => (await ctx.deps.collectionPath?.(params.siteId, collectionId)) ?? `/${collectionId}`
        return productSummaries(orm, params.siteId, o, path)
      }
      if (query.q) {
        const { products: found, total } = await productSummaries(orm, params.siteId, o, async () => '')
        return { products: await Promise.all(found.map((r) => productView(ctx, params.siteId, r.id))), total }
      }
      const { rows, total } = await catalogue.productsOf(orm, params.siteId, { ...o, statuses: ['published', 'draft', 'hidden'] })
      return { products: await Promise.all(rows.map((r) => productView(ctx, params.siteId, r.id))), total }
    },
  )
  defineRoute(
    app,
    {
      method: 'GET', url: `${base}/inventory`, tags, params: siteParams, query: inventoryQuery, responses: ok('{ variants, nextCursor, total }'),
      summary: 'Stock-tracked variants (physical products, services) a page at a time: cursor, q (title or SKU), lowStock (at most that many units)',
    },
    async ({ request, params, query }) => {
      await allow(request, params.siteId)
      return inventoryPage(orm, params.siteId, query)
    },
  )
  defineRoute(app, { method: 'POST', url: `${base}/products`, summary: 'Create a product with its variants', tags, params: siteParams, body: productCreate, responses: { ...ok('{ product }'), 201: { description: '{ product }' }, 409: { description: 'collection_full, sku_taken, url_taken' } } }, async ({ request, reply, params, body }) => {
    await allow(request, params.siteId)
    await ownCollection(params.siteId, body.collectionId)
    const p = await catalogue.createProduct(orm, params.siteId, body)
    changed(params.siteId)
    return reply.code(201).send({ product: await productView(ctx, params.siteId, p.id) })
  })
  defineRoute(app, { method: 'GET', url: `${base}/products/:productId`, summary: 'A product with variants', tags, params: productParams, responses: ok('{ product }') }, async ({ request, params }) => {
    await allow(request, params.siteId)
    await catalogue.requireProduct(orm, params.siteId, params.productId)
    return { product: await productView(ctx, params.siteId, params.productId) }
  })
  defineRoute(app, { method: 'PATCH', url: `${base}/products/:productId`, summary: 'Change product fields and, with `variants`, the variant matrix (one transaction)', tags, params: productParams, body: productPatch, responses: ok('{ product }') }, async ({ request, params, body }) => {
    await allow(request, params.siteId)
    await catalogue.updateProduct(orm, params.siteId, params.productId, body)
    changed(params.siteId)
    return { product: await productView(ctx, params.siteId, params.productId) }
  })
  defineRoute(app, { method: 'DELETE', url: `${base}/products/:productId`, summary: 'Delete a product', tags, params: productParams, responses: { 204: { description: 'deleted' }, 404: { description: 'product_not_found' } } }, async ({ request, reply, params }) => {
    await allow(request, params.siteId)
    await catalogue.deleteProduct(orm, params.siteId, params.productId)
    changed(params.siteId)
    return reply.code(204).send()
  })
  defineRoute(app, { method: 'PUT', url: `${base}/products/:productId/variants`, summary: 'Replace the variant matrix (existing SKUs keep their ids)', tags, params: productParams, body: variantsPut, responses: ok('{ product }') }, async ({ request, params, body }) => {
    await allow(request, params.siteId)
    await catalogue.replaceVariants(orm, params.siteId, params.productId, body.variants)
    changed(params.siteId)
    return { product: await productView(ctx, params.siteId, params.productId) }
  })
  defineRoute(app, { method: 'PATCH', url: `${base}/products/:productId/variants/:variantId/stock`, summary: 'Set stock: { qtyInStock } | { delta } | { unlimited }', tags, params: variantParams, body: stockPatch, responses: ok('{ stock }') }, async ({ request, params, body }) => {
    await allow(request, params.siteId)
    const stock = await setStock(orm, params.siteId, params.productId, params.variantId, body)
    changed(params.siteId)
    if (stock.unlimited || stock.qtyInStock > 0) {
      // listeners (restock's automatic send) run after the answer: a slow mail queue never holds the owner up
      const event = { siteId: params.siteId, productId: params.productId, variantId: params.variantId, qtyInStock: stock.qtyInStock, unlimited: stock.unlimited }
      setImmediate(() => void ctx.events.publish(orm, 'commerce_stock_set', event))
    }
    return { stock: stock satisfies StockLevel }
  })

  /** The order as its owner sees it: with the payment as the provider keeps it (amounts, instalment schedule). */
  const ownerOrder = async (row: OrderRow): Promise<OwnerOrder> => ({
    ...(await orders.orderView(orm, row, ctx.downloadSecret, ctx.provider)),
    payment: row.paymentRef ? await ctx.provider.status(row.paymentRef) : null,
    ...(await orders.fulfilmentsOf(orm, row)),
  })
  defineRoute(app, { method: 'GET', url: `${base}/orders`, summary: 'Orders, newest first; q: order number or email; status: pending, paid, fulfilled or refunded', tags, params: siteParams, query: orderQuery, responses: ok('{ orders, total, page, pageSize }') }, async ({ request, params, query }) => {
    await allow(request, params.siteId)
    return orders.listOrders(orm, params.siteId, query)
  })
  defineRoute(app, { method: 'GET', url: `${base}/orders/:rowId`, summary: 'Order detail, with the payment as the provider keeps it (state, amounts, instalment schedule)', tags, params: rowParams, responses: ok('{ order }') }, async ({ request, params }) => {
    await allow(request, params.siteId)
    return { order: await ownerOrder(await orders.getOrderRow(orm, params.siteId, params.rowId)) }
  })
  defineRoute(
    app,
    {
      method: 'POST', url: `${base}/orders/:rowId/fulfil`, tags, params: rowParams, responses: { ...ok('{ order, fulfilment }'), 400: { description: 'invalid_lines, nothing_to_ship' }, 409: { description: 'order_not_paid' } },
      summary: 'Ship a paid order: optional JSON body { carrier, trackingNumber, trackingUrl, lines: [{ entryId, quantity }] (default: all not yet shipped), notifyCustomer }; fulfilled once every line has shipped; the buyer is mailed each shipment',
    },
    async ({ request, params }) => {
      await allow(request, params.siteId)
      const input = request.body === undefined || request.body === null ? {} : parseWith(fulfilInput, request.body)
      const r = await orders.fulfilOrder(ctx.events, orm, params.siteId, params.rowId, input)
      const view = await ownerOrder(r.order)
      return { order: view, fulfilment: r.fulfilment }
    },
  )
  defineRoute(app, { method: 'POST', url: `${base}/orders/:rowId/confirm-payment`, summary: 'Confirm the awaited payment of a pending test-mode order (captured; the order becomes paid)', tags, params: rowParams, responses: ok('{ order }') }, async ({ request, params }) => {
    await allow(request, params.siteId)
    // the gift cards this confirmation issued are mailed by its event (the checkout path mails them when paid)
    const confirmed = await orders.confirmPayment(ctx.events, orm, params.siteId, params.rowId, ctx.provider)
    changed(params.siteId)
    return { order: await ownerOrder(confirmed.order) }
  })
  defineRoute(app, { method: 'POST', url: `${base}/orders/:rowId/refund`, summary: 'Refund a test-mode order (stock and gift-card balance come back)', tags, params: rowParams, responses: ok('{ order }') }, async ({ request, params }) => {
    await allow(request, params.siteId)
    const refunded = await orders.refundOrder(ctx.events, orm, params.siteId, params.rowId, ctx.provider)
    changed(params.siteId)
    return { order: await ownerOrder(refunded) }
  })

  defineRoute(app, { method: 'GET', url: `${base}/gift-cards`, summary: 'Gift cards with balances', tags, params: siteParams, responses: ok('{ giftCards }') }, async ({ request, params }) => {
    await allow(request, params.siteId)
    return { giftCards: await giftcards.listGiftCards(orm, params.siteId) }
  })
  defineRoute(app, { method: 'POST', url: `${base}/gift-cards`, summary: 'Issue a gift card { amountCents, code? }', tags, params: siteParams, body: giftCardIssue, responses: { ...ok('{ giftCard }'), 201: { description: '{ giftCard }' } } }, async ({ request, reply, params, body }) => {
    await allow(request, params.siteId)
    const { currency } = await getSettings(orm, params.siteId)
    const card = await orm.transaction((tx) => giftcards.issueGiftCard(tx, params.siteId, { amountCents: body.amountCents, currency, code: body.code, reason: 'issued' }))
    return reply.code(201).send({ giftCard: await giftcards.ownerGiftCard(orm, params.siteId, card) })
  })
  defineRoute(app, { method: 'GET', url: `${base}/gift-cards/:rowId/ledger`, summary: 'Balance changes of a gift card', tags, params: rowParams, responses: ok('{ ledger }') }, async ({ request, params }) => {
    await allow(request, params.siteId)
    return { ledger: await giftcards.ledgerOf(orm, params.siteId, params.rowId) }
  })

  const rules: [RuleKind, z.ZodType][] = [['coupons', couponInput], ['shipping-options', shippingInput], ['tax-rules', taxInput]]
  for (const [kind, schema] of rules) {
    defineRoute(app, { method: 'GET', url: `${base}/${kind}`, summary: `List ${kind}`, tags, params: siteParams, responses: ok('{ items }') }, async ({ request, params }) => {
      await allow(request, params.siteId)
      return { items: await listRules(orm, params.siteId, kind) }
    })
    defineRoute(app, { method: 'POST', url: `${base}/${kind}`, summary: `Create one of ${kind}`, tags, params: siteParams, body: schema, responses: { ...ok('{ item }'), 201: { description: '{ item }' } } }, async ({ request, reply, params, body }) => {
      await allow(request, params.siteId)
      const item = await createRule(orm, params.siteId, kind, body as Record<string, unknown>)
      changed(params.siteId)
      return reply.code(201).send({ item })
    })
    defineRoute(app, { method: 'DELETE', url: `${base}/${kind}/:rowId`, summary: `Delete one of ${kind}`, tags, params: rowParams, responses: { 204: { description: 'deleted' } } }, async ({ request, reply, params }) => {
      await allow(request, params.siteId)
      await deleteRule(orm, params.siteId, kind, params.rowId)
      changed(params.siteId)
      return reply.code(204).send()
    })
  }
}
