// Public API of the billing domain: a site's plan (trial, personal, business, commerce), the feature flags it sets,
// the gate on gated routes, plan changes through the payment provider and the invoices.
import type { FastifyInstance } from 'fastify'
import type { BillingView, FeatureFlag, PaidPlanId, PlanChangeInput, PlanId, SitePlanView } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { changePlan, type BillingPayments } from './change.js'
import { guardFeatures } from './features.js'
import { registerBillingRoutes } from './routes.js'
import { ensurePlan, featureNotInPlan, listInvoices, planOffers, planStateOf, planView, setPlan, type SiteFacts } from './service.js'

export { billingTables } from './schema.js'
export { featureOf, OWNER_FEATURE_RULES, VISITOR_FEATURE_RULES } from './features.js'
export type { BillingPayments } from './change.js'
export type { SiteFacts } from './service.js'

export interface BillingDeps {
  /** When the site was made and whether anybody owns it; null when there is no such site. */
  siteFacts(siteId: string): Promise<SiteFacts | null>
  payments: BillingPayments
  /** Called after a plan change (pages print the site's flags). */
  onChange?(siteId: string): void
  now?: () => Date
}

export function createBilling(orm: Orm, deps: BillingDeps) {
  const now = deps.now ?? (() => new Date())
  const stateOf = async (siteId: string) => {
    const state = await planStateOf(orm, siteId, () => deps.siteFacts(siteId))
    if (!state) throw new AppError('not_found', 'site_not_found', 'No such site.')
    return state
  }
  const view = async (siteId: string): Promise<SitePlanView> => planView(await stateOf(siteId), now())
  const flags = async (siteId: string): Promise<FeatureFlag[]> => (await view(siteId)).flags
  return {
    routes(app: FastifyInstance): void {
      registerBillingRoutes(app, {
        planView: view,
        billingView: async (siteId): Promise<BillingView> => ({ current: await view(siteId), plans: planOffers(), invoices: await listInvoices(orm, siteId) }),
        changePlan: async (siteId, input: PlanChangeInput) => {
          const result = await changePlan(orm, deps.payments, siteId, await stateOf(siteId), input, now())
          deps.onChange?.(siteId)
          return result
        },
      })
    },
    /** Gates every route registered after this call by the feature rules (install after the owner-route guard). */
    guard(app: FastifyInstance): void {
      guardFeatures(app, async (siteId, flag) => {
        if (!(await flags(siteId)).includes(flag)) throw featureNotInPlan(flag)
      })
    },
    planView: view,
    /** The site's feature flags now. */
    flags,
    hasFlag: async (siteId: string, flag: FeatureFlag) => (await flags(siteId)).includes(flag),
    /** Throws the typed 403 feature_not_in_plan when the site's plan lacks `flag` (e.g. content's gated block types). */
    async requireFlag(siteId: string, flag: number): Promise<void> {
      if (!(await flags(siteId)).includes(flag as FeatureFlag)) throw featureNotInPlan(flag)
    },
    /** Puts the site on a plan without payment (tests; a trial ending at `trialEndsAt`). */
    setPlan: async (siteId: string, plan: PlanId, trialEndsAt: Date | null = null) => {
      await setPlan(orm, siteId, plan, plan === 'trial' ? null : 'monthly', trialEndsAt)
      deps.onChange?.(siteId)
    },
    /** Gives the site `plan` unless it has a plan already (the demo site keeps every feature it uses). */
    ensurePlan: (siteId: string, plan: PaidPlanId) => ensurePlan(orm, siteId, plan),
  }
}

export type Billing = ReturnType<typeof createBilling>
