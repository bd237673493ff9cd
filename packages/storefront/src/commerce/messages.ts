// Visitor-facing texts of the store (button states, add-to-cart answers, session and network failures, alerts),
// word for word: the server and the theme print the same ones.

export const ADDING_TEXT = 'Adding…'
export const ADDED_TEXT = 'Added!'
export const SAVING_TEXT = 'Saving…'
export const REQUIRED_TEXT = 'Required'
export const PURCHASE_TEXT = 'Purchase'
export const DEFAULT_ADD_TO_CART_TEXT = 'Add To Cart'
export const DEFAULT_SUBSCRIBE_TEXT = 'Subscribe'

export const VARIANT_UNAVAILABLE = 'Sorry, that item variant is unavailable. Please select another variant.'
export const NOT_ENOUGH_STOCK = 'Sorry, we do not have enough of that item available.'
export const QUANTITY_NOT_A_NUMBER = 'Quantity must be a number.'
export const QUANTITY_NOT_WHOLE = 'Quantity must be a whole number'
export const SELECT_GIFT_CARD_DENOMINATION = 'Select a denomination for the Gift Card'

export const SESSION_EXPIRED = 'Your session has expired. Please reload the page and try again.'
export const ENABLE_COOKIES = 'Please enable cookies in your browser, reload the page, and try again.'
export const TRY_AGAIN_SOON = 'Please try again in a few seconds.'
export const SOMETHING_WENT_WRONG = 'Something went wrong'
export const NETWORK_ERROR = 'Network error'

export const ALERT_ADD_ITEM = 'Unable to Add Item'
export const ALERT_PURCHASE_ITEM = 'Unable to Purchase Item'
export const ALERT_GIFT_CARD = 'Unable to purchase Gift Card'

/** 'Please select the {option} option.' and its two- and many-option forms, for the unselected options in order. */
export function selectOptionsMessage(options: readonly string[]): string {
  if (options.length === 0) return ''
  if (options.length === 1) return `Please select the ${options[0]} option.`
  if (options.length === 2) return `Please select the ${options[0]} and ${options[1]} options.`
  const last = options[options.length - 1]!
  return `Please select the ${options.slice(0, -1).join(', ')} and ${last} options.`
}

/** The crumb-failure text: depends on whether the browser keeps cookies at all. */
export function crumbFailureMessage(cookiesEnabled: boolean): string {
  return cookiesEnabled ? SESSION_EXPIRED : ENABLE_COOKIES
}
