// A subscription's terms in words, shown before the shopper subscribes (the checkout page) and again in the
// confirmation mail: what each payment charges, how often, for how many payments, and whether shipping recurs.
// Renewals charge the subscribed price with the checkout order's shipping and tax (renew.ts).
import type { BillingUnit } from '../schema.js'

export interface TermsInput {
  billingPeriod: { value: number; unit: BillingUnit }
  /** 0: until the shopper cancels. */
  numBillingCycles: number
  /** The subscribed item is shipped (each renewal ships again, with the first order's shipping). */
  ships: boolean
}

export interface SubscriptionTerms {
  /** 'month', '2 weeks' */
  every: string
  /** '12 payments in all, this one included' or 'until you cancel' */
  cycles: string
  /** Whether shipping recurs, in words. */
  shipping: string
}

const UNIT: Record<BillingUnit, string> = { WEEK: 'week', MONTH: 'month', YEAR: 'year' }

export function subscriptionTerms(t: TermsInput): SubscriptionTerms {
  const unit = UNIT[t.billingPeriod.unit] ?? t.billingPeriod.unit.toLowerCase()
  const n = t.numBillingCycles
  return {
    every: t.billingPeriod.value === 1 ? unit : `${t.billingPeriod.value} ${unit}s`,
    cycles: n === 0 ? 'until you cancel' : n === 1 ? 'this one payment only' : `${n} payments in all, this one included`,
    shipping: t.ships ? 'Shipping and tax are charged again with every payment.' : 'Nothing is shipped: no shipping is charged.',
  }
}

/** The terms as one sentence, with each payment's amount text: '$29.00 every month, until you cancel. Shipping ...' */
export function termsSentence(amount: string, t: SubscriptionTerms): string {
  return `${amount} every ${t.every}, ${t.cycles}. ${t.shipping}`
}
