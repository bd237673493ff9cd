// Donations: the DONATE page (203) of a published page's donation block (/donate?page=&block=) and the donation
// call it posts (POST /api/commerce/donations -> 201 { orderId, confirmationUrl, recurring }); the confirmation is
// the order's page (/commerce/orders/{id}?token=, CONTRIBUTION_CONFIRMED 204).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { EMAIL_PATTERN, type DonationBlockValue, type DonationInput } from '@sitewright/contracts'
import { AppError } from '../../../platform/errors.js'
import type { Accepts, Assert } from '../../../platform/http/contract.js'
import { defineRoute } from '../../../platform/http/route.js'
import { requireSite } from '../../../platform/http/tenancy.js'
import type { CommerceContext } from '../context.js'
import { PAGE_TYPES_COMMERCE as PT } from '../pages/page-types.js'
import { IDEMPOTENCY_HEADER, idempotent, readKey, visitorScope } from '../shared/idempotency.js'
import { getSettings } from '../settings.js'
import { donationForm, placeDonation } from './place.js'

const tags = ['commerce']
const id = z.string().trim().min(1).max(100)
const donationBody = z
  .object({
    pageId: id,
    blockId: id,
    amount: z.string().max(30),
    recurring: z.boolean().optional(),
    email: z.string().trim().min(3, 'Email is not valid.').max(256, 'Email is not valid.').regex(EMAIL_PATTERN, 'Email is not valid.'),
    name: z.string().trim().max(200).optional(),
    card: z.object({ number: z.string().max(30), expMonth: z.number().int().min(1).max(12), expYear: z.number().int().min(2000).max(2100), cvc: z.string().max(4) }).strict().optional(),
  })
  .strict()
export type DonationBodyAccepted = Assert<Accepts<z.input<typeof donationBody>, DonationInput>>

export function registerDonationRoutes(app: FastifyInstance, ctx: CommerceContext, siteInfo: (request: FastifyRequest) => { title: string; baseUrl: string }): void {
  const { orm } = ctx
  const blockOf = async (siteId: string, pageId: string, blockId: string): Promise<DonationBlockValue> => {
    const block = await ctx.deps.donationBlock?.(siteId, pageId, blockId)
    if (!block) throw new AppError('not_found', 'donation_not_found', 'This donation form is no longer available.')
    return block
  }

  defineRoute(
    app,
    { method: 'GET', url: '/donate', summary: 'DONATE page (203) of a donation block: preset and custom amounts, monthly choice, card', tags, query: z.object({ page: id, block: id }).strict(), responses: { 200: { description: 'HTML' }, 404: { description: 'no such donation block' } } },
    async ({ request, reply, query }) => {
      const site = requireSite(request)
      const render = ctx.deps.renderPage
      if (!render) throw new AppError('not_found', 'donation_not_found', 'This donation form is no longer available.')
      const block = await blockOf(site.id, query.page, query.block)
      const { currency } = await getSettings(orm, site.id)
      const donation = { ...donationForm(block, currency), pageId: query.page, blockId: query.block, testMode: ctx.provider.testMode }
      reply.headers({ 'cache-control': 'private, no-store' })
      return render(request, reply, { pageType: PT.DONATE, template: 'donate', title: String(donation.title), extra: { donation } })
    },
  )

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/commerce/donations',
      summary: 'Donate through a donation block: { pageId, blockId, amount, recurring?, email, name?, card } -> 201 { orderId, confirmationUrl, recurring }; Idempotency-Key honoured',
      tags,
      body: donationBody,
      responses: {
        201: { description: '{ orderId, confirmationUrl, recurring }' },
        400: { description: 'donation_amount_invalid (below the minimum, above the maximum, not a number), donation_recurring_unavailable' },
        404: { description: 'donation_not_found' },
        422: { description: 'payment declined' },
      },
    },
    async ({ request, reply, body }) => {
      const site = requireSite(request)
      await ctx.limiter.hit(`${site.id}:${request.ip}`)
      const key = readKey(request.headers[IDEMPOTENCY_HEADER])
      const answer = await idempotent(orm, site.id, visitorScope('donation', request.crumb), key, body, async () => {
        const block = await blockOf(site.id, body.pageId, body.blockId)
        const placed = await placeDonation(ctx, { siteId: site.id, block, amount: body.amount, recurring: body.recurring === true, email: body.email, name: body.name, card: body.card, site: siteInfo(request) })
        return { status: 201, body: placed }
      })
      return reply.code(answer.status).send(answer.body)
    },
  )
}
