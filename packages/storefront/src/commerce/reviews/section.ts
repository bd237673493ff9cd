// The product page's reviews section: a loading indicator, then the product's reviews, then the store's, with
// counts, average stars and 'See More Reviews'. Nothing is shown when neither list has a review; a load error is
// reported (console and the page's error hook) and the indicator hidden.
import {
  COUNT_LIMIT, PAGE_SIZE, SEE_MORE, VERIFIED_PURCHASE, average, countLabel, countOf, escapeReviewText, parseRating, photoOf, productImageOf,
  reviewDateText, reviewerName, sourceNote, stars, withoutShown, type Review, type ReviewPage,
} from './model.js'

export type FetchPage = (q: { productId?: string; page: number; size: number }) => Promise<ReviewPage>

export function createReviewsFetch(fetchImpl: typeof fetch = fetch): FetchPage {
  return async ({ productId, page, size }) => {
    const qs = new URLSearchParams({ page: String(page), size: String(size) })
    if (productId) qs.set('productId', productId)
    const res = await fetchImpl(`/api/commerce/product/reviews?${qs}`, { credentials: 'same-origin', headers: { accept: 'application/json' } })
    if (!res.ok) throw new Error(`Reviews request failed: HTTP ${res.status}`)
    const body = (await res.json()) as { data?: Partial<ReviewPage> }
    const list = Array.isArray(body.data?.productReviews) ? body.data.productReviews : []
    return { productReviews: list, nextPage: typeof body.data?.nextPage === 'number' ? body.data.nextPage : null }
  }
}

const attr = escapeReviewText

export function starsHtml(rating: number, label: string): string {
  const icons = stars(rating)
    .map((k) => `<span class="review-star review-star--${k}" aria-hidden="true"></span>`)
    .join('')
  return `<span class="review-stars" role="img" aria-label="${attr(label)}">${icons}</span>`
}

export function reviewHtml(r: Review, locale?: string): string {
  const rating = parseRating(r.starRating) ?? 0
  const img = productImageOf(r)
  const photo = photoOf(r)
  const note = sourceNote(r)
  const date = reviewDateText(r, locale)
  return `<li class="product-review">
  ${starsHtml(rating, `Rated ${rating} out of 5`)}
  <p class="product-review-meta"><span class="product-review-author">${escapeReviewText(reviewerName(r))}</span>${date ? ` <span class="product-review-date">${escapeReviewText(date)}</span>` : ''}${r.verifiedPurchase ? ` <span class="product-review-verified">${VERIFIED_PURCHASE}</span>` : ''}${note ? ` <span class="product-review-source">${note}</span>` : ''}</p>
  ${r.importedProductName || img ? `<p class="product-review-product">${img ? `<img src="${attr(img)}" alt="" loading="lazy" width="48" height="48">` : ''}${r.importedProductName ? `<span>${escapeReviewText(r.importedProductName)}</span>` : ''}</p>` : ''}
  ${r.text ? `<p class="product-review-text">${escapeReviewText(r.text)}</p>` : ''}
  ${photo ? `<img class="product-review-photo" src="${attr(photo)}" alt="Photo from ${attr(reviewerName(r))}" loading="lazy">` : ''}
  ${r.reply ? `<p class="product-review-reply"><strong>Reply from the shop:</strong> ${escapeReviewText(r.reply)}</p>` : ''}
</li>`
}

export interface SectionDeps {
  fetchPage: FetchPage
  report: (e: unknown) => void
  locale?: string
}

/** Fills one reviews slot; resolves when the first pages are shown (or nothing is). */
export async function initReviewsSection(slot: HTMLElement, deps: SectionDeps): Promise<void> {
  const productId = slot.dataset.productId || undefined
  const doc = slot.ownerDocument
  const loading = doc.createElement('div')
  loading.className = 'product-reviews-loading'
  loading.setAttribute('role', 'status')
  loading.textContent = 'Loading reviews…'
  slot.replaceChildren(loading)
  slot.setAttribute('aria-busy', 'true')
  const done = () => {
    loading.remove()
    slot.removeAttribute('aria-busy')
  }
  let first: [ReviewPage, ReviewPage, ReviewPage, ReviewPage]
  try {
    first = await Promise.all([
      productId ? deps.fetchPage({ productId, page: 0, size: PAGE_SIZE }) : Promise.resolve({ productReviews: [], nextPage: null }),
      deps.fetchPage({ page: 0, size: PAGE_SIZE }),
      productId ? deps.fetchPage({ productId, page: 0, size: COUNT_LIMIT }) : Promise.resolve({ productReviews: [], nextPage: null }),
      deps.fetchPage({ page: 0, size: COUNT_LIMIT }),
    ])
  } catch (e) {
    done()
    slot.dataset.reviewsState = 'error'
    deps.report(e)
    return
  }
  done()
  const [product, store, productCount, storeCount] = first
  if (!product.productReviews.length && !store.productReviews.length) {
    slot.dataset.reviewsState = 'empty'
    slot.hidden = true
    return
  }
  slot.dataset.reviewsState = 'shown'
  const shown = new Set(product.productReviews.map((r) => r.id).filter((x): x is string => !!x))
  const avg = average(productCount.productReviews)
  const productList = product.productReviews.map((r) => reviewHtml(r, deps.locale)).join('')
  const storeFirst = withoutShown(store.productReviews, shown)
  slot.innerHTML = `<section class="product-reviews-section" aria-labelledby="reviews-title">
  <h2 id="reviews-title" class="product-reviews-title">Reviews</h2>
  ${product.productReviews.length ? `<div class="product-reviews-summary">${avg !== null ? starsHtml(avg, `Average rating ${avg.toFixed(1)} out of 5`) : ''} <span class="product-reviews-count">${countLabel(countOf(productCount), false)}</span></div>
  <ul class="product-reviews-list" data-reviews-list="product">${productList}</ul>` : ''}
  <h3 class="product-reviews-store-title"><span class="product-reviews-store-count">${countLabel(countOf(storeCount), true)}</span></h3>
  <ul class="product-reviews-list" data-reviews-list="store">${storeFirst.map((r) => reviewHtml(r, deps.locale)).join('')}</ul>
  <button type="button" class="product-reviews-more sqs-editable-button"${store.nextPage === null && product.nextPage === null ? ' hidden' : ''}>${SEE_MORE}</button>
</section>`
  const more = slot.querySelector<HTMLButtonElement>('.product-reviews-more')!
  const lists = { product: slot.querySelector('[data-reviews-list="product"]'), store: slot.querySelector('[data-reviews-list="store"]')! }
  let productNext = product.nextPage
  let storeNext = store.nextPage
  more.addEventListener('click', async () => {
    more.disabled = true
    try {
      const fromProduct = productNext !== null && productId !== undefined && lists.product !== null
      const page = await deps.fetchPage(fromProduct ? { productId, page: productNext!, size: PAGE_SIZE } : { page: storeNext ?? 0, size: PAGE_SIZE })
      if (fromProduct) {
        productNext = page.nextPage
        page.productReviews.forEach((r) => r.id && shown.add(r.id))
        lists.product!.insertAdjacentHTML('beforeend', page.productReviews.map((r) => reviewHtml(r, deps.locale)).join(''))
      } else {
        storeNext = page.nextPage
        lists.store.insertAdjacentHTML('beforeend', withoutShown(page.productReviews, shown).map((r) => reviewHtml(r, deps.locale)).join(''))
      }
      if (!page.productReviews.length || (productNext === null && storeNext === null)) more.hidden = true
    } catch (e) {
      deps.report(e)
    } finally {
      more.disabled = false
    }
  })
}
