// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import type { ReviewPage } from './model.js'
import { initReviewsSection, type FetchPage } from './section.js'

function slot(productId = 'p1'): HTMLElement {
  document.body.innerHTML = `<div data-store-slot="product-reviews" data-product-id="${productId}"></div>`
  return document.querySelector('[data-store-slot]')!
}
const review = (id: string, extra: object = {}) => ({ id, starRating: 4, text: `text ${id}`, userName: `User ${id}`, reviewDate: '2026-01-02T00:00:00Z', ...extra })

/** A fake server over two lists: the product's and the store's. */
function server(productList: object[], storeList: object[]): FetchPage & { calls: object[] } {
  const calls: object[] = []
  const f = async (q: { productId?: string; page: number; size: number }): Promise<ReviewPage> => {
    calls.push(q)
    const list = (q.productId ? productList : storeList) as ReviewPage['productReviews']
    const part = list.slice(q.page * q.size, q.page * q.size + q.size)
    return { productReviews: part, nextPage: (q.page + 1) * q.size < list.length ? q.page + 1 : null }
  }
  return Object.assign(f, { calls })
}

describe('reviews section', () => {
  it('shows a loading indicator, then product reviews before store reviews with counts', async () => {
    const s = slot()
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const base = server([review('a'), review('b', { starRating: '5' })], [review('a'), review('c'), review('d', { sourceType: 'ETSY' })])
    const p = initReviewsSection(s, { fetchPage: async (q) => (await gate, base(q)), report: vi.fn() })
    expect(s.querySelector('.product-reviews-loading')?.textContent).toBe('Loading reviews…')
    release()
    await p
    expect(s.querySelector('.product-reviews-loading')).toBeNull()
    expect(s.querySelector('.product-reviews-count')?.textContent).toBe('2 Review(s)')
    expect(s.querySelector('.product-reviews-store-count')?.textContent).toBe('3 Store Review(s)')
    const texts = [...s.querySelectorAll('.product-review-text')].map((e) => e.textContent)
    expect(texts).toEqual(['text a', 'text b', 'text c', 'text d'])
    expect(s.querySelector('.product-review-source')?.textContent).toBe('Posted on Etsy')
    expect(s.querySelectorAll('.product-reviews-summary .review-star--half').length).toBe(1) // average 4.5
    expect((s.querySelector('.product-reviews-more') as HTMLButtonElement).hidden).toBe(true)
  })

  it('shows nothing when neither the product nor the store has a review', async () => {
    const s = slot()
    await initReviewsSection(s, { fetchPage: server([], []), report: vi.fn() })
    expect(s.hidden).toBe(true)
    expect(s.querySelector('.product-review')).toBeNull()
    expect(s.querySelector('.product-reviews-loading')).toBeNull()
  })

  it("'See More Reviews' loads the next page and hides when no page remains", async () => {
    const s = slot()
    const store = Array.from({ length: 23 }, (_, i) => review(`s${i}`))
    const f = server([], store)
    await initReviewsSection(s, { fetchPage: f, report: vi.fn() })
    const more = s.querySelector<HTMLButtonElement>('.product-reviews-more')!
    expect(more.hidden).toBe(false)
    expect(more.textContent).toBe('See More Reviews')
    expect(s.querySelectorAll('.product-review').length).toBe(10)
    more.click()
    await vi.waitFor(() => expect(s.querySelectorAll('.product-review').length).toBe(20))
    expect(more.hidden).toBe(false)
    more.click()
    await vi.waitFor(() => expect(s.querySelectorAll('.product-review').length).toBe(23))
    expect(more.hidden).toBe(true)
    expect(s.querySelector('.product-reviews-store-count')?.textContent).toBe('23 Store Review(s)')
  })

  it('hides the button when a click returns nothing', async () => {
    const s = slot()
    let n = 0
    const f: FetchPage = async (q) => (q.size === 10 && q.page === 0 && !q.productId ? { productReviews: [review('x')], nextPage: 1 } : q.page > 0 ? (n++, { productReviews: [], nextPage: 2 }) : { productReviews: [], nextPage: null })
    await initReviewsSection(s, { fetchPage: f, report: vi.fn() })
    const more = s.querySelector<HTMLButtonElement>('.product-reviews-more')!
    more.click()
    await vi.waitFor(() => expect(more.hidden).toBe(true))
    expect(n).toBe(1)
  })

  it('escapes review text and reports load errors, hiding the indicator', async () => {
    const s = slot()
    await initReviewsSection(s, { fetchPage: server([review('a', { text: '<script>alert("x")</script>' })], []), report: vi.fn() })
    expect(s.querySelector('script')).toBeNull()
    expect(s.querySelector('.product-review-text')?.textContent).toBe('<script>alert("x")</script>')
    const s2 = slot()
    const report = vi.fn()
    await initReviewsSection(s2, { fetchPage: async () => Promise.reject(new Error('HTTP 500')), report })
    expect(report).toHaveBeenCalledOnce()
    expect(s2.querySelector('.product-reviews-loading')).toBeNull()
    expect(s2.dataset.reviewsState).toBe('error')
  })

  it('counts above 999 store reviews as 1000+', async () => {
    const s = slot()
    const store = Array.from({ length: 1001 }, (_, i) => review(`s${i}`))
    await initReviewsSection(s, { fetchPage: server([], store), report: vi.fn() })
    expect(s.querySelector('.product-reviews-store-count')?.textContent).toBe('1000+ Store Reviews')
  })
})
