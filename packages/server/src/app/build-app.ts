// Wires the platform plumbing and the domains into one Fastify app. Used by main.ts and, with inject(), by tests.
import { parseQuery } from '../platform/http/query.js'
import fastifyCookie from '@fastify/cookie'
import fastifyFormbody from '@fastify/formbody'
import { fractionDigits } from '@sitewright/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../platform/config.js'
import { openDatabase, type Db, type Orm } from '../platform/db/index.js'
import type { DomainLifecycle } from '../platform/domain.js'
import { cookieValue, registerCrumb } from '../platform/http/crumb.js'
import { registerCompression } from '../platform/http/compression.js'
import { arrivalOf } from '../platform/http/proxy.js'
import { registerEdgeGuards } from '../platform/http/edge.js'
import { registerErrorHandler, registerNotFound } from '../platform/http/error-handler.js'
import { OpenApiRegistry } from '../platform/http/openapi.js'
import { editorOptions, registerSecurityHeaders } from '../platform/http/security.js'
import { registerTenancy } from '../platform/http/tenancy.js'
import { getOrCreateSecret } from '../platform/secrets.js'
import { createCounters } from '../platform/counters.js'
import { SESSION_COOKIE, WEBSITE_ROLES, createAccounts, createLockThrottle, rolesFor, type Accounts } from '../domains/accounts/index.js'
import { createBilling, type Billing } from '../domains/billing/index.js'
import { createFiles, openFileStorage, type Files } from '../domains/files/index.js'
import { createFonts } from '../domains/fonts/index.js'
import { CART_COOKIE, clearCartCookie, createCommerce, setCartCookie, STORE_ROLES, type Commerce, type CommerceNotifier } from '../domains/commerce/index.js'
import { createForms, loadFormsConfig, type Forms, type FormsConfig } from '../domains/forms/index.js'
import { createMailer, createMailJobs, type Mailer } from '../domains/mail/index.js'
import { MEMBER_SESSION_COOKIE, createMembers, type Members } from '../domains/members/index.js'
import { createRestock, type Restock, type VariantInfo } from '../domains/restock/index.js'
import { CONTENT_ROLES, createContent, sanitizeHtml } from '../domains/content/index.js'
import { createPublishing, type Publishing, type SystemPage } from '../domains/publishing/index.js'
import { createSites, type Sites } from '../domains/sites/index.js'
import { createSocial, type Social } from '../domains/social/index.js'
import { createReviews, type Reviews } from '../domains/reviews/index.js'
import { createPlaces, loadPlacesConfig, type PlacesProvider } from '../domains/places/index.js'
import { createEmailTemplates, createNotify, DEFAULT_BRAND_COLOURS, safeColour, type EmailBrand, type Notify, type OwnerAudience } from '../domains/notify/index.js'
import { DEFAULT_THEME_DIR } from '../domains/publishing/index.js'
import { createTracking, type Tracking, type TrackingDeps } from '../domains/tracking/index.js'
import { createStarters, type Starters } from '../domains/starters/index.js'
import { STARTER_COPY_TABLES, copyFileBytes, starterSiteState } from './starters/ports.js'
import { seedStarter } from './starters/seed.js'
import { createTransfer, type Transfer } from '../domains/transfer/index.js'
import type { Import } from '../domains/import/index.js'
import { transferPorts } from './transfer/ports.js'
import { wireImport } from './wire/import.js'
import { seedDemoSite } from './demo-seed.js'
import { paidCommerceDeps, paidMemberDeps, paywallOf } from './paid-ports.js'
import { registerPlatformRoutes } from './platform-routes.js'
import { registerStatic } from './static.js'
import { claimMail, welcomeMail } from './welcome-mail.js'
import { createBackground } from './background.js'
import { createFastify, type FastPath } from './http-server.js'
import { createClusterPorts } from './cluster.js'

export const VERSION = '0.1.0'

/** The sender address of site mails (the sender name is always the site's title). */
const MAIL_FROM_ADDRESS = 'no-reply@sitewright.local'

/** Tracking knobs for tests and benchmarks (country lookup, buffer timing). */
export type TrackingOptions = Pick<TrackingDeps, 'countryOf' | 'buffer'>

/** What tests, benches and the CLI may hand the app; `background: false` starts no background work. */
export interface BuildOptions {
  db?: Db
  commerceRateLimit?: { max: number; windowMs: number }
  formsConfig?: FormsConfig
  tracking?: TrackingOptions
  placesProvider?: PlacesProvider
  background?: false
  /** Per image fetched by an import (ms; tests shorten it). */
  importImageTimeoutMs?: number
}

/** An order's grand total and lines in minor units, for the revenue reports. */
function orderRevenue(o: { grandTotal: { value: string; currency: string }; items: { productName: string; quantity: number; unitPrice: { value: string } }[] }) {
  const minor = (v: string) => Math.round(Number(v) * 10 ** fractionDigits(o.grandTotal.currency))
  return { total: minor(o.grandTotal.value), lines: o.items.map((i) => ({ product: i.productName, amount: minor(i.unitPrice.value) * i.quantity })) }
}

export interface App {
  fastify: FastifyInstance
  db: Db
  accounts: Accounts
  sites: Sites
  mailer: Mailer
  commerce: Commerce
  files: Files
  social: Social
  forms: Forms
  tracking: Tracking
  members: Members
  billing: Billing
  /** Every owner route under /api/sites/:siteId, as the permission guard saw them registered. */
  ownerRoutes: () => readonly { method: string; url: string }[]
  reviews: Reviews
  restock: Restock
  starters: Starters
  transfer: Transfer
  imports: Import
  notify: Notify
  mailJobs: ReturnType<typeof createMailJobs>
  demo: 'created' | 'exists' | 'skipped'
  /** Closes the HTTP server, then the database and mail transport. Idempotent. */
  close(): Promise<void>
}

/** Builds the app on the configured database, or on `opts.db` (already migrated; the app closes it). */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const db = opts.db ?? (await openDatabase(config))
  try {
    return await assemble(config, db, opts)
  } catch (e) {
    await db.close()
    throw e
  }
}

async function assemble(config: Config, db: Db, opts: Omit<BuildOptions, 'db'> = {}): Promise<App> {
  // Census hits and cached pages are answered before Fastify when a fast path can (set once the domains exist).
  let fastPath: FastPath | null = null
  let security: Awaited<ReturnType<typeof registerSecurityHeaders>> | null = null
  let statics: Awaited<ReturnType<typeof registerStatic>> | null = null
  const fastify = createFastify(config, { fastPath: () => fastPath, pageHeaders: () => security?.pageHeaders ?? null })
  const cluster = createClusterPorts(config, fastify.log)
  const counters = createCounters({ redisUrl: config.redisUrl, db, prefix: config.keyPrefix })
  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir })
  fastify.decorate('openapi', new OpenApiRegistry())

  // Content types: JSON (an empty body is "no body", left to the route's validation), form bodies.
  const parseJson = fastify.getDefaultJsonParser('error', 'error')
  fastify.removeContentTypeParser('application/json')
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') return done(null, undefined)
    parseJson(req, text, done)
  })
  await fastify.register(fastifyFormbody, { parser: parseQuery })
  await fastify.register(fastifyCookie)
  await registerCompression(fastify)

  registerErrorHandler(fastify)
  registerEdgeGuards(fastify)
  // Security headers of every answer (and of the publishing fast path of cached pages, which answers before Fastify).
  security = await registerSecurityHeaders(fastify, { rootDomain: config.rootDomain, publicPort: config.publicPort })

  // Domains, in dependency order. Late-bound ports: what a domain needs from one built after it, bound here in one
  // place and called only while requests are served (publishing renders every domain's data, so it comes last;
  // the accounts routes list and create the owner's sites).
  const late = {
    invalidatePages: (siteId: string) => publishing.invalidate(siteId),
    renderSystemPage: (request: FastifyRequest, reply: FastifyReply, page: SystemPage) => publishing.renderSystemPage(request, reply, page),
    /** Content refuses layouts with block types the site's plan lacks (billing is built after content). */
    requireFeature: (siteId: string, flag: number) => billing.requireFlag(siteId, flag),
    ownerSites: {
      listForOwner: (ownerId: string) => sites.listForOwner(ownerId),
      createForOwner: (tx: Orm, ownerId: string, input: { title: string; slug?: string | undefined }) => sites.createForOwner(tx, ownerId, input),
      moveMembers: (tx: Orm, fromOwnerId: string, toOwnerId: string) => sites.moveMembers(tx, fromOwnerId, toOwnerId),
    },
  }
  // Where the editor and the account links live (the root host), for links in mails.
  const platformUrl = `http://${config.rootDomain}${config.publicPort === 80 ? '' : `:${config.publicPort}`}`
  const accounts = createAccounts(db.orm, {
    deviceSecret: await getOrCreateSecret(db.orm, 'login-device'),
    // an owner session gets a crumb bound to it; signing out goes back to an unbound one
    onSessionChange: (request, reply, token) => crumbs.rebind(request, reply, token),
    crumbBound: (request) => crumbs.isBound(request),
    sites: late.ownerSites,
    onSignedUp: async (owner, site, notice) => {
      const link = (path: string) => `${platformUrl}${path}?token=${encodeURIComponent(notice.token)}`
      try {
        await mailer.send(
          notice.kind === 'welcome'
            ? welcomeMail(owner, site, link('/api/auth/verify-email'))
            : claimMail(notice.to, site, link('/api/auth/claim')),
        )
      } catch (e) {
        fastify.log.warn({ err: e }, 'welcome mail not sent')
      }
    },
    log: fastify.log,
  })
  const auth = accounts.auth
  const fonts = createFonts(db.orm)
  const sites = createSites(db.orm, {
    fontFaces: (used) => fonts.pageFonts(used),
    rootDomain: config.rootDomain,
    publicPort: config.publicPort,
    auth,
    contributors: {
      ownersByIds: (ids) => accounts.ownersByIds(ids),
      sendMail: (m) => mailer.send(m),
      editorUrl: `${platformUrl}/config/`,
    },
  })
  const hosts = registerTenancy(fastify, config.rootDomain, sites.resolver)
  cluster.bindHosts((siteId) => hosts.invalidate(siteId))
  sites.onChange((siteId) => cluster.hostsChanged(siteId))
  sites.onChange(late.invalidatePages)
  const crumbs = registerCrumb(fastify, await getOrCreateSecret(db.orm, 'crumb'), { sessionCookie: SESSION_COOKIE })
  const content = createContent(db.orm, { sites, auth, requireFeature: late.requireFeature })
  // Files: on the local disk for one node (PGlite); in PostgreSQL rows or an S3 bucket for several nodes.
  const files = createFiles(db.orm, { sites, auth, dataDir: config.dataDir, log: fastify.log, onChange: late.invalidatePages, pgBossUrl: config.databaseUrl, storage: await openFileStorage(config.fileStorage, db.orm, config.s3) })
  const social = createSocial(db.orm, { sites, auth, itemOf: (siteId, itemId) => content.read.visitorItem(siteId, itemId), onChange: late.invalidatePages, hitCounter: (key, windowMs) => counters.hit(key, windowMs) })
  const forms = await createForms(db.orm, {
    sites,
    auth,
    config: opts.formsConfig ?? loadFormsConfig(process.env),
    // the form's notification is rendered from the theme when sent (notify is built later; called only at send time)
    sendMail: async (job) => {
      if (!job.submission) return mailer.send(job)
      const { submission, ...rest } = job
      const m = await notify.formSubmission({ ...rest, submission }).catch((e: unknown) => {
        fastify.log.warn({ err: e }, 'form mail template failed; plain text sent')
        return rest
      })
      return m ? mailer.send(m) : undefined
    },
    sanitizeHtml,
    databaseUrl: config.databaseUrl,
    log: fastify.log,
    renderSystemPage: late.renderSystemPage,
    onChange: late.invalidatePages,
  })
  // The store's mails go through the notify domain (built after commerce: bound late, called after commits).
  const commerceNotifier: CommerceNotifier = {
    orderPlaced: (e) => notify.commerceNotifier.orderPlaced(e),
    giftCardsIssued: (e) => notify.commerceNotifier.giftCardsIssued(e),
    orderFulfilled: (e) => notify.commerceNotifier.orderFulfilled(e),
    orderRefunded: (e) => notify.commerceNotifier.orderRefunded(e),
    subscriptionRenewed: (e) => notify.commerceNotifier.subscriptionRenewed(e),
    subscriptionPaymentFailed: (e) => notify.commerceNotifier.subscriptionPaymentFailed(e),
    donationReceived: (e) => notify.commerceNotifier.donationReceived(e),
  }
  const commerce = createCommerce(db.orm, {
    authorize: (request, siteId, allowed) => sites.authorize(auth, request, siteId, allowed),
    sendMail: (m) => mailer.send(m),
    notify: commerceNotifier,
    log: fastify.log,
    siteTitle: async (siteId) => (await sites.get(siteId))?.title,
    siteUrl: async (siteId) => {
      const site = await sites.get(siteId)
      return site ? sites.urlOf(site.slug) : undefined
    },
    resolveImages: (siteId, ids) => files.getAssets(siteId, ids),
    collectionPath: (siteId, collectionId) => content.read.collectionPath(siteId, collectionId),
    ...paidCommerceDeps(content.read, () => members),
    onChange: late.invalidatePages,
    renderPage: late.renderSystemPage,
    siteLocale: async (siteId) => (await sites.get(siteId))?.locale,
    publicForms: (siteId, formIds) => forms.getFormsForContext(siteId, formIds),
    validateFields: async (siteId, formId, values) => {
      const r = await forms.validate(siteId, formId, values)
      return r && (r.ok ? { ok: true, answers: r.answers } : { ok: false, errors: r.errors })
    },
    downloadSecret: await getOrCreateSecret(db.orm, 'commerce-downloads'),
    hitCounter: (key, windowMs) => counters.hit(key, windowMs),
    ...(opts.commerceRateLimit ? { rateLimit: opts.commerceRateLimit } : {}),
    invalidation: cluster.pages, // a site's message (any node) drops the cart answers' cached store data
  })
  const tracking = createTracking(db.orm, {
    authorize: (request, siteId, allowed) => sites.authorize(auth, request, siteId, allowed as Parameters<Sites['authorize']>[3]),
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
    log: fastify.log,
    ...opts.tracking,
  })
  const billing = createBilling(db.orm, { siteFacts: (siteId) => sites.get(siteId), payments: commerce.paymentProvider, onChange: late.invalidatePages, invalidation: cluster.pages })
  commerce.events.on('commerce_checkout_order_confirmed', async (e) => tracking.recordOrder({ ...e, ...orderRevenue(await commerce.analyticsOrder(e.websiteId, e.orderId)) }))
  const members = createMembers(db.orm, {
    send: async (m) => {
      await mailer.send(m)
    },
    site: async (siteId) => {
      const site = await sites.get(siteId)
      return { title: site?.title ?? '', url: site ? sites.urlOf(site.slug) : '/' }
    },
    // a member's sign-in and sign-out re-issue the crumb; an owner signed in on the same browser keeps a bound one
    reissueCrumb: (request, reply) => {
      crumbs.rebind(request, reply, request.cookies[SESSION_COOKIE] ?? null)
      return request.crumb
    },
    cartCookie: { name: CART_COOKIE, set: setCartCookie, clear: clearCartCookie },
    renderPage: late.renderSystemPage,
    onMemberCreated: (siteId, member) => notify.memberCreated(siteId, member),
    // verification, reset and account-exists mails from the theme's templates (notify is built later: called at send time)
    compose: async (siteId, template, to, data) => (await notify.composer(siteId))(template, to, data),
    log: fastify.log,
    ...paidMemberDeps(commerce, content.read, (request, siteId) => sites.authorize(auth, request, siteId, [WEBSITE_ROLES.ADMIN]), late.invalidatePages),
  })
  const reviews = createReviews(db.orm, {
    authorize: (request, siteId) => sites.authorize(auth, request, siteId, STORE_ROLES),
    productTitles: (siteId) => commerce.productTitles(siteId),
    onChange: late.invalidatePages,
  })
  const mailJobs = createMailJobs(db.orm, { send: (m) => mailer.send(m), log: fastify.log, pgBossUrl: config.databaseUrl })
  const mailQueued = () => void mailJobs.kick().catch((e: unknown) => fastify.log.warn({ err: e }, 'mail worker failed'))
  const emailTemplates = createEmailTemplates(DEFAULT_THEME_DIR, fastify.log)
  /** A site's brand for its mails: title, public address, icon and the colours of its active colour theme. */
  const brandOf = async (siteId: string): Promise<EmailBrand> => {
    const site = await sites.get(siteId)
    const url = site ? sites.urlOf(site.slug) : `${platformUrl}/`
    const vars = (await sites.stylesContext(siteId))?.cssVariables ?? []
    const v = (name: string, fallback: string) => safeColour(vars.find((x) => x.name === name)?.value, fallback)
    const icon = site?.iconImageId ? (await files.getAssets(siteId, [site.iconImageId])).get(site.iconImageId)?.assetUrl : undefined
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
  const notify: Notify = createNotify(db.orm, {
    templates: emailTemplates,
    brand: brandOf,
    fromAddress: MAIL_FROM_ADDRESS,
    recipients: async (siteId: string, audience: OwnerAudience) => {
      const ids = await sites.membersWith(siteId, rolesFor(audience))
      return (await accounts.ownersByIds(ids)).map((o) => ({ ownerId: o.id, email: o.email }))
    },
    editorUrl: (siteId) => `${platformUrl}/config/?site=${encodeURIComponent(siteId)}`,
    authorize: (request, siteId) => sites.authorize(auth, request, siteId, STORE_ROLES),
    currentOwnerId: async (request) => (await auth.currentOwner(request))?.ownerId ?? null,
    orderById: (siteId, orderId) => commerce.orderById(siteId, orderId),
    lowStockOf: (siteId, orderId, threshold) => commerce.lowStockOf(siteId, orderId, threshold),
    addReview: (siteId, review) => reviews.add(siteId, review),
    storeReviewPhoto: async (siteId, filename, bytes) => {
      const asset = await files.storeBuffer(siteId, filename, bytes)
      if (asset.kind !== 'image') throw new Error('not an image')
      return asset.assetUrl
    },
    secret: await getOrCreateSecret(db.orm, 'review-request'),
    restockDemand: () => restock.demandSummary(),
    mailQueued,
    renderPage: late.renderSystemPage,
    log: fastify.log,
  })
  const restock = createRestock(db.orm, {
    authorize: (request, siteId) => sites.authorize(auth, request, siteId, STORE_ROLES),
    variant: async (siteId, productId, variantId): Promise<VariantInfo | null> => {
      const [p] = await commerce.getProductsByIds(siteId, [productId])
      const v = p?.structuredContent.variants.find((x) => x.id === variantId)
      if (!p || !v) return null
      return { productId, productTitle: p.title, productUrl: p.fullUrl, variantId, attributes: v.attributes, qtyInStock: v.qtyInStock, unlimited: v.unlimited }
    },
    shop: async (siteId) => {
      const site = await sites.get(siteId)
      return { name: site?.title ?? 'Shop', baseUrl: site ? sites.urlOf(site.slug) : platformUrl }
    },
    fromAddress: MAIL_FROM_ADDRESS,
    composer: (siteId) => notify.composer(siteId),
    verifyCaptcha: async (siteId, token, remoteIp) => (await forms.captcha.check(siteId, token, remoteIp)).ok,
    captchaPublic: () => forms.captcha.publicConfig(),
    mailQueued,
    onChange: late.invalidatePages,
  })
  commerce.events.on('commerce_stock_set', async (e) => {
    await restock.stockReturned(e.siteId, e.productId, e.variantId)
  })
  const publishing: Publishing = createPublishing({
    sites,
    content,
    secret: await getOrCreateSecret(db.orm, 'page-unlock'),
    authorizePreview: (request, siteId) => sites.authorize(auth, request, siteId, CONTENT_ROLES),
    lockThrottle: createLockThrottle(db.orm),
    invalidation: cluster.pages,
    log: fastify.log,
    assetUrl: (path) => statics?.assetUrl(path) ?? path,
    deps: {
      images: (siteId, ids) => files.getAssets(siteId, ids),
      social: {
        async counts(siteId, ids) {
          const [comments, likes] = await Promise.all([social.getCommentCounts(siteId, ids), social.getLikeCounts(siteId, ids)])
          return new Map(ids.map((id) => [id, { publicCommentCount: comments.get(id) ?? 0, likeCount: likes.get(id) ?? 0 }]))
        },
        approvedComments: (siteId, itemId) => social.listApproved(siteId, itemId),
      },
      products: commerce,
      merchandising: (siteId, product) => restock.merchandising(siteId, product as unknown as Parameters<Restock['merchandising']>[1]),
      forms: (siteId, formIds) => forms.getFormsForContext(siteId, formIds),
      styles: (siteId) => sites.stylesContext(siteId),
      colorThemes: (siteId) => sites.colorThemeVariables(siteId),
      member: (siteId, request) => members.view(siteId, request),
      featureFlags: (siteId) => billing.flags(siteId),
      paywall: (siteId, collectionId) => paywallOf(members, commerce, siteId, collectionId),
      memberCookie: (cookies) => Boolean(cookies[MEMBER_SESSION_COOKIE]),
    },
  })
  const starters = createStarters(db.orm, {
    auth,
    sites,
    themeDir: DEFAULT_THEME_DIR,
    seed: (siteId, spec, o) =>
      seedStarter(siteId, spec, { content, sites, commerce, storeImage: (sid, filename, bytes, meta) => files.storeBuffer(sid, filename, bytes, meta) }, o),
    hasPages: async (siteId) => (await content.listCollections(siteId)).length > 0,
    siteState: (siteId) => starterSiteState(siteId, { content, commerce }),
    copyTables: STARTER_COPY_TABLES,
    copyFiles: (from, to, assets) => copyFileBytes(files.storage, from, to, assets),
    changed: late.invalidatePages,
  })
  const transfer = createTransfer(db.orm, transferPorts(db.orm, { sites, files, content, auth, instance: platformUrl, appVersion: VERSION, changed: (id) => (cluster.hostsChanged(id), late.invalidatePages(id)) }))
  const places = createPlaces(db.orm, { config: loadPlacesConfig(process.env), provider: opts.placesProvider })
  const imports = wireImport(db.orm, { sites, auth, content, social, files, dataDir: config.dataDir, log: fastify.log, imageTimeoutMs: opts.importImageTimeoutMs })
  const domains: DomainLifecycle[] = [mailJobs, accounts, fonts, sites, content, files, social, forms, commerce, billing, tracking, members, reviews, notify, restock, places, starters, transfer, imports, publishing]

  // every /api/sites/:siteId route is checked against the permission table before its own code runs
  const ownerRoutes = sites.guardOwnerRoutes(fastify)
  billing.guard(fastify) // then gated routes against the site's plan (feature flags)
  registerPlatformRoutes(fastify, db, VERSION, {
    [cluster.broadcaster.kind === 'redis' ? 'redis' : 'messages']: () => cluster.broadcaster.ping(),
    storage: () => files.ready().then(() => true),
  })
  for (const d of domains) await d.routes(fastify)
  // Census hits (beacons) and cached pages are answered before Fastify when everything they need is in memory.
  const arrival = arrivalOf(config.trustProxy)
  const hitPath = tracking.fastPath({ arrival, siteOf: (host) => hosts.cachedSite(host)?.id ?? null, headers: security.pageHeaders, owner: (cookieHeader) => cookieValue(cookieHeader, SESSION_COOKIE) !== undefined })
  const pageSiteOf = (host: string | undefined) => {
    const id = hosts.cachedSite(host)?.id ?? null
    return id !== null && tracking.tagOriginOf(id) === null ? id : null // a site with a third-party tag: its CSP differs
  }
  const pagePath = publishing.fastPath({ arrival, personal: (cookieHeader) => cookieValue(cookieHeader, MEMBER_SESSION_COOKIE) !== undefined, siteOf: pageSiteOf, crumbOf: (cookies, secure) => crumbs.crumbOf(cookies, secure), headers: security.pageHeaders, log: fastify.log })
  fastPath = (req, res) => hitPath(req, res) || pagePath(req, res)
  statics = await registerStatic(fastify, undefined, editorOptions({ rootDomain: config.rootDomain, publicPort: config.publicPort }))
  registerNotFound(fastify, publishing.notFound)

  const demo = config.seedDemo ? await seedDemoSite(db, { accounts, sites, content, files, social, forms, commerce, reviews, members, billing, log: fastify.log }) : 'skipped'

  let closing: Promise<void> | null = null
  const background = createBackground(db, fastify.log)
  fastify.addHook('onClose', async () => {
    await background.stop()
    mailer.close()
    await cluster.broadcaster.close()
    await counters.close()
    await db.close()
  })
  await cluster.broadcaster.ready()
  await fastify.ready()
  // background: false (the CLI's one-off commands): no background work (workers, sweeps, queues, upkeep) starts
  if (opts.background !== false) await background.start(domains)
  return {
    fastify,
    db,
    accounts,
    sites,
    mailer,
    commerce,
    files,
    social,
    forms,
    tracking,
    members,
    billing,
    ownerRoutes: () => ownerRoutes.routes(),
    reviews,
    restock,
    starters,
    transfer,
    imports,
    notify,
    mailJobs,
    demo,
    close() {
      closing ??= fastify.close().then(() => db.close())
      return closing
    },
  }
}
