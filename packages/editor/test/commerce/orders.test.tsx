// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { byLabel, byText, choose, click, typeInto, waitFor, type Rendered } from '../dom.js'
import { apiUrl, commerceUrl, CRUMB, json, mountCommerce, type Call } from './stub.js'

// The owner order view as GET /api/sites/:siteId/commerce/orders/:id answers it.
function orderView(patch: Record<string, unknown> = {}) {
  return {
    id: 'ord1',
    number: 1042,
    websiteId: 'site',
    purchasedCartId: 'cart1',
    email: 'ada@example.com',
    status: 'paid',
    testMode: true,
    created: Date.UTC(2025, 0, 15, 12, 0),
    fulfilledOn: null,
    refundedOn: null,
    fulfilments: [],
    unfulfilled: { e1: 2 },
    currency: 'USD',
    entries: [
      {
        id: 'e1',
        itemId: 'p1',
        sku: 'TEE-S-RED',
        title: 'T-shirt',
        productType: 1,
        attributes: { Size: 'S', Colour: 'Red' },
        quantity: 2,
        unitPriceCents: 1250,
        subTotalCents: 2500,
        additionalFields: { 'Engraving text': 'Hello' },
        downloadUrl: null,
      },
    ],
    shippingAddress: { city: 'London', country: 'GB', firstName: 'Ada', lastName: 'Lovelace', line1: '1 Analytical Way', postalCode: 'N1 9GU' },
    billingAddress: null,
    shippingOption: { id: 's1', name: 'Standard', costCents: 500 },
    coupons: ['SAVE10'],
    subtotalCents: 2500,
    discountCents: 250,
    shippingCostCents: 500,
    taxCents: 0,
    giftCardCents: 0,
    grandTotalCents: 2750,
    chargedCents: 2750,
    summary: [
      { key: 'subtotal', label: 'Subtotal', amountCents: 2500, text: '$25.00' },
      { key: 'discount', label: 'Discount', amountCents: -250, text: '-$2.50' },
      { key: 'shipping', label: 'Shipping', amountCents: 500, text: '$5.00' },
      { key: 'tax', label: 'Tax', amountCents: 0, text: '$0.00' },
      { key: 'total', label: 'Total', amountCents: 2750, text: '$27.50' },
    ],
    giftCards: [],
    subscriptions: [],
    ...patch,
  }
}

let view: Rendered | undefined
afterEach(() => view?.unmount())

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST')

describe('order detail', () => {
  it('shows entries, totals, the address and the test-mode badge', async () => {
    const m = await mountCommerce(commerceUrl('orders', 'ord1'), { [`GET ${apiUrl('/orders/ord1')}`]: json(200, { order: orderView() }) })
    view = m.view
    const root = view.container
    await waitFor(() => root.querySelector('h2')?.textContent?.includes('Order #1042'))
    expect(root.querySelector('.badge-test')?.textContent).toBe('Test mode')
    expect(root.textContent).toContain('S / Red')
    expect(root.textContent).toContain('Engraving text')
    const address = [...root.querySelectorAll('address span')].map((l) => l.textContent)
    expect(address).toEqual(['Ada Lovelace', '1 Analytical Way', 'London N1 9GU', 'GB'])
    const totals = [...root.querySelectorAll('.totals div')].map((d) => d.textContent)
    expect(totals).toEqual(['Subtotal$25.00', 'Discount-$2.50', 'Shipping$5.00', 'Tax$0.00', 'Total$27.50'])
    expect(root.textContent).toContain('Shipping option: Standard. Coupons: SAVE10.')
  })

  it('prints the money lines the server gives (the same as the confirmation page and mail), gift card included', async () => {
    const summary = [
      { key: 'subtotal', label: 'Subtotal', amountCents: 3500, text: '$35.00' },
      { key: 'tax', label: 'Tax', amountCents: 0, text: '$0.00' },
      { key: 'giftCard', label: 'Gift card', amountCents: -3500, text: '-$35.00' },
      { key: 'total', label: 'Total', amountCents: 0, text: '$0.00' },
    ]
    const order = orderView({ shippingOption: null, coupons: [], subtotalCents: 3500, discountCents: 0, shippingCostCents: 0, giftCardCents: 3500, grandTotalCents: 3500, chargedCents: 0, summary })
    const m = await mountCommerce(commerceUrl('orders', 'ord1'), { [`GET ${apiUrl('/orders/ord1')}`]: json(200, { order }) })
    view = m.view
    const root = view.container
    await waitFor(() => root.querySelector('.totals'))
    expect([...root.querySelectorAll('.totals div')].map((d) => d.textContent)).toEqual(['Subtotal$35.00', 'Tax$0.00', 'Gift card-$35.00', 'Total$0.00'])
  })

  it('shows the payment: an Afterpay plan with its schedule, the first instalment paid', async () => {
    const payment = {
      ref: 'test_1', method: 'afterpay', state: 'captured', currency: 'USD', authorizedCents: 2750, capturedCents: 688, voidedCents: 0, refundedCents: 0,
      instalments: [
        { number: 1, dueOn: '2026-03-02', amountCents: 688, status: 'captured' },
        { number: 2, dueOn: '2026-03-16', amountCents: 688, status: 'scheduled' },
        { number: 3, dueOn: '2026-03-30', amountCents: 687, status: 'scheduled' },
        { number: 4, dueOn: '2026-04-13', amountCents: 687, status: 'scheduled' },
      ],
    }
    const m = await mountCommerce(commerceUrl('orders', 'ord1'), { [`GET ${apiUrl('/orders/ord1')}`]: json(200, { order: orderView({ paymentMethod: 'afterpay', payment }) }) })
    view = m.view
    const root = view.container
    await waitFor(() => root.querySelector('.order-payment') !== null)
    expect(root.querySelector('.order-payment p')?.textContent).toBe('Afterpay · Captured · captured $6.88')
    expect(root.querySelector('.instalments caption')?.textContent).toBe('Afterpay: 4 interest-free payments')
    const rows = [...root.querySelectorAll('.instalments tbody tr')].map((r) => [...r.children].map((c) => c.textContent))
    expect(rows).toEqual([
      ['1', 'Mar 2, 2026', '$6.88', 'Paid'],
      ['2', 'Mar 16, 2026', '$6.88', 'Scheduled'],
      ['3', 'Mar 30, 2026', '$6.87', 'Scheduled'],
      ['4', 'Apr 13, 2026', '$6.87', 'Scheduled'],
    ])
    await click(byText(root, 'button', 'Refund')!)
    const dialog = await waitFor(() => document.querySelector('[role="alertdialog"]'))
    expect(dialog.textContent).toContain('Refund order #1042? $6.88 already paid is refunded and the 3 scheduled Afterpay payments are cancelled.')
    await click(byText(dialog, 'button', 'Cancel')!)
  })

  it('fulfils a paid order with the crumb and shows the new status', async () => {
    const m = await mountCommerce(commerceUrl('orders', 'ord1'), {
      [`GET ${apiUrl('/orders/ord1')}`]: json(200, { order: orderView() }),
      [`POST ${apiUrl('/orders/ord1/fulfil')}`]: json(200, { order: orderView({ status: 'fulfilled', fulfilledOn: Date.UTC(2025, 0, 16) }) }),
    })
    view = m.view
    const root = view.container
    await click(await waitFor(() => byText(root, 'button', 'Fulfil…')))
    // the fulfilment dialog: carrier, tracking number, the lines to ship; all of them ship by default
    const dialog = await waitFor(() => document.querySelector('[role="dialog"]'))
    expect(dialog.textContent).toContain('Fulfil order #1042')
    await click(byText(dialog as HTMLElement, 'button', 'Mark as fulfilled')!)
    await waitFor(() => root.textContent?.includes('Order marked as fulfilled.'))
    expect(posts(m.calls).map((c) => [c.path, c.crumb])).toEqual([[apiUrl('/orders/ord1/fulfil'), CRUMB]])
    expect(root.querySelector('h2 .badge-status')?.textContent).toBe('Fulfilled')
    expect(byText(root, 'button', 'Fulfil…')).toBeUndefined()
    expect(document.querySelector('[role="dialog"]')).toBeNull()
  })

  it('confirms the awaited payment of a pending test-mode order, then offers fulfilment', async () => {
    const m = await mountCommerce(commerceUrl('orders', 'ord1'), {
      [`GET ${apiUrl('/orders/ord1')}`]: json(200, { order: orderView({ status: 'pending' }) }),
      [`POST ${apiUrl('/orders/ord1/confirm-payment')}`]: json(200, { order: orderView({ status: 'paid' }) }),
    })
    view = m.view
    const root = view.container
    expect(await waitFor(() => byText(root, 'button', 'Confirm payment'))).toBeTruthy()
    expect(byText(root, 'button', 'Fulfil…')).toBeUndefined()
    await click(byText(root, 'button', 'Confirm payment')!)
    await waitFor(() => root.textContent?.includes('Payment confirmed: the order is paid.'))
    expect(posts(m.calls).map((c) => [c.path, c.crumb])).toEqual([[apiUrl('/orders/ord1/confirm-payment'), CRUMB]])
    expect(byText(root, 'button', 'Confirm payment')).toBeUndefined()
    expect(byText(root, 'button', 'Fulfil…')).toBeTruthy()
  })

  it('a pending live order waits for its payment provider', async () => {
    const m = await mountCommerce(commerceUrl('orders', 'ord1'), { [`GET ${apiUrl('/orders/ord1')}`]: json(200, { order: orderView({ status: 'pending', testMode: false }) }) })
    view = m.view
    const root = view.container
    await waitFor(() => root.textContent?.includes('The payment provider confirms this payment'))
    expect(byText(root, 'button', 'Confirm payment')).toBeUndefined()
  })

  it('refunds a test-mode order only after confirmation', async () => {
    const m = await mountCommerce(commerceUrl('orders', 'ord1'), {
      [`GET ${apiUrl('/orders/ord1')}`]: json(200, { order: orderView({ status: 'fulfilled' }) }),
      [`POST ${apiUrl('/orders/ord1/refund')}`]: json(200, { order: orderView({ status: 'refunded', refundedOn: Date.UTC(2025, 0, 17) }) }),
    })
    view = m.view
    const root = view.container
    await click(await waitFor(() => byText(root, 'button', 'Refund')))
    const dialog = await waitFor(() => document.querySelector('[role="alertdialog"]'))
    expect(dialog.textContent).toContain('Refund order #1042 in full ($27.50)?')
    await click(byText(dialog, 'button', 'Cancel')!)
    expect(document.querySelector('[role="alertdialog"]')).toBeNull()
    expect(posts(m.calls)).toHaveLength(0)

    await click(byText(root, 'button', 'Refund')!)
    await click(byText(document.body, '[role="alertdialog"] button', 'Refund order')!)
    await waitFor(() => root.textContent?.includes('Order refunded.'))
    expect(posts(m.calls).map((c) => [c.path, c.crumb])).toEqual([[apiUrl('/orders/ord1/refund'), CRUMB]])
    expect(root.querySelector('h2 .badge-status')?.textContent).toBe('Refunded')
    expect(byText(root, 'button', 'Refund')).toBeUndefined()
  })

  it('offers no refund for a live order and shows the server message when an action fails', async () => {
    const m = await mountCommerce(commerceUrl('orders', 'ord1'), {
      [`GET ${apiUrl('/orders/ord1')}`]: json(200, { order: orderView({ testMode: false }) }),
      [`POST ${apiUrl('/orders/ord1/fulfil')}`]: json(409, { error: { type: 'conflict', code: 'order_not_paid', message: 'A refunded order cannot be fulfilled.' } }),
    })
    view = m.view
    const root = view.container
    await waitFor(() => byText(root, 'button', 'Fulfil…'))
    expect(byText(root, 'button', 'Refund')).toBeUndefined()
    expect(root.querySelector('.badge-test')).toBeNull()
    expect(root.textContent).toContain('Live orders are refunded through the payment provider.')
    await click(byText(root, 'button', 'Fulfil…')!)
    const dialog = await waitFor(() => document.querySelector('[role="dialog"]'))
    await click(byText(dialog as HTMLElement, 'button', 'Mark as fulfilled')!)
    // the server's message shows in the dialog, which stays open
    await waitFor(() => dialog.textContent?.includes('A refunded order cannot be fulfilled.'))
    expect(document.querySelector('[role="dialog"]')).not.toBeNull()
  })
})

describe('orders list', () => {
  const row = (n: number, patch: Record<string, unknown> = {}) => ({
    id: `o${n}`,
    number: n,
    email: `buyer${n}@example.com`,
    status: 'paid',
    testMode: n % 2 === 0,
    created: Date.UTC(2025, 0, n),
    currency: 'USD',
    totalCents: n * 100,
    totalQuantity: 1,
    kind: 'order',
    ...patch,
  })

  it('pages through orders; search and status filter on the server', async () => {
    const m = await mountCommerce(commerceUrl('orders'), {
      [`GET ${apiUrl('/orders')}`]: (call) => {
        if (call.query.get('q') === 'buyer29') return json(200, { orders: [row(29, { status: 'fulfilled' })], total: 1 })
        if (call.query.get('status') === 'refunded') return json(200, { orders: [], total: 0 })
        const page = Number(call.query.get('page'))
        const orders = page === 1 ? [row(30), row(29, { status: 'fulfilled', kind: 'donation' }), row(28)] : [row(3)]
        return json(200, { orders, total: 28 })
      },
    })
    view = m.view
    const root = view.container
    await waitFor(() => root.querySelector('tbody'))
    expect([...root.querySelectorAll('tbody th')].map((t) => t.textContent?.trim())).toEqual(['#30 Test', '#29 Donation', '#28 Test'])
    expect(root.querySelector('tbody .badge-donation')?.textContent).toBe('Donation') // a donation is marked as one
    expect(root.textContent).toContain('Page 1 of 2 (28 orders)')
    expect(m.calls.at(-1)!.query.get('pageSize')).toBe('25')
    expect(m.calls.at(-1)!.query.has('q')).toBe(false) // empty filters are left out

    await click(byText(root, 'button', 'Next')!)
    await waitFor(() => root.textContent?.includes('Page 2 of 2'))
    expect(m.calls.at(-1)!.query.get('page')).toBe('2')

    const search = root.querySelector<HTMLInputElement>('input[type="search"]')!
    await typeInto(search, 'buyer29')
    await click(byText(root, 'button', 'Search')!)
    await waitFor(() => root.querySelectorAll('tbody tr').length === 1)
    expect(root.querySelector('tbody th')?.textContent?.trim()).toBe('#29')
    expect([m.calls.at(-1)!.query.get('q'), m.calls.at(-1)!.query.get('page')]).toEqual(['buyer29', '1'])

    await typeInto(search, '')
    await click(byText(root, 'button', 'Search')!)
    await choose(byLabel<HTMLSelectElement>(root, 'Status'), 'refunded')
    await waitFor(() => root.textContent?.includes('No order matches.'))
    expect(m.calls.at(-1)!.query.get('status')).toBe('refunded')
  })
})
