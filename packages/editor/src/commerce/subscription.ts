// The subscription plan and its price wording, worded like the storefront: "$10.00 every 2 weeks for 12 weeks".
// A finite plan whose total length divides evenly into years is expressed in years, else in the billing unit;
// plans this wording does not cover read 'Unavailable'.

import type { BillingUnit, SubscriptionPlan } from '@sitewright/contracts'

export type { BillingUnit, SubscriptionPlan }
export { BILLING_UNITS, PERIODS_PER_YEAR } from '@sitewright/contracts'
import { BILLING_UNITS, PERIODS_PER_YEAR } from '@sitewright/contracts'
export const UNAVAILABLE = 'Unavailable'

export const MAX_PERIOD_VALUE = 365
export const MAX_BILLING_CYCLES = 1000


const WORDS: Record<BillingUnit, { one: string; many: string }> = {
  WEEK: { one: 'week', many: 'weeks' },
  MONTH: { one: 'month', many: 'months' },
  YEAR: { one: 'year', many: 'years' },
}

export function isCovered(plan: SubscriptionPlan): boolean {
  const { value, unit } = plan.billingPeriod
  return (
    BILLING_UNITS.includes(unit) &&
    Number.isInteger(value) &&
    value >= 1 &&
    value <= MAX_PERIOD_VALUE &&
    Number.isInteger(plan.numBillingCycles) &&
    plan.numBillingCycles >= 0 &&
    plan.numBillingCycles <= MAX_BILLING_CYCLES
  )
}

/** The plan's total length, in years when it divides evenly into years; null when indefinite. */
export function planDuration(plan: SubscriptionPlan): { unit: BillingUnit; count: number } | null {
  if (plan.numBillingCycles === 0) return null
  const total = plan.billingPeriod.value * plan.numBillingCycles
  const perYear = PERIODS_PER_YEAR[plan.billingPeriod.unit]
  if (total % perYear === 0) return { unit: 'YEAR', count: total / perYear }
  return { unit: plan.billingPeriod.unit, count: total }
}

/** "$10.00 every month", "$10.00 every 2 weeks for 12 weeks", "$10.00 every month for 1 year". */
export function subscriptionWording(plan: SubscriptionPlan, priceText: string): string {
  if (!isCovered(plan)) return UNAVAILABLE
  const { value, unit } = plan.billingPeriod
  let text = `${priceText} every ${value === 1 ? WORDS[unit].one : `${value} ${WORDS[unit].many}`}`
  const d = planDuration(plan)
  if (d) text += ` for ${d.count} ${d.count === 1 ? WORDS[d.unit].one : WORDS[d.unit].many}`
  return text
}
