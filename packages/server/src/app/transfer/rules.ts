// What a site archive (.swz) holds: EVERY table with site data has one rule here, checked against the schema by
// rules.test.ts (a new site table without a rule fails CI). Order is the import's: parents before children.
//   content   always exported: what the site is and shows (pages, items, files, store, forms, settings, the comments,
//             likes and reviews its pages print)
//   customer  exported unless --no-customer-data / customerData=0: orders and what hangs on them, members, form
//             submissions, newsletter subscribers, restock sign-ups (moving a site moves its business)
//   skip      stays with the instance: sessions, tokens, queues, throttles, analytics, the instance's accounts
import { billingTables } from '../../domains/billing/index.js'
import { commerceTables } from '../../domains/commerce/index.js'
import { contentTables } from '../../domains/content/index.js'
import { filesTables } from '../../domains/files/index.js'
import { formsTables } from '../../domains/forms/index.js'
import { mailTables } from '../../domains/mail/index.js'
import { membersTables } from '../../domains/members/index.js'
import { notifyTables } from '../../domains/notify/index.js'
import { restockTables } from '../../domains/restock/index.js'
import { reviewsTables } from '../../domains/reviews/index.js'
import { sitesTables } from '../../domains/sites/index.js'
import { socialTables } from '../../domains/social/index.js'
import { startersTables } from '../../domains/starters/index.js'
import { trackingTables } from '../../domains/tracking/index.js'
import type { TransferRule } from '../../domains/transfer/index.js'

const c = commerceTables
const t = trackingTables
const ANALYTICS = 'analytics: visitor measurements stay with the instance that measured them'

export const SITE_TRANSFER_RULES: readonly TransferRule[] = [
  // content: the site itself
  { table: filesTables.fileAssets, kind: 'content', reason: 'the file records; their bytes travel as files/<id>/<variant>' },
  { table: sitesTables.siteStyles, kind: 'content', reason: 'colours and fonts' },
  { table: contentTables.contentSiteProfiles, kind: 'content', reason: 'description, logo, social accounts' },
  { table: contentTables.contentCollections, kind: 'content', reason: 'pages and collections', selfRef: 'parent_id' },
  { table: contentTables.contentItems, kind: 'content', reason: 'posts, events, gallery items' },
  { table: contentTables.contentRedirects, kind: 'content', reason: 'redirects' },
  { table: formsTables.mailingLists, kind: 'content', reason: 'mailing lists (their subscribers are customer data)' },
  { table: formsTables.forms, kind: 'content', reason: 'forms' },
  { table: c.storeSettings, kind: 'content', reason: 'store settings (with the last order number)' },
  { table: c.products, kind: 'content', reason: 'products' },
  { table: c.variants, kind: 'content', reason: 'variants and their stock' },
  { table: c.coupons, kind: 'content', reason: 'coupons' },
  { table: c.shippingOptions, kind: 'content', reason: 'shipping options' },
  { table: c.taxRules, kind: 'content', reason: 'tax rules' },
  { table: c.promotions, kind: 'content', reason: 'automatic promotions (with their use counts)' },
  { table: socialTables.socialSettings, kind: 'content', reason: 'comment settings' },
  { table: socialTables.socialComments, kind: 'content', reason: 'comments the pages show' },
  { table: socialTables.socialLikes, kind: 'content', reason: 'likes the pages count' },
  { table: reviewsTables.productReviewSettings, kind: 'content', reason: 'review settings' },
  { table: membersTables.memberAreaRules, kind: 'content', reason: 'member-area rules' },
  { table: restockTables.restockSettings, kind: 'content', reason: 'restock form settings' },
  { table: t.trackingSettings, kind: 'content', reason: 'cookie banner and tracking settings' },
  // customer data: the business
  { table: c.orders, kind: 'customer', reason: 'orders', ids: ['cart_id'] },
  { table: c.fulfilments, kind: 'customer', reason: 'shipments of orders' },
  { table: c.testPayments, kind: 'customer', reason: 'payments of orders (test-mode provider)', ids: ['ref'] },
  { table: c.giftCards, kind: 'customer', reason: 'gift cards and balances' },
  { table: c.giftCardLedger, kind: 'customer', reason: 'gift card movements' },
  { table: c.promotionUses, kind: 'customer', reason: 'who used a promotion, per order (per-customer limits)' },
  { table: c.subscriptions, kind: 'customer', reason: 'subscriptions' },
  { table: c.subscriptionRenewals, kind: 'customer', reason: 'subscription renewals' },
  { table: reviewsTables.productReviews, kind: 'content', reason: 'product reviews the pages show' },
  { table: membersTables.siteUsers, kind: 'customer', reason: 'site members (they sign in again: sessions stay)' },
  { table: membersTables.siteUserAddresses, kind: 'customer', reason: "members' addresses" },
  { table: formsTables.formSubmissions, kind: 'customer', reason: 'form submissions' },
  { table: formsTables.newsletterSubscribers, kind: 'customer', reason: 'newsletter subscribers' },
  { table: restockTables.restockSignups, kind: 'customer', reason: 'restock sign-ups (queued anew in their order)', fresh: ['seq'] },
  // stays with the instance
  { table: sitesTables.siteMembers, kind: 'skip', reason: "this instance's accounts: the importing owner is the new site's ADMIN" },
  { table: sitesTables.siteInvitations, kind: 'skip', reason: "invitations to this instance's accounts" },
  { table: contentTables.contentGalleryFeeds, kind: 'skip', reason: "a cache of gallery accounts' photo feeds, fetched again when missing" },
  { table: c.carts, kind: 'skip', reason: "open carts are visitors' sessions" },
  { table: c.cartEntries, kind: 'skip', reason: "open carts are visitors' sessions" },
  { table: c.idempotency, kind: 'skip', reason: 'request replay keys (hours)' },
  { table: filesTables.fileObjects, kind: 'skip', reason: 'file storage rows: the bytes travel as files/' },
  { table: filesTables.fileChunks, kind: 'skip', reason: 'file storage rows: the bytes travel as files/' },
  { table: formsTables.formSubmissionKeys, kind: 'skip', reason: 'one-use submission keys (minutes)' },
  { table: formsTables.captchaSpent, kind: 'skip', reason: 'spent captcha answers (minutes)' },
  { table: formsTables.formRateWindows, kind: 'skip', reason: 'rate-limit windows' },
  { table: formsTables.formOutbox, kind: 'skip', reason: 'deliveries queued on this instance' },
  { table: formsTables.formRenderCounts, kind: 'skip', reason: ANALYTICS },
  { table: t.trackingSalts, kind: 'skip', reason: ANALYTICS },
  { table: t.trackingEvents, kind: 'skip', reason: ANALYTICS },
  { table: t.trackingRollups, kind: 'skip', reason: ANALYTICS },
  { table: t.trackingDayVisitors, kind: 'skip', reason: ANALYTICS },
  { table: t.trackingSessions, kind: 'skip', reason: ANALYTICS },
  { table: t.trackingVitals, kind: 'skip', reason: ANALYTICS },
  { table: t.trackingErrors, kind: 'skip', reason: ANALYTICS },
  { table: t.trackingErrorPages, kind: 'skip', reason: ANALYTICS },
  { table: membersTables.siteUserSessions, kind: 'skip', reason: 'member sessions: members sign in again' },
  { table: membersTables.siteUserTokens, kind: 'skip', reason: 'one-use member links' },
  { table: restockTables.restockVariantState, kind: 'skip', reason: 'restock send windows (48 h)' },
  { table: mailTables.mailJobs, kind: 'skip', reason: 'mails queued on this instance' },
  { table: startersTables.starterOnboarding, kind: 'skip', reason: 'the onboarding checklist of the original' },
  { table: billingTables.sitePlans, kind: 'skip', reason: "this instance's plan: an imported site starts on the importing instance's trial" },
  { table: billingTables.billingInvoices, kind: 'skip', reason: "invoices of this instance's plan" },
  { table: notifyTables.notifyOwnerSettings, kind: 'skip', reason: "this instance's owners' notification switches" },
]
