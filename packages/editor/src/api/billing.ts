// Plans and billing of the owner API: the site's plan and flags (every role), the billing view and plan changes.
import type { BillingView, PlanChangeInput, PlanChangeResult, SitePlanView } from '@sitewright/contracts'
import { createApiClient, type ApiClient, type ApiResult } from './client.js'

export interface BillingApi {
  plan(siteId: string): Promise<ApiResult<{ plan: SitePlanView }>>
  billing(siteId: string): Promise<ApiResult<BillingView>>
  changePlan(siteId: string, input: PlanChangeInput): Promise<ApiResult<PlanChangeResult>>
}

export function createBillingApi(client: ApiClient = createApiClient()): BillingApi {
  const base = (siteId: string) => `/api/sites/${encodeURIComponent(siteId)}`
  return {
    plan: (siteId) => client.get(`${base(siteId)}/plan`),
    billing: (siteId) => client.get(`${base(siteId)}/billing`),
    changePlan: (siteId, input) => client.post(`${base(siteId)}/billing/plan`, input),
  }
}
