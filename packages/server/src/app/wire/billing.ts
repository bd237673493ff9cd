// Plans and feature flags. Needs: sites, commerce's payment provider.
import { createBilling } from '../../domains/billing/index.js'
import type { Commerce } from '../../domains/commerce/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { Base } from './base.js'

export function wireBilling(base: Base, { sites, commerce }: { sites: Sites; commerce: Commerce }) {
  return createBilling(base.db.orm, {
    siteFacts: (siteId) => sites.get(siteId),
    payments: commerce.paymentProvider,
    onChange: base.invalidatePages,
    invalidation: base.cluster.pages,
  })
}
