// Chunk 'product-reviews': fills every reviews slot of the page (a product page has one).
import type { PageModule } from '../page-module.js'
import { createReviewsFetch, initReviewsSection } from './section.js'

function report(e: unknown): void {
  console.error('Unable to load reviews', e)
  window.dispatchEvent(new CustomEvent('sitewright:error', { detail: { source: 'product-reviews', error: String(e) } }))
}

export const init: PageModule['init'] = (doc, deps) => {
  const fetchPage = createReviewsFetch(deps.win.fetch.bind(deps.win))
  for (const slot of doc.querySelectorAll<HTMLElement>('[data-store-slot="product-reviews"]')) {
    void initReviewsSection(slot, { fetchPage, report, locale: doc.documentElement.lang || undefined })
  }
}
