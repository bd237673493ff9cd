// Owner API of plans and billing. GET /plan is for every role (the editor offers only what the plan has);
// /billing/... is for ADMIN and BILLING (capability 'billing' of the permission table, checked by the guard).
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { PAID_PLAN_IDS, type BillingView, type PlanChangeInput, type PlanChangeResult, type SitePlanView } from '@sitewright/contracts'
import { defineRoute } from '../../platform/http/route.js'
import type { Accepts, Assert } from '../../platform/http/contract.js'

export interface BillingRoutesApi {
  planView(siteId: string): Promise<SitePlanView>
  billingView(siteId: string): Promise<BillingView>
  changePlan(siteId: string, input: PlanChangeInput): Promise<PlanChangeResult>
}

const tags = ['billing']
const siteParams = z.object({ siteId: z.string().min(1).max(64) }).strict()
const card = z
  .object({
    number: z.string().trim().min(12, 'Enter the card number.').max(23, 'Enter the card number.').regex(/^[\d\s-]+$/, 'The card number has only digits.'),
    expMonth: z.number({ error: 'Enter the expiry month.' }).int().min(1, 'Enter a month from 1 to 12.').max(12, 'Enter a month from 1 to 12.'),
    expYear: z.number({ error: 'Enter the expiry year.' }).int().min(2000, 'Enter the expiry year.').max(2100, 'Enter the expiry year.'),
    cvc: z.string().trim().regex(/^\d{3,4}$/, 'Enter the 3- or 4-digit security code.'),
  })
  .strict()
const planChangeBody = z.object({ plan: z.enum(PAID_PLAN_IDS, { error: 'Choose a plan.' }), interval: z.enum(['monthly', 'annual'], { error: 'Choose monthly or annual billing.' }), card }).strict()
export type PlanChangeAgrees = Assert<Accepts<z.input<typeof planChangeBody>, PlanChangeInput>>
const common = { 401: { description: 'not_signed_in' }, 403: { description: 'role_not_allowed' }, 404: { description: 'site_not_found' } }

export function registerBillingRoutes(app: FastifyInstance, api: BillingRoutesApi): void {
  defineRoute(app, { method: 'GET', url: '/api/sites/:siteId/plan', summary: "The site's plan, trial days left and feature flags (every role)", tags, params: siteParams, responses: { 200: { description: 'SitePlanView' }, ...common } }, async ({ params }) => ({
    plan: await api.planView(params.siteId),
  }))

  defineRoute(app, { method: 'GET', url: '/api/sites/:siteId/billing', summary: 'The current plan, the plans to compare and the invoices', tags, params: siteParams, responses: { 200: { description: 'BillingView' }, ...common } }, async ({ params }) => api.billingView(params.siteId))

  defineRoute(app, { method: 'POST', url: '/api/sites/:siteId/billing/plan', summary: 'Change the plan, paying with a card (test-mode provider); records an invoice', tags, params: siteParams, body: planChangeBody, responses: { 200: { description: 'PlanChangeResult' }, 400: { description: 'validation_failed' }, 409: { description: 'already_on_plan' }, 422: { description: 'card_declined, insufficient_funds, card_expired, card_invalid ...' }, ...common } }, async ({ params, body }) => api.changePlan(params.siteId, body))
}
