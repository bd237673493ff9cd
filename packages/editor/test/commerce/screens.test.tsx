// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { byLabel, byText, choose, click, messageFor, typeInto, waitFor, type Rendered } from '../dom.js'
import { collectionsReply } from './fixtures.js'
import { apiUrl, commerceUrl, CRUMB, json, mountCommerce, SITE_ID } from './stub.js'
import { act } from 'react'

let view: Rendered | undefined
afterEach(() => view?.unmount())

const summary = (id: string, title: string, extra: Record<string, unknown>) => ({
  id, collectionId: 'shop', urlId: title.toLowerCase(), title, productType: 1, status: 'published', fullUrl: `/shop/${title.toLowerCase()}`,
  variantCount: 1, stockTotal: 0, unlimitedVariants: 0, outOfStockVariants: 0, onSaleVariants: 0, priceRange: null, variedPrices: false, soldOut: false, onSale: false,
  ...extra,
})
const summaries = [
  summary('p1', 'Tee', { variantCount: 2, stockTotal: 3, outOfStockVariants: 1, onSaleVariants: 1, priceRange: { minCents: 1500, maxCents: 2000 }, variedPrices: true, onSale: true }),
  summary('p2', 'Poster', { status: 'draft', outOfStockVariants: 1, onSaleVariants: 1, priceRange: { minCents: 1000, maxCents: 1000 }, soldOut: true }),
  summary('p3', 'E-book', { productType: 2, unlimitedVariants: 1, priceRange: { minCents: 900, maxCents: 900 } }),
  summary('p4', 'Gift card', { productType: 4, unlimitedVariants: 1, priceRange: { minCents: 2500, maxCents: 2500 } }),
]

describe('products list', () => {
  it('shows the slim rows with badges, stock and prices; searches on the server (title or SKU) and filters by status', async () => {
    const m = await mountCommerce(commerceUrl('products'), {
      [`GET ${apiUrl('/products')}`]: (call) => {
        expect(call.query.get('view')).toBe('summary')
        const q = call.query.get('q')
        if (q === 'TEE-M') return json(200, { products: [summaries[0]], total: 1 })
        if (q === 'poster') return json(200, { products: [summaries[1]], total: 1 })
        return json(200, { products: summaries, total: 4 })
      },
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
    expect(row('E-book').textContent).toContain('Not tracked')
    expect(row('Poster').textContent).toContain('Sold out')
    expect(root.textContent).toContain('4 of 200 products')
    expect(byText(root, 'a', 'New product')!.getAttribute('href')).toBe(commerceUrl('products', 'new', 'shop'))
    expect(m.calls.find((c) => c.path === apiUrl('/products'))!.query.get('pageSize')).toBe('200')

    const search = async (text: string) => {
      await typeInto(byLabel(root, 'Search products'), text)
      await click(byText(root, 'button', 'Search')!)
    }
    await search('poster')
    await waitFor(() => root.querySelectorAll('tbody tr').length === 1)
    expect([...root.querySelectorAll('tbody th a')].map((a) => a.textContent)).toEqual(['Poster'])
    await search('TEE-M')
    await waitFor(() => root.querySelector('tbody th a')?.textContent === 'Tee')
    expect(m.calls.filter((c) => c.query.get('q')).map((c) => c.query.get('q'))).toEqual(['poster', 'TEE-M'])
    await search('')
    await choose(byLabel<HTMLSelectElement>(root, 'Status'), 'draft')
    expect([...root.querySelectorAll('tbody th a')].map((a) => a.textContent)).toEqual(['Poster'])
  })
})

const invRow = (sku: string, title: string, variantText: string, qtyInStock: number, unlimited = false) => ({
  productId: title === 'Tee' ? 'p1' : 'p2', productTitle: title, productType: 1, variantId: `${sku}-id`, sku, attributes: {}, variantText, qtyInStock, unlimited,
})

describe('inventory', () => {
  it('pages through the server inventory with a cursor, filters low stock on the server, and saves stock and unlimited inline', async () => {
    const m = await mountCommerce(commerceUrl('inventory'), {
      [`GET ${apiUrl('/inventory')}`]: (call) => {
        if (call.query.get('lowStock') === '0') return json(200, { variants: [invRow('TEE-S', 'Tee', 'S', 0), invRow('POSTER', 'Poster', '', 0)], nextCursor: null, total: 2 })
        if (call.query.get('cursor') === 'c2') return json(200, { variants: [invRow('POSTER', 'Poster', '', 0)], nextCursor: null, total: 3 })
        return json(200, { variants: [invRow('TEE-S', 'Tee', 'S', 0), invRow('TEE-M', 'Tee', 'M', 3)], nextCursor: 'c2', total: 3 })
      },
      [`PATCH ${apiUrl('/products/p1/variants/TEE-S-id/stock')}`]: (call) =>
        json(200, { stock: { sku: 'TEE-S', variantId: 'TEE-S-id', unlimited: false, qtyInStock: 0, ...(call.body as object) } }),
      [`PATCH ${apiUrl('/products/p1/variants/TEE-M-id/stock')}`]: json(400, {
        error: { type: 'invalid_data', code: 'validation_failed', message: 'Please correct the request field: qtyInStock.', fields: { qtyInStock: 'Too small: expected number to be >=0' } },
      }),
    })
    view = m.view
    const root = view.container
    const skus = () => [...root.querySelectorAll('tbody tr td:nth-child(3)')].map((t) => t.textContent)
    await waitFor(() => root.querySelector('tbody'))
    expect(skus()).toEqual(['TEE-S', 'TEE-M'])
    expect(root.textContent).toContain('3 variants')
    expect(m.calls.at(-1)!.query.get('limit')).toBe('100')
    await click(byText(root, 'button', 'Next')!)
    await waitFor(() => skus().length === 1)
    expect([skus(), m.calls.at(-1)!.query.get('cursor')]).toEqual([['POSTER'], 'c2'])
    await click(byText(root, 'button', 'Previous')!)
    await waitFor(() => skus().length === 2)

    await typeInto(byLabel(root, 'Low stock at or below'), '0')
    await click(byLabel(root, 'Low stock only'))
    await waitFor(() => skus().includes('POSTER'))
    expect(skus()).toEqual(['TEE-S', 'POSTER'])
    expect(m.calls.at(-1)!.query.has('cursor')).toBe(false)
    await click(byLabel(root, 'Low stock only'))
    await waitFor(() => skus().includes('TEE-M'))

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
    await click(byLabel(root, 'Express checkout: the product button reads “Purchase” and goes straight to checkout'))
    await click(byText(root, 'button', 'Save')!)
    await waitFor(() => root.textContent?.includes('Store settings saved'))
    expect(m.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      currency: 'USD',
      instalmentsEnabled: true,
      instalmentMinCents: 3500,
      instalmentMaxCents: 150050,
      multipleQuantityAllowedForServices: false,
      expressCheckout: true,
    })

    await choose(byLabel<HTMLSelectElement>(root, 'Store currency'), 'EUR')
    await click(byText(root, 'button', 'Save')!)
    await waitFor(() => messageFor(byLabel(root, 'Maximum order (EUR)')))
    expect(messageFor(byLabel(root, 'Maximum order (EUR)'))).toBe('Must not be below the minimum.')
  })
})

describe('gift cards', () => {
  it('lists codes and balances, opens the ledger, and issues a card in minor units', async () => {
    const reminders = { consent: true, unsubscribed: false, mailable: true, balanceRemindedAt: '2025-07-16T09:00:00.000Z', expiryNoticedAt: null }
    const card = { id: 'g1', code: 'ABCD-EFGH-JKLM-NPQR', initialCents: 5000, balanceCents: 1250, currency: 'USD', orderId: 'o1', createdAt: '2025-01-15T12:00:00.000Z', expiresAt: '2030-01-15T12:00:00.000Z', reminders }
    const refused = { ...card, id: 'g3', code: 'REFU-SEDX-REFU-SEDX', expiresAt: null, reminders: { ...reminders, consent: false, mailable: false, balanceRemindedAt: null } }
    const m = await mountCommerce(commerceUrl('gift-cards'), {
      [`GET ${apiUrl('/gift-cards')}`]: json(200, { giftCards: [card, refused] }),
      [`GET ${apiUrl('/gift-cards/g1/ledger')}`]: json(200, {
        ledger: [
          { id: 'l1', giftCardId: 'g1', orderId: 'o1', deltaCents: 5000, reason: 'purchase', createdAt: '2025-01-15T12:00:00.000Z' },
          { id: 'l2', giftCardId: 'g1', orderId: 'o2', deltaCents: -3750, reason: 'redemption', createdAt: '2025-01-20T12:00:00.000Z' },
        ],
      }),
      [`POST ${apiUrl('/gift-cards')}`]: (call) =>
        json(201, { giftCard: { ...card, id: 'g2', code: 'WXYZ-WXYZ-WXYZ-WXYZ', orderId: null, expiresAt: null, reminders: { consent: null, unsubscribed: false, mailable: false, balanceRemindedAt: null, expiryNoticedAt: null }, initialCents: (call.body as { amountCents: number }).amountCents, balanceCents: (call.body as { amountCents: number }).amountCents } }),
    })
    view = m.view
    const root = view.container
    await waitFor(() => root.querySelector('tbody'))
    expect(root.querySelector('tbody tr')!.textContent).toContain('$12.50')
    // the expiry and what became of the reminders, by column
    const cells = (code: string) => {
      const row = [...root.querySelectorAll('tbody tr')].find((r) => r.querySelector('th code')?.textContent === code)!
      return Object.fromEntries([...row.querySelectorAll('td[data-label]')].map((td) => [td.getAttribute('data-label'), td.textContent]))
    }
    expect(cells('ABCD-EFGH-JKLM-NPQR')).toMatchObject({ Expires: 'Jan 15, 2030', Reminders: 'Sent: balance reminder Jul 16, 2025' })
    expect(cells('REFU-SEDX-REFU-SEDX')).toMatchObject({ Expires: 'Never', Reminders: 'Refused at purchase' })
    expect([...root.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Code', 'Issued', 'Amount', 'Balance', 'Expires', 'Reminders', 'Ledger'])
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
    expect(cells('WXYZ-WXYZ-WXYZ-WXYZ')).toMatchObject({ Expires: 'Never', Reminders: 'None (issued by you)' })
    expect(m.calls.find((c) => c.method === 'POST')!.body).toEqual({ amountCents: 2000 })
  })
  it("gift-card reminder settings: shows the country's rule, a refused expiry shows by its field, a save sends whole numbers", async () => {
    const settings = { balanceReminder: false, balanceMonths: 6, expiryMonths: null, noticeDays: 30, country: 'US' }
    const m = await mountCommerce(commerceUrl('gift-cards'), {
      [`GET ${apiUrl('/gift-cards')}`]: json(200, { giftCards: [] }),
      [`GET ${apiUrl('/gift-card-reminder-settings')}`]: json(200, { settings }),
      [`PUT ${apiUrl('/gift-card-reminder-settings')}`]: (call) => {
        const body = call.body as typeof settings
        return body.country === 'CA'
          ? json(400, { error: { type: 'invalid_data', code: 'gift_card_expiry_not_allowed', message: 'Gift cards may not expire in this country.', fields: { expiryMonths: 'Gift cards may not expire in this country.' } } })
          : json(200, { settings: body })
      },
    })
    view = m.view
    const root = view.container
    await waitFor(() => root.querySelector('[aria-label="Gift-card reminders"] input'))
    expect(root.textContent).toContain('no sooner than 60 months')
    await typeInto(byLabel(root, 'Shop country (two letters)'), 'ca')
    expect(root.textContent).toContain('Gift cards may not expire in this country.')
    await typeInto(byLabel(root, 'New cards expire after (months, optional)'), '24')
    await click(byText(root, 'button', 'Save settings')!)
    await waitFor(() => messageFor(byLabel(root, 'New cards expire after (months, optional)')) === 'Gift cards may not expire in this country.')
    // the refusal is said once: by its field, neither again above the form nor in the rule's hint
    const form = root.querySelector('[aria-label="Gift-card reminders"]')!
    expect(form.textContent!.split('Gift cards may not expire in this country.').length - 1).toBe(1)
    await typeInto(byLabel(root, 'Shop country (two letters)'), 'US')
    await typeInto(byLabel(root, 'New cards expire after (months, optional)'), '60')
    await click(byText(root, 'button', 'Save settings')!)
    await waitFor(() => root.textContent?.includes('Gift-card reminder settings saved.'))
    expect(m.calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ ...settings, expiryMonths: 60 })
  })
})
