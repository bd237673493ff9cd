// Variant selectors view: one dropdown and one radio group per option, in variantOptionOrdering.
import { ProductType, getItemVariantOptions, isSubscribable, productType } from '../product.js'
import { dig, escapeAttr, escapeHtml, localized, toText, type Lookup } from '../values.js'

export const DEFAULT_VARIANT_SELECT_TEXT = 'Select {variantName}'

interface ValueView {
  valueAttr: string
  valueHtml: string
}

interface OptionView {
  nameAttr: string
  titleHtml: string
  selectAriaAttr: string
  selectHtml: string
  values: ValueView[]
}

export interface VariantsView {
  itemIdAttr: string
  variantsAttr: string
  isSubscribable: boolean
  subscriptionPlanAttr: string
  options: OptionView[]
}

/** For aria-label: quotes and angle brackets escaped, '&' kept as typed (the label is plain text for the reader). */
function escapeLabelAttr(s: string): string {
  return s.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** The view, or undefined when there is nothing to choose (one variant or none). */
export function variantsView(item: unknown, lookup: Lookup): VariantsView | undefined {
  const options = getItemVariantOptions(item)
  if (options.length === 0) return undefined
  const giftCard = productType(item) === ProductType.GIFT_CARD
  const selectPattern = giftCard
    ? localized(lookup, 'giftCardVariantSelectText', DEFAULT_VARIANT_SELECT_TEXT)
    : localized(lookup, 'productVariantSelectText', DEFAULT_VARIANT_SELECT_TEXT)
  const subscribable = isSubscribable(item)
  return {
    itemIdAttr: escapeAttr(toText(dig(item, 'id'))),
    variantsAttr: escapeAttr(JSON.stringify(dig(item, 'structuredContent', 'variants') ?? [])),
    isSubscribable: subscribable,
    subscriptionPlanAttr: subscribable ? escapeAttr(toText(dig(item, 'structuredContent', 'subscriptionPlan'))) : '',
    options: options.map((o) => {
      const title = giftCard ? localized(lookup, 'giftCardValueDisplayText', o.name) : o.name
      const select = selectPattern.split('{variantName}').join(o.name)
      return {
        nameAttr: escapeAttr(o.name),
        titleHtml: escapeHtml(title),
        selectAriaAttr: escapeLabelAttr(select),
        selectHtml: escapeHtml(select),
        values: o.values.map((v) => ({ valueAttr: escapeAttr(v), valueHtml: escapeHtml(v) })),
      }
    }),
  }
}
