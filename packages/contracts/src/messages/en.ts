// The storefront's system strings in English: the spec's texts word for word (ICU MessageFormat; placeholders as the
// spec prints them), and Sitewright's own confirmation and mail texts. Every other catalogue has exactly these keys.
export const EN = {
  // cart
  'cart.items': '{count, plural, one {item} other {items}}',
  'cart.addToCart': 'Add to Cart',
  'cart.adding': 'Adding…',
  'cart.added': 'Added!',
  'cart.unableToAdd': 'Unable to Add Item',
  'cart.moreThan100': 'More than 100 items in cart',
  'cart.variantUnavailable': 'Sorry, that item variant is unavailable. Please select another variant.',
  'cart.notEnough': 'Sorry, we do not have enough of that item available.',
  'cart.quantityNumber': 'Quantity must be a number.',
  'cart.quantityWhole': 'Quantity must be a whole number',
  'cart.selectOption': 'Please select the {option} option.',
  'cart.selectTwoOptions': 'Please select the {option1} and {option2} options.',
  'cart.selectOptions': 'Please select the {optionsList} and {lastOption} options.',
  'cart.unavailable': 'Unavailable',
  // checkout
  'checkout.purchase': 'Purchase',
  'checkout.unableToPurchase': 'Unable to Purchase Item',
  'checkout.giftCardDenomination': 'Select a denomination for the Gift Card',
  'checkout.unableToPurchaseGiftCard': 'Unable to purchase Gift Card',
  'checkout.cookies': 'Please enable cookies in your browser, reload the page, and try again.',
  // confirmation page and order mail
  'order.thanks': 'Thank you for your order',
  'order.number': 'Order #{number}',
  'order.testMode': 'Test mode order: no payment was taken.',
  'order.sentTo': 'A confirmation has been sent to {email}.',
  'order.shippingTo': 'Shipping to',
  'order.continue': 'Continue Shopping',
  'order.notFound': 'Order not found',
  'order.confirmed': 'Order {number} is confirmed.',
  'order.view': 'View your order',
  'order.mailSubject': 'Order #{number} confirmed: {site}',
  'order.itemCount': '{count, plural, one {# item} other {# items}}',
  // forms
  'form.required': 'Required',
  'form.emailInvalid': 'Email is not valid. Email addresses should follow the format {email}.',
  'form.characterLimit': 'You have exceeded the character limit.',
  'form.captcha': 'Complete CAPTCHA before submitting.',
  'form.invalidFields': 'One or more fields is invalid, please check your entries.',
  'form.unableToSubmit': 'Unable to submit form. Please try again later.',
  'form.rateLimited': 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  'form.notConfigured': 'This form has not been configured yet.',
  'form.submitting': 'Submitting…',
  'form.signedUp': 'Signed up!',
  'form.subscribe': 'Subscribe',
  'form.unknownError': 'Unknown error, please try again later.',
} as const

export type MessageKey = keyof typeof EN
export type Catalogue = Record<MessageKey, string>
