// Product types and subscription billing units, alone in a module without computed values so a browser bundle that needs only them takes only them.

/** Product types. */
export const PRODUCT_TYPES = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 } as const
export type ProductType = (typeof PRODUCT_TYPES)[keyof typeof PRODUCT_TYPES]

/** Subscription billing periods per year (SPEC.md section 9: WEEK 52, MONTH 12, YEAR 1). */
export const PERIODS_PER_YEAR = { WEEK: 52, MONTH: 12, YEAR: 1 } as const
export type BillingUnit = keyof typeof PERIODS_PER_YEAR
export const BILLING_UNITS = Object.keys(PERIODS_PER_YEAR) as [BillingUnit, ...BillingUnit[]]
