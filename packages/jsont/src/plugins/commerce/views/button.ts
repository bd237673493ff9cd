// Add-to-cart button view and its label rule (the owner's custom text when enabled, else 'Subscribe' or the
// localized 'Add To Cart').
import { isSubscribable } from '../product.js'
import {
  asArray, dig, escapeAttr, escapeHtml, isRecord, isTrue, localized, nonEmptyString, toText, type Lookup,
} from '../values.js'

export const DEFAULT_ADD_TO_CART_TEXT = 'Add To Cart'
export const DEFAULT_SUBSCRIBE_TEXT = 'Subscribe'

/**
 * The button label: the custom text when enabled and present; else 'Subscribe' for subscriptions or the localized
 * add-to-cart text (fallbacks 'Subscribe' / 'Add To Cart').
 */
export function addToCartLabel(item: unknown, lookup: Lookup): string {
  const sc = dig(item, 'structuredContent')
  const custom = nonEmptyString(dig(sc, 'customAddButtonText'))
  if (isTrue(dig(sc, 'useCustomAddButtonText')) && custom) return custom
  if (isSubscribable(item)) return localized(lookup, 'productSubscribeText', DEFAULT_SUBSCRIBE_TEXT)
  return localized(lookup, 'productAddToCartText', DEFAULT_ADD_TO_CART_TEXT)
}

export interface AddToCartView {
  collectionIdAttr: string
  itemIdAttr: string
  productTypeAttr: string
  useCustomLabelAttr: string
  isSubscription: boolean
  labelAttr: string
  labelHtml: string
  useForm: boolean
  /** The additional-fields form as JSON, attribute-escaped; '' without a form. */
  formAttr: string
  subscriptionOptionIdAttr: string
}

export function addToCartView(item: unknown, lookup: Lookup): AddToCartView {
  const sc = dig(item, 'structuredContent')
  const label = addToCartLabel(item, lookup)
  const form = dig(sc, 'additionalFieldsForm')
  const subscription = isSubscribable(item)
  const firstOption = asArray(dig(sc, 'productSubscriptionOptions'))[0]
  return {
    collectionIdAttr: escapeAttr(toText(dig(item, 'collectionId'))),
    itemIdAttr: escapeAttr(toText(dig(item, 'id'))),
    productTypeAttr: escapeAttr(toText(dig(sc, 'productType'))),
    useCustomLabelAttr: escapeAttr(toText(dig(sc, 'useCustomAddButtonText'))),
    isSubscription: subscription,
    labelAttr: escapeAttr(label),
    labelHtml: escapeHtml(label),
    useForm: isRecord(form),
    formAttr: isRecord(form) ? escapeAttr(JSON.stringify(form)) : '',
    subscriptionOptionIdAttr: subscription ? escapeAttr(toText(dig(firstOption, 'id'))) : '',
  }
}
