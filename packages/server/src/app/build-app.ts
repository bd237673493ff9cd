// Builds the Fastify app: the platform plumbing, then every domain in one order (each wired by its own file in
// `wire/`, handed what it needs and offering what it builds), then the routes and the fast paths. Used by main.ts
// and, with inject(), by tests. A part needed before it is built goes through `late` (wire/late.ts), nothing else.
import type { FastifyInstance } from 'fastify'
import type { Config } from '../platform/config.js'
import { openDatabase, type Db } from '../platform/db/index.js'
import type { DomainLifecycle } from '../platform/domain.js'
import { createCounters } from '../platform/counters.js'
import { createJobs, type Jobs } from '../platform/jobs.js'
import { createEventBus } from '../platform/events.js'
import type { Accounts } from '../domains/accounts/index.js'
import type { Billing } from '../domains/billing/index.js'
import type { Commerce } from '../domains/commerce/index.js'
import type { Content } from '../domains/content/index.js'
import type { Files } from '../domains/files/index.js'
import type { Forms } from '../domains/forms/index.js'
import type { History } from '../domains/history/index.js'
import { createMailer, type createMailJobs, type Mailer } from '../domains/mail/index.js'
import type { Members } from '../domains/members/index.js'
import type { Notify } from '../domains/notify/index.js'
import type { Restock } from '../domains/restock/index.js'
import type { Reviews } from '../domains/reviews/index.js'
import type { Sites } from '../domains/sites/index.js'
import type { Social } from '../domains/social/index.js'
import type { Starters } from '../domains/starters/index.js'
import type { Tracking } from '../domains/tracking/index.js'
import type { Transfer } from '../domains/transfer/index.js'
import type { CustomDomains } from '../domains/custom-domains/index.js'
import type { Import } from '../domains/import/index.js'
import { seedDemoSite } from './demo-seed.js'
import { registerPlatformRoutes } from './platform-routes.js'
import { createBackground } from './background.js'
import { createFastify } from './http-server.js'
import { createClusterPorts } from './cluster.js'
import { createBase, type Base, type BuildOptions } from './wire/base.js'
import { createLate } from './wire/late.js'
import { wireHttp, wireTenancy } from './wire/http.js'
import { wireMail } from './wire/mail.js'
import { wireAccounts } from './wire/accounts.js'
import { wireFonts, wireSites } from './wire/sites.js'
import { wireContent } from './wire/content.js'
import { wireFiles } from './wire/files.js'
import { wireSocial } from './wire/social.js'
import { wireForms } from './wire/forms.js'
import { wireCommerce } from './wire/commerce.js'
import { wireBilling } from './wire/billing.js'
import { wireTracking } from './wire/tracking.js'
import { wireMembers } from './wire/members.js'
import { wireReviews } from './wire/reviews.js'
import { wireNotify } from './wire/notify.js'
import { wireRestock } from './wire/restock.js'
import { wirePlaces } from './wire/places.js'
import { wireStarters } from './wire/starters.js'
import { wireTransfer } from './wire/transfer.js'
import { wireImport } from './wire/import.js'
import { wireHistory } from './wire/history.js'
import { wirePublishing } from './wire/publishing.js'
import { wireServing } from './wire/serve.js'
import { wireCustomDomains } from './wire/custom-domains.js'
import { wireLanguages } from './wire/languages.js'

export type { BuildOptions, TrackingOptions } from './wire/base.js'

export const VERSION = '0.1.0'

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
  history: History
  customDomains: CustomDomains
  /** Pages, collections and items (the history bench builds its site through it). */
  content: Content
  notify: Notify
  mailJobs: ReturnType<typeof createMailJobs>
  /** The job queue every domain's jobs run on (platform/jobs.ts). */
  jobs: Jobs
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

/**
 * The domains, built in this order (their routes are registered, and their background work started, in the order
 * of `lifecycle`; stopped in reverse). Each line is one domain: what it needs is handed to it; what a domain needs
 * from one built after it goes through `late`, so the parts others reach early are bound here (`late.bind`).
 */
async function wireDomains(base: Base) {
  const { late } = base
  const mailJobs = wireMail(base)
  const queueMail = mailJobs.enqueue
  const accounts = await wireAccounts(base)
  const fonts = wireFonts(base)
  const sites = late.bind('sites', wireSites(base, { accounts, fonts }))
  const customDomains = wireCustomDomains(base, { sites, accounts })
  const { hosts, crumbs } = await wireTenancy(base, sites, customDomains)
  late.bind('crumbs', crumbs)
  const content = wireContent(base, { sites, accounts })
  const files = await wireFiles(base, { sites, accounts })
  const social = wireSocial(base, { sites, accounts, content })
  const forms = await wireForms(base, { sites, accounts })
  const commerce = await wireCommerce(base, { sites, accounts, files, content, forms, queueMail })
  const languages = wireLanguages(base, { sites, accounts, content, commerce, forms })
  const billing = late.bind('billing', wireBilling(base, { sites, commerce }))
  const tracking = late.bind('tracking', wireTracking(base, { sites, accounts, forms, commerce }))
  const members = late.bind('members', wireMembers(base, { sites, accounts, commerce, content, crumbs }))
  const reviews = await wireReviews(base, { sites, accounts, commerce, files })
  const notify = late.bind('notify', await wireNotify(base, { sites, accounts, commerce, reviews, files, queueMail }))
  const restock = late.bind('restock', wireRestock(base, { sites, accounts, commerce, forms, notify, billing, queueMail }))
  const places = wirePlaces(base)
  const starters = wireStarters(base, { sites, accounts, content, commerce, files })
  const transfer = wireTransfer(base, { sites, accounts, files, content }, VERSION)
  const imports = wireImport(base, { sites, accounts, content, social, files, commerce, members })
  const history = wireHistory(base, { sites, accounts })
  const publishing = late.bind('publishing', await wirePublishing(base, { sites, accounts, content, files, social, commerce, restock, forms, members, billing, languages, history }))
  const parts = { mailJobs, accounts, fonts, sites, content, files, social, forms, commerce, billing, tracking, members, reviews, notify, restock, places, starters, transfer, imports, history, customDomains, languages, publishing }
  const lifecycle: DomainLifecycle[] = Object.values(parts)
  return { ...parts, hosts, crumbs, lifecycle }
}

type Domains = Awaited<ReturnType<typeof wireDomains>>

/** Every route: the guards first (owner permissions, then the plan's feature flags), then each domain's, then serving. */
async function registerRoutes(base: Base, d: Domains) {
  const { fastify, db, cluster } = base
  const ownerRoutes = d.sites.guardOwnerRoutes(fastify)
  d.billing.guard(fastify)
  registerPlatformRoutes(fastify, db, VERSION, {
    [cluster.broadcaster.kind === 'redis' ? 'redis' : 'messages']: () => cluster.broadcaster.ping(),
    storage: () => d.files.ready().then(() => true),
  })
  for (const domain of d.lifecycle) await domain.routes(fastify)
  await wireServing(base, d)
  return ownerRoutes
}

/** STARTUP_TRACE=1: each start-up phase's duration on stderr (what the start does one after another). */
function startupPhases(): (name: string) => void {
  if (process.env.STARTUP_TRACE !== '1') return () => undefined
  let last = performance.now()
  return (name) => {
    const now = performance.now()
    process.stderr.write(`startup: ${name} +${Math.round(now - last)} ms (at ${Math.round(now)} ms)\n`)
    last = now
  }
}

async function assemble(config: Config, db: Db, opts: Omit<BuildOptions, 'db'> = {}): Promise<App> {
  const late = createLate()
  // Census hits and cached pages are answered before Fastify when a fast path can (bound once the domains exist).
  const fastify = createFastify(config, { fastPath: () => late.peek('fastPath') ?? null, pageHeaders: () => late.peek('pageHeaders') ?? null })
  const counters = createCounters({ redisUrl: config.redisUrl, db, prefix: config.keyPrefix })
  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir })
  const jobs = createJobs(db.orm, { pgBossUrl: config.databaseUrl, log: fastify.log })
  const base = createBase({ config, db, fastify, log: fastify.log, cluster: createClusterPorts(config, fastify.log), counters, mailer, jobs, events: createEventBus(jobs, fastify.log), opts, late })
  const phase = startupPhases()
  await wireHttp(base)
  const d = await wireDomains(base)
  phase('domains wired')
  const ownerRoutes = await registerRoutes(base, d)
  phase('routes registered')
  const demo = config.seedDemo ? await seedDemoSite(db, { ...d, log: fastify.log }) : 'skipped'
  phase(`demo ${demo}`)
  const background = createBackground(db, fastify.log, jobs)
  fastify.addHook('onClose', async () => {
    await background.stop()
    mailer.close()
    await base.cluster.broadcaster.close()
    await counters.close()
    await db.close()
  })
  await base.cluster.broadcaster.ready()
  await fastify.ready()
  phase('fastify ready')
  // background: false (the CLI's one-off commands): no background work (workers, sweeps, queues, upkeep) starts
  if (opts.background !== false) await background.start(d.lifecycle)
  phase('background started')
  let closing: Promise<void> | null = null
  const { accounts, sites, commerce, files, social, forms, tracking, members, billing, reviews, restock, starters, transfer, imports, history, content, customDomains, notify, mailJobs } = d
  return {
    fastify, db, mailer, demo, accounts, sites, commerce, files, social, forms, tracking, members, billing, reviews, restock, starters, transfer, imports, history, content, customDomains, notify, mailJobs, jobs,
    ownerRoutes: () => ownerRoutes.routes(),
    close() {
      closing ??= fastify.close().then(() => db.close())
      return closing
    },
  }
}
