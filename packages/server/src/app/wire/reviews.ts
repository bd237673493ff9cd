// Product and store reviews. Needs: sites, commerce (product titles).
import type { Accounts } from '../../domains/accounts/index.js'
import { STORE_ROLES, type Commerce } from '../../domains/commerce/index.js'
import { createReviews } from '../../domains/reviews/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { Base } from './base.js'

export function wireReviews(
  base: Base,
  { sites, accounts, commerce }: { sites: Sites; accounts: Accounts; commerce: Commerce },
) {
  return createReviews(base.db.orm, {
    authorize: (request, siteId) => sites.authorize(accounts.auth, request, siteId, STORE_ROLES),
    productTitles: (siteId) => commerce.productTitles(siteId),
    onChange: base.invalidatePages,
  })
}
