// Back-in-stock alerts. Needs: sites, commerce (variants; stock set again wakes the alerts), forms (captcha), notify
// (the mail composer), the mail queue.
import { FEATURE_FLAGS } from '@sitewright/contracts'
import type { Accounts } from '../../domains/accounts/index.js'
import { STORE_ROLES, type Commerce } from '../../domains/commerce/index.js'
import type { Billing } from '../../domains/billing/index.js'
import type { Forms } from '../../domains/forms/index.js'
import type { Notify } from '../../domains/notify/index.js'
import { createRestock, type VariantInfo } from '../../domains/restock/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { QueueMail } from '../../domains/mail/index.js'
import { MAIL_FROM_ADDRESS, type Base } from './base.js'

interface Needs {
  sites: Sites
  accounts: Accounts
  commerce: Commerce
  forms: Forms
  notify: Notify
  billing: Billing
  queueMail: QueueMail
}

export function wireRestock(base: Base, { sites, accounts, commerce, forms, notify, billing, queueMail }: Needs) {
  const restock = createRestock(base.db.orm, {
    authorize: (request, siteId) => sites.authorize(accounts.auth, request, siteId, STORE_ROLES),
    variant: async (siteId, productId, variantId): Promise<VariantInfo | null> => {
      const [p] = await commerce.getProductsByIds(siteId, [productId])
      const v = p?.structuredContent.variants.find((x) => x.id === variantId)
      if (!p || !v) return null
      return {
        productId,
        productTitle: p.title,
        productUrl: p.fullUrl,
        variantId,
        attributes: v.attributes,
        qtyInStock: v.qtyInStock,
        unlimited: v.unlimited,
      }
    },
    shop: async (siteId) => {
      const site = await sites.get(siteId)
      return { name: site?.title ?? 'Shop', baseUrl: site ? await sites.publicUrl(site) : base.platformUrl }
    },
    fromAddress: MAIL_FROM_ADDRESS,
    composer: (siteId) => notify.composer(siteId),
    verifyCaptcha: (siteId, token, remoteIp) => forms.checkCaptchaOnce(siteId, token, remoteIp),
    captchaPublic: () => forms.captcha.publicConfig(),
    scarcityAllowed: (siteId) => billing.hasFlag(siteId, FEATURE_FLAGS.LIMITED_AVAILABILITY_LABELS),
    queueMail,
    onChange: base.invalidatePages,
  })
  commerce.events.on('commerce_stock_set', async (e) => {
    await restock.stockReturned(e.siteId, e.productId, e.variantId)
  })
  return restock
}
