import { describe, expect, it } from 'vitest'
import { amountCents } from './donate.js'

describe('donation amount as typed', () => {
  it('minor units of the currency, or null', () => {
    expect(amountCents('25', 'USD')).toBe(2500)
    expect(amountCents('1,250.5', 'USD')).toBe(125050)
    expect(amountCents('12.345', 'USD')).toBeNull()
    expect(amountCents('abc', 'USD')).toBeNull()
    expect(amountCents('2500', 'JPY')).toBe(2500)
    expect(amountCents('25.5', 'JPY')).toBeNull()
  })
})
