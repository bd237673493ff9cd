// @vitest-environment jsdom
// Commerce > Reviews (filters, approve / hide, reply, export link, Etsy import) and Commerce > Restock (groups,
// sign-ups, send, send all, automatic send) against the stubbed owner API.
import { afterEach, describe, expect, it } from 'vitest'
import { act } from 'react'
import { byLabel, byText, choose, click, waitFor, type Rendered } from '../dom.js'
import { commerceUrl, json, mountCommerce, SITE_ID, type Call } from './stub.js'

let view: Rendered | undefined
afterEach(() => view?.unmount())

const site = (rest: string) => `/api/sites/${SITE_ID}${rest}`
const review = (id: string, extra: Record<string, unknown>) => ({
  id, starRating: 4, reviewDate: '2026-03-02T10:00:00.000Z', createdAt: '2026-03-02T10:00:00.000Z', text: `Text ${id}`, userFirstName: 'Ann', userLastName: 'Lee', userLoginName: '', userName: '',
  productId: 'p1', sourceType: 'NATIVE', verifiedPurchase: false, status: 'pending', ...extra,
})

describe('reviews screen', () => {
  it('filters by status and product (store reviews = productId ""), approves, replies, hides; export link; Etsy import', async () => {
    let rows = [review('r1', { verifiedPurchase: true }), review('r2', { productId: null, sourceType: 'ETSY', importedProductName: 'Old mug', status: 'approved' })]
    const m = await mountCommerce(commerceUrl('reviews'), {
      [`GET ${site('/commerce/products')}`]: json(200, { products: [{ id: 'p1', title: 'Clay mug' }], total: 1 }),
      [`GET ${site('/reviews')}`]: () => json(200, { reviews: rows, total: rows.length, nextPage: null }),
      [`PATCH ${site('/reviews/r1')}`]: (call: Call) => {
        rows = rows.map((r) => (r.id === 'r1' ? { ...r, ...(call.body as object) } : r))
        return json(200, { review: rows[0] })
      },
      [`POST ${site('/reviews/import')}`]: json(200, { imported: 2, duplicates: 1, skipped: 0 }),
    })
    view = m.view
    const root = view.container
    const item = (text: string) => [...root.querySelectorAll<HTMLElement>('.review-admin')].find((li) => li.textContent?.includes(text))!
    await waitFor(() => item('Text r1'))
    expect(item('Text r1').querySelector('h2')!.textContent).toBe('Ann Lee on Clay mug')
    expect(item('Text r1').textContent).toContain('Verified purchase')
    expect(item('Text r2').textContent).toContain('Old mug (imported)')
    expect(item('Text r2').textContent).toContain('Posted on Etsy')
    expect(byText(root, 'a', 'Export CSV')!.getAttribute('href')).toBe(site('/reviews/export.csv'))

    await choose(byLabel<HTMLSelectElement>(root, 'Status'), 'pending')
    await choose(byLabel<HTMLSelectElement>(root, 'Product'), '')
    await waitFor(() => m.calls.some((c) => c.path === site('/reviews') && c.query.get('productId') === ''))
    expect(m.calls.filter((c) => c.path === site('/reviews')).at(-1)!.query.get('status')).toBe('pending')

    await click(byText(item('Text r1'), 'button', 'Approve')!)
    await waitFor(() => item('Text r1').textContent?.includes('Approved'))
    expect(m.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ status: 'approved' }])
    await click(byText(item('Text r1'), 'button', 'Reply')!)
    const box = byLabel<HTMLTextAreaElement>(item('Text r1'), 'Reply (shown under the review on the site)')
    await act(async () => {
      const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!
      set.call(box, 'Thanks!')
      box.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await click(byText(item('Text r1'), 'button', 'Save reply')!)
    await waitFor(() => item('Text r1').textContent?.includes('Your reply: Thanks!'))
    await click(byText(item('Text r1'), 'button', 'Hide')!)
    await waitFor(() => item('Text r1').textContent?.includes('Hidden'))
    expect(m.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ status: 'approved' }, { reply: 'Thanks!' }, { status: 'hidden' }])

    const file = new File(['{"reviews":[]}'], 'etsy.json', { type: 'application/json' })
    const input = root.querySelector<HTMLInputElement>('input[type=file]')!
    Object.defineProperty(input, 'files', { value: [file], configurable: true })
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }))
    })
    await waitFor(() => root.querySelector('.notice'))
    expect(root.querySelector('.notice')!.textContent).toBe('Imported 2 reviews, 1 already there.')
    expect(m.calls.find((c) => c.path === site('/reviews/import'))!.body).toEqual({ format: 'json', data: '{"reviews":[]}' })
  })
})

describe('restock screen', () => {
  it('lists groups with counts and stock, opens the sign-ups, sends one group and all sendable groups, toggles automatic send', async () => {
    const group = (variantId: string, qtyInStock: number, waiting: number) => ({
      productId: 'p1', variantId, productTitle: 'Wool hat', attributes: { Size: variantId }, qtyInStock, unlimited: false, waiting, notified: 0, firstSignUpOn: 0,
    })
    const m = await mountCommerce(commerceUrl('restock'), {
      [`GET ${site('/restock/groups')}`]: json(200, { signUpGroups: [group('S', 2, 3), group('M', 0, 1), group('L', 5, 2)], hasNextPage: false, nextPageCursor: null }),
      [`GET ${site('/restock')}`]: json(200, { signUps: [{ id: 's1', email: 'fan@example.com', productId: 'p1', variantId: 'S', isJoinMailingList: true, createdOn: 0, notifiedOn: null }], hasNextPage: false, nextPageCursor: null }),
      [`POST ${site('/restock/send')}`]: json(200, { notified: 2 }),
      [`POST ${site('/restock/send/all')}`]: json(200, { results: [{ productId: 'p1', variantId: 'S', notified: 2 }, { productId: 'p1', variantId: 'L', notified: 2 }] }),
      [`GET ${site('/restock-settings')}`]: json(200, { config: { autoSend: false } }),
      [`PATCH ${site('/restock-settings')}`]: json(200, { config: { autoSend: true } }),
    })
    view = m.view
    const root = view.container
    const row = (size: string) => [...root.querySelectorAll<HTMLElement>('.restock-groups > tbody > tr')].find((r) => r.querySelector('th')?.textContent === `Wool hat (Size: ${size})`)!
    await waitFor(() => row('S'))
    expect([...row('S').querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)).toEqual(['2 in stock', '3', '0'])
    expect(row('M').textContent).toContain('Sold out')
    expect(byText(row('M'), 'button', 'Send')!.hasAttribute('disabled')).toBe(true)

    await click(byText(row('S'), 'button', 'Sign-ups')!)
    await waitFor(() => root.querySelector('.restock-signups'))
    expect(root.querySelector('.restock-signups tbody')!.textContent).toContain('fan@example.com')
    expect(m.calls.find((c) => c.path === site('/restock'))!.query.toString()).toBe('productId=p1&variantId=S')

    await click(byText(row('S'), 'button', 'Send')!)
    await waitFor(() => root.querySelector('.notice'))
    expect(root.querySelector('.notice')!.textContent).toBe('Sent 2 restock alerts.')
    expect(m.calls.find((c) => c.path === site('/restock/send'))!.body).toEqual({ productId: 'p1', variantId: 'S' })

    await click(byText(root, 'button', 'Send all (2)')!)
    await waitFor(() => root.querySelector('.notice')?.textContent === 'Sent 4 restock alerts.')
    expect(m.calls.find((c) => c.path === site('/restock/send/all'))!.body).toEqual({ sendRequests: [{ productId: 'p1', variantId: 'S' }, { productId: 'p1', variantId: 'L' }] })

    const auto = byLabel(root, 'Send alerts automatically when stock returns')
    expect(auto.checked).toBe(false)
    await click(auto)
    await waitFor(() => m.calls.some((c) => c.method === 'PATCH'))
    expect(m.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ autoSend: true })
    expect(auto.checked).toBe(true)
  })
})
