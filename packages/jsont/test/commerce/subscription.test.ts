import { describe, expect, it } from 'vitest'
import {
  defaultSubscriptionMessage, readSubscriptionTerms, subscriptionDuration, subscriptionMessageKey,
} from '../../src/plugins/commerce/index.js'
import { fillPriceMessage } from '../../src/plugins/commerce/subscription.js'

const plan = (unit: string, value: unknown, numBillingCycles?: unknown) => ({
  billingPeriod: { unit, value },
  numBillingCycles,
})

describe('subscription wording', () => {
  it('reads plans and rejects the combinations it does not cover', () => {
    expect(readSubscriptionTerms(plan('WEEK', 2, 6))).toEqual({ unit: 'WEEK', value: 2, cycles: 6 })
    expect(readSubscriptionTerms(plan('MONTH', '1'))).toEqual({ unit: 'MONTH', value: 1, cycles: 0 })
    expect(readSubscriptionTerms(plan('DAY', 1))).toBeUndefined()
    expect(readSubscriptionTerms(plan('WEEK', 0))).toBeUndefined()
    expect(readSubscriptionTerms(plan('WEEK', 1.5))).toBeUndefined()
    expect(readSubscriptionTerms(plan('WEEK', 1, -1))).toBeUndefined()
    expect(readSubscriptionTerms(undefined)).toBeUndefined()
    expect(readSubscriptionTerms({ billingPeriod: { unit: 'toString', value: 1 } })).toBeUndefined()
  })

  it('expresses finite plans in years when they divide evenly, else in the billing unit', () => {
    expect(subscriptionDuration({ unit: 'WEEK', value: 2, cycles: 26 })).toEqual({ unit: 'YEAR', count: 1 })
    expect(subscriptionDuration({ unit: 'WEEK', value: 2, cycles: 6 })).toEqual({ unit: 'WEEK', count: 12 })
    expect(subscriptionDuration({ unit: 'MONTH', value: 1, cycles: 36 })).toEqual({ unit: 'YEAR', count: 3 })
    expect(subscriptionDuration({ unit: 'MONTH', value: 2, cycles: 4 })).toEqual({ unit: 'MONTH', count: 8 })
    expect(subscriptionDuration({ unit: 'YEAR', value: 2, cycles: 3 })).toEqual({ unit: 'YEAR', count: 6 })
    expect(subscriptionDuration({ unit: 'WEEK', value: 1, cycles: 0 })).toBeUndefined()
  })

  it('names the localized message and words it in English by default', () => {
    const weekly = { unit: 'WEEK', value: 1, cycles: 8 } as const
    expect(subscriptionMessageKey('single', weekly)).toBe('productPrice__singlePrice__1Weekly__limited__nWeeks')
    expect(subscriptionMessageKey('from', { unit: 'MONTH', value: 3, cycles: 0 })).toBe(
      'productPrice__fromPrice__nMonthly__indefinite',
    )
    expect(defaultSubscriptionMessage('single', weekly)).toBe('{price} every week for {duration} weeks')
    expect(defaultSubscriptionMessage('from', { unit: 'YEAR', value: 1, cycles: 1 })).toBe(
      'from {price} every year for {duration} year',
    )
    expect(defaultSubscriptionMessage('single', { unit: 'MONTH', value: 2, cycles: 0 })).toBe(
      '{price} every {billingPeriodValue} months',
    )
  })

  it('fills messages, escaping the literal text but not the price markup', () => {
    const t = { unit: 'WEEK', value: 5, cycles: 3 } as const
    expect(fillPriceMessage('{price} every {billingPeriodValue} weeks <b>for</b> {duration} {other}', '<i>1</i>', t)).toBe(
      '<i>1</i> every 5 weeks &lt;b&gt;for&lt;/b&gt; 15 {other}',
    )
  })
})
