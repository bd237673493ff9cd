// Notifications (the store's, members' and forms' mails from the theme's templates, review requests). Needs:
// sites, accounts (the recipients), commerce (orders, stock), reviews (the review-request link), files (the brand icon), the
// mail queue; restock's demand summary (built after it: late). Subscribes to the order-confirmed and the
// review-posted events.
import { rolesFor, type Accounts } from '../../domains/accounts/index.js'
import { STORE_ROLES, type Commerce } from '../../domains/commerce/index.js'
import type { Files } from '../../domains/files/index.js'
import {
  createEmailTemplates,
  createNotify,
  DEFAULT_BRAND_COLOURS,
  safeColour,
  type EmailBrand,
  type Notify,
  type OwnerAudience,
} from '../../domains/notify/index.js'
import { DEFAULT_THEME_DIR } from '../../domains/publishing/index.js'
import type { Reviews } from '../../domains/reviews/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { QueueMail } from '../../domains/mail/index.js'
import { MAIL_FROM_ADDRESS, type Base } from './base.js'

interface Needs {
  sites: Sites
  accounts: Accounts
  commerce: Commerce
  reviews: Reviews
  files: Files
  queueMail: QueueMail
}

/** A site's brand for its mails: title, public address, icon and the colours of its active colour theme. */
function brandOf(base: Base, sites: Sites, files: Files) {
  return async (siteId: string): Promise<EmailBrand> => {
    const site = await sites.get(siteId)
    const url = site ? await sites.publicUrl(site) : `${base.platformUrl}/`
    const vars = (await sites.stylesContext(siteId))?.cssVariables ?? []
    const v = (name: string, fallback: string) =>
      safeColour(vars.find((x) => x.name === name)?.value, fallback)
    const icon = site?.iconImageId
      ? (await files.getAssets(siteId, [site.iconImageId])).get(site.iconImageId)?.assetUrl
      : undefined
    const c = DEFAULT_BRAND_COLOURS
    return {
      title: site?.title || 'Shop',
      url,
      logoUrl: icon ? new URL(icon, url).toString() : null,
      accent: v('--accent', c.accent),
      accentInk: v('--accent-ink', c.accentInk),
      ink: v('--ink', c.ink),
      paper: v('--paper', c.paper),
      line: v('--line', c.line),
      muted: v('--muted', c.muted),
    }
  }
}

export async function wireNotify(
  base: Base,
  { sites, accounts, commerce, reviews, files, queueMail }: Needs,
): Promise<Notify> {
  const { db, log, late, platformUrl } = base
  const auth = accounts.auth
  const notify = createNotify(db.orm, {
    templates: createEmailTemplates(DEFAULT_THEME_DIR, log),
    brand: brandOf(base, sites, files),
    fromAddress: MAIL_FROM_ADDRESS,
    recipients: async (siteId: string, audience: OwnerAudience) => {
      const ids = await sites.membersWith(siteId, rolesFor(audience))
      return (await accounts.ownersByIds(ids)).map((o) => ({ ownerId: o.id, email: o.email }))
    },
    editorUrl: (siteId) => `${platformUrl}/config/?site=${encodeURIComponent(siteId)}`,
    authorize: (request, siteId) => sites.authorize(auth, request, siteId, STORE_ROLES),
    currentOwnerId: async (request) => (await auth.currentOwner(request))?.ownerId ?? null,
    orderById: (siteId, orderId) => commerce.orderById(siteId, orderId),
    fulfilmentOf: (siteId, orderId, id) => commerce.fulfilmentOf(siteId, orderId, id),
    lowStockOf: (siteId, orderId, threshold) => commerce.lowStockOf(siteId, orderId, threshold),
    reviewUrl: reviews.requestUrl,
    restockDemand: () => late.get('restock').demandSummary(),
    queueMail,
    log,
  })
  // a placed order's or donation's mails: from its event, written in the order's transaction (survives a crash)
  base.events.subscribe('commerce_checkout_order_confirmed', 'notify.order-mails', (e) => notify.orderConfirmed(e))
  base.events.subscribe('commerce_order_fulfilled', 'notify.shipping-mail', (e) => notify.orderEvents.fulfilled(e))
  base.events.subscribe('commerce_order_refunded', 'notify.refund-mail', (e) => notify.orderEvents.refunded(e))
  base.events.subscribe('commerce_gift_cards_issued', 'notify.gift-card-mails', (e) => notify.orderEvents.giftCardsIssued(e))
  base.events.subscribe('reviews_review_posted', 'notify.owner-new-review', async (e) => void (await notify.reviewPosted(e)))
  return notify
}
