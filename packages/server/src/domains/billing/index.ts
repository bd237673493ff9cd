// Public API of the billing domain: a site's plan (trial, personal, business, commerce), the feature flags it sets,
// the gate on gated routes, plan changes through the payment provider and the invoices.
import type { FastifyInstance } from 'fastify'
import type { BillingView, FeatureFlag, PaidPlanId, PlanChangeInput, PlanId, SitePlanView } from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import type { Invalidation } from '../../platform/invalidation.js'
import { AppError } from '../../platform/errors.js'
import { changePlan, type BillingPayments } from './change.js'
import { guardFeatures } from './features.js'
import { registerBillingRoutes } from './routes.js'
import { ensurePlan, featureNotInPlan, listInvoices, planOffers, planStateOf, planView, setPlan, type PlanState, type SiteFacts } from './service.js'

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
  /** The app's invalidation port (every node): a site's message drops its kept plan state (see PLAN_CACHE_TTL_MS). */
  invalidation?: Pick<Invalidation, 'onInvalidate'>
}

/**
 * How long a site's plan state is kept in this process (the plan guard asks it on every gated visitor call). A
 * plan change drops it here at once and, through `onChange` and the invalidation port, on the other nodes; the
 * flags themselves are worked out from the state and the clock on every call (a trial ends on time).
 */
export const PLAN_CACHE_TTL_MS = 5000

export function createBilling(orm: Orm, deps: BillingDeps) {
  const now = deps.now ?? (() => new Date())
  const kept = new Map<string, { at: number; state: Promise<PlanState | null> }>()
  const forget = (siteId: string) => void kept.delete(siteId)
  deps.invalidation?.onInvalidate(forget)
  const stateOf = async (siteId: string) => {
    const clock = Date.now()
    let hit = kept.get(siteId)
    if (!hit || clock - hit.at >= PLAN_CACHE_TTL_MS) {
      if (kept.size >= 10_000) kept.clear()
      const entry = { at: clock, state: planStateOf(orm, siteId, () => deps.siteFacts(siteId)) }
      kept.set(siteId, entry)
      // a failed read or a missing site is not kept: the next call asks again
      entry.state.then((st) => st === null && kept.get(siteId) === entry && forget(siteId), () => kept.get(siteId) === entry && forget(siteId))
      hit = entry
    }
    const state = await hit.state
    if (!state) throw new AppError('not_found', 'site_not_found', 'No such site.')
    return state
  }
  /** After a plan change made here: forgotten at once, and the other nodes are told (onChange). */
  const planChanged = (siteId: string) => {
    forget(siteId)
    deps.onChange?.(siteId)
  }
  const view = async (siteId: string): Promise<SitePlanView> => planView(await stateOf(siteId), now())
  const flags = async (siteId: string): Promise<FeatureFlag[]> => (await view(siteId)).flags
  return {
    routes(app: FastifyInstance): void {
      registerBillingRoutes(app, {
        planView: view,
        billingView: async (siteId): Promise<BillingView> => ({ current: await view(siteId), plans: planOffers(), invoices: await listInvoices(orm, siteId) }),
        changePlan: async (siteId, input: PlanChangeInput) => {
          // a change starts from the stored plan, never from a kept copy
          forget(siteId)
          const result = await changePlan(orm, deps.payments, siteId, await stateOf(siteId), input, now())
          planChanged(siteId)
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
      planChanged(siteId)
    },
    /** Gives the site `plan` unless it has a plan already (the demo site keeps every feature it uses). */
    async ensurePlan(siteId: string, plan: PaidPlanId): Promise<boolean> {
      const set = await ensurePlan(orm, siteId, plan)
      if (set) forget(siteId) // start-up seeding: the other nodes' copies age out (PLAN_CACHE_TTL_MS)
      return set
    },
  }
}

export type Billing = ReturnType<typeof createBilling>
