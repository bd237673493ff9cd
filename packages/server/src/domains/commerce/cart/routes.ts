// Visitor cart calls of the public store API (their paths and answers are fixed: the storefront depends on them)
// and the cart operations that API leaves out.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { defineRoute } from '../../../platform/http/route.js'
import { requireSite } from '../../../platform/http/tenancy.js'
import { AppError } from '../../../platform/errors.js'
import { checkAdditionalFields } from '../catalogue/additional-fields.js'
import { addToCart } from './add.js'
import * as cart from './service.js'
import { cartView as plainCartView } from './view.js'
import { CART_COOKIE, setCartCookie, type CommerceContext } from '../context.js'
import { IDEMPOTENCY_HEADER, idempotent, readKey, visitorScope } from '../shared/idempotency.js'
import { stockOf } from '../catalogue/inventory.js'
import type { CartRow } from '../schema.js'

const tags = ['commerce']
const itemId = z.string().trim().min(1).max(100)
const sku = z.string().trim().max(100).nullable().optional()
const quantity = z.union([z.number(), z.string().max(30)]).nullable().optional()
const fields = z.string().nullable().optional()
const entryParams = z.object({ entryId: z.string().min(1).max(100) }).strict()
const bool = z.enum(['true', 'false']).optional()

export const addEntryBody = z.object({ itemId, sku, quantity, additionalFields: fields }).strict()
const fieldsBody = z.object({ itemId: itemId.optional(), sku, additionalFields: fields }).strict()
const quantityBody = z.object({ quantity: z.union([z.number(), z.string().max(30)]) }).strict()
const couponBody = z.object({ code: z.string().trim().min(1).max(40) }).strict()
const location = z
  .object({
    country: z.string().regex(/^[A-Za-z]{2}$/, 'A two-letter country code.').transform((s) => s.toUpperCase()),
    region: z.string().trim().max(10).transform((s) => s.toUpperCase()).optional(),
    postalCode: z.string().trim().max(20).optional(),
  })
  .strict()
const shippingBody = z
  .object({ location: location.nullable().optional(), optionId: z.string().max(100).nullable().optional(), cartToken: z.string().min(1).max(200).optional() })
  .strict()

export function registerCartRoutes(app: FastifyInstance, ctx: CommerceContext): void {
  const { orm } = ctx
  /** Every cart these calls answer carries thumbnails, product links and field labels (the /cart page shows them). */
  const cartView = (o: typeof orm, siteId: string, c: CartRow | null) => plainCartView(o, siteId, c, ctx.deps)
  const checkFields: cart.FieldsChecker = (product, values) => checkAdditionalFields(ctx.deps, product.siteId, product, values)
  const limit = (request: FastifyRequest, siteId: string) => ctx.limiter.hit(`${siteId}:${request.ip}`)
  const current = (request: FastifyRequest, siteId: string) => cart.cartByToken(orm, siteId, request.cookies[CART_COOKIE])
  const requireOpen = async (request: FastifyRequest, siteId: string): Promise<CartRow> => {
    const c = await current(request, siteId)
    if (!c || c.isPurchased) throw new AppError('not_found', 'cart_not_found', 'Your cart is empty.')
    return c
  }

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/commerce/inventory/stock',
      summary: 'Stock of an item: { results: [{ sku, variantId, unlimited, qtyInStock }] }',
      tags,
      query: z.object({ itemId, sku: z.string().max(100).optional() }).strict(),
      responses: { 200: { description: 'results' } },
    },
    async ({ request, query }) => ({ results: await stockOf(orm, requireSite(request).id, query.itemId, query.sku) }),
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      summary: 'The visitor cart (every field of the Shopping cart entity); an empty cart when there is none',
      tags,
      query: z.object({ mock: bool, timecode: z.string().max(40).optional(), calculateSubtotal: bool }).strict(),
      responses: { 200: { description: 'cart' } },
    },
    async ({ request }) => {
      const site = requireSite(request)
      const c = await current(request, site.id)
      return cartView(orm, site.id, c && !c.isPurchased ? c : null)
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      summary: 'Add to cart: { itemId, sku, quantity, additionalFields } -> { newlyAdded, shoppingCart }; Idempotency-Key honoured',
      tags,
      body: addEntryBody,
      responses: {
        200: { description: '{ newlyAdded, shoppingCart }' },
        400: { description: 'selection, quantity, denomination or variant message; additional_fields_invalid with error.fields' },
        409: { description: 'not enough stock' },
        422: { description: 'Idempotency-Key reused with another body' },
        429: { description: 'Please try again in a few seconds.' },
      },
    },
    async ({ request, reply, body }) => {
      const site = requireSite(request)
      await limit(request, site.id)
      const key = readKey(request.headers[IDEMPOTENCY_HEADER])
      const answer = await idempotent(orm, site.id, () => visitorScope('add-entry', request.crumb), key, body, async () => {
        const { newCartToken, ...added } = await addToCart(ctx, { siteId: site.id, cartToken: request.cookies[CART_COOKIE], ...body })
        if (newCartToken) setCartCookie(request, reply, newCartToken)
        return { status: 200, body: added }
      })
      return reply.code(answer.status).send(answer.body)
    },
  )

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
      summary: 'Replace the additional-fields answers of an entry -> { updatedEntry, shoppingCart }',
      tags,
      params: entryParams,
      body: fieldsBody,
      responses: { 200: { description: '{ updatedEntry, shoppingCart }' }, 400: { description: 'additional_fields_invalid with error.fields' }, 404: { description: 'entry_not_found' } },
    },
    async ({ request, params, body }) => {
      const site = requireSite(request)
      await limit(request, site.id)
      const c = await requireOpen(request, site.id)
      const input = { itemId: body.itemId, sku: body.sku ?? undefined, additionalFields: cart.parseAdditionalFields(body.additionalFields) }
      await cart.setAdditionalFields(orm, site.id, c, params.entryId, input, checkFields)
      const shoppingCart = await cartView(orm, site.id, c)
      return { updatedEntry: shoppingCart.entries.find((e) => e.id === params.entryId), shoppingCart }
    },
  )

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/commerce/shopping-cart/entries/:entryId',
      summary: 'Change the quantity of an entry: { quantity } -> { updatedEntry, shoppingCart }',
      tags,
      params: entryParams,
      body: quantityBody,
      responses: { 200: { description: '{ updatedEntry, shoppingCart }' }, 400: { description: 'quantity message' }, 409: { description: 'not enough stock' } },
    },
    async ({ request, params, body }) => {
      const site = requireSite(request)
      await limit(request, site.id)
      const c = await requireOpen(request, site.id)
      await cart.setQuantity(orm, site.id, c, params.entryId, body.quantity)
      const shoppingCart = await cartView(orm, site.id, c)
      return { updatedEntry: shoppingCart.entries.find((e) => e.id === params.entryId), shoppingCart }
    },
  )

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/commerce/shopping-cart/entries/:entryId',
      summary: 'Remove an entry -> { shoppingCart }',
      tags,
      params: entryParams,
      responses: { 200: { description: '{ shoppingCart }' }, 404: { description: 'entry_not_found' } },
    },
    async ({ request, params }) => {
      const site = requireSite(request)
      await limit(request, site.id)
      const c = await requireOpen(request, site.id)
      await cart.removeEntry(orm, site.id, c, params.entryId)
      return { shoppingCart: await cartView(orm, site.id, c) }
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/commerce/shopping-cart/coupons',
      summary: 'Apply a coupon: { code } -> { shoppingCart }',
      tags,
      body: couponBody,
      responses: { 200: { description: '{ shoppingCart }' }, 400: { description: 'coupon not valid now' }, 404: { description: 'coupon_not_found' } },
    },
    async ({ request, body }) => {
      const site = requireSite(request)
      await limit(request, site.id)
      const c = await requireOpen(request, site.id)
      await cart.applyCoupon(orm, site.id, c, body.code)
      return { shoppingCart: await cartView(orm, site.id, (await current(request, site.id))!) }
    },
  )

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/commerce/shopping-cart/coupons/:code',
      summary: 'Remove a coupon -> { shoppingCart }',
      tags,
      params: z.object({ code: z.string().min(1).max(40) }).strict(),
      responses: { 200: { description: '{ shoppingCart }' } },
    },
    async ({ request, params }) => {
      const site = requireSite(request)
      await limit(request, site.id)
      const c = await requireOpen(request, site.id)
      await cart.removeCoupon(orm, c, params.code)
      return { shoppingCart: await cartView(orm, site.id, (await current(request, site.id))!) }
    },
  )

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/api/commerce/shopping-cart/shipping',
      summary: 'Set the shipping location { country, region?, postalCode? } and/or option id of the cart (or of a subscription cartToken) -> { shoppingCart }',
      tags,
      body: shippingBody,
      responses: { 200: { description: '{ shoppingCart }' }, 404: { description: 'cart_not_found' } },
    },
    async ({ request, body }) => {
      const site = requireSite(request)
      await limit(request, site.id)
      const { cartToken, ...change } = body
      // a subscription checkout has no sw_cart cookie: its cart is named by the cartToken of its page
      const subscription = cartToken ? await cart.cartByToken(orm, site.id, cartToken, 'subscription') : null
      if (cartToken && (!subscription || subscription.isPurchased)) throw new AppError('not_found', 'cart_not_found', 'This subscription link is not valid.')
      const c = subscription ?? (await requireOpen(request, site.id))
      await cart.setShipping(orm, c, change)
      const fresh = cartToken ? await cart.cartByToken(orm, site.id, cartToken, 'subscription') : await current(request, site.id)
      return { shoppingCart: await cartView(orm, site.id, fresh!) }
    },
  )
}
