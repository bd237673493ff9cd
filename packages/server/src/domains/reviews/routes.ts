// HTTP: the storefront's review list, and the owner's moderation, settings, CSV export and Etsy import.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { defineRoute } from '../../platform/http/route.js'
import { requireSite } from '../../platform/http/tenancy.js'
import type { ReviewsContext } from './context.js'
import { toCsv } from './csv-export.js'
import { parseEtsyExport } from './etsy-import.js'
import * as svc from './service.js'
import {
  importAnswer, importBody, moderationPatch, ownerList, ownerListQuery, ownerReview, publicList, publicListQuery, reviewParams, settingsAnswer, settingsPatch, siteParams,
} from './validators.js'

const TAGS = ['reviews']

export function registerReviewRoutes(app: FastifyInstance, ctx: ReviewsContext): void {
  const { orm } = ctx
  const authorize = async (request: FastifyRequest, siteId: string) => (await ctx.authorize(request, siteId)).site

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/commerce/product/reviews',
      summary: "Approved reviews of a product (productId), or of the whole store, newest first; nextPage is null on the last page",
      tags: TAGS,
      query: publicListQuery,
      responses: { 200: { description: 'A page of reviews', schema: publicList } },
      // a product page loads its reviews alongside its checked calls: no crumb cookie (see crumbCookie in route.ts)
      crumbCookie: 'lazy',
    },
    async ({ request, reply, query }) => {
      const site = requireSite(request)
      reply.header('cache-control', 'no-store')
      return { data: await svc.listPublic(orm, site.id, query) }
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/sites/:siteId/reviews',
      summary: "The store's reviews for moderation, newest first (status and product filters; productId '' = store reviews)",
      tags: TAGS,
      params: siteParams,
      query: ownerListQuery,
      responses: { 200: { description: 'A page of reviews', schema: ownerList } },
    },
    async ({ request, params, query }) => svc.listForOwner(orm, (await authorize(request, params.siteId)).id, query),
  )

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/sites/:siteId/reviews/:reviewId',
      summary: "Approve or hide a review, or set the owner's reply shown under it (null or '' removes it)",
      tags: TAGS,
      params: reviewParams,
      body: moderationPatch,
      responses: { 200: { description: 'The review', schema: ownerReview } },
    },
    async ({ request, params, body }) => {
      const site = await authorize(request, params.siteId)
      const review = await svc.moderate(orm, site.id, params.reviewId, body)
      ctx.changed(site.id)
      return { review }
    },
  )

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/sites/:siteId/reviews/:reviewId',
      summary: 'Delete a review',
      tags: TAGS,
      params: reviewParams,
      responses: { 204: { description: 'Deleted' } },
    },
    async ({ request, reply, params }) => {
      const site = await authorize(request, params.siteId)
      await svc.deleteReview(orm, site.id, params.reviewId)
      ctx.changed(site.id)
      return reply.code(204).send()
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/sites/:siteId/reviews/export.csv',
      summary: 'Every review of the store as CSV',
      tags: TAGS,
      params: siteParams,
      responses: { 200: { description: 'text/csv' } },
    },
    async ({ request, reply, params }) => {
      const site = await authorize(request, params.siteId)
      const rows = await svc.allForExport(orm, site.id)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="reviews.csv"')
        .send(toCsv(rows))
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/sites/:siteId/reviews/import',
      summary: "Imports an Etsy review export (CSV or JSON text); a listing whose title matches a product's is attached to it",
      tags: TAGS,
      params: siteParams,
      body: importBody,
      responses: { 200: { description: 'Counts', schema: importAnswer } },
    },
    async ({ request, params, body }) => {
      const site = await authorize(request, params.siteId)
      const titles = await ctx.productTitles(site.id)
      const byTitle = new Map([...titles].map(([title, id]) => [title.trim().toLowerCase(), id]))
      const parsed = parseEtsyExport(body.format, body.data, (name) => byTitle.get(name.trim().toLowerCase()) ?? null)
      let imported = 0
      await orm.transaction(async (tx) => {
        for (const r of parsed.reviews) if (await svc.insertReview(tx, site.id, r)) imported++
      })
      if (imported) ctx.changed(site.id)
      return { imported, duplicates: parsed.reviews.length - imported, skipped: parsed.skipped }
    },
  )

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/sites/:siteId/review-settings',
      summary: 'Native (flag 66) and imported (flag 67) reviews switches',
      tags: TAGS,
      params: siteParams,
      responses: { 200: { description: 'Settings', schema: settingsAnswer } },
    },
    async ({ request, params }) => ({ settings: await svc.getSettings(orm, (await authorize(request, params.siteId)).id) }),
  )

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/sites/:siteId/review-settings',
      summary: 'Turn native or imported reviews on or off',
      tags: TAGS,
      params: siteParams,
      body: settingsPatch,
      responses: { 200: { description: 'Settings', schema: settingsAnswer } },
    },
    async ({ request, params, body }) => {
      const site = await authorize(request, params.siteId)
      const settings = await svc.putSettings(orm, site.id, body)
      ctx.changed(site.id)
      return { settings }
    },
  )
}
