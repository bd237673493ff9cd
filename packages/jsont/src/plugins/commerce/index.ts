// Commerce helpers shared beyond the template plugins (the server's store reuses the same rules).
export {
  ProductType, type ProductTypeCode, type VariantOption, productType, structuredContent, variants, hasVariantPricing,
  isSoldOut, isOnSale, hasVariants, variantPrice, variantSalePrice, totalStockRemaining,
  isMultipleQuantityAllowedForServices, isSubscribable, showsQuantityInput, getItemVariantOptions,
  findVariantBySku, findVariantByAttributes,
} from './product.js'
export {
  type Money, DEFAULT_CURRENCY, MAX_INTEGER_PLACES, fractionDigits, parseDecimal, fromMinorUnits, readMoney,
  toMinorUnits, formatLegacyMoney, formatCldrMoney, moneyMarkup,
} from './money.js'
export { fromPrice, normalPrice, salePrice, hasVariedPrices, productPriceDisplay, subscriptionPriceDisplay, type PriceDisplay } from './prices.js'
export {
  PERIODS_PER_YEAR, UNAVAILABLE_TEXT, type BillingUnit, type SubscriptionTerms, readSubscriptionTerms,
  subscriptionDuration, subscriptionMessageKey, defaultSubscriptionMessage,
} from './subscription.js'
export { addToCartLabel, DEFAULT_ADD_TO_CART_TEXT, DEFAULT_SUBSCRIBE_TEXT } from './views/button.js'
export { QUANTITY_LIMITS } from './views/quantity.js'
