// Product and store reviews and the review request of an order. Needs: sites, commerce (product titles, orders),
// files (review photos).
import type { Accounts } from '../../domains/accounts/index.js'
import { STORE_ROLES, type Commerce } from '../../domains/commerce/index.js'
import { createReviews } from '../../domains/reviews/index.js'
import type { Files } from '../../domains/files/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { Base } from './base.js'

export async function wireReviews(
  base: Base,
  { sites, accounts, commerce, files }: { sites: Sites; accounts: Accounts; commerce: Commerce; files: Files },
) {
  return createReviews(base.db.orm, {
    authorize: (request, siteId) => sites.authorize(accounts.auth, request, siteId, STORE_ROLES),
    productTitles: (siteId) => commerce.productTitles(siteId),
    onChange: base.invalidatePages,
    events: base.events,
    secret: await base.secret('review-request'),
    orderById: (siteId, orderId) => commerce.orderById(siteId, orderId),
    storeReviewPhoto: async (siteId, filename, bytes) => {
      const asset = await files.storeBuffer(siteId, filename, bytes)
      if (asset.kind !== 'image') throw new Error('not an image')
      return asset.assetUrl
    },
    renderPage: base.renderSystemPage,
  })
}
