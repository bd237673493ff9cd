// The add-to-cart messages visitors read (unavailable variant, not enough stock, bad quantity, missing option or
// gift card denomination, too many requests), word for word as the storefront prints them.

export const MSG = {
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  notEnoughStock: 'Sorry, we do not have enough of that item available.',
  quantityNotNumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number',
  giftCardDenomination: 'Select a denomination for the Gift Card',
  tooManyRequests: 'Please try again in a few seconds.',
} as const

/** 'Please select the Size option.' / '... the Size and Color options.' / '... the A, B and C options.' */
export function selectOptionsMessage(options: readonly string[]): string {
  if (options.length === 0) throw new RangeError('No option to select')
  if (options.length === 1) return `Please select the ${options[0]} option.`
  if (options.length === 2) return `Please select the ${options[0]} and ${options[1]} options.`
  const last = options[options.length - 1]
  return `Please select the ${options.slice(0, -1).join(', ')} and ${last} options.`
}

/** Quantity from a JSON number or numeric text; throws the spec's messages through `fail`. */
export function readQuantity(input: unknown, fail: (message: string) => never): number {
  if (input === undefined || input === null || input === '') return 1
  const n = typeof input === 'number' ? input : typeof input === 'string' ? Number(input.trim()) : Number.NaN
  if (!Number.isFinite(n)) fail(MSG.quantityNotNumber)
  if (!Number.isInteger(n)) fail(MSG.quantityNotWhole)
  return n
}

export const QUANTITY_MIN = 1
export const QUANTITY_MAX = 9999
export const quantityRangeMessage = `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}.`
