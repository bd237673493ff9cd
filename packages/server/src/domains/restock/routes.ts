// HTTP: the visitor's sign-up, and the owner's lists and sends, both at the spec's paths on the site's host and
// under /api/sites/:siteId/restock for the editor.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../platform/errors.js'
import { defineRoute } from '../../platform/http/route.js'
import { requireSite } from '../../platform/http/tenancy.js'
import type { RestockContext } from './context.js'
import * as svc from './service.js'
import {
  configAnswer, groupsAnswer, groupsQuery, listAnswer, listQuery, restockConfigPatch, sendAllBody, sendAllAnswer, sendAnswer, sendBody, signUpAnswer, signUpBody, siteParams,
} from './validators.js'

const TAGS = ['restock']
const PATH = '/api/site-users/account/notifications/restock'

export function registerRestockRoutes(app: FastifyInstance, ctx: RestockContext): void {
  defineRoute(
    app,
    {
      method: 'POST',
      url: PATH,
      summary: 'Sign up to hear when a sold-out variant is back (one sign-up per email and variant); may join the newsletter list',
      tags: TAGS,
      body: signUpBody,
      responses: { 200: { description: 'Signed up', schema: signUpAnswer } },
    },
    async ({ request, body }) => {
      const site = requireSite(request)
      const config = await ctx.config(site.id)
      if (!config.enabled) throw new AppError('not_found', 'restock_off', 'Restock notifications are not available on this site.')
      // The captcha is asked for only when the page can draw it: with no site key set up the page renders no
      // captcha container (SPEC.md: "Captcha rendering does nothing without a site key"), so requiring a token
      // then would refuse every sign-up.
      const captchaAsked = config.captchaEnabled && !!ctx.verifyCaptcha && !!ctx.captchaSiteKey?.()
      if (captchaAsked && !(await ctx.verifyCaptcha!(site.id, body.captchaToken, request.ip))) {
        throw new AppError('invalid_data', 'captcha_failed', 'Complete CAPTCHA before submitting.')
      }
      const variant = await ctx.variant(site.id, body.productId, body.variantId)
      if (!variant) throw new AppError('not_found', 'variant_not_found', 'This item is no longer available.')
      const created = await svc.signUp(ctx.orm, site.id, variant, body.siteVisitorEmail, body.isJoinMailingList)
      if (created && body.isJoinMailingList && config.mailingListSignUpEnabled) await ctx.joinMailingList?.(site.id, body.siteVisitorEmail)
      return { data: { message: config.texts.successText || 'Signed up!' } }
    },
  )

  // Owner routes, twice: on the site host (the spec's path) and under the editor's /api/sites/:siteId.
  for (const [prefix, siteOf] of [
    [PATH, async (request: FastifyRequest) => (await ctx.authorize(request, requireSite(request).id)).site.id],
    ['/api/sites/:siteId/restock', async (request: FastifyRequest) => (await ctx.authorize(request, (request.params as { siteId: string }).siteId)).site.id],
  ] as const) {
    const params = prefix.includes(':siteId') ? { params: siteParams } : {}
    defineRoute(
      app,
      { method: 'GET', url: prefix, summary: "One variant's restock sign-ups in sign-up order (cursor paging)", tags: TAGS, ...params, query: listQuery, responses: { 200: { description: 'Sign-ups', schema: listAnswer } } },
      async ({ request, query }) => svc.listSignUps(ctx.orm, await siteOf(request), query),
    )
    defineRoute(
      app,
      { method: 'GET', url: `${prefix}/groups`, summary: 'Sign-ups grouped by variant, most waiting first (cursor paging)', tags: TAGS, ...params, query: groupsQuery, responses: { 200: { description: 'Groups', schema: groupsAnswer } } },
      async ({ request, query }) => {
        const siteId = await siteOf(request)
        const { groups, hasNextPage, nextPageCursor } = await svc.listGroups(ctx.orm, siteId, query.cursor)
        const signUpGroups = []
        for (const g of groups) {
          const v = await ctx.variant(siteId, g.productId, g.variantId)
          signUpGroups.push({ ...g, productTitle: v?.productTitle ?? null, attributes: v?.attributes ?? {}, qtyInStock: v?.qtyInStock ?? 0, unlimited: v?.unlimited ?? false })
        }
        return { signUpGroups, hasNextPage, nextPageCursor }
      },
    )
    defineRoute(
      app,
      { method: 'POST', url: `${prefix}/send`, summary: "Alerts a variant's next sign-ups, as many as its stock allows, in sign-up order", tags: TAGS, ...params, body: sendBody, responses: { 200: { description: 'How many were alerted', schema: sendAnswer } } },
      async ({ request, body }) => {
        const siteId = await siteOf(request)
        return { notified: await ctx.sendFor(siteId, body.productId, body.variantId) }
      },
    )
    defineRoute(
      app,
      { method: 'POST', url: `${prefix}/send/all`, summary: 'Sends for several variants (sendRequests)', tags: TAGS, ...params, body: sendAllBody, responses: { 200: { description: 'Per variant', schema: sendAllAnswer } } },
      async ({ request, body }) => {
        const siteId = await siteOf(request)
        const results = []
        for (const r of body.sendRequests) results.push({ ...r, notified: await ctx.sendFor(siteId, r.productId, r.variantId) })
        return { results }
      },
    )
  }

  defineRoute(
    app,
    { method: 'GET', url: '/api/sites/:siteId/restock-settings', summary: 'Restock form, scarcity and auto-send settings', tags: TAGS, params: siteParams, responses: { 200: { description: 'Settings', schema: configAnswer } } },
    async ({ request, params }) => ({ config: await ctx.config((await ctx.authorize(request, params.siteId)).site.id) }),
  )
  defineRoute(
    app,
    { method: 'PATCH', url: '/api/sites/:siteId/restock-settings', summary: 'Change restock settings', tags: TAGS, params: siteParams, body: restockConfigPatch, responses: { 200: { description: 'Settings', schema: configAnswer } } },
    async ({ request, params, body }) => ({ config: await ctx.saveConfig((await ctx.authorize(request, params.siteId)).site.id, body) }),
  )
}
