// Plans and billing: /api/sites/:siteId/plan (every role: what the editor may offer) and
// /api/sites/:siteId/billing/... (ADMIN, BILLING: compare plans, change plan with a card, invoices).
import type { BillingInterval, FeatureFlag, PaidPlanId, PlanId } from '../plans.js'

/** GET /api/sites/:siteId/plan: the site's plan and the flags it has now. */
export interface SitePlanView {
  plan: PlanId
  planName: string
  /** ISO time the trial ends (trial only), else null. */
  trialEndsAt: string | null
  /** Whole days left of the trial (0 once ended); null when not on a trial. */
  trialDaysLeft: number | null
  /** monthly / annual for a paid plan, else null. */
  interval: BillingInterval | null
  flags: FeatureFlag[]
}

export interface InvoiceView {
  id: string
  /** ISO time of the charge attempt. */
  createdAt: string
  plan: PaidPlanId
  planName: string
  interval: BillingInterval
  amountCents: number
  currency: string
  /** The amount as text, e.g. '$49.00'. */
  amount: string
  status: 'paid' | 'failed'
  cardLast4: string | null
  /** The provider's message when the charge failed. */
  failure: string | null
}

export interface PlanOffer {
  id: PaidPlanId
  name: string
  monthlyCents: number
  annualCents: number
  monthly: string
  annual: string
  flags: FeatureFlag[]
}

/** GET /api/sites/:siteId/billing */
export interface BillingView {
  current: SitePlanView
  plans: PlanOffer[]
  invoices: InvoiceView[]
}

/** POST /api/sites/:siteId/billing/plan: change the plan, paying with a card of the test-mode provider. */
export interface PlanChangeInput {
  plan: PaidPlanId
  interval: BillingInterval
  card: { number: string; expMonth: number; expYear: number; cvc: string }
}

export interface PlanChangeResult {
  current: SitePlanView
  invoice: InvoiceView
}
