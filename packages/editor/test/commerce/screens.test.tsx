// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { byLabel, byText, choose, click, messageFor, typeInto, waitFor, type Rendered } from '../dom.js'
import { collectionsReply, productView } from './fixtures.js'
import { apiUrl, commerceUrl, CRUMB, json, mountCommerce, SITE_ID } from './stub.js'
import { act } from 'react'

let view: Rendered | undefined
afterEach(() => view?.unmount())

const products = [
  productView({ id: 'p1', title: 'Tee', variantOptions: [{ name: 'Size', values: ['S', 'M'] }], variants: [
    { sku: 'TEE-S', attributes: { Size: 'S' }, price: 2000, qtyInStock: 0 },
    { sku: 'TEE-M', attributes: { Size: 'M' }, price: 2000, salePrice: 1500, onSale: true, qtyInStock: 3 },
  ] }),
  productView({ id: 'p2', title: 'Poster', status: 'draft', variants: [{ sku: 'POSTER', price: 1000, onSale: true, qtyInStock: 0 }] }),
  productView({ id: 'p3', title: 'E-book', productType: 2, variants: [{ sku: 'EBOOK', price: 900, unlimited: true }] }),
  productView({ id: 'p4', title: 'Gift card', productType: 4, variants: [{ sku: 'GC', price: 2500, unlimited: false, qtyInStock: 0 }] }),
]

describe('products list', () => {
  it('shows the storefront badges and stock, and searches and filters', async () => {
    const m = await mountCommerce(commerceUrl('products'), {
      [`GET ${apiUrl('/products')}`]: json(200, { products, total: 4 }),
      [`GET /api/sites/${SITE_ID}/content/collections`]: json(200, collectionsReply),
    })
    view = m.view
    const root = view.container
    await waitFor(() => root.querySelector('tbody'))
    const row = (title: string) => [...root.querySelectorAll('tbody tr')].find((r) => r.querySelector('th a')?.textContent === title)!
    const badges = (title: string) => [...row(title).querySelectorAll('.badge')].map((b) => b.textContent)
    expect(badges('Tee')).toEqual(['On sale'])
    expect(badges('Poster')).toEqual(['Sold out'])
    expect(badges('E-book')).toEqual([])
    expect(badges('Gift card')).toEqual([])
    expect(row('Tee').textContent).toContain('3 in stock · 1 of 2 variants sold out')
    expect(row('Tee').textContent).toContain('$15.00 – $20.00')
    expect(root.textContent).toContain('4 of 200 products')
    expect(byText(root, 'a', 'New product')!.getAttribute('href')).toBe(commerceUrl('products', 'new', 'shop'))
    expect(m.calls.find((c) => c.path === apiUrl('/products'))!.query.get('pageSize')).toBe('200')

    await typeInto(byLabel(root, 'Search products'), 'poster')
    expect([...root.querySelectorAll('tbody th a')].map((a) => a.textContent)).toEqual(['Poster'])
    await typeInto(byLabel(root, 'Search products'), 'TEE-M')
    expect([...root.querySelectorAll('tbody th a')].map((a) => a.textContent)).toEqual(['Tee'])
    await typeInto(byLabel(root, 'Search products'), '')
    await choose(byLabel<HTMLSelectElement>(root, 'Status'), 'draft')
    expect([...root.querySelectorAll('tbody th a')].map((a) => a.textContent)).toEqual(['Poster'])
  })
})

describe('inventory', () => {
  it('lists tracked variants, filters low stock, and saves stock and unlimited inline', async () => {
    const m = await mountCommerce(commerceUrl('inventory'), {
      [`GET ${apiUrl('/products')}`]: json(200, { products, total: 4 }),
      [`PATCH ${apiUrl('/products/p1/variants/p1-v0/stock')}`]: (call) =>
        json(200, { stock: { sku: 'TEE-S', variantId: 'p1-v0', unlimited: false, qtyInStock: 0, ...(call.body as object) } }),
      [`PATCH ${apiUrl('/products/p1/variants/p1-v1/stock')}`]: json(400, {
        error: { type: 'invalid_data', code: 'validation_failed', message: 'Please correct the request field: qtyInStock.', fields: { qtyInStock: 'Too small: expected number to be >=0' } },
      }),
    })
    view = m.view
    const root = view.container
    await waitFor(() => root.querySelector('tbody'))
    // Digital products and gift cards keep no stock: only the tee's and poster's variants.
    expect([...root.querySelectorAll('tbody tr td:nth-child(3)')].map((t) => t.textContent)).toEqual(['TEE-S', 'TEE-M', 'POSTER'])
    await typeInto(byLabel(root, 'Low stock at or below'), '0')
    await click(byLabel(root, 'Low stock only'))
    expect([...root.querySelectorAll('tbody tr td:nth-child(3)')].map((t) => t.textContent)).toEqual(['TEE-S', 'POSTER'])
    await click(byLabel(root, 'Low stock only'))

    const stock = root.querySelector<HTMLInputElement>('[aria-label="Stock of Tee S"]')!
    await typeInto(stock, '12')
    await act(async () => stock.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })))
    await waitFor(() => m.calls.some((c) => c.method === 'PATCH'))
    const patch = m.calls.find((c) => c.method === 'PATCH')!
    expect([patch.body, patch.crumb]).toEqual([{ qtyInStock: 12 }, CRUMB])
    await waitFor(() => root.textContent?.includes('Saved'))

    await click(root.querySelector('[aria-label="Tee S unlimited"]')!)
    await waitFor(() => m.calls.filter((c) => c.method === 'PATCH').length === 2)
    expect(m.calls.filter((c) => c.method === 'PATCH')[1]!.body).toEqual({ unlimited: true })
    await waitFor(() => root.querySelector<HTMLInputElement>('[aria-label="Stock of Tee S"]')!.disabled)

    const bad = root.querySelector<HTMLInputElement>('[aria-label="Stock of Tee M"]')!
    await typeInto(bad, '1.5')
    await act(async () => bad.dispatchEvent(new FocusEvent('focusout', { bubbles: true })))
    expect(messageFor(bad)).toBe('Enter a whole number from 0 to 10,000,000.')
    await typeInto(bad, '7')
    await act(async () => bad.dispatchEvent(new FocusEvent('focusout', { bubbles: true })))
    await waitFor(() => messageFor(bad))
    expect(messageFor(bad)).toBe('Too small: expected number to be >=0')
  })
})

describe('store settings', () => {
  it('sends the instalment bounds in minor units and shows the messages under the fields', async () => {
    const m = await mountCommerce(commerceUrl('settings'), {
      [`PATCH ${apiUrl('/settings')}`]: (call) => {
        const b = call.body as Record<string, unknown>
        if (b.currency === 'EUR')
          return json(400, { error: { type: 'invalid_data', code: 'validation_failed', message: 'The instalment maximum must not be below the minimum.', fields: { instalmentMaxCents: 'Must not be below the minimum.' } } })
        return json(200, { settings: { instalmentsEnabled: true, multipleQuantityAllowedForServices: true, ...b } })
      },
    })
    view = m.view
    const root = view.container
    await waitFor(() => root.querySelector('form.store-settings'))
    expect(byLabel(root, 'Minimum order (USD)').value).toBe('35.00')
    expect(byLabel(root, 'Maximum order (USD)').value).toBe('2000.00')
    await typeInto(byLabel(root, 'Maximum order (USD)'), '20')
    await click(byText(root, 'button', 'Save')!)
    expect(messageFor(byLabel(root, 'Maximum order (USD)'))).toBe('Must not be below the minimum.')
    expect(m.calls.some((c) => c.method === 'PATCH')).toBe(false)

    await typeInto(byLabel(root, 'Maximum order (USD)'), '1,500.50')
    await click(byLabel(root, 'Allow buying a service in quantities above one'))
    await click(byText(root, 'button', 'Save')!)
    await waitFor(() => root.textContent?.includes('Store settings saved'))
    expect(m.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      currency: 'USD',
      instalmentsEnabled: true,
      instalmentMinCents: 3500,
      instalmentMaxCents: 150050,
      multipleQuantityAllowedForServices: false,
    })

    await choose(byLabel<HTMLSelectElement>(root, 'Store currency'), 'EUR')
    await click(byText(root, 'button', 'Save')!)
    await waitFor(() => messageFor(byLabel(root, 'Maximum order (EUR)')))
    expect(messageFor(byLabel(root, 'Maximum order (EUR)'))).toBe('Must not be below the minimum.')
  })
})

describe('gift cards', () => {
  it('lists codes and balances, opens the ledger, and issues a card in minor units', async () => {
    const card = { id: 'g1', code: 'ABCD-EFGH-JKLM-NPQR', initialCents: 5000, balanceCents: 1250, currency: 'USD', orderId: 'o1', createdAt: '2025-01-15T12:00:00.000Z' }
    const m = await mountCommerce(commerceUrl('gift-cards'), {
      [`GET ${apiUrl('/gift-cards')}`]: json(200, { giftCards: [card] }),
      [`GET ${apiUrl('/gift-cards/g1/ledger')}`]: json(200, {
        ledger: [
          { id: 'l1', giftCardId: 'g1', orderId: 'o1', deltaCents: 5000, reason: 'purchase', createdAt: '2025-01-15T12:00:00.000Z' },
          { id: 'l2', giftCardId: 'g1', orderId: 'o2', deltaCents: -3750, reason: 'redemption', createdAt: '2025-01-20T12:00:00.000Z' },
        ],
      }),
      [`POST ${apiUrl('/gift-cards')}`]: (call) =>
        json(201, { giftCard: { ...card, id: 'g2', code: 'WXYZ-WXYZ-WXYZ-WXYZ', orderId: null, initialCents: (call.body as { amountCents: number }).amountCents, balanceCents: (call.body as { amountCents: number }).amountCents } }),
    })
    view = m.view
    const root = view.container
    await waitFor(() => root.querySelector('tbody'))
    expect(root.querySelector('tbody tr')!.textContent).toContain('$12.50')
    await click(byText(root, 'button', 'Show ledger')!)
    const ledger = await waitFor(() => root.querySelector('[aria-label="Ledger of ABCD-EFGH-JKLM-NPQR"] tbody'))
    expect([...ledger.querySelectorAll('tr')].map((r) => [r.children[1]!.textContent, r.children[2]!.textContent])).toEqual([
      ['+$50.00', 'Bought'],
      ['-$37.50', 'Spent'],
    ])
    await typeInto(byLabel(root, 'Issue a gift card (USD)'), '0')
    await click(byText(root, 'button', 'Issue')!)
    expect(messageFor(byLabel(root, 'Issue a gift card (USD)'))).toBe('The amount must be above zero.')
    await typeInto(byLabel(root, 'Issue a gift card (USD)'), '20')
    await click(byText(root, 'button', 'Issue')!)
    await waitFor(() => root.textContent?.includes('WXYZ-WXYZ-WXYZ-WXYZ'))
    expect(m.calls.find((c) => c.method === 'POST')!.body).toEqual({ amountCents: 2000 })
  })
})
