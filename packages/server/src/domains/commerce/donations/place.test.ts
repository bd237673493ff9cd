// The donation amount rule (store currency limits, clear messages) and which page an order confirms on.
import { describe, expect, it } from 'vitest'
import { orderPage } from '../pages/page-types.js'
import { checkAmount, donationForm, donationLimits } from './place.js'

describe('donation amounts', () => {
  it('limits are 1 to 10,000 whole units of the store currency', () => {
    expect(donationLimits('USD')).toEqual({ minCents: 100, maxCents: 1_000_000 })
    expect(donationLimits('JPY')).toEqual({ minCents: 1, maxCents: 10_000 })
  })
  it('accepts amounts within the limits and says what is wrong otherwise', () => {
    expect(checkAmount('25', 'USD')).toEqual({ ok: true, cents: 2500 })
    expect(checkAmount('1,250.5', 'USD')).toEqual({ ok: true, cents: 125050 })
    expect(checkAmount('1', 'USD')).toEqual({ ok: true, cents: 100 })
    expect(checkAmount('10000', 'USD')).toEqual({ ok: true, cents: 1_000_000 })
    expect(checkAmount(' ', 'USD')).toEqual({ ok: false, message: 'Enter an amount to donate.' })
    expect(checkAmount('0.99', 'USD')).toEqual({ ok: false, message: 'The smallest donation is $1.00.' })
    expect(checkAmount('10000.01', 'USD')).toEqual({ ok: false, message: 'The largest donation is $10,000.00.' })
    expect(checkAmount('-5', 'USD')).toEqual({ ok: false, message: 'Enter the amount as a number, for example 25 or 25.50.' })
    expect(checkAmount('2500.5', 'JPY')).toEqual({ ok: false, message: 'Enter the amount as a number, for example 2500.' })
    expect(checkAmount('2500', 'JPY')).toEqual({ ok: true, cents: 2500 })
  })
  it("the DONATE page form: the owner's presets (else the defaults) as money, the limits and the button", () => {
    const f = donationForm({ presets: [5, 20], recurring: true }, 'USD')
    expect(f.presets.map((p) => p.text)).toEqual(['$5.00', '$20.00'])
    expect(f.presets[0]!.amount).toMatchObject({ value: '500', decimalValue: '5.00' })
    expect(f).toMatchObject({ title: 'Make a donation', buttonText: 'Donate', recurring: true, minimum: '$1.00', maximum: '$10,000.00', step: '0.01' })
    expect(donationForm({}, 'USD').presets.map((p) => p.units)).toEqual([10, 25, 50, 100])
    expect(donationForm({ recurring: false }, 'JPY')).toMatchObject({ recurring: false, step: '1' })
  })
})

describe('the page an order confirms on', () => {
  const paywall = [{ productType: 5 }]
  it('pending 207, donation 204, membership 208, subscription 206, else 202', () => {
    expect(orderPage({ status: 'pending', number: 1, kind: 'donation', subscriptions: [] }).pageType).toBe(207)
    expect(orderPage({ status: 'paid', number: 1, kind: 'donation', subscriptions: [{}] }).pageType).toBe(204)
    expect(orderPage({ status: 'paid', number: 1, kind: 'order', entries: paywall, subscriptions: [{}] })).toEqual({ pageType: 208, template: 'membership-confirmed', title: 'Welcome, member' })
    expect(orderPage({ status: 'paid', number: 1, kind: 'order', entries: [{ productType: 1 }], subscriptions: [{}] }).pageType).toBe(206)
    expect(orderPage({ status: 'paid', number: 1, kind: 'order', entries: [{ productType: 2 }], subscriptions: [] }).pageType).toBe(202)
  })
})
