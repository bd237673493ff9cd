// The store. Needs: sites, files (images), content (collection paths, paid access), forms (checkout fields);
// notify and members are built after it (late): an order's mails come by commerce's events (raised in the order's
// transactions; notify subscribes), a subscription's renewal mails by calls to notify after their commits.
import { FEATURE_FLAGS } from '@sitewright/contracts'
import type { QueueMail } from '../../domains/mail/index.js'
import type { Accounts } from '../../domains/accounts/index.js'
import { createCommerce, type CommerceNotifier } from '../../domains/commerce/index.js'
import type { Content } from '../../domains/content/index.js'
import type { Files } from '../../domains/files/index.js'
import type { Forms } from '../../domains/forms/index.js'
import type { Sites } from '../../domains/sites/index.js'
import { paidCommerceDeps } from '../paid-ports.js'
import type { Base } from './base.js'

interface Needs {
  sites: Sites
  accounts: Accounts
  files: Files
  content: Content
  forms: Forms
  queueMail: QueueMail
}

export async function wireCommerce(base: Base, { sites, accounts, files, content, forms, queueMail }: Needs) {
  const { db, log, counters, cluster, late, opts } = base
  const notifier = (): CommerceNotifier => late.get('notify').commerceNotifier
  return createCommerce(db.orm, {
    authorize: (request, siteId, allowed) => sites.authorize(accounts.auth, request, siteId, allowed),
    events: base.events,
    notify: {
      subscriptionRenewed: (e) => notifier().subscriptionRenewed(e),
      subscriptionPaymentFailed: (e) => notifier().subscriptionPaymentFailed(e),
    },
    log,
    siteTitle: async (siteId) => (await sites.get(siteId))?.title,
    siteUrl: async (siteId) => {
      const site = await sites.get(siteId)
      return site ? sites.publicUrl(site) : undefined
    },
    resolveImages: (siteId, ids) => files.getAssets(siteId, ids),
    collectionPath: (siteId, collectionId) => content.read.collectionPath(siteId, collectionId),
    ...paidCommerceDeps(content.read, () => late.get('members')),
    onChange: base.invalidatePages,
    renderPage: base.renderSystemPage,
    siteLocale: async (siteId) => (await sites.get(siteId))?.locale,
    asksConsent: (siteId) => late.get('tracking').asksConsent(siteId),
    publicForms: (siteId, formIds) => forms.getFormsForContext(siteId, formIds),
    validateFields: async (siteId, formId, values) => {
      const r = await forms.validate(siteId, formId, values)
      return r && (r.ok ? { ok: true, answers: r.answers } : { ok: false, errors: r.errors })
    },
    downloadSecret: await base.secret('commerce-downloads'),
    hitCounter: (key, windowMs) => counters.hit(key, windowMs),
    rateLimit: opts.commerceRateLimit ?? { max: base.config.commerceRateLimit ?? Number.MAX_SAFE_INTEGER, windowMs: 10_000 },
    renewals: { intervalMs: base.config.renewals.sweepMs, dayMs: base.config.renewals.dayMs },
    invalidation: cluster.pages, // a site's message (any node) drops the cart answers' cached store data
    // abandoned-checkout reminders: composed by notify (built later: late), queued as durable mail jobs
    recovery: {
      composer: (siteId) => late.get('notify').composer(siteId),
      queueMail,
      hourMs: base.config.recovery.hourMs,
      sweepMs: base.config.recovery.sweepMs,
      allowed: (siteId) => late.get('billing').hasFlag(siteId, FEATURE_FLAGS.ABANDONED_CART_RECOVERY),
    },
  })
}
