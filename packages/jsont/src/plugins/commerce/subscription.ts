// Subscription price wording: "{price} every 2 weeks for 12 weeks". Finite plans whose total
// length divides evenly into years are expressed in years, else in the billing unit; plans this wording does not
// cover are 'Unavailable'.
import { dig, isRecord, toNumber } from './values.js'
import { escapeHtml } from './values.js'

/** Billing periods per year (packages/contracts). */
export { PERIODS_PER_YEAR, type BillingUnit } from '@sitewright/contracts/product-types'
import { PERIODS_PER_YEAR, type BillingUnit } from '@sitewright/contracts/product-types'

export const UNAVAILABLE_TEXT = 'Unavailable'

export interface SubscriptionTerms {
  unit: BillingUnit
  /** Billing period length in units (>= 1). */
  value: number
  /** Number of billing cycles; 0 = indefinite. */
  cycles: number
}

const NAMES: Record<BillingUnit, { adverb: string; one: string; many: string; key: string }> = {
  WEEK: { adverb: 'Weekly', one: 'week', many: 'weeks', key: 'Weeks' },
  MONTH: { adverb: 'Monthly', one: 'month', many: 'months', key: 'Months' },
  YEAR: { adverb: 'Yearly', one: 'year', many: 'years', key: 'Years' },
}

function positiveInt(v: unknown): number | undefined {
  const n = toNumber(v, NaN)
  return Number.isInteger(n) && n >= 1 ? n : undefined
}

/** Read a subscription plan `{ billingPeriod: { unit, value }, numBillingCycles }`; undefined when not covered. */
export function readSubscriptionTerms(plan: unknown): SubscriptionTerms | undefined {
  if (!isRecord(plan)) return undefined
  const unit = dig(plan, 'billingPeriod', 'unit')
  const value = positiveInt(dig(plan, 'billingPeriod', 'value'))
  if (typeof unit !== 'string' || !Object.hasOwn(PERIODS_PER_YEAR, unit) || value === undefined) return undefined
  const rawCycles = plan.numBillingCycles
  const cycles = rawCycles === undefined || rawCycles === null ? 0 : toNumber(rawCycles, NaN)
  if (!Number.isInteger(cycles) || cycles < 0) return undefined
  return { unit: unit as BillingUnit, value, cycles }
}

/** How long a finite plan runs: in years when the total divides evenly into years, else in the billing unit. */
export function subscriptionDuration(t: SubscriptionTerms): { unit: BillingUnit; count: number } | undefined {
  if (t.cycles === 0) return undefined
  const total = t.value * t.cycles
  const perYear = PERIODS_PER_YEAR[t.unit]
  if (total % perYear === 0) return { unit: 'YEAR', count: total / perYear }
  return { unit: t.unit, count: total }
}

/** Key of the localized message for this wording, e.g. productPrice__singlePrice__nWeekly__limited__nWeeks. */
export function subscriptionMessageKey(kind: 'single' | 'from', t: SubscriptionTerms): string {
  const period = `${t.value === 1 ? '1' : 'n'}${NAMES[t.unit].adverb}`
  const d = subscriptionDuration(t)
  const length = d ? `limited__n${NAMES[d.unit].key}` : 'indefinite'
  return `productPrice__${kind}Price__${period}__${length}`
}

/** English wording with {price}, {billingPeriodValue} and {duration} placeholders. */
export function defaultSubscriptionMessage(kind: 'single' | 'from', t: SubscriptionTerms): string {
  const n = NAMES[t.unit]
  let text = `${kind === 'from' ? 'from ' : ''}{price} every ${t.value === 1 ? n.one : `{billingPeriodValue} ${n.many}`}`
  const d = subscriptionDuration(t)
  if (d) text += ` for {duration} ${d.count === 1 ? NAMES[d.unit].one : NAMES[d.unit].many}`
  return text
}

/**
 * Fill a message: literal text is HTML-escaped, {price} is inserted as the (already safe) price markup, the other
 * placeholders as numbers. Unknown placeholders stay as written.
 */
export function fillPriceMessage(message: string, priceHtml: string, t: SubscriptionTerms): string {
  const d = subscriptionDuration(t)
  const values: Record<string, string> = {
    price: priceHtml,
    billingPeriodValue: String(t.value),
    duration: d ? String(d.count) : '',
    numBillingCycles: String(t.cycles),
  }
  let out = ''
  let last = 0
  for (const m of message.matchAll(/\{(\w+)\}/g)) {
    const name = m[1]!
    if (!Object.hasOwn(values, name)) continue
    out += escapeHtml(message.slice(last, m.index)) + values[name]
    last = m.index + m[0].length
  }
  return out + escapeHtml(message.slice(last))
}
