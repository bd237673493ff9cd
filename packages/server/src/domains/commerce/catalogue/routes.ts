// The additional-fields form of an item for visitors (the /cart page edits an entry's fields with it).
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../../platform/errors.js'
import { defineRoute } from '../../../platform/http/route.js'
import { requireSite } from '../../../platform/http/tenancy.js'
import { getProduct } from './service.js'
import type { CommerceContext } from '../context.js'
import type { ProductRow } from '../schema.js'

/** The product's form: its forms-domain form (public shape) when it names one, else its inline form, else null. */
export async function productForm(ctx: CommerceContext, siteId: string, p: ProductRow): Promise<Record<string, unknown> | null> {
  if (p.additionalFieldsFormId && ctx.deps.publicForms) {
    const form = (await ctx.deps.publicForms(siteId, [p.additionalFieldsFormId])).get(p.additionalFieldsFormId)
    if (form) return form as Record<string, unknown>
  }
  return p.additionalFieldsForm
}

export function registerFieldsRoutes(app: FastifyInstance, ctx: CommerceContext): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/commerce/additional-fields-form',
      summary: 'The additional-fields form of an item: { form } (null when the item asks for none)',
      tags: ['commerce'],
      query: z.object({ itemId: z.string().trim().min(1).max(100) }).strict(),
      responses: { 200: { description: '{ form }' }, 404: { description: 'item_not_found' } },
    },
    async ({ request, query }) => {
      const site = requireSite(request)
      const p = await getProduct(ctx.orm, site.id, query.itemId)
      if (!p || p.status === 'draft') throw new AppError('not_found', 'item_not_found', 'Sorry, that item is unavailable.')
      return { form: await productForm(ctx, site.id, p) }
    },
  )
}
