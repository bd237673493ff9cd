// Owner API of automatic promotions: GET/POST /api/sites/:siteId/commerce/promotions, PUT/DELETE .../promotions/:rowId
// (roles ADMIN and STORE_MANAGER; the crumb guards the changes as every owner route). A change drops the site's
// cached pricing rules and pages, so carts see it at once here and on other nodes by the page message.
import type { FastifyInstance } from 'fastify'
import { defineRoute } from '../../../platform/http/route.js'
import type { CommerceContext } from '../context.js'
import { STORE_ROLES } from '../owner/routes.js'
import { rowParams, siteParams } from '../validators.js'
import { promotionInput } from './input.js'
import { createPromotion, deletePromotion, listPromotions, replacePromotion } from './store.js'

const tags = ['commerce-owner']
const base = '/api/sites/:siteId/commerce/promotions'
const answers = (description: string) => ({ 200: { description }, 400: { description: 'invalid_data' }, 403: { description: 'role_not_allowed' }, 404: { description: 'site_not_found or promotion_not_found' } })

export function registerPromotionRoutes(app: FastifyInstance, ctx: CommerceContext): void {
  const { orm } = ctx
  const changed = (siteId: string) => {
    ctx.cache.drop(siteId)
    ctx.deps.onChange?.(siteId)
  }
  const allow = (request: Parameters<CommerceContext['deps']['authorize']>[0], siteId: string) => ctx.deps.authorize(request, siteId, STORE_ROLES)

  defineRoute(app, { method: 'GET', url: base, summary: 'Automatic promotions, in the order carts apply them', tags, params: siteParams, responses: answers('{ promotions }') }, async ({ request, params }) => {
    await allow(request, params.siteId)
    return { promotions: await listPromotions(orm, params.siteId) }
  })
  defineRoute(app, { method: 'POST', url: base, summary: 'Create a promotion', tags, params: siteParams, body: promotionInput, responses: { ...answers('{ promotion }'), 201: { description: '{ promotion }' } } }, async ({ request, reply, params, body }) => {
    await allow(request, params.siteId)
    const promotion = await createPromotion(orm, params.siteId, body)
    changed(params.siteId)
    return reply.code(201).send({ promotion })
  })
  defineRoute(app, { method: 'PUT', url: `${base}/:rowId`, summary: 'Replace a promotion (its use count stays)', tags, params: rowParams, body: promotionInput, responses: answers('{ promotion }') }, async ({ request, params, body }) => {
    await allow(request, params.siteId)
    const promotion = await replacePromotion(orm, params.siteId, params.rowId, body)
    changed(params.siteId)
    return { promotion }
  })
  defineRoute(app, { method: 'DELETE', url: `${base}/:rowId`, summary: 'Delete a promotion', tags, params: rowParams, responses: { 204: { description: 'deleted' }, 403: { description: 'role_not_allowed' }, 404: { description: 'promotion_not_found' } } }, async ({ request, reply, params }) => {
    await allow(request, params.siteId)
    await deletePromotion(orm, params.siteId, params.rowId)
    changed(params.siteId)
    return reply.code(204).send()
  })
}
