// A site's plan and its flags, and the invoices list. Every query is scoped by site id.
import { desc, eq } from 'drizzle-orm'
import {
  FEATURE_NAME_OF,
  FEATURE_LABELS,
  PLANS,
  TRIAL_DAYS,
  cheapestPlanWith,
  flagsOf,
  planName,
  trialDaysLeft,
  type BillingInterval,
  type InvoiceView,
  type PaidPlanId,
  type PlanId,
  type PlanOffer,
  type SitePlanView,
} from '@sitewright/contracts'
import type { Orm } from '../../platform/db/index.js'
import { AppError } from '../../platform/errors.js'
import { billingInvoices, sitePlans } from './schema.js'

const DAY_MS = 24 * 60 * 60 * 1000

/** What billing needs to know of a site without a plan row: when it was made and whether anybody owns it. */
export interface SiteFacts {
  createdAt: Date
  /** The owner's account id; null: owned by nobody (a starter's live preview, which others clone: every feature). */
  ownerId: string | null
}

export interface PlanState {
  plan: PlanId
  interval: BillingInterval | null
  trialEndsAt: Date | null
}

/**
 * The site's plan: its row, else its trial of TRIAL_DAYS from its creation (a site owned by nobody: the commerce
 * plan); null when there is no such site.
 */
export async function planStateOf(orm: Orm, siteId: string, facts: () => Promise<SiteFacts | null>): Promise<PlanState | null> {
  const [row] = await orm.select().from(sitePlans).where(eq(sitePlans.siteId, siteId))
  if (row) return { plan: row.plan, interval: row.interval, trialEndsAt: row.trialEndsAt }
  const site = await facts()
  if (!site) return null
  if (site.ownerId === null) return { plan: 'commerce', interval: null, trialEndsAt: null }
  return { plan: 'trial', interval: null, trialEndsAt: new Date(site.createdAt.getTime() + TRIAL_DAYS * DAY_MS) }
}

export function planView(state: PlanState, now: Date): SitePlanView {
  const trial = state.plan === 'trial' && state.trialEndsAt
  return {
    plan: state.plan,
    planName: planName(state.plan),
    trialEndsAt: trial ? state.trialEndsAt!.toISOString() : null,
    trialDaysLeft: trial ? trialDaysLeft(state.trialEndsAt!, now) : null,
    interval: state.plan === 'trial' ? null : state.interval,
    flags: flagsOf(state.plan, state.trialEndsAt, now),
  }
}

/** Puts the site on `plan` (a trial ends at `trialEndsAt`). */
export async function setPlan(orm: Orm, siteId: string, plan: PlanId, interval: BillingInterval | null, trialEndsAt: Date | null = null): Promise<void> {
  const values = { plan, interval, trialEndsAt: plan === 'trial' ? trialEndsAt : null, changedAt: new Date() }
  await orm.insert(sitePlans).values({ siteId, ...values }).onConflictDoUpdate({ target: sitePlans.siteId, set: values })
}

/** Gives the site `plan` unless it already has a plan row (the demo site); true when set. */
export async function ensurePlan(orm: Orm, siteId: string, plan: PaidPlanId): Promise<boolean> {
  const rows = await orm.insert(sitePlans).values({ siteId, plan, interval: 'annual' }).onConflictDoNothing().returning({ siteId: sitePlans.siteId })
  return rows.length > 0
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
export const moneyText = (cents: number) => usd.format(cents / 100)

export function planOffers(): PlanOffer[] {
  return PLANS.map((p) => ({ id: p.id, name: p.name, monthlyCents: p.monthlyCents, annualCents: p.annualCents, monthly: moneyText(p.monthlyCents), annual: moneyText(p.annualCents), flags: [...p.flags] }))
}

type InvoiceRow = typeof billingInvoices.$inferSelect

export const invoiceView = (r: InvoiceRow): InvoiceView => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  plan: r.plan,
  planName: planName(r.plan),
  interval: r.interval,
  amountCents: r.amountCents,
  currency: r.currency,
  amount: moneyText(r.amountCents),
  status: r.status,
  cardLast4: r.cardLast4,
  failure: r.failure,
})

export async function listInvoices(orm: Orm, siteId: string): Promise<InvoiceView[]> {
  const rows = await orm.select().from(billingInvoices).where(eq(billingInvoices.siteId, siteId)).orderBy(desc(billingInvoices.createdAt), desc(billingInvoices.id)).limit(200)
  return rows.map(invoiceView)
}

/** The typed refusal of a gated call: 403 feature_not_in_plan naming the flag and the cheapest plan that has it. */
export function featureNotInPlan(flag: number): AppError {
  const name = FEATURE_NAME_OF.get(flag) ?? String(flag)
  const label = FEATURE_NAME_OF.has(flag) ? FEATURE_LABELS[FEATURE_NAME_OF.get(flag)!] : name
  const plan = cheapestPlanWith(flag)
  return new AppError('forbidden', 'feature_not_in_plan', `${label} (feature ${name} ${flag}) is not in this site's plan. The ${plan.name} plan has it.`, {
    fields: { flag: String(flag), feature: name, plan: plan.id },
  })
}
