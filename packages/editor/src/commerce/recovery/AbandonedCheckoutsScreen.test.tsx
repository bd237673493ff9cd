// @vitest-environment jsdom
// Commerce -> Abandoned checkouts: the figures and rows as the server answers them, the settings form (what it
// sends, a refused delay said next to its field before anything is sent).
import { afterEach, describe, expect, it } from 'vitest'
import type { AbandonedCheckoutPage, RecoverySettings, StoreSettings } from '@sitewright/contracts'
import { byLabel, byText, choose, click, render, typeInto, waitFor, type Rendered } from '../../../test/dom.js'
import type { CommerceApi } from '../api.js'
import { CommerceContext, type CommerceValue } from '../context.js'
import { AbandonedCheckoutsScreen } from './AbandonedCheckoutsScreen.js'

let view: Rendered | undefined
afterEach(() => view?.unmount())

const PAGE: AbandonedCheckoutPage = {
  checkouts: [
    { id: 'a', email: 'ada@example.com', status: 'recovered', valueCents: 4600, value: '$46.00', remindersSent: 1, lastReminderOn: Date.UTC(2026, 0, 2), mailable: true, createdOn: Date.UTC(2026, 0, 1), orderNumber: 7, recoveredCents: 4536, },
    { id: 'b', email: 'bo@example.com', status: 'abandoned', valueCents: 1900, value: '$19.00', remindersSent: 0, lastReminderOn: null, mailable: false, createdOn: Date.UTC(2026, 0, 3), orderNumber: null, recoveredCents: 0 },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
  metrics: { abandoned: 1, recovered: 1, recoveredRevenueCents: 4536, recoveredRevenue: '$45.36' },
}

describe('abandoned checkouts screen', () => {
  it('shows the figures and rows; saves the settings it was given', async () => {
    const sent: RecoverySettings[] = []
    const api = {
      abandonedCheckouts: async () => ({ ok: true, status: 200, data: PAGE }),
      recoverySettings: async () => ({ ok: true, status: 200, data: { enabled: false, delayHours: 1, reminders: 1, couponCode: null } }),
      saveRecoverySettings: async (s: RecoverySettings) => (sent.push(s), { ok: true, status: 200, data: { ...s, couponCode: s.couponCode?.toUpperCase() ?? null } }),
    } as unknown as CommerceApi
    const value = { siteId: 's', siteTitle: 'S', mayChangePlan: true, api, settings: { currency: 'USD' } as StoreSettings, timeZone: 'UTC', setSettings: () => undefined, path: () => '' } as CommerceValue
    view = await render(
      <CommerceContext.Provider value={value}>
        <AbandonedCheckoutsScreen />
      </CommerceContext.Provider>,
    )
    const root = view.container
    await waitFor(() => root.querySelector('.recovery-table'))
    const figure = (k: string) => root.querySelector(`[data-figure="${k}"]`)!.textContent
    expect([figure('abandoned'), figure('recovered'), figure('recovered-revenue')]).toEqual(['1', '1', '$45.36'])
    const rows = [...root.querySelectorAll('.recovery-table tbody tr')].map((r) => [...r.children].map((c) => c.textContent))
    expect(rows[0]).toEqual(['ada@example.com', '$46.00', 'Recovered (order #7)', expect.stringMatching(/^1, last Jan 2, 2026/), expect.stringMatching(/Jan 1, 2026/)])
    expect(rows[1]![3]).toBe('0 · not mailed (no consent or unsubscribed)')

    await waitFor(() => root.querySelector('.recovery-form'))
    await click(byLabel(root, 'Send recovery emails'))
    await typeInto(byLabel(root, 'Hours before the first email (1-48)'), '49')
    await click(byText(root, 'button', 'Save settings')!)
    await waitFor(() => root.querySelector('.recovery-form .field-error'))
    expect(root.querySelector('.recovery-form .field-error')!.textContent).toBe('The delay is 1 to 48 hours.')
    expect(sent).toEqual([])
    await typeInto(byLabel(root, 'Hours before the first email (1-48)'), '3')
    await choose(byLabel<HTMLSelectElement>(root, 'Emails per checkout'), '2')
    await typeInto(byLabel(root, 'Coupon code the link applies (optional)'), 'comeback')
    await click(byText(root, 'button', 'Save settings')!)
    await waitFor(() => root.querySelector('.recovery-form [role="status"]')?.textContent === 'Recovery settings saved.')
    expect(sent).toEqual([{ enabled: true, delayHours: 3, reminders: 2, couponCode: 'comeback' }])
    expect(byLabel(root, 'Coupon code the link applies (optional)').value).toBe('COMEBACK')
  })

  it('a refused coupon is said once, by its field; a refusal no field shows is said above the form', async () => {
    const answers = [
      { ok: false, status: 400, error: { kind: 'http', status: 400, type: 'invalid_data', code: 'coupon_not_found', message: 'This coupon does not exist.', fields: { couponCode: 'This coupon does not exist.' } } },
      { ok: false, status: 409, error: { kind: 'http', status: 409, type: 'conflict', code: 'busy', message: 'The settings changed meanwhile. Reload the page.', fields: {} } },
    ]
    const api = {
      abandonedCheckouts: async () => ({ ok: true, status: 200, data: { ...PAGE, checkouts: [], total: 0 } }),
      recoverySettings: async () => ({ ok: true, status: 200, data: { enabled: true, delayHours: 1, reminders: 1, couponCode: null } }),
      saveRecoverySettings: async () => answers.shift(),
    } as unknown as CommerceApi
    const value = { siteId: 's', siteTitle: 'S', mayChangePlan: true, api, settings: { currency: 'USD' } as StoreSettings, timeZone: 'UTC', setSettings: () => undefined, path: () => '' } as CommerceValue
    view = await render(
      <CommerceContext.Provider value={value}>
        <AbandonedCheckoutsScreen />
      </CommerceContext.Provider>,
    )
    const root = view.container
    const form = await waitFor(() => root.querySelector('.recovery-form'))
    await typeInto(byLabel(root, 'Coupon code the link applies (optional)'), 'nope')
    await click(byText(root, 'button', 'Save settings')!)
    await waitFor(() => form.querySelector('.field-error'))
    expect(form.textContent!.split('This coupon does not exist.').length - 1).toBe(1)
    expect([...form.querySelectorAll('.field-error')].map((e) => e.textContent)).toEqual(['This coupon does not exist.'])
    await click(byText(root, 'button', 'Save settings')!)
    await waitFor(() => form.textContent!.includes('The settings changed meanwhile.'))
    expect([...form.querySelectorAll('.field-error')].map((e) => e.textContent)).toEqual(['The settings changed meanwhile. Reload the page.'])
  })
})
