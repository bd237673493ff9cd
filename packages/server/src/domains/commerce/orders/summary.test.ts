// The order money lines: which lines show, their signs, and CLDR's placement of the sign and symbol.
import { describe, expect, it } from 'vitest'
import { moneyText, summaryLines } from './summary.js'

const base = { currency: 'USD', subtotalCents: 3500, discountCents: 0, shippingCents: 0, ships: false, taxCents: 0, giftCardCents: 0, totalCents: 3500 }
const shown = (lines: ReturnType<typeof summaryLines>) => lines.map((l) => `${l.label}: ${l.text}`)

describe('order summary lines', () => {
  it('a gift card paying everything: its line is negative with the sign before the symbol, and the total is what is left', () => {
    expect(shown(summaryLines({ ...base, giftCardCents: 3500, totalCents: 0 }))).toEqual(['Subtotal: $35.00', 'Tax: $0.00', 'Gift card: -$35.00', 'Total: $0.00'])
  })

  it('discount and shipping show when they apply; shipping shows at $0.00 for an order that ships', () => {
    const lines = summaryLines({ ...base, subtotalCents: 5000, discountCents: 500, ships: true, taxCents: 360, totalCents: 4860 })
    expect(shown(lines)).toEqual(['Subtotal: $50.00', 'Discount: -$5.00', 'Shipping: $0.00', 'Tax: $3.60', 'Total: $48.60'])
    expect(lines.map((l) => l.amountCents)).toEqual([5000, -500, 0, 360, 4860])
  })

  it('formats by CLDR for the currency and locale', () => {
    expect(moneyText(-3500, 'USD')).toBe('-$35.00')
    expect(moneyText(25800, 'JPY')).toBe('¥25,800')
    expect(moneyText(-123456, 'EUR', 'de-DE')).toBe('-1.234,56\u00a0€')
    expect(moneyText(100, 'USD', 'xx-not-a-locale')).toBe('$1.00')
  })
})
