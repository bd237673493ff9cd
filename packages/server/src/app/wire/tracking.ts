// Analytics. Needs: sites, forms (conversions), commerce (sales; a confirmed order is recorded with its revenue).
import type { Accounts } from '../../domains/accounts/index.js'
import type { Commerce } from '../../domains/commerce/index.js'
import type { Forms } from '../../domains/forms/index.js'
import type { Sites } from '../../domains/sites/index.js'
import { createTracking } from '../../domains/tracking/index.js'
import type { Base } from './base.js'

/** An order's grand total and lines in minor units, for the revenue reports (Money.value is minor units as a string). */
function orderRevenue(o: {
  grandTotal: { value: string; currency: string }
  items: { productName: string; quantity: number; unitPrice: { value: string } }[]
}) {
  const minor = (v: string) => Math.round(Number(v))
  return {
    total: minor(o.grandTotal.value),
    lines: o.items.map((i) => ({ product: i.productName, amount: minor(i.unitPrice.value) * i.quantity })),
  }
}

export function wireTracking(
  base: Base,
  {
    sites,
    accounts,
    forms,
    commerce,
  }: { sites: Sites; accounts: Accounts; forms: Forms; commerce: Commerce },
) {
  const { db, cluster, log, opts } = base
  const auth = accounts.auth
  const tracking = createTracking(db.orm, {
    authorize: (request, siteId, allowed) =>
      sites.authorize(auth, request, siteId, allowed as Parameters<Sites['authorize']>[3]),
    ownerRoles: async (request, siteId) => {
      const owner = await auth.currentOwner(request)
      return owner ? sites.rolesOf(siteId, owner.ownerId) : null
    },
    formConversion: (siteId, from, to) => forms.conversion(siteId, from, to),
    currencyOf: async (siteId) => (await commerce.storeSettings(siteId)).currency,
    salesOf: (siteId, from, to) => commerce.salesIn(siteId, from, to),
    // a starter's live preview (owned by nobody) is the site others clone: restrictive consent mode
    cloneable: async (siteId) => (await sites.get(siteId))?.ownerId === null,
    siteExists: async (siteId) => (await sites.get(siteId)) !== null,
    invalidation: cluster.pages, // a settings change drops the site's pages and every node's copy of its settings
    log,
    ...opts.tracking,
  })
  commerce.events.on('commerce_checkout_order_confirmed', async ({ websiteId, orderId, cartId, testMode }) =>
    tracking.recordOrder({ websiteId, orderId, cartId, testMode, ...orderRevenue(await commerce.analyticsOrder(websiteId, orderId)) }),
  )
  return tracking
}
