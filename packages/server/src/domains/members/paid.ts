// Paid member areas and the member's subscriptions. Owner: the member areas with their access rules
// (GET /api/sites/:siteId/member-areas, PUT .../member-areas/:collectionId, a paid area naming its PAYWALL
// product). Member: their subscriptions (memberships, monthly donations, products) on the account page and
// cancelling one, which ends at the close of the period already paid.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { MemberAreaRule, MemberAreaView, MemberSubscription } from '@sitewright/contracts'
import type { MemberOrderDetail, MemberOrderRow } from './account-store.js'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import type { Accepts, Assert } from '../../platform/http/contract.js'
import { defineRoute } from '../../platform/http/route.js'
import { requireSite } from '../../platform/http/tenancy.js'
import { areaRules, clearAreaRule, paidAreas, setAreaRule } from './access.js'
import type { MemberAuth } from './auth.js'

/** What members asks of the store (commerce) and of the pages (content) for paid areas. */
export interface PaidDeps {
  /** Owner role check of the `members` capability. */
  authorize?(request: FastifyRequest, siteId: string): Promise<unknown>
  /** The site's member-area pages (members-only, or in `_memberareas`). */
  memberAreaPages?(siteId: string): Promise<{ collectionId: string; title: string; fullUrl: string }[]>
  memberships?: {
    /** PAYWALL products `email` holds now. */
    held(siteId: string, email: string): Promise<ReadonlySet<string>>
    subscriptions(siteId: string, email: string): Promise<MemberSubscription[]>
    cancel(siteId: string, email: string, subscriptionId: string): Promise<{ endsOn: number }>
    /** No renewal until resumed; in force until the end of the period paid. */
    pause(siteId: string, email: string, subscriptionId: string): Promise<{ endsOn: number }>
    resume(siteId: string, email: string, subscriptionId: string): Promise<{ status: 'active' }>
    /** The email's orders, newest first, and one of them (not_found for another email's). */
    orders(siteId: string, email: string): Promise<MemberOrderRow[]>
    order(siteId: string, email: string, orderId: string): Promise<MemberOrderDetail>
    /** A gift card's balance text, null when the code is unknown or used up; rate-limited under `key` (429). */
    giftCardBalance(siteId: string, key: string, code: string): Promise<{ balance: string } | null>
    /** The site's PAYWALL products (the owner picks one for a paid area). */
    products(siteId: string): Promise<{ id: string; title: string; price: string; recurring: boolean }[]>
  }
  /** After an access rule changed: published pages drop from the cache. */
  onChange?(siteId: string): void
}

const ruleBody = z
  .object({
    rule: z.enum(['members', 'tag', 'product'], 'Choose who may read the area.'),
    tag: z.string().trim().max(50, 'Use at most 50 characters.').optional(),
    productId: z.string().trim().max(100).nullable().optional(),
  })
  .strict()
export type RuleBodyAccepted = Assert<Accepts<z.input<typeof ruleBody>, MemberAreaRule>>
const siteParams = z.object({ siteId: z.string().min(1).max(100) }).strict()
const tags = ['site-users']

export function createPaidAreas(orm: Orm, deps: PaidDeps) {
  async function areas(siteId: string): Promise<MemberAreaView[]> {
    const pages = (await deps.memberAreaPages?.(siteId)) ?? []
    const rules = await areaRules(orm, siteId)
    return pages.map((p) => {
      const r = rules.get(p.collectionId)
      return { ...p, rule: r?.rule ?? 'members', ...(r?.rule === 'tag' ? { tag: r.tag } : {}), productId: r?.rule === 'product' ? (r.productId ?? null) : null }
    })
  }
  return {
    areas,
    /** The PAYWALL product that opens a paid area, or null. */
    async productOf(siteId: string, collectionId: string): Promise<string | null> {
      return paidAreas(await areaRules(orm, siteId)).get(collectionId) ?? null
    },
    /** The member areas the products open (the MEMBERSHIP_CONFIRMED page links to them). */
    async areasOfProducts(siteId: string, productIds: readonly string[]): Promise<{ title: string; fullUrl: string }[]> {
      const all = await areas(siteId)
      return all.filter((a) => a.rule === 'product' && a.productId && productIds.includes(a.productId)).map((a) => ({ title: a.title, fullUrl: a.fullUrl }))
    },
    routes(app: FastifyInstance, auth: MemberAuth): void {
      const base = '/api/sites/:siteId/member-areas'
      defineRoute(app, { method: 'GET', url: base, summary: 'The member areas with their access rules, and the PAYWALL products a paid area can ask for', tags, params: siteParams, responses: { 200: { description: '{ areas, products }' } } }, async ({ request, params }) => {
        await deps.authorize?.(request, params.siteId)
        return { areas: await areas(params.siteId), products: (await deps.memberships?.products(params.siteId)) ?? [] }
      })

      defineRoute(
        app,
        { method: 'PUT', url: `${base}/:collectionId`, summary: "Set a member area's access rule: every member, a tag, or buyers of a PAYWALL product (a paid area)", tags, params: siteParams.extend({ collectionId: z.string().min(1).max(100) }).strict(), body: ruleBody, responses: { 200: { description: '{ area }' }, 400: { description: 'tag or product missing, not a PAYWALL product' }, 404: { description: 'not a member area' } } },
        async ({ request, params, body }) => {
          await deps.authorize?.(request, params.siteId)
          const area = (await areas(params.siteId)).find((a) => a.collectionId === params.collectionId)
          if (!area) throw new AppError('not_found', 'member_area_not_found', 'This page is not a member area.')
          if (body.rule === 'tag' && !body.tag) throw new AppError('invalid_data', 'validation_failed', 'Enter a tag.', { fields: { tag: 'Enter a tag.' } })
          if (body.rule === 'product') {
            const products = (await deps.memberships?.products(params.siteId)) ?? []
            if (!products.some((p) => p.id === body.productId)) throw new AppError('invalid_data', 'validation_failed', 'Choose a membership product (type PAYWALL).', { fields: { productId: 'Choose a membership product (type PAYWALL).' } })
          }
          if (body.rule === 'members') await clearAreaRule(orm, params.siteId, params.collectionId)
          else await setAreaRule(orm, params.siteId, params.collectionId, { rule: body.rule, tag: body.tag ?? '', productId: body.productId ?? null })
          deps.onChange?.(params.siteId)
          return { area: (await areas(params.siteId)).find((a) => a.collectionId === params.collectionId) }
        },
      )

      const account = '/api/site-users/account/subscriptions'
      defineRoute(app, { method: 'GET', url: account, summary: "The signed-in member's subscriptions (memberships, monthly donations, products)", tags, responses: { 200: { description: 'data.subscriptions' }, 401: { description: 'not_signed_in' } } }, async ({ request }) => {
        const site = requireSite(request)
        const user = await auth.require(request, site.id)
        if (!user.emailVerifiedAt) return { data: { subscriptions: [] } }
        return { data: { subscriptions: (await deps.memberships?.subscriptions(site.id, user.email)) ?? [] } }
      })

      defineRoute(
        app,
        { method: 'POST', url: `${account}/:id/cancel`, summary: 'Cancel a subscription of the signed-in member: no further payment; a membership keeps its access until the end of the period paid', tags, params: z.object({ id: z.string().min(1).max(100) }).strict(), responses: { 200: { description: 'data.endsOn (epoch ms)' }, 401: { description: 'not_signed_in' }, 404: { description: 'subscription_not_found' } } },
        async ({ request, params }) => {
          const site = requireSite(request)
          const user = await auth.require(request, site.id)
          if (!user.emailVerifiedAt) throw new AppError('forbidden', 'email_not_verified', 'Confirm your email address first.')
          if (!deps.memberships) throw new AppError('not_found', 'subscription_not_found', 'No such subscription.')
          return { data: await deps.memberships.cancel(site.id, user.email, params.id) }
        },
      )
    },
  }
}

export type PaidAreas = ReturnType<typeof createPaidAreas>
