// What a site archive (.swz) holds: EVERY table with site data has one rule here, checked against the schema by
// rules.test.ts (a new site table without a rule fails CI). Order is the import's: parents before children.
//   content   always exported: what the site is and shows (pages, items, files, store, forms, settings, the comments,
//             likes and reviews its pages print)
//   customer  exported unless --no-customer-data / customerData=0: orders and what hangs on them, members, form
//             submissions, newsletter subscribers, restock sign-ups (moving a site moves its business)
//   skip      stays with the instance: sessions, tokens, queues, throttles, analytics, the instance's accounts
import { billingTables } from '../../domains/billing/index.js'
import { commerceTables } from '../../domains/commerce/index.js'
import { customDomainsTables } from '../../domains/custom-domains/index.js'
import { contentTables } from '../../domains/content/index.js'
import { filesTables } from '../../domains/files/index.js'
import { formsTables } from '../../domains/forms/index.js'
import { importTables } from '../../domains/import/index.js'
import { languagesTables } from '../../domains/languages/index.js'
import { historyTables } from '../../domains/history/index.js'
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
// references no foreign key covers, by what an import does when the archive lacks the row (domains/transfer/references.ts)
const nul = (column: string) => ({ column, missing: 'null' as const })
const drop = (column: string) => ({ column, missing: 'drop' as const })
const refuse = (column: string) => ({ column, missing: 'refuse' as const })

export const SITE_TRANSFER_RULES: readonly TransferRule[] = [
  // content: the site itself
  { table: filesTables.fileAssets, kind: 'content', reason: 'the file records; their bytes travel as files/<id>/<variant>' },
  { table: sitesTables.siteStyles, kind: 'content', reason: 'colours and fonts' },
  { table: contentTables.contentSiteProfiles, kind: 'content', reason: 'description, logo, social accounts', refs: [nul('logo_image_id')] },
  { table: contentTables.contentCollections, kind: 'content', reason: 'pages and collections', selfRef: 'parent_id', refs: [nul('main_image_id')], docs: ['layout', 'settings', 'gallery'] },
  { table: contentTables.contentItems, kind: 'content', reason: 'posts, events, gallery items', refs: [nul('main_image_id')], docs: ['layout', 'data'] },
  { table: contentTables.navigationDrafts, kind: 'skip', reason: "the navigation's unpublished arrangement names pages by their ids on this instance; the published navigation travels with the pages" },
  { table: contentTables.contentRedirects, kind: 'content', reason: 'redirects' },
  { table: formsTables.mailingLists, kind: 'content', reason: 'mailing lists (their subscribers are customer data)' },
  { table: formsTables.forms, kind: 'content', reason: 'forms', refs: [nul('mailing_list_id')] },
  { table: c.storeSettings, kind: 'content', reason: 'store settings (with the last order number)' },
  { table: c.products, kind: 'content', reason: 'products', refs: [refuse('collection_id'), nul('additional_fields_form_id'), nul('social_image_id')], docs: ['image_ids'] },
  { table: c.variants, kind: 'content', reason: 'variants and their stock', refs: [nul('image_id')] },
  { table: c.coupons, kind: 'content', reason: 'coupons' },
  { table: c.shippingOptions, kind: 'content', reason: 'shipping options' },
  { table: c.taxRules, kind: 'content', reason: 'tax rules' },
  { table: c.promotions, kind: 'content', reason: 'automatic promotions (with their use counts)' },
  { table: c.recoverySettings, kind: 'content', reason: 'abandoned-checkout recovery settings' },
  { table: c.giftCardReminderSettings, kind: 'content', reason: 'gift-card reminder settings' },
  { table: socialTables.socialSettings, kind: 'content', reason: 'comment settings' },
  // a reply whose parent the archive lacks comes in as a top-level comment
  { table: socialTables.socialComments, kind: 'content', reason: 'comments the pages show', selfRef: 'parent_id', refs: [drop('item_id'), nul('parent_id')] },
  { table: socialTables.socialLikes, kind: 'content', reason: 'likes the pages count', refs: [drop('item_id')] },
  { table: reviewsTables.productReviewSettings, kind: 'content', reason: 'review settings' },
  { table: membersTables.memberAreaRules, kind: 'content', reason: 'member-area rules', refs: [drop('collection_id'), refuse('product_id')] },
  { table: restockTables.restockSettings, kind: 'content', reason: 'restock form settings' },
  { table: t.trackingSettings, kind: 'content', reason: 'cookie banner and tracking settings' },
  { table: languagesTables.siteLocales, kind: 'content', reason: 'the locales the site adds besides its default' },
  // customer data: the business
  { table: c.orders, kind: 'customer', reason: 'orders', ids: ['cart_id'] },
  { table: c.fulfilments, kind: 'customer', reason: 'shipments of orders' },
  { table: c.testPayments, kind: 'customer', reason: 'payments of orders (test-mode provider)', ids: ['ref'] },
  { table: c.giftCards, kind: 'customer', reason: 'gift cards and balances', refs: [nul('order_id')] },
  { table: c.giftCardLedger, kind: 'customer', reason: 'gift card movements', refs: [nul('order_id')] },
  { table: c.promotionUses, kind: 'customer', reason: 'who used a promotion, per order (per-customer limits)' },
  { table: c.abandonedCheckouts, kind: 'skip', reason: 'abandoned checkouts name carts, which stay with the instance' },
  { table: c.subscriptions, kind: 'customer', reason: 'subscriptions', refs: [drop('product_id')] },
  { table: c.subscriptionRenewals, kind: 'customer', reason: 'subscription renewals', refs: [drop('subscription_id'), nul('order_id')] },
  { table: reviewsTables.productReviews, kind: 'content', reason: 'product reviews the pages show', refs: [drop('product_id'), nul('order_id')] },
  { table: membersTables.siteUsers, kind: 'customer', reason: 'site members (they sign in again: sessions stay)' },
  { table: membersTables.siteUserAddresses, kind: 'customer', reason: "members' addresses" },
  { table: formsTables.formSubmissions, kind: 'customer', reason: 'form submissions' },
  { table: formsTables.newsletterSubscribers, kind: 'customer', reason: 'newsletter subscribers' },
  { table: restockTables.restockSignups, kind: 'customer', reason: 'restock sign-ups (queued anew in their order)', fresh: ['seq'], refs: [drop('product_id'), drop('variant_id')] },
  // stays with the instance
  { table: importTables.importSources, kind: 'skip', reason: "what an import's source records became here (ids are renewed on a move)" },
  { table: importTables.importJobs, kind: 'skip', reason: 'the progress and reports of imports run on this instance' },
  { table: sitesTables.siteMembers, kind: 'skip', reason: "this instance's accounts: the importing owner is the new site's ADMIN" },
  { table: sitesTables.siteInvitations, kind: 'skip', reason: "invitations to this instance's accounts" },
  { table: contentTables.contentGalleryFeeds, kind: 'skip', reason: "a cache of gallery accounts' photo feeds, fetched again when missing" },
  { table: languagesTables.translations, kind: 'skip', reason: 'translations name their objects by id, and a move renews ids: not carried yet (issue 37)' },
  { table: customDomainsTables.customDomains, kind: 'skip', reason: 'a hostname serves one site of one instance: its owner connects it to the copy when the copy goes live' },
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
  { table: startersTables.starterDeclines, kind: 'skip', reason: "the original owner's answer to the starter chooser" },
  { table: billingTables.sitePlans, kind: 'skip', reason: "this instance's plan: an imported site starts on the importing instance's trial" },
  { table: billingTables.billingInvoices, kind: 'skip', reason: "invoices of this instance's plan" },
  { table: historyTables.historyVersions, kind: 'skip', reason: 'version history: not carried by archives yet (the imported site starts its history at the import)' },
  { table: historyTables.historyBlobs, kind: 'skip', reason: 'snapshot pieces of the version history (with history_versions)' },
  { table: historyTables.historyPending, kind: 'skip', reason: 'writes not yet captured as versions (seconds)' },
  { table: notifyTables.notifyOwnerSettings, kind: 'skip', reason: "this instance's owners' notification switches" },
]
