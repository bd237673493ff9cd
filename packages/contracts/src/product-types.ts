// Product types, alone in a module without computed values so a browser bundle that needs only them takes only them.

/** Product types. */
export const PRODUCT_TYPES = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 } as const
export type ProductType = (typeof PRODUCT_TYPES)[keyof typeof PRODUCT_TYPES]
