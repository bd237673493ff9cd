// Quantity input view: number, min 1, max 9999, step 1, default 1.
import { showsQuantityInput, isMultipleQuantityAllowedForServices } from '../product.js'
import { dig, escapeAttr, escapeHtml, toText, type Lookup } from '../values.js'

export const QUANTITY_LIMITS = { min: 1, max: 9999, step: 1, value: 1 } as const

export interface QuantityView {
  itemIdAttr: string
  labelHtml: string
  ariaLabelAttr: string
  min: number
  max: number
  step: number
  value: number
}

/** Whether services may be bought in quantity, from the page's store settings (default true). */
export function servicesAllowMultiple(lookup: Lookup): boolean {
  const fromWebsite = lookup(['websiteSettings'])
  if (dig(fromWebsite, 'storeSettings') !== undefined) return isMultipleQuantityAllowedForServices(fromWebsite)
  return isMultipleQuantityAllowedForServices({ storeSettings: lookup(['storeSettings']) })
}

/** The view, or undefined when the input is not shown for this item. */
export function quantityView(item: unknown, lookup: Lookup): QuantityView | undefined {
  if (!showsQuantityInput(item, servicesAllowMultiple(lookup))) return undefined
  return {
    itemIdAttr: escapeAttr(toText(dig(item, 'id'))),
    labelHtml: escapeHtml('Quantity:'),
    ariaLabelAttr: escapeAttr('Quantity'),
    ...QUANTITY_LIMITS,
  }
}
