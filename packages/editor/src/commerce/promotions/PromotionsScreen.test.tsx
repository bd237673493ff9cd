// @vitest-environment jsdom
// Commerce -> Promotions: the draft rules (a message per field), and the screen listing promotions, creating one
// (what is sent) and deleting one.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Promotion, PromotionInput, StoreSettings } from '@sitewright/contracts'
import { byLabel, byText, choose, click, render, typeInto, waitFor, type Rendered } from '../../../test/dom.js'
import type { CommerceApi } from '../api.js'
import { CommerceContext, type CommerceValue } from '../context.js'
import { EMPTY_DRAFT, offerText, readPromotionDraft } from './draft.js'
import { PromotionsScreen } from './PromotionsScreen.js'

let view: Rendered | undefined
afterEach(() => {
  view?.unmount()
  vi.restoreAllMocks()
})
const usd = (m: number) => `$${(m / 100).toFixed(2)}`
const PROMO: Promotion = {
  id: 'p1', name: 'Free shipping over $100', kind: 'free_shipping', appliesTo: 'order', targetIds: [], amount: 0, buyQuantity: 0, getQuantity: 0, minSubtotalCents: 10000,
  startsAt: null, endsAt: null, active: true, usageLimit: null, perCustomerLimit: null, usedCount: 3, combinesWithCodes: true, combinesWithGiftCards: true, status: 'active',
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
}

describe('promotion drafts', () => {
  it('reads percent, money and quantities, with a message per wrong field', () => {
    expect(readPromotionDraft({ ...EMPTY_DRAFT, name: ' ', amount: '150' }, 'USD')).toEqual({ ok: false, errors: { name: 'Enter a name shoppers will see.', amount: 'Enter a whole percent from 1 to 100.' } })
    const b = readPromotionDraft({ ...EMPTY_DRAFT, name: 'B2G1', kind: 'buy_x_get_y', amount: '100', appliesTo: 'products', targetIds: ['m'], buyQuantity: '2', getQuantity: '1', usageLimit: '50' }, 'USD')
    expect(b).toEqual({ ok: true, input: expect.objectContaining({ kind: 'buy_x_get_y', amount: 100, buyQuantity: 2, getQuantity: 1, appliesTo: 'products', targetIds: ['m'], usageLimit: 50, perCustomerLimit: null }) })
    expect(readPromotionDraft({ ...EMPTY_DRAFT, name: 'Five off', kind: 'amount', amount: '5.50', appliesTo: 'collections' }, 'USD')).toEqual({ ok: false, errors: { targetIds: 'Choose at least one collection.' } })
    const a = readPromotionDraft({ ...EMPTY_DRAFT, name: 'Five off', kind: 'amount', amount: '5.50', minSubtotal: '40' }, 'USD')
    expect(a.ok && [a.input.amount, a.input.minSubtotalCents]).toEqual([550, 4000])
    expect(offerText({ kind: 'buy_x_get_y', amount: 100, buyQuantity: 2, getQuantity: 1, minSubtotalCents: 0 }, usd)).toBe('Buy 2 get 1 free')
    expect(offerText(PROMO, usd)).toBe('Free shipping over $100.00')
  })

  it('lists the promotions, creates one (the body sent) and deletes one', async () => {
    const sent: PromotionInput[] = []
    const api = {
      promotions: async () => ({ ok: true, status: 200, data: [PROMO] }),
      productSummaries: async () => ({ ok: true, status: 200, data: [{ id: 'mug', title: 'Mug' }] }),
      collections: async () => ({ ok: true, status: 200, data: [] }),
      savePromotion: async (input: PromotionInput) => (sent.push(input), { ok: true, status: 201, data: { ...PROMO, ...input, id: 'p2', status: 'active' } }),
      deletePromotion: async () => ({ ok: true, status: 204, data: null }),
    } as unknown as CommerceApi
    const value = { siteId: 's', siteTitle: 'S', mayChangePlan: true, api, settings: { currency: 'USD' } as StoreSettings, timeZone: 'UTC', setSettings: () => undefined, path: () => '' } as CommerceValue
    view = await render(
      <CommerceContext.Provider value={value}>
        <PromotionsScreen />
      </CommerceContext.Provider>,
    )
    const root = view.container
    await waitFor(() => root.querySelector('.promotions-table'))
    expect(root.querySelector('.promotions-table tbody tr')!.textContent).toContain('Free shipping over $100.00')
    await click(byText(root, 'button', 'New promotion')!)
    await typeInto(byLabel(root, 'Name (shoppers see it in the cart)'), 'Mugs 20% off')
    await typeInto(byLabel(root, 'Percent off'), '20')
    await choose(byLabel<HTMLSelectElement>(root, 'Applies to'), 'products')
    await waitFor(() => root.querySelector('.promotion-targets input'))
    await click(byLabel(root, 'Mug'))
    await click(byText(root, 'button', 'Save promotion')!)
    await waitFor(() => root.querySelector('[role="status"]')?.textContent === 'Saved "Mugs 20% off".')
    expect(sent).toEqual([expect.objectContaining({ name: 'Mugs 20% off', kind: 'percentage', amount: 20, appliesTo: 'products', targetIds: ['mug'] })])
    vi.spyOn(window, 'confirm').mockReturnValue(true)
    await click(byText(root, 'button', 'Delete')!)
    await waitFor(() => root.querySelector('[role="status"]')?.textContent === 'Deleted "Free shipping over $100".')
    expect(root.querySelectorAll('.promotions-table tbody tr')).toHaveLength(1)
  })
})
