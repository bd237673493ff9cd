// The spec's subscription rule against paid memberships (ARCHITECTURE.md, "Three contradictions", 1).
import { PRODUCT_TYPES } from '@sitewright/contracts'
import { describe, expect, it } from 'vitest'
import { recurringKindOf, SUBSCRIBABLE_TYPES } from './validators.js'

describe('recurring kinds', () => {
  it('"Subscriptions only for PHYSICAL and SERVICE": the subscribable set is exactly those two', () => {
    expect([...SUBSCRIBABLE_TYPES].sort()).toEqual([PRODUCT_TYPES.PHYSICAL, PRODUCT_TYPES.SERVICE])
    expect(SUBSCRIBABLE_TYPES.has(PRODUCT_TYPES.PAYWALL)).toBe(false)
  })
  it('a PAYWALL product renews as a membership plan, not as a subscription; digital goods and gift cards never renew', () => {
    expect(recurringKindOf(PRODUCT_TYPES.PHYSICAL)).toBe('subscription')
    expect(recurringKindOf(PRODUCT_TYPES.SERVICE)).toBe('subscription')
    expect(recurringKindOf(PRODUCT_TYPES.PAYWALL)).toBe('membership')
    expect(recurringKindOf(PRODUCT_TYPES.DIGITAL)).toBeNull()
    expect(recurringKindOf(PRODUCT_TYPES.GIFT_CARD)).toBeNull()
  })
})
