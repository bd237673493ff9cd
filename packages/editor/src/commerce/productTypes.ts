// Product types and what each allows in the editor.

import { PRODUCT_TYPES, type ProductType } from '@sitewright/contracts'

export { PRODUCT_TYPES, type ProductType }

export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  1: 'Physical',
  2: 'Digital',
  3: 'Service',
  4: 'Gift card',
  5: 'Paywall',
}

export const PRODUCT_TYPE_OPTIONS = (Object.keys(PRODUCT_TYPE_LABELS) as unknown as ProductType[]).map((t) => ({
  value: String(t),
  label: PRODUCT_TYPE_LABELS[Number(t) as ProductType],
}))

export function isProductType(n: unknown): n is ProductType {
  return n === 1 || n === 2 || n === 3 || n === 4 || n === 5
}

/** Subscriptions are offered only for PHYSICAL and SERVICE products. */
export function canSubscribe(type: ProductType): boolean {
  return type === PRODUCT_TYPES.PHYSICAL || type === PRODUCT_TYPES.SERVICE
}

/** Stock is tracked for goods and services; digital products and gift cards are never sold out. */
export function tracksStock(type: ProductType): boolean {
  return type !== PRODUCT_TYPES.DIGITAL && type !== PRODUCT_TYPES.GIFT_CARD
}

/** Options (size, colour, ...) and a variants matrix: physical products and services. Digital products and
 * paywalls have exactly one variant; gift cards have one variant per denomination. */
export function hasOptions(type: ProductType): boolean {
  return type === PRODUCT_TYPES.PHYSICAL || type === PRODUCT_TYPES.SERVICE
}

/** The owner sets stock only where the server keeps it (it makes the others unlimited). */
export function stockEditable(type: ProductType): boolean {
  return type === PRODUCT_TYPES.PHYSICAL || type === PRODUCT_TYPES.SERVICE
}

/** The option gift-card denominations are chosen by on the storefront. */
export const DENOMINATION_OPTION = 'Amount'
